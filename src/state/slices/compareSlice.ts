/**
 * Compare: a second run (B) of the scenario beside the first (A), as Jaeger's trace
 * comparison and Compiler Explorer's diff panes put two things side by side. B starts
 * as a copy of A (plus overrides); its quick controls and perturbations edit B only.
 * One playhead (simulated time) and one zoom window drive both; B's cursor is derived
 * from that time (compareLens.ts). B runs through the same `deps.buildRun` as A, in its
 * own lane of the engine worker: a newer B cancels the B in flight, never A's run, and a B
 * that lands after a newer one was asked for (or after Compare was turned off) is dropped.
 */
import type { StateCreator } from 'zustand';
import { versionProblems } from '../../sim';
import type { AppState, StoreDeps } from '../store';
import {
  TOPOLOGY_MANAGER_POLICIES,
  topologyPresetOf,
  withCpuManagerPolicy,
  withKubeletVersion,
  withTopologyManagerPolicy,
  withTopologyPreset,
} from '../scenarioEdits';
import { UNDO_DEPTH, after, type RunOutcome } from './scenarioSlice';
import type { CompareOverrides, RunView, Scenario, Selection } from '../types';

export interface CompareRun {
  readonly scenario: Scenario;
  readonly run: RunView;
  /** B's own selection (a span is an index into B's lanes). */
  readonly selection: Selection | null;
}

export interface CompareSlice {
  /** Run B, or null when Compare is off. */
  readonly compare: CompareRun | null;
  /** Run B is in flight in the engine worker (what is on screen stays until it lands). */
  readonly simulatingB: boolean;
  /** null turns Compare off; an object turns it on with B = A plus those overrides. */
  setCompare: (b: CompareOverrides | null) => RunOutcome | Promise<RunOutcome>;
  toggleCompare: () => void;
  /**
   * Runs `scenario` as B (no history): 'failed', with a notice, when it cannot run;
   * 'dropped' when a newer B (or Compare off) overtook it.
   */
  setCompareScenario: (scenario: Scenario) => RunOutcome | Promise<RunOutcome>;
  /** Edits B through a pure function and re-runs B only; undoable. */
  editCompareScenario: (edit: (s: Scenario) => Scenario) => RunOutcome | Promise<RunOutcome>;
  selectB: (sel: Selection | null) => void;
}

/** A scenario with B's overrides applied (unknown values are ignored). */
export function withOverrides(s: Scenario, o: CompareOverrides): Scenario {
  let out = s;
  if (o.cpuManagerPolicy) out = withCpuManagerPolicy(out, o.cpuManagerPolicy);
  const tm = TOPOLOGY_MANAGER_POLICIES.find((p) => p === o.topologyManagerPolicy);
  if (tm) out = withTopologyManagerPolicy(out, tm);
  if (o.nodeTopology) out = withTopologyPreset(out, o.nodeTopology);
  if (o.kubeletVersion) out = withKubeletVersion(out, o.kubeletVersion);
  return out;
}

/** The quick-control settings of a scenario, to carry B's choices onto a new preset. */
export function overridesOf(s: Scenario): CompareOverrides {
  const k = s.node.kubelet;
  const topo = topologyPresetOf(s);
  return {
    cpuManagerPolicy: k.cpuManagerPolicy,
    topologyManagerPolicy: k.topologyManagerPolicy,
    ...(topo !== null ? { nodeTopology: topo } : {}),
    ...(s.node.kubeletVersion ? { kubeletVersion: s.node.kubeletVersion } : {}),
  };
}

/** The end of the shared time axis: the later of the two runs' ends. */
export function timeEnd(s: Pick<AppState, 'run' | 'compare'>): number {
  return Math.max(s.run?.endT ?? 0, s.compare?.run.endT ?? 0);
}

/** B's selection after a re-run: a span index means nothing in the new lanes. */
function keepSelection(sel: Selection | null): Selection | null {
  if (sel?.kind !== 'span') return sel;
  if (sel.container !== undefined)
    return { kind: 'container', container: sel.container, pod: sel.pod ?? '' };
  return sel.pod !== undefined ? { kind: 'pod', pod: sel.pod } : null;
}

export const createCompareSlice =
  (deps: StoreDeps): StateCreator<AppState, [], [], CompareSlice> =>
  (set, get) => {
    /** Counts B runs asked for (and Compare turned off): only the newest B is applied. */
    let seq = 0;
    /** B's scenario in flight, so quick edits of B build on each other. */
    let pending: Scenario | null = null;
    const notRun = (e: unknown): RunOutcome => {
      get().setNotice({
        tone: 'error',
        text: `Run B could not be simulated, so it was left as it was: ${e instanceof Error ? e.message : String(e)}`,
      });
      return 'failed';
    };
    return {
      compare: null,
      simulatingB: false,
      setCompare(b) {
        if (b === null) {
          seq++;
          pending = null;
          if (get().simulatingB) set({ simulatingB: false });
          if (get().compare === null) return 'dropped';
          set({ compare: null });
          get().onRunChanged(false);
          return 'ran';
        }
        const a = get().scenario;
        if (a === null) return 'failed';
        return get().setCompareScenario(withOverrides(a, b));
      },
      toggleCompare() {
        void get().setCompare(get().compare === null ? {} : null);
      },
      setCompareScenario(scenario) {
        // What that kubelet version did not have is refused, as the Kubelet version control does.
        const refused = versionProblems(scenario);
        if (refused.length > 0) {
          get().setNotice({
            tone: 'error',
            text: `Run B cannot run on kubelet ${scenario.node.kubeletVersion ?? ''}: ${refused.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
          });
          return 'failed';
        }
        const token = ++seq;
        const land = (run: RunView): RunOutcome => {
          const prev = get().compare;
          set({ compare: { scenario, run, selection: keepSelection(prev?.selection ?? null) } });
          get().onRunChanged(false);
          return 'ran';
        };
        let out: RunView | Promise<RunView>;
        try {
          // B's own previous run: an edit in B re-runs only B's future.
          out = deps.buildRun(scenario, { from: get().compare?.run ?? null, lane: 'B' });
        } catch (e) {
          return notRun(e);
        }
        if (!(out instanceof Promise)) return land(out);
        pending = scenario;
        set({ simulatingB: true });
        return out.then(
          (run) => {
            if (token !== seq) return 'dropped';
            pending = null;
            const outcome = land(run);
            set({ simulatingB: false });
            return outcome;
          },
          (e: unknown) => {
            if (token !== seq) return 'dropped';
            pending = null;
            set({ simulatingB: false });
            return deps.isCancelled?.(e) ? 'dropped' : notRun(e);
          },
        );
      },
      editCompareScenario(edit) {
        const { compare, scenario, presetId } = get();
        if (compare === null || scenario === null) return 'dropped';
        const base = pending ?? compare.scenario;
        const next = edit(base);
        if (next === base) return 'ran';
        const before = compare.scenario;
        return after(get().setCompareScenario(next), (outcome) => {
          // Only a run that worked is remembered: undo goes back to what was on screen.
          if (outcome === 'ran')
            set({
              past: [...get().past, { scenario, presetId, compare: before }].slice(-UNDO_DEPTH),
              future: [],
            });
          return outcome;
        });
      },
      selectB(sel) {
        const c = get().compare;
        if (c) set({ compare: { ...c, selection: sel } });
      },
    };
  };
