/**
 * The link of what is on screen (Copy link writes it into the address bar at once). The
 * encoder (lz-string and the scenario's serialiser) is small; the decoder, which needs the
 * schema and the YAML parser, is in permalinkLinks.ts and loads only to open a link.
 */
import { encodePermalink, LINK_LIMITS } from '../sim';
import { compareFragment } from './compareLink';
import { viewStateOf } from './permalinkSession';
import type { AppState } from './store';

export interface CurrentLink {
  readonly fragment: string;
  readonly linkLength: number;
  readonly tooLong: boolean;
}

/** The link of what is on screen; null before anything has run. */
export function currentLink(s: AppState, baseUrl?: string): CurrentLink | null {
  if (!s.scenario) return null;
  const a = encodePermalink(s.scenario, viewStateOf(s), baseUrl ? { baseUrl } : {});
  if (!s.compare) return a;
  const b = compareFragment(s.compare.scenario);
  const linkLength = a.linkLength + b.length;
  return {
    fragment: a.fragment + b,
    linkLength,
    tooLong: linkLength > LINK_LIMITS.warnLength,
  };
}
