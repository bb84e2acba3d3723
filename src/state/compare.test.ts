/**
 * Compare in the store over the real engine: run B as a copy of A with overrides, B's
 * own edits (undoable) leaving A alone, one playhead for both, and links carrying both.
 */
import { describe, expect, it } from 'vitest';
import { buildRunView, scenarioOpenAt } from './buildRunView';
import { loadBundledPreset } from '../ui/app/catalog';
import { compareParam } from './permalinkSession';
import { openLink } from './permalinkLinks';
import { currentLink } from './currentLink';
import { createAppStore, type AppStore } from './store';
import { runBStore } from './compareLens';
import { perturb } from './perturbations';
import { withTopologyManagerPolicy } from './scenarioEdits';
import { cursorAtTime } from '../viz/playback/cursor';
import type { SimulationRun } from '../sim';

function newStore(preset = 'static-vs-none'): AppStore {
  const store = createAppStore({
    buildRun: buildRunView,
    loadPreset: loadBundledPreset,
    openAt: scenarioOpenAt,
  });
  store.getState().loadPreset(preset);
  return store;
}

describe('Compare in the store', () => {
  it('turns on with B = A plus the overrides, and off with null', () => {
    const store = newStore();
    const a = store.getState().scenario!;
    void store.getState().setCompare({ cpuManagerPolicy: 'none', kubeletVersion: '1.18' });
    const b = store.getState().compare!;
    expect(store.getState().scenario).toBe(a);
    expect(b.scenario.node.kubelet.cpuManagerPolicy).toBe('none');
    expect(b.scenario.node.kubeletVersion).toBe('1.18');
    expect(b.scenario.pods).toBe(a.pods);
    expect((b.run.raw as SimulationRun).scenario).toBe(b.scenario);
    void store.getState().setCompare(null);
    expect(store.getState().compare).toBeNull();
  });

  it("shows B through the lens at the shared time, with B's own cursor", () => {
    const store = newStore();
    void store.getState().setCompare({ kubeletVersion: '1.18' });
    store.getState().seekTime(3000);
    const lens = runBStore(store);
    const b = lens.getState();
    expect(b.run).toBe(store.getState().compare!.run);
    expect(b.timeMs).toBe(3000);
    expect(b.cursor).toBe(cursorAtTime(b.run!.times, 3000));
    // The same base state gives the same object (zustand's snapshots must be stable).
    expect(lens.getState()).toBe(b);
  });

  it('puts B before its first step when A is before its first, though both are at 0 ms', () => {
    const store = newStore();
    void store.getState().setCompare({});
    store.getState().seekCursor(0);
    const lens = runBStore(store);
    expect(store.getState().timeMs).toBe(0);
    // The same scenario: several steps share instant 0, and B applies none of them, as A.
    expect(cursorAtTime(lens.getState().run!.times, 0)).toBeGreaterThan(0);
    expect(lens.getState().cursor).toBe(0);
    store.getState().seekCursor(1);
    expect(lens.getState().cursor).toBe(cursorAtTime(lens.getState().run!.times, 0));
  });

  it('edits and perturbs only B from its lens; undo and redo cover B', () => {
    const store = newStore();
    void store.getState().setCompare({});
    const a = store.getState().scenario!;
    const runA = store.getState().run;
    const b0 = store.getState().compare!.scenario;
    const lens = runBStore(store);
    lens.getState().editScenario((s) => withTopologyManagerPolicy(s, 'single-numa-node'));
    const b1 = store.getState().compare!.scenario;
    expect(b1.node.kubelet.topologyManagerPolicy).toBe('single-numa-node');
    // A's scenario and run are the very same objects: nothing was re-run for A.
    expect(store.getState().scenario).toBe(a);
    expect(store.getState().run).toBe(runA);
    const t = 2000;
    lens
      .getState()
      .editScenario((s) =>
        perturb(s, 'ContainerExit', { pod: 'default/web', container: 'default/web/app' }, t),
      );
    const b2 = store.getState().compare!.scenario;
    expect(b2.faults.length).toBe(b1.faults.length + 1);
    expect(store.getState().run).toBe(runA);
    void store.getState().undo();
    expect(store.getState().compare!.scenario).toBe(b1);
    void store.getState().undo();
    expect(store.getState().compare!.scenario).toBe(b0);
    expect(store.getState().scenario).toBe(a);
    void store.getState().redo();
    expect(store.getState().compare!.scenario).toBe(b1);
  });

  it("keeps B's settings when another preset is loaded", () => {
    const store = newStore();
    void store.getState().setCompare({ cpuManagerPolicy: 'none' });
    store.getState().loadPreset('hello-pod');
    const s = store.getState();
    expect(s.compare!.scenario.metadata.name).toBe(s.scenario!.metadata.name);
    expect(s.compare!.scenario.node.kubelet.cpuManagerPolicy).toBe('none');
  });

  it('runs the shared axis to the later end of the two runs', () => {
    const store = newStore('hello-pod');
    const endA = store.getState().run!.endT;
    void store.getState().setCompare({});
    void store.getState().editCompareScenario((s) => ({ ...s, horizon: s.horizon * 2 }));
    const endB = store.getState().compare!.run.endT;
    expect(endB).toBeGreaterThan(endA);
    store.getState().jumpEnd();
    expect(store.getState().timeMs).toBe(endB);
    expect(store.getState().cursor).toBe(store.getState().run!.total);
  });

  it("steps with ←/→ through both runs' steps, and back through the same places", () => {
    const store = newStore('hello-pod');
    void store.getState().setCompare({});
    // B runs twice as long: its later steps (probes) come after A's last one.
    void store.getState().editCompareScenario((s) => ({ ...s, horizon: s.horizon * 2 }));
    const st = () => store.getState();
    const timesA = new Set(Array.from(st().run!.times));
    const timesB = new Set(Array.from(st().compare!.run.times));
    // Stepping goes by kubelet step: the last of B's steps of note.
    const b = st().compare!.run;
    const lastB = b.times[b.notable[b.notable.length - 1]!]!;
    expect(lastB).toBeGreaterThan(Math.max(...timesA));
    const seen: number[] = [st().timeMs];
    for (let i = 0; i < 2000 && st().timeMs < lastB; i++) {
      st().stepForward();
      seen.push(st().timeMs);
    }
    // Every place is a step of A or of B, and B's steps after A's last one are reached.
    for (const t of seen.slice(1)) expect(timesA.has(t) || timesB.has(t), `${t}`).toBe(true);
    expect(seen.at(-1)).toBe(lastB);
    expect(seen.filter((t) => !timesA.has(t)).length).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);
    // Back walks the same times in reverse.
    const back: number[] = [st().timeMs];
    for (let i = 0; i < seen.length - 1; i++) {
      st().stepBack();
      back.push(st().timeMs);
    }
    // (As without Compare, A's end is where → rests after A's last step of note, and ← from
    // beyond it goes back to that step, not to the end.)
    const a = st().run!;
    const endA = a.times[a.total - 1]!;
    const notableA = new Set(Array.from(a.notable, (i) => a.times[i]));
    const notableB = new Set(Array.from(b.notable, (i) => b.times[i]));
    const places = [...new Set(seen)].filter(
      (t) => t !== endA || notableA.has(t) || notableB.has(t),
    );
    expect([...new Set(back)]).toEqual(places.reverse());
  });
});

