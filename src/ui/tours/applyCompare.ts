/**
 * The one place a tour reaches Compare. A Compare tour names overrides for run B
 * (`compare:` in its file); the store's `setCompare` puts B = A plus those overrides beside
 * A, and each step says which of the two runs its cursor and selection belong to. A tour
 * without `compare:` turns Compare off, so every tour starts from what its file says.
 */
import type { AppStore } from '../../state/store';
import type { Scenario } from '../../state/types';
import { withOverrides } from '../../state/slices/compareSlice';
import type { CompareOverrides } from './tourSchema';

const same = (a: Scenario | null | undefined, b: Scenario) =>
  a === b || (a != null && JSON.stringify(a) === JSON.stringify(b));

/** Puts the tour's preset in run A and, for a Compare tour, its overrides in run B. */
export function applyCompare(
  store: AppStore,
  overrides: CompareOverrides | undefined,
  base: Scenario,
  presetId: string,
): void {
  // The same scenario (a link's copy of the preset) is not re-run.
  if (!same(store.getState().scenario, base)) store.getState().replaceScenario(base, presetId);
  const st = store.getState();
  if (!overrides) {
    if (st.compare) st.setCompare(null);
    return;
  }
  if (!same(st.compare?.scenario, withOverrides(base, overrides))) st.setCompare(overrides);
}
