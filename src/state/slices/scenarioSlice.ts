/**
 * The scenario and its run. Any edit of the scenario re-runs the simulation at once
 * and keeps the cursor at the same simulated time (RaftScope's fork-on-edit: the
 * past is identical, the future is recomputed). Edits are undoable; a notice (the
 * banner) says what went wrong with a link, a file or an edit, without losing
 * what is on screen.
 */
import type { StateCreator } from 'zustand';
import type { AppState, PresetLoad, StoreDeps } from '../store';
import type { RunView, Scenario } from '../types';
import { overridesOf, withOverrides } from './compareSlice';

/** A banner: an error (nothing changed, or the default opened instead), a warning or news. */
export interface Notice {
  readonly tone: 'error' | 'warning' | 'info';
  readonly text: string;
  /**
   * The scenario the notice is about (a perturbation's): once neither run shows it (undone,
   * another preset), the notice goes, so it never describes a fault that is not there.
   */
  readonly forScenario?: Scenario;
}

export interface HistoryEntry {
  readonly scenario: Scenario;
  readonly presetId: string;
  /** Run B's scenario then, when Compare was on. */
  readonly compare?: Scenario;
}

/** How many scenario edits undo remembers. */
export const UNDO_DEPTH = 100;

/** What became of a run: on screen, failed (the banner says why) or dropped for a newer one. */
export type RunOutcome = 'ran' | 'failed' | 'dropped';

/** `then(v)` at once when `v` is a value (a synchronous engine), else when it settles. */
export function after<T, U>(v: T | Promise<T>, then: (t: T) => U | Promise<U>): U | Promise<U> {
  return v instanceof Promise ? v.then(then) : then(v);
}

export interface ScenarioSlice {
  readonly presetId: string;
  /** The scenario currently simulated. */
  readonly scenario: Scenario | null;
  readonly run: RunView | null;
  /** Why the scenario could not be loaded or run, in words, or null. */
  readonly runError: string | null;
  /** A run is in flight in the engine worker (what is on screen stays until it lands). */
  readonly simulating: boolean;
  /** The scenario's interesting moment (metadata.openAt, ms), a bookmark to jump to, or null. */
  readonly bookmark: number | null;
  /** The bookmark's cursor when the scenario names its moment (metadata.moment): that step applied. */
  readonly bookmarkCursor: number | null;
  jumpToBookmark: () => void;
  loadPreset: (id: string) => void;
  /** A bundled preset's scenario, without opening it (a tour's run B, its next step). */
  presetScenario: (id: string) => PresetLoad | Promise<PresetLoad>;
  /** Replaces the scenario and re-runs, keeping the playhead's simulated time. */
  setScenario: (scenario: Scenario, presetId?: string) => RunOutcome | Promise<RunOutcome>;
  /** Edits the scenario through a pure function and re-runs; undoable. */
  editScenario: (edit: (s: Scenario) => Scenario) => void;
  /** Replaces the scenario with one the user wrote (editor, file); undoable. */
  replaceScenario: (scenario: Scenario, presetId?: string) => RunOutcome | Promise<RunOutcome>;
  /** Scenarios before (oldest first) and after the current one, for undo and redo. */
  readonly past: readonly HistoryEntry[];
  readonly future: readonly HistoryEntry[];
  /** Both say what became of the run ('dropped' when there is nothing to undo or redo). */
  undo: () => RunOutcome | Promise<RunOutcome>;
  redo: () => RunOutcome | Promise<RunOutcome>;
  readonly notice: Notice | null;
  setNotice: (notice: Notice | null) => void;
}

