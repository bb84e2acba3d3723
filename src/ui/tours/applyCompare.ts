/**
 * The one place a tour reaches Compare. A Compare tour names overrides for run B
 * (`compare:` in its file); the store's `setCompare` puts B = A plus those overrides beside
 * A, and each step says which of the two runs its cursor and selection belong to. A tour
 * without `compare:` turns Compare off, so every tour starts from what its file says.
 */
import type { AppStore } from '../../state/store';
import type { Scenario } from '../../state/types';
import { withOverrides } from '../../state/slices/compareSlice';
import type { RunOutcome } from '../../state/slices/scenarioSlice';
import type { CompareOverrides } from './tourSchema';

const same = (a: Scenario | null | undefined, b: Scenario) =>
  a === b || (a != null && JSON.stringify(a) === JSON.stringify(b));

/**
 * Puts the tour's preset in run A and, for a Compare tour, its overrides in run B; resolves
 * once both runs have landed (the engine runs in a worker), or at once with a synchronous
 * engine. 'dropped' when something newer replaced a run meanwhile.
 */
export async function applyCompare(
  store: AppStore,
  overrides: CompareOverrides | undefined,
  base: Scenario,
  presetId: string,
): Promise<RunOutcome> {
  // The same scenario (a link's copy of the preset) is not re-run.
  if (!same(store.getState().scenario, base)) {
    const a = await store.getState().replaceScenario(base, presetId);
    if (a !== 'ran') return a;
  }
  const st = store.getState();
  if (!overrides) return st.compare ? st.setCompare(null) : 'ran';
  if (same(st.compare?.scenario, withOverrides(base, overrides))) return 'ran';
  return st.setCompare(overrides);
}
