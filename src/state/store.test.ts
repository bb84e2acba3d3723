import { describe, expect, it } from 'vitest';
import { createAppStore, type StoreDeps } from './store';
import type { RunView, Scenario } from './types';
import { makeTrace } from '../viz/timeline/testTrace';
import { layoutLanes } from '../viz/timeline/layoutLanes';
import { buildCpuHistory } from '../viz/topology/cpuHistory';

/** A run of 8 steps: a busy start, a 100 s idle stretch, a busy end. */
function fakeRun(endT = 120_000): RunView {
  const rows: [number, string, string, string, string][] = [
    [0, 'm', 'xstate.init', '', 'a'],
    [0, 'm', 'GO', 'a', 'b'],
    [500, 'm', 'GO', 'b', 'c'],
    [1000, 'm', 'GO', 'c', 'd'],
    [1000, 'm', 'GO', 'd', 'e'],
    [101_000, 'm', 'GO', 'e', 'f'],
    [101_500, 'm', 'GO', 'f', 'g'],
    [102_000, 'm', 'GO', 'g', 'h'],
  ];
  const trace = makeTrace([{ id: 'm', kind: 'machine' }], rows, endT);
  const { model } = layoutLanes(trace, () => ({
    group: 'g',
    groupLabel: 'g',
    lane: 'm',
    order: 0,
    pod: null,
    container: null,
  }));
  return {
    raw: trace,
    times: trace.steps.t,
    total: rows.length,
    endT,
    notable: Int32Array.from([1, 3, 5, 7]),
    lanes: model,
    cpus: buildCpuHistory([]),
    topology: { cpus: [{ id: 0, core: 0, socket: 0, numa: 0 }] },
    activity: Float64Array.from([0, 500, 1000, 101_000, 101_500, 102_000, endT]),
  };
}

const scenario = (name: string, openAt?: number) =>
  ({ metadata: { name, ...(openAt !== undefined ? { openAt } : {}) } }) as unknown as Scenario;

function makeStore(runs: (s: Scenario) => RunView = () => fakeRun()) {
  const deps: StoreDeps = {
    buildRun: runs,
    loadPreset: (id) =>
      id === 'missing'
        ? { ok: false, error: 'no such preset' }
        : { ok: true, scenario: scenario(id, 500) },
    openAt: (s) => s.metadata.openAt ?? 0,
  };
  return createAppStore(deps);
}

describe('scenario slice', () => {
  it('loads a preset at its start and keeps its openAt time as a bookmark', () => {
    const store = makeStore();
    store.getState().seekTime(101_000);
    store.getState().loadPreset('p1');
    const s = store.getState();
    expect(s.presetId).toBe('p1');
    expect(s.run?.total).toBe(8);
    expect(s.timeMs).toBe(0);
    expect(s.cursor).toBe(0);
    expect(s.bookmark).toBe(500);
    expect(s.runError).toBeNull();
    store.getState().jumpToBookmark();
    expect(store.getState().timeMs).toBe(500);
    expect(store.getState().cursor).toBe(3);
  });

  it('a named moment is a step: the bookmark lands on it, not after every step of its second', () => {
    const store = createAppStore({
      buildRun: () => fakeRun(),
      loadPreset: () => ({ ok: true, scenario: scenario('p', 1000) }),
      openAt: (s) => s.metadata.openAt ?? 0,
      // Step 3 of the two at 1000 ms.
      momentOf: () => 3,
    });
    store.getState().loadPreset('p');
    expect(store.getState().bookmark).toBe(1000);
    store.getState().jumpToBookmark();
    expect(store.getState().cursor).toBe(4);
    expect(store.getState().timeMs).toBe(1000);
  });

  it('opens a preset framed on its story, not the whole run', () => {
    const store = makeStore(() => ({ ...fakeRun(), story: 1000 }));
    store.getState().loadPreset('p1');
    const w = store.getState().window;
    expect(w.start).toBeLessThanOrEqual(0);
    expect(w.end).toBeGreaterThanOrEqual(1000);
    expect(w.end).toBeLessThan(2000);
  });

  it("a perturbation's notice goes with its fault: after Undo, and after another preset", () => {
    const store = makeStore();
    store.getState().loadPreset('p1');
    let next: Scenario | undefined;
    store.getState().editScenario((s) => (next = { ...s, seed: 7 } as Scenario));
    store
      .getState()
      .setNotice({ tone: 'info', text: 'At 0 ms: fail the pull.', forScenario: next });
    expect(store.getState().scenario).toBe(next);
    expect(store.getState().notice?.text).toBe('At 0 ms: fail the pull.');
    void store.getState().undo();
    expect(store.getState().scenario).not.toBe(next);
    expect(store.getState().notice).toBeNull();
    // Redo brings the fault back; another preset takes it (and its notice) away.
    void store.getState().redo();
    store.getState().setNotice({ tone: 'info', text: 'again', forScenario: next });
    store.getState().loadPreset('p2');
    expect(store.getState().notice).toBeNull();
    // A notice about nothing in particular stays.
    store.getState().setNotice({ tone: 'warning', text: 'general' });
    store.getState().loadPreset('p3');
    expect(store.getState().notice?.text).toBe('general');
  });

  it('says why a preset did not load, and keeps the old run', () => {
    const store = makeStore();
    store.getState().loadPreset('p1');
    store.getState().loadPreset('missing');
    expect(store.getState().runError).toBe('no such preset');
    expect(store.getState().run).not.toBeNull();
  });

  it('reports a failing simulation instead of throwing', () => {
    const store = makeStore(() => {
      throw new Error('boom');
    });
    store.getState().loadPreset('p1');
    expect(store.getState().runError).toContain('boom');
  });

  it('re-runs on an edit and keeps the simulated time', () => {
    let n = 0;
    const store = makeStore(() => {
      n++;
      return fakeRun();
    });
    store.getState().loadPreset('p1');
    store.getState().seekTime(101_200);
    store.getState().editScenario((s) => ({ ...s }));
    expect(n).toBe(2);
    expect(store.getState().timeMs).toBe(101_200);
    expect(store.getState().cursor).toBe(6);
  });
});

