/**
 * Compare: a second run (B) of the scenario beside the first (A), as Jaeger's trace
 * comparison and Compiler Explorer's diff panes put two things side by side. B starts
 * as a copy of A (plus overrides); its quick controls and perturbations edit B only.
 * One playhead (simulated time) and one zoom window drive both; B's cursor is derived
 * from that time (compareLens.ts). B runs through the same `deps.buildRun` as A.
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
import { UNDO_DEPTH } from './scenarioSlice';
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
  /** null turns Compare off; an object turns it on with B = A plus those overrides. */
  setCompare: (b: CompareOverrides | null) => void;
  toggleCompare: () => void;
  /** Runs `scenario` as B (no history); false, with a notice, when it cannot run. */
  setCompareScenario: (scenario: Scenario) => boolean;
  /** Edits B through a pure function and re-runs B only; undoable. */
  editCompareScenario: (edit: (s: Scenario) => Scenario) => void;
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
  (set, get) => ({
    compare: null,
    setCompare(b) {
      if (b === null) {
        if (get().compare === null) return;
        set({ compare: null });
        get().onRunChanged(false);
        return;
      }
      const a = get().scenario;
      if (a === null) return;
      get().setCompareScenario(withOverrides(a, b));
    },
    toggleCompare() {
      get().setCompare(get().compare === null ? {} : null);
    },
    setCompareScenario(scenario) {
      // What that kubelet version did not have is refused, as the Kubelet version control does.
      const refused = versionProblems(scenario);
      if (refused.length > 0) {
        get().setNotice({
          tone: 'error',
          text: `Run B cannot run on kubelet ${scenario.node.kubeletVersion ?? ''}: ${refused.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
        });
        return false;
      }
      let run: RunView;
      try {
        // B's own previous run: an edit in B re-runs only B's future.
        run = deps.buildRun(scenario, get().compare?.run);
      } catch (e) {
        get().setNotice({
          tone: 'error',
          text: `Run B could not be simulated, so it was left as it was: ${e instanceof Error ? e.message : String(e)}`,
        });
        return false;
      }
      const prev = get().compare;
      set({ compare: { scenario, run, selection: keepSelection(prev?.selection ?? null) } });
      get().onRunChanged(false);
      return true;
    },
    editCompareScenario(edit) {
      const { compare, scenario, presetId } = get();
      if (compare === null || scenario === null) return;
      const next = edit(compare.scenario);
      if (next === compare.scenario || !get().setCompareScenario(next)) return;
      set({
        past: [...get().past, { scenario, presetId, compare: compare.scenario }].slice(-UNDO_DEPTH),
        future: [],
      });
    },
    selectB(sel) {
      const c = get().compare;
      if (c) set({ compare: { ...c, selection: sel } });
    },
  });
