/**
 * Tours through the real store: a step puts its preset, its Compare run, its cursor and its
 * selection on screen; a link carries the tour and its step and opens them again; links
 * without a tour still open as before.
 */
import { describe, expect, it } from 'vitest';
import { buildRunView, scenarioOpenAt } from '../../state/buildRunView';
import { loadBundledPreset } from '../app/catalog';
import { openLink } from '../../state/permalinkLinks';
import { currentLink } from '../../state/currentLink';
import { createAppStore, type AppStore } from '../../state/store';
import { cpuStateAt } from '../../viz/topology/cpuHistory';
import { showStep, type StepPhase } from './showStep';
import type { Tour } from './tourSchema';
import { findTour } from './tourCatalog';

function newStore(): AppStore {
  return createAppStore({
    buildRun: buildRunView,
    loadPreset: loadBundledPreset,
    openAt: scenarioOpenAt,
  });
}

const tour = findTour('static-vs-none')!;

describe('a Compare tour', () => {
  it('opens Compare with the overrides in run B, and points each step at its run', async () => {
    const store = newStore();
    store.getState().loadPreset('hello-pod');
    expect(await showStep(store, tour, 0, 'answer')).toBeNull();
    let s = store.getState();
    expect(s.presetId).toBe('static-vs-none');
    expect(s.scenario!.node.kubelet.cpuManagerPolicy).toBe('static');
    expect(s.compare?.scenario.node.kubelet.cpuManagerPolicy).toBe('none');
    expect(s.selection).toEqual({
      kind: 'container',
      container: 'default/web/app',
      pod: 'default/web',
    });
    expect(cpuStateAt(s.run!.cpus, 1, s.cursor)).toMatchObject({
      kind: 'exclusive',
      owner: 'default/web/app',
    });
    const runA = s.run;
    const runB = s.compare!.run;

    // A step about run B: A stays as it was; the shared playhead moves to B's moment.
    expect(await showStep(store, tour, 3, 'answer')).toBeNull();
    s = store.getState();
    expect(s.run).toBe(runA);
    expect(s.compare!.run).toBe(runB);
    expect(s.scenario!.node.kubelet.cpuManagerPolicy).toBe('static');
    const answerTime = s.timeMs;
    // Asking waits before the answer's moment.
    expect(await showStep(store, tour, 3, 'ask')).toBeNull();
    expect(store.getState().timeMs).toBeLessThan(answerTime);

    expect(await showStep(store, tour, 1, 'answer')).toBeNull();
    s = store.getState();
    expect(s.run).toBe(runA);
    expect(s.selection).toEqual({ kind: 'cpu', cpu: 0 });

    // Another tour without compare: turns Compare off.
    expect(await showStep(store, findTour('pod-path')!, 0, 'answer')).toBeNull();
    expect(store.getState().compare).toBeNull();
  });
});

describe('a tour with the engine in a worker (runs answer later)', () => {
  /** Step 2 shown while step 1 is still in flight (Next pressed at once): both steps' answers. */
  async function stepOneOvertakingStepZero(store: AppStore, t: Tour, phase: StepPhase) {
    store.getState().setTour({ id: t.id, step: 0 });
    const older = showStep(store, t, 0, 'answer');
    store.getState().setTour({ id: t.id, step: 1 });
    const newer = showStep(store, t, 1, phase);
    return [await older, await newer];
  }

  /** Runs land `runMs` later; presets come from `loadPreset` (at once by default). */
  function asyncStore(
    runMs = 5,
    loadPreset: Parameters<typeof createAppStore>[0]['loadPreset'] = loadBundledPreset,
  ): AppStore {
    return createAppStore({
      buildRun: (s) => new Promise((resolve) => setTimeout(() => resolve(buildRunView(s)), runMs)),
      loadPreset,
      openAt: scenarioOpenAt,
    });
  }

  it('resolves a step only once its runs (A and B) have landed, on the cursor it found there', async () => {
    const store = asyncStore();
    const shown = showStep(store, tour, 0, 'answer');
    // Nothing has landed yet: the step is still waiting for its runs.
    expect(store.getState().run).toBeNull();
    expect(await shown).toBeNull();
    const s = store.getState();
    expect(s.presetId).toBe('static-vs-none');
    expect(s.compare?.scenario.node.kubelet.cpuManagerPolicy).toBe('none');
    expect(s.simulating || s.simulatingB).toBe(false);
    expect(s.selection).toEqual({
      kind: 'container',
      container: 'default/web/app',
      pod: 'default/web',
    });
    expect(cpuStateAt(s.run!.cpus, 1, s.cursor)).toMatchObject({
      kind: 'exclusive',
      owner: 'default/web/app',
    });
  });

  it('a step overtaken by a newer one leaves the cursor and selection to the newer step', async () => {
    const store = asyncStore();
    expect(await stepOneOvertakingStepZero(store, tour, 'answer')).toEqual([null, null]);
    expect(store.getState().selection).toEqual({ kind: 'cpu', cpu: 0 });
  });

  it("a step shown before the previous step's preset arrived still puts its cursor (presets answered out of order)", async () => {
    const order = findTour('start-order-sidecars')!;
    let calls = 0;
    // The first request for the preset is answered after the second, while the second's run
    // is still in flight.
    const store = asyncStore(20, (id) => {
      const delay = calls++ === 0 ? 5 : 1;
      return new Promise((resolve) => setTimeout(() => resolve(loadBundledPreset(id)), delay));
    });
    expect(await stepOneOvertakingStepZero(store, order, 'ask')).toEqual([null, null]);
    // Where step 2's question waits, as a store that showed only that step puts it.
    const alone = newStore();
    alone.getState().setTour({ id: order.id, step: 1 });
    expect(await showStep(alone, order, 1, 'ask')).toBeNull();
    expect(alone.getState().timeMs).toBeGreaterThan(0);
    expect(store.getState().timeMs).toBe(alone.getState().timeMs);
    expect(store.getState().cursor).toBe(alone.getState().cursor);
  });
});

describe('a link to a tour', () => {
  it('carries the tour and its step, and opens them with the same cursor and selection', async () => {
    const a = newStore();
    a.getState().loadPreset('hello-pod');
    a.getState().setTour({ id: tour.id, step: 3 });
    expect(await showStep(a, tour, 3, 'answer')).toBeNull();
    const link = currentLink(a.getState())!;
    const b = newStore();
    expect(openLink(b, link.fragment, 'hello-pod')).toBe(true);
    const s = b.getState();
    expect(s.tour).toEqual({ id: 'static-vs-none', step: 3 });
    expect(s.scenario!.node.kubelet.cpuManagerPolicy).toBe('static');
    expect(s.compare?.scenario.node.kubelet.cpuManagerPolicy).toBe('none');
    expect(s.timeMs).toBe(a.getState().timeMs);
    expect(s.cursor).toBe(a.getState().cursor);
    expect(s.selection).toEqual(a.getState().selection);
  });

  it('without a tour opens as before, with no tour', () => {
    const a = newStore();
    a.getState().loadPreset('hello-pod');
    const link = currentLink(a.getState())!;
    const b = newStore();
    b.getState().setTour({ id: 'pod-path', step: 2 });
    expect(openLink(b, link.fragment, 'hello-pod')).toBe(true);
    expect(b.getState().tour).toBeNull();
    expect(b.getState().notice).toBeNull();
  });
});