describe('selection across re-runs', () => {
  it('turns a span selection into its container, since lane indices change', () => {
    const store = makeStore();
    store.getState().loadPreset('p1');
    store.getState().select({
      kind: 'span',
      span: { lane: 0, index: 1 },
      container: 'default/web/app',
      pod: 'default/web',
    });
    store.getState().editScenario((s) => ({ ...s }));
    expect(store.getState().selection).toEqual({
      kind: 'container',
      container: 'default/web/app',
      pod: 'default/web',
    });
  });
});

describe('playback slice', () => {
  const loaded = () => {
    const store = makeStore();
    store.getState().loadPreset('p1');
    store.getState().jumpStart();
    return store;
  };

  it('steps over notable steps and back exactly', () => {
    const store = loaded();
    const seen = [store.getState().cursor];
    for (let i = 0; i < 5; i++) {
      store.getState().stepForward();
      seen.push(store.getState().cursor);
    }
    expect(seen).toEqual([0, 2, 4, 6, 8, 8]);
    for (let i = 0; i < 5; i++) store.getState().stepBack();
    expect(store.getState().cursor).toBe(0);
    expect(store.getState().timeMs).toBe(0);
  });

  it('steps every transition at the finer granularity', () => {
    const store = loaded();
    store.getState().setGranularity('every');
    store.getState().stepForward();
    store.getState().stepForward();
    expect(store.getState().cursor).toBe(2);
    expect(store.getState().timeMs).toBe(0);
  });

  it('jumps to the end and plays from the start again', () => {
    const store = loaded();
    store.getState().jumpEnd();
    expect(store.getState().cursor).toBe(8);
    expect(store.getState().timeMs).toBe(120_000);
    store.getState().play();
    expect(store.getState().cursor).toBe(0);
    expect(store.getState().playing).toBe(true);
  });

  it('plays from the start again after stepping onto the last step', () => {
    const store = loaded();
    store.getState().setGranularity('every');
    store.getState().seekCursor(8);
    // The last step is at 102 s; the run goes on idle to 120 s.
    expect(store.getState().timeMs).toBe(102_000);
    store.getState().play();
    expect(store.getState().cursor).toBe(0);
    expect(store.getState().timeMs).toBe(0);
  });

  it('keeps the playhead in view when it jumps to the end', () => {
    const store = loaded();
    store.getState().setCollapseGaps(false);
    store.getState().setWindow({ start: 0, end: 2000 });
    store.getState().jumpEnd();
    const w = store.getState().window;
    expect(w.end).toBeCloseTo(120_000);
    expect(w.end - w.start).toBeCloseTo(2000);
  });

  it('advances time at the chosen speed, the cursor following', () => {
    const store = loaded();
    store.getState().setCollapseGaps(false);
    store.getState().play();
    store.getState().tick(600); // 1× : 600 ms of simulated time
    expect(store.getState().timeMs).toBe(600);
    expect(store.getState().cursor).toBe(3);
    store.getState().setSpeedLog(1); // 10×
    store.getState().tick(100);
    expect(store.getState().timeMs).toBe(1600);
    expect(store.getState().cursor).toBe(5);
  });

  it('flies over a collapsed idle gap', () => {
    const store = loaded();
    store.getState().setCollapseGaps(true);
    expect(store.getState().warp.gaps.length).toBeGreaterThan(0);
    store.getState().seekTime(1000);
    store.getState().play();
    // A few seconds of wall time cross the 100 s gap at 1×.
    for (let i = 0; i < 100; i++) store.getState().tick(30);
    expect(store.getState().timeMs).toBeGreaterThan(101_000);
  });

  it('stops at the end of the run', () => {
    const store = loaded();
    store.getState().setSpeedLog(2);
    store.getState().play();
    for (let i = 0; i < 200; i++) store.getState().tick(100);
    expect(store.getState().playing).toBe(false);
    expect(store.getState().cursor).toBe(8);
    expect(store.getState().timeMs).toBe(120_000);
  });

  it('clamps the speed to 1/100×..100×', () => {
    const store = loaded();
    store.getState().setSpeedLog(9);
    expect(store.getState().speedLog).toBe(2);
    store.getState().setSpeedLog(-9);
    expect(store.getState().speedLog).toBe(-2);
  });
});

