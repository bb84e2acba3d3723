/**
 * The engine worker's link encoder, imported when a link is first asked for: lz-string and
 * the scenario serialiser stay out of the worker's first script (its first run does not
 * need them).
 */
import { encodePermalink, type PermalinkViewState } from '../../sim';
import { compareFragment } from '../compareLink';
import type { Scenario } from '../types';

export function link(
  scenario: Scenario,
  view: PermalinkViewState,
  compare?: Scenario | null,
): string {
  return encodePermalink(scenario, view).fragment + (compare ? compareFragment(compare) : '');
}
