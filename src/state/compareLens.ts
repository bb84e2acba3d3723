/**
 * Run B seen as the store: the same state with B's scenario, run, cursor and selection
 * in place of A's, and the actions that edit or select writing to B. Components under
 * Run B read this instead of the store (through the store context) and so show B
 * unchanged; time, zoom window and every other view setting stay shared.
 */
import type { StoreApi } from 'zustand';
import { cursorAtTime } from '../viz/playback/cursor';
import type { AppState, AppStore } from './store';

/** The state as Run B's views see it; null when Compare is off. */
export function projectB(s: AppState): AppState | null {
  const c = s.compare;
  if (!c) return null;
  return {
    ...s,
    scenario: c.scenario,
    run: c.run,
    runError: null,
    // One playhead: B's cursor is every step of B at or before the shared time. Before A's
    // first step (the run's start, time 0) B is before its first too: several steps share
    // instant 0 (the pod's admission allocates its CPUs there), and B must not show a CPU
    // assigned that A, at the same instant, does not show yet.
    cursor: s.cursor === 0 ? 0 : cursorAtTime(c.run.times, s.timeMs),
    selection: c.selection,
    select: s.selectB,
    editScenario: (edit) => void s.editCompareScenario(edit),
    replaceScenario: (scenario) => s.editCompareScenario(() => scenario),
    setScenario: (scenario) => s.setCompareScenario(scenario),
    // B's views show B's run in flight, not A's.
    simulating: s.simulatingB,
    openPerturbMenu: (menu) => s.openPerturbMenu(menu && { ...menu, run: 'B' }),
  };
}

/** A read-mostly store for Run B over `base` (memoised per base state, as zustand requires). */
export function runBStore(base: AppStore): AppStore {
  let lastBase: AppState | null = null;
  let last: AppState | null = null;
  const getState = (): AppState => {
    const s = base.getState();
    if (s !== lastBase) {
      lastBase = s;
      // When Compare is turned off under a still-mounted B view, it shows A until unmounted.
      last = projectB(s) ?? s;
    }
    return last!;
  };
  const api: StoreApi<AppState> = {
    getState,
    getInitialState: getState,
    setState: base.setState,
    subscribe(listener) {
      let prev = getState();
      return base.subscribe(() => {
        const next = getState();
        if (next === prev) return;
        const p = prev;
        prev = next;
        listener(next, p);
      });
    },
  };
  return api;
}