describe('view slice', () => {
  const loaded = () => {
    const store = makeStore();
    store.getState().loadPreset('p1');
    return store;
  };

  it('fits the whole run when a run loads', () => {
    const w = loaded().getState().window;
    expect(w.start).toBe(0);
    expect(w.end).toBeCloseTo(120_000);
  });

  it('zooms and pans inside the run, and stops following the playhead', () => {
    const store = loaded();
    store.getState().setCollapseGaps(false);
    store.getState().zoomBy(0.5, 60_000);
    expect(store.getState().window).toEqual({ start: 30_000, end: 90_000 });
    expect(store.getState().follow).toBe(false);
    store.getState().panBy(1);
    expect(store.getState().window).toEqual({ start: 60_000, end: 120_000 });
    store.getState().fitAll();
    expect(store.getState().follow).toBe(true);
  });

  it('reveals the playhead when stepping outside the window', () => {
    const store = loaded();
    store.getState().setCollapseGaps(false);
    store.getState().setWindow({ start: 0, end: 2000 });
    store.getState().setGranularity('every');
    store.getState().seekCursor(7);
    const w = store.getState().window;
    expect(w.end - w.start).toBeCloseTo(2000);
    expect(w.start).toBeLessThanOrEqual(101_500);
    expect(w.end).toBeGreaterThanOrEqual(101_500);
  });

  it('toggles panels, groups and the help', () => {
    const store = loaded();
    store.getState().togglePanel('log');
    expect(store.getState().collapsedPanels.log).toBe(true);
    store.getState().toggleGroup('g');
    expect(store.getState().collapsedGroups).toEqual(['g']);
    store.getState().toggleGroup('g');
    expect(store.getState().collapsedGroups).toEqual([]);
    store.getState().setHelpOpen(true);
    expect(store.getState().helpOpen).toBe(true);
  });
});

describe('selection slice', () => {
  it('holds one selection at a time', () => {
    const store = makeStore();
    store.getState().select({ kind: 'cpu', cpu: 3 });
    store
      .getState()
      .select({ kind: 'container', container: 'default/web/app', pod: 'default/web' });
    expect(store.getState().selection).toEqual({
      kind: 'container',
      container: 'default/web/app',
      pod: 'default/web',
    });
    store.getState().select(null);
    expect(store.getState().selection).toBeNull();
  });
});