describe('links with both runs', () => {
  it('carry B after A and restore both in a new page; an old link opens one run', () => {
    const a = newStore();
    void a.getState().setCompare({ cpuManagerPolicy: 'none', kubeletVersion: '1.18' });
    a.getState().seekTime(3000);
    const link = currentLink(a.getState())!;
    expect(compareParam(link.fragment)).not.toBeNull();

    const b = newStore('hello-pod');
    expect(openLink(b, link.fragment, 'hello-pod')).toBe(true);
    expect(JSON.stringify(b.getState().scenario)).toBe(JSON.stringify(a.getState().scenario));
    expect(JSON.stringify(b.getState().compare!.scenario)).toBe(
      JSON.stringify(a.getState().compare!.scenario),
    );
    expect(b.getState().timeMs).toBe(3000);
    expect(b.getState().notice).toBeNull();

    // The same link without its B part (as an older page wrote it) opens run A alone.
    const old = link.fragment.slice(0, link.fragment.indexOf('&b='));
    expect(openLink(b, old, 'hello-pod')).toBe(true);
    expect(b.getState().compare).toBeNull();
    expect(JSON.stringify(b.getState().scenario)).toBe(JSON.stringify(a.getState().scenario));
  });

  it("carry B's own selection, a span by B's lane id, apart from A's", () => {
    const a = newStore();
    void a.getState().setCompare({ cpuManagerPolicy: 'none' });
    a.getState().seekTime(3000);
    const lanesB = a.getState().compare!.run.lanes.lanes;
    const lane = lanesB.findIndex((l) => l.container === 'default/web/app' && !l.instants);
    expect(lane).toBeGreaterThanOrEqual(0);
    const spanB = { kind: 'span', span: { lane, index: 0 }, container: 'default/web/app' } as const;
    a.getState().selectB(spanB);
    a.getState().select({ kind: 'cpu', cpu: 3 });
    const link = currentLink(a.getState())!;

    const b = newStore('hello-pod');
    expect(openLink(b, link.fragment, 'hello-pod')).toBe(true);
    expect(b.getState().selection).toEqual({ kind: 'cpu', cpu: 3 });
    expect(b.getState().compare!.selection).toMatchObject({
      kind: 'span',
      span: { lane, index: 0 },
      container: 'default/web/app',
    });
  });

  it('opens A with a warning when B is damaged', () => {
    const a = newStore();
    void a.getState().setCompare({ cpuManagerPolicy: 'none' });
    const link = currentLink(a.getState())!;
    const damaged = `${link.fragment.slice(0, link.fragment.indexOf('&b=') + 5)}!!!`;
    const b = newStore('hello-pod');
    void b.getState().setCompare({});
    expect(openLink(b, damaged, 'hello-pod')).toBe(true);
    expect(b.getState().compare).toBeNull();
    expect(b.getState().scenario!.metadata.name).toBe('Static vs none');
    expect(b.getState().notice?.text).toMatch(/Run B in this link could not be opened/);
  });
});

describe('what run B cannot run', () => {
  it('is refused with a notice, leaving B as it was', () => {
    // The native sidecar preset uses what kubelet 1.3 did not have.
    const store = newStore('sidecar-startup-probe');
    void store.getState().setCompare({});
    const b = store.getState().compare!.scenario;
    void store.getState().setCompare({ kubeletVersion: '1.3' });
    expect(store.getState().compare!.scenario).toBe(b);
    expect(store.getState().notice?.text).toMatch(/^Run B cannot run on kubelet 1\.3: /);
  });
});
