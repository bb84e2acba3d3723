/**
 * The scenario and its run. Any edit of the scenario re-runs the simulation at once
 * and keeps the cursor at the same simulated time (RaftScope's fork-on-edit: the
 * past is identical, the future is recomputed).
 */
import type { StateCreator } from 'zustand';
import type { AppState, StoreDeps } from '../store';
import type { RunView, Scenario } from '../types';

export interface ScenarioSlice {
  readonly presetId: string;
  /** The scenario currently simulated. */
  readonly scenario: Scenario | null;
  readonly run: RunView | null;
  /** Why the scenario could not be loaded or run, in words, or null. */
  readonly runError: string | null;
  loadPreset: (id: string) => void;
  /** Replaces the scenario and re-runs, keeping the playhead's simulated time. */
  setScenario: (scenario: Scenario, presetId?: string) => void;
  /** Edits the scenario through a pure function and re-runs. */
  editScenario: (edit: (s: Scenario) => Scenario) => void;
}

export const createScenarioSlice =
  (deps: StoreDeps): StateCreator<AppState, [], [], ScenarioSlice> =>
  (set, get) => ({
    presetId: '',
    scenario: null,
    run: null,
    runError: null,
    loadPreset(id) {
      const parsed = deps.loadPreset(id);
      if (!parsed.ok) {
        set({ presetId: id, runError: parsed.error });
        return;
      }
      get().setScenario(parsed.scenario, id);
      // A new preset opens at its own starting point, not at the old time.
      const open = deps.openAt(parsed.scenario);
      get().seekTime(open, true);
      get().fitAll();
    },
    setScenario(scenario, presetId) {
      const keepT = get().timeMs;
      let run: RunView;
      try {
        run = deps.buildRun(scenario);
      } catch (e) {
        set({ runError: `The simulation failed: ${e instanceof Error ? e.message : String(e)}` });
        return;
      }
      const first = get().run === null;
      // A span is an index into the old run's lanes: keep what it was about instead.
      const sel = get().selection;
      const selection =
        sel?.kind !== 'span'
          ? sel
          : sel.container !== undefined
            ? { kind: 'container' as const, container: sel.container, pod: sel.pod ?? '' }
            : sel.pod !== undefined
              ? { kind: 'pod' as const, pod: sel.pod }
              : null;
      set({
        scenario,
        run,
        runError: null,
        selection,
        ...(presetId !== undefined ? { presetId } : {}),
      });
      get().onRunChanged(first);
      get().seekTime(Math.min(keepT, run.endT), true);
    },
    editScenario(edit) {
      const s = get().scenario;
      if (s === null) return;
      get().setScenario(edit(s));
    },
  });
