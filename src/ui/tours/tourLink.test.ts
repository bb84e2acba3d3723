/**
 * Tours through the real store: a step puts its preset, its Compare run, its cursor and its
 * selection on screen; a link carries the tour and its step and opens them again; links
 * without a tour still open as before.
 */
import { describe, expect, it } from 'vitest';
import { buildRunView, scenarioOpenAt } from '../../state/buildRunView';
import { loadBundledPreset } from '../app/catalog';
import { currentLink, openLink } from '../../state/permalinkSession';
import { createAppStore, type AppStore } from '../../state/store';
import { cpuStateAt } from '../../viz/topology/cpuHistory';
import { showStep } from './showStep';
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
  it('opens Compare with the overrides in run B, and points each step at its run', () => {
    const store = newStore();
    store.getState().loadPreset('hello-pod');
    expect(showStep(store, tour, 0, 'answer')).toBeNull();
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
    expect(showStep(store, tour, 3, 'answer')).toBeNull();
    s = store.getState();
    expect(s.run).toBe(runA);
    expect(s.compare!.run).toBe(runB);
    expect(s.scenario!.node.kubelet.cpuManagerPolicy).toBe('static');
    const answerTime = s.timeMs;
    // Asking waits before the answer's moment.
    expect(showStep(store, tour, 3, 'ask')).toBeNull();
    expect(store.getState().timeMs).toBeLessThan(answerTime);

    expect(showStep(store, tour, 1, 'answer')).toBeNull();
    s = store.getState();
    expect(s.run).toBe(runA);
    expect(s.selection).toEqual({ kind: 'cpu', cpu: 0 });

    // Another tour without compare: turns Compare off.
    expect(showStep(store, findTour('pod-path')!, 0, 'answer')).toBeNull();
    expect(store.getState().compare).toBeNull();
  });
});

describe('a link to a tour', () => {
  it('carries the tour and its step, and opens them with the same cursor and selection', () => {
    const a = newStore();
    a.getState().loadPreset('hello-pod');
    a.getState().setTour({ id: tour.id, step: 3 });
    expect(showStep(a, tour, 3, 'answer')).toBeNull();
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
