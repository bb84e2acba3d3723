/**
 * The one place a tour reaches Compare. A Compare tour names overrides for run B
 * (`compare:` in its file) and each step says which run it points at. Until the Compare
 * view is merged, the single run plays both parts: run A is the preset, run B the preset
 * with the overrides applied, switched step by step (undoable, like the quick controls).
 * At the merge this becomes `store.getState().setCompare(overrides)` once, and `side`
 * only says which of the two runs the step's selection belongs to.
 */
import type { AppStore } from '../../state/store';
import type { Scenario } from '../../state/types';
import {
  TOPOLOGY_MANAGER_POLICIES,
  withCpuManagerPolicy,
  withKubeletVersion,
  withTopologyManagerPolicy,
  withTopologyPreset,
} from '../../state/scenarioEdits';
import type { CompareOverrides } from './tourSchema';

export type RunSide = 'A' | 'B';

/** The scenario of run B: run A with the overrides. */
export function withOverrides(base: Scenario, o: CompareOverrides): Scenario {
  let s = base;
  if (o.cpuManagerPolicy) s = withCpuManagerPolicy(s, o.cpuManagerPolicy);
  const tmp = TOPOLOGY_MANAGER_POLICIES.find((p) => p === o.topologyManagerPolicy);
  if (tmp) s = withTopologyManagerPolicy(s, tmp);
  if (o.nodeTopology) s = withTopologyPreset(s, o.nodeTopology);
  if (o.kubeletVersion) s = withKubeletVersion(s, o.kubeletVersion);
  return s;
}

// Same base and overrides give the same object, so switching back to a run already on
// screen re-runs nothing.
const sideB = new WeakMap<Scenario, Map<string, Scenario>>();

function scenarioFor(base: Scenario, o: CompareOverrides | undefined, side: RunSide): Scenario {
  if (side === 'A' || !o) return base;
  const key = JSON.stringify(o);
  let m = sideB.get(base);
  if (!m) sideB.set(base, (m = new Map<string, Scenario>()));
  let s = m.get(key);
  if (!s) m.set(key, (s = withOverrides(base, o)));
  return s;
}

/** Puts run `side` of the comparison on screen (today: as the single run). */
export function applyCompare(
  store: AppStore,
  overrides: CompareOverrides | undefined,
  side: RunSide,
  base: Scenario,
  presetId: string,
): void {
  const want = scenarioFor(base, overrides, side);
  const st = store.getState();
  // The same scenario (a link's copy of the preset) is not re-run.
  if (st.scenario === want || JSON.stringify(st.scenario) === JSON.stringify(want)) return;
  st.replaceScenario(want, presetId);
}
