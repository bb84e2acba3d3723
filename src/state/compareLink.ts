/**
 * Compare's run B in a link: a second scenario after A's (`&b=`, in the `s=` format).
 * Older pages read only `s=` and open run A alone; this page reads `b=` too. Shared by
 * the page (currentLink) and the engine worker (which encodes big scenarios off the page).
 */
import { encodePermalink } from '../sim';
import type { Scenario } from './types';

export function compareFragment(b: Scenario): string {
  return encodePermalink(b).fragment.replace(/^#s=/, '&b=');
}