export const createScenarioSlice =
  (deps: StoreDeps): StateCreator<AppState, [], [], ScenarioSlice> =>
  (set, get) => {
    /** Counts runs asked for: only the newest one's result is applied. */
    let seq = 0;
    /** Counts presets asked for while the worker parses them: only the newest opens. */
    let presetSeq = 0;
    /** The scenario of the run in flight, so quick edits build on each other. */
    let pending: Scenario | null = null;
    /** What becomes of that run, for whoever asks for the same scenario meanwhile. */
    let pendingRun: Promise<RunOutcome> | null = null;

    /** Puts a finished run on screen, keeping the playhead's simulated time. */
    function apply(scenario: Scenario, run: RunView, presetId: string | undefined) {
      const keepT = get().timeMs;
      const keepCursor = get().cursor;
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
      const moment = deps.momentOf?.(scenario, run) ?? null;
      set({
        scenario,
        run,
        runError: null,
        ...(moment !== null
          ? { bookmark: run.times[moment] ?? 0, bookmarkCursor: moment + 1 }
          : { bookmark: open > 0 && open <= run.endT ? open : null, bookmarkCursor: null }),
        selection,
        ...(presetId !== undefined ? { presetId } : {}),
      });
      get().onRunChanged(first);
      get().seekTime(Math.min(keepT, Math.max(run.endT, get().compare?.run.endT ?? 0)), true);
      // Steps that share the cursor's instant: stay between the same two steps when
      // the new run still has them there (an edit at the cursor changes only what follows).
      const t = get().timeMs;
      if (keepCursor < get().cursor && run.times[keepCursor] === t) set({ cursor: keepCursor });
    }

    /** Drops the edit still running (its late result is ignored) and stops the worker on it. */
    function dropPending() {
      seq++;
      pending = null;
      set({ simulating: false });
      deps.cancelRun?.('A');
    }

    const failed = (e: unknown) =>
      set({ runError: `The simulation failed: ${e instanceof Error ? e.message : String(e)}` });

    /**
     * Runs `scenario`; when it lands, `onApply` gets what was on screen just before
     * (for the undo history) and the run replaces it.
     */
    function start(
      scenario: Scenario,
      presetId: string | undefined,
      onApply?: (prev: HistoryEntry | null) => void,
    ): RunOutcome | Promise<RunOutcome> {
      const token = ++seq;
      const land = (run: RunView): RunOutcome => {
        const cur = get().scenario;
        const prev = cur && entryOf(get(), cur);
        apply(scenario, run, presetId);
        onApply?.(prev);
        return 'ran';
      };
      let out: RunView | Promise<RunView>;
      try {
        out = deps.buildRun(scenario, { from: get().run });
      } catch (e) {
        failed(e);
        return 'failed';
      }
      if (!(out instanceof Promise)) return land(out);
      pending = scenario;
      set({ simulating: true });
      return (pendingRun = out.then(
        (run) => {
          if (token !== seq) return 'dropped';
          pending = null;
          // The run is on screen before the flag drops: whoever waits for it sees it.
          const outcome = land(run);
          set({ simulating: false });
          return outcome;
        },
        (e: unknown) => {
          if (token !== seq) return 'dropped';
          pending = null;
          set({ simulating: false });
          if (deps.isCancelled?.(e)) return 'dropped';
          failed(e);
          return 'failed';
        },
      ));
    }

    /** Puts a history entry back on screen (A, then B while Compare is on); `done` if it all ran. */
    function restore(e: HistoryEntry, done: () => void): RunOutcome | Promise<RunOutcome> {
      const a = e.scenario !== get().scenario ? start(e.scenario, e.presetId) : 'ran';
      return after(a, (outcome) => {
        if (outcome !== 'ran') return outcome;
        const b = get().compare;
        const rb =
          b && e.compare && e.compare !== b.scenario ? get().setCompareScenario(e.compare) : 'ran';
        return after(rb, (ob) => {
          if (ob === 'ran') done();
          return ob;
        });
      });
    }

    /** Runs a parsed preset (or says why it could not be loaded). */
    function openPreset(id: string, parsed: PresetLoad) {
      if (!parsed.ok) {
        set({ presetId: id, runError: parsed.error });
        return;
      }
      const b = get().compare;
      const r = get().replaceScenario(parsed.scenario, id);
      const token = seq;
      void after(r, (outcome) => {
        if (outcome === 'dropped' || token !== seq) return;
        // A new preset opens at its start, framed on its story (its pods' start-up), so Play
        // shows it from the beginning; its interesting moment (openAt) is the bookmark beside
        // the transport.
        const open = () => {
          if (token !== seq) return;
          get().seekCursor(0);
          set({ timeMs: 0, playing: false });
          get().fitStory();
        };
        if (!b || get().scenario !== parsed.scenario) return open();
        // Compare stays on: B is the new preset with B's own quick-control settings
        // (a plain copy when its settings cannot run the new preset; the notice says why).
        return after(
          get().setCompareScenario(withOverrides(parsed.scenario, overridesOf(b.scenario))),
          (o) => after(o === 'failed' ? get().setCompareScenario(parsed.scenario) : o, open),
        );
      });
    }

    return {
      presetId: '',
      scenario: null,
      run: null,
      runError: null,
      simulating: false,
      bookmark: null,
      bookmarkCursor: null,
      past: [],
      future: [],
      notice: null,
      loadPreset(id) {
        // The user has moved on: an edit still running is dropped, and the worker freed for the preset.
        if (pending !== null) dropPending();
        let loaded: PresetLoad | Promise<PresetLoad>;
        try {
          loaded = deps.loadPreset(id);
        } catch (e) {
          failed(e);
          return;
        }
        if (!(loaded instanceof Promise)) return openPreset(id, loaded);
        // Parsed in the engine worker: a newer preset or edit asked meanwhile wins.
        const token = ++presetSeq;
        const at = seq;
        loaded.then(
          (parsed) => {
            if (token === presetSeq && at === seq) openPreset(id, parsed);
          },
          (e: unknown) => {
            if (token === presetSeq && at === seq && !deps.isCancelled?.(e)) failed(e);
          },
        );
      },
      presetScenario(id) {
        return deps.loadPreset(id);
      },
      jumpToBookmark() {
        const at = get().bookmark;
        if (at === null || !get().run) return;
        set({ playing: false });
        const cursor = get().bookmarkCursor;
        // A named moment is a step; a time alone lands after every step at that instant.
        if (cursor !== null) get().seekCursor(cursor);
        else get().seekTime(at, true);
        get().followPlayhead();
      },
      setScenario(scenario, presetId) {
        return start(scenario, presetId);
      },
      editScenario(edit) {
        const s = pending ?? get().scenario;
        if (s === null) return;
        void get().replaceScenario(edit(s));
      },
      replaceScenario(scenario, presetId) {
        // Asked again while it runs (a tour step overtaking another): wait for the same run.
        if (pending !== null && scenario === pending && pendingRun) return pendingRun;
        if (scenario === (pending ?? get().scenario)) return 'ran';
        // Only a run that worked is remembered: undo goes back to what was on screen.
        return start(scenario, presetId, (prev) => {
          if (prev === null) return;
          set({ past: [...get().past, prev].slice(-UNDO_DEPTH), future: [] });
        });
      },
      undo() {
        if (pending !== null) {
          // Undo while an edit is still running cancels that edit: what is on screen stays.
          dropPending();
          return 'dropped';
        }
        const prev = get().past[get().past.length - 1];
        const cur = get().scenario;
        if (prev === undefined || cur === null) return 'dropped';
        const now = entryOf(get(), cur);
        return restore(prev, () =>
          set({ past: get().past.slice(0, -1), future: [now, ...get().future] }),
        );
      },
      redo() {
        const next = get().future[0];
        const cur = get().scenario;
        if (next === undefined || cur === null) return 'dropped';
        const now = entryOf(get(), cur);
        return restore(next, () =>
          set({ past: [...get().past, now], future: get().future.slice(1) }),
        );
      },
      setNotice(notice) {
        set({ notice });
      },
    };
  };

function entryOf(s: AppState, scenario: Scenario): HistoryEntry {
  return {
    scenario,
    presetId: s.presetId,
    ...(s.compare ? { compare: s.compare.scenario } : {}),
  };
}
