/**
 * The scenario and its run. Any edit of the scenario re-runs the simulation at once
 * and keeps the cursor at the same simulated time (RaftScope's fork-on-edit: the
 * past is identical, the future is recomputed). Edits are undoable; a notice (the
 * banner) says what went wrong with a link, a file or an edit, without losing
 * what is on screen.
 */
import type { StateCreator } from 'zustand';
import type { AppState, StoreDeps } from '../store';
import type { RunView, Scenario } from '../types';
import { overridesOf, withOverrides } from './compareSlice';

/** A banner: an error (nothing changed, or the default opened instead), a warning or news. */
export interface Notice {
  readonly tone: 'error' | 'warning' | 'info';
  readonly text: string;
}

export interface HistoryEntry {
  readonly scenario: Scenario;
  readonly presetId: string;
  /** Run B's scenario then, when Compare was on. */
  readonly compare?: Scenario;
}

/** How many scenario edits undo remembers. */
export const UNDO_DEPTH = 100;

export interface ScenarioSlice {
  readonly presetId: string;
  /** The scenario currently simulated. */
  readonly scenario: Scenario | null;
  readonly run: RunView | null;
  /** Why the scenario could not be loaded or run, in words, or null. */
  readonly runError: string | null;
  /** The scenario's interesting moment (metadata.openAt, ms), a bookmark to jump to, or null. */
  readonly bookmark: number | null;
  jumpToBookmark: () => void;
  loadPreset: (id: string) => void;
  /** Replaces the scenario and re-runs, keeping the playhead's simulated time. */
  setScenario: (scenario: Scenario, presetId?: string) => void;
  /** Edits the scenario through a pure function and re-runs; undoable. */
  editScenario: (edit: (s: Scenario) => Scenario) => void;
  /** Replaces the scenario with one the user wrote (editor, file); undoable. */
  replaceScenario: (scenario: Scenario, presetId?: string) => void;
  /** Scenarios before (oldest first) and after the current one, for undo and redo. */
  readonly past: readonly HistoryEntry[];
  readonly future: readonly HistoryEntry[];
  undo: () => void;
  redo: () => void;
  readonly notice: Notice | null;
  setNotice: (notice: Notice | null) => void;
}

export const createScenarioSlice =
  (deps: StoreDeps): StateCreator<AppState, [], [], ScenarioSlice> =>
  (set, get) => ({
    presetId: '',
    scenario: null,
    run: null,
    runError: null,
    bookmark: null,
    past: [],
    future: [],
    notice: null,
    loadPreset(id) {
      const parsed = deps.loadPreset(id);
      if (!parsed.ok) {
        set({ presetId: id, runError: parsed.error });
        return;
      }
      const b = get().compare;
      get().replaceScenario(parsed.scenario, id);
      // Compare stays on: B is the new preset with B's own quick-control settings.
      // (B is a plain copy when its settings cannot run the new preset; the notice says why.)
      if (
        b &&
        get().scenario === parsed.scenario &&
        !get().setCompareScenario(withOverrides(parsed.scenario, overridesOf(b.scenario)))
      )
        get().setCompareScenario(parsed.scenario);
      // A new preset opens at its start, so Play shows it from the beginning; its
      // interesting moment (openAt) is the bookmark beside the transport.
      get().seekCursor(0);
      set({ timeMs: 0, playing: false });
      get().fitAll();
    },
    jumpToBookmark() {
      const at = get().bookmark;
      if (at === null || !get().run) return;
      set({ playing: false });
      get().seekTime(at, true);
      get().followPlayhead();
    },
    setScenario(scenario, presetId) {
      const keepT = get().timeMs;
      const keepCursor = get().cursor;
      let run: RunView;
      try {
        // The current run lets the engine keep the past an edit does not change.
        run = deps.buildRun(scenario, get().run ?? undefined);
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
      const open = deps.openAt(scenario);
      set({
        scenario,
        run,
        runError: null,
        bookmark: open > 0 && open <= run.endT ? open : null,
        selection,
        ...(presetId !== undefined ? { presetId } : {}),
      });
      get().onRunChanged(first);
      get().seekTime(Math.min(keepT, Math.max(run.endT, get().compare?.run.endT ?? 0)), true);
      // Steps that share the cursor's instant: stay between the same two steps when
      // the new run still has them there (an edit at the cursor changes only what follows).
      const t = get().timeMs;
      if (keepCursor < get().cursor && run.times[keepCursor] === t) set({ cursor: keepCursor });
    },
    editScenario(edit) {
      const s = get().scenario;
      if (s === null) return;
      get().replaceScenario(edit(s));
    },
    replaceScenario(scenario, presetId) {
      const before = get().scenario;
      if (scenario === before) return;
      const entry = before && entryOf(get(), before);
      get().setScenario(scenario, presetId);
      // Only a run that worked is remembered: undo goes back to what was on screen.
      if (entry === null || get().scenario !== scenario) return;
      set({ past: [...get().past, entry].slice(-UNDO_DEPTH), future: [] });
    },
    undo() {
      const { past, scenario } = get();
      const prev = past[past.length - 1];
      if (prev === undefined || scenario === null) return;
      const now = entryOf(get(), scenario);
      if (!restore(get, prev)) return;
      set({ past: past.slice(0, -1), future: [now, ...get().future] });
    },
    redo() {
      const { future, scenario } = get();
      const next = future[0];
      if (next === undefined || scenario === null) return;
      const now = entryOf(get(), scenario);
      if (!restore(get, next)) return;
      set({ past: [...get().past, now], future: future.slice(1) });
    },
    setNotice(notice) {
      set({ notice });
    },
  });

/** Puts a history entry back on screen (A, and B while Compare is on); false if it failed. */
function restore(get: () => AppState, e: HistoryEntry): boolean {
  if (e.scenario !== get().scenario) {
    get().setScenario(e.scenario, e.presetId);
    if (get().scenario !== e.scenario) return false;
  }
  const b = get().compare;
  if (b && e.compare && e.compare !== b.scenario) return get().setCompareScenario(e.compare);
  return true;
}

function entryOf(s: AppState, scenario: Scenario): HistoryEntry {
  return {
    scenario,
    presetId: s.presetId,
    ...(s.compare ? { compare: s.compare.scenario } : {}),
  };
}