describe('scenario slice with an asynchronous engine (the worker)', () => {
  function asyncStore() {
    const calls: { s: Scenario; resolve(r: RunView): void; reject(e: unknown): void }[] = [];
    const cancelled = new Error('superseded');
    const store = createAppStore({
      buildRun: (s) =>
        new Promise<RunView>((resolve, reject) => {
          calls.push({ s, resolve, reject });
        }),
      isCancelled: (e) => e === cancelled,
      loadPreset: (id) => ({ ok: true, scenario: scenario(id) }),
      openAt: () => 0,
    });
    return { store, calls, cancelled };
  }

  it('applies only the newest run: an older result arriving late is dropped', async () => {
    const { store, calls } = asyncStore();
    const first = store.getState().setScenario(scenario('a'));
    const second = store.getState().setScenario(scenario('b'));
    expect(store.getState().simulating).toBe(true);
    expect(store.getState().scenario).toBeNull();
    calls[1]!.resolve(fakeRun(50_000));
    expect(await second).toBe('ran');
    calls[0]!.resolve(fakeRun(120_000));
    expect(await first).toBe('dropped');
    expect(store.getState().scenario?.metadata.name).toBe('b');
    expect(store.getState().run?.endT).toBe(50_000);
    expect(store.getState().simulating).toBe(false);
  });

  it('a cancelled run is no error; a failed one keeps the run on screen and says why', async () => {
    const { store, calls, cancelled } = asyncStore();
    const a = store.getState().setScenario(scenario('a'));
    calls[0]!.resolve(fakeRun());
    await a;
    const b = store.getState().replaceScenario(scenario('b'));
    const c = store.getState().replaceScenario(scenario('c'));
    calls[1]!.reject(cancelled);
    expect(await b).toBe('dropped');
    expect(store.getState().runError).toBeNull();
    calls[2]!.reject(new Error('node topology: no CPUs'));
    expect(await c).toBe('failed');
    expect(store.getState().runError).toContain('node topology: no CPUs');
    expect(store.getState().scenario?.metadata.name).toBe('a');
    expect(store.getState().past).toEqual([]);
    expect(store.getState().simulating).toBe(false);
  });

  it('quick edits build on each other and undo goes back to what was on screen', async () => {
    const { store, calls } = asyncStore();
    const a = store.getState().setScenario(scenario('a'));
    calls[0]!.resolve(fakeRun());
    await a;
    const rename = (n: string) => (s: Scenario) =>
      ({ ...s, metadata: { name: `${s.metadata.name}+${n}` } }) as Scenario;
    store.getState().editScenario(rename('x'));
    store.getState().editScenario(rename('y'));
    // The second edit starts from the first one's scenario, not from what is on screen.
    expect(calls[2]!.s.metadata.name).toBe('a+x+y');
    calls[2]!.resolve(fakeRun());
    calls[1]!.resolve(fakeRun());
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().scenario?.metadata.name).toBe('a+x+y');
    expect(store.getState().past.map((h) => h.scenario.metadata.name)).toEqual(['a']);
    void store.getState().undo();
    calls[3]!.resolve(fakeRun());
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().scenario?.metadata.name).toBe('a');
    expect(store.getState().future.map((h) => h.scenario.metadata.name)).toEqual(['a+x+y']);
  });
});

describe('undo while an edit is still running', () => {
  it('cancels the edit: what is on screen stays and its late result is dropped', async () => {
    const calls: ((r: RunView) => void)[] = [];
    const store = createAppStore({
      buildRun: () => new Promise<RunView>((resolve) => calls.push(resolve)),
      loadPreset: (id) => ({ ok: true, scenario: scenario(id) }),
      openAt: () => 0,
    });
    const a = store.getState().setScenario(scenario('a'));
    calls[0]!(fakeRun());
    await a;
    const b = store.getState().replaceScenario(scenario('b'));
    expect(await store.getState().undo()).toBe('dropped');
    expect(store.getState().simulating).toBe(false);
    calls[1]!(fakeRun());
    expect(await b).toBe('dropped');
    expect(store.getState().scenario?.metadata.name).toBe('a');
    expect(store.getState().past).toEqual([]);
  });

  it('stops the worker on the dropped edit, and so does a preset picked while it runs', async () => {
    const calls: ((r: RunView) => void)[] = [];
    const cancels: string[] = [];
    const opened: string[] = [];
    const store = createAppStore({
      buildRun: (s) =>
        new Promise<RunView>((resolve) => {
          opened.push(s.metadata.name);
          calls.push(resolve);
        }),
      cancelRun: (lane) => cancels.push(lane),
      loadPreset: (id) => ({ ok: true, scenario: scenario(id) }),
      openAt: () => 0,
    });
    const a = store.getState().setScenario(scenario('a'));
    calls[0]!(fakeRun());
    await a;
    // Nothing in flight: picking a preset cancels nothing.
    expect(cancels).toEqual([]);
    void store.getState().replaceScenario(scenario('b'));
    void store.getState().undo();
    expect(cancels).toEqual(['A']);
    void store.getState().replaceScenario(scenario('c'));
    store.getState().loadPreset('p');
    expect(cancels).toEqual(['A', 'A']);
    expect(opened).toEqual(['a', 'b', 'c', 'p']);
    calls[2]!(fakeRun());
    calls[3]!(fakeRun());
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().scenario?.metadata.name).toBe('p');
    expect(store.getState().past.map((h) => h.scenario.metadata.name)).toEqual(['a']);
  });
});
