/**
 * Collapsing long idle gaps (CrashLoopBackOff waits of minutes) on the time axis,
 * as Jaeger's sparse-trace placeholders do. A warp maps real simulated time (ms)
 * onto "warped" time where every collapsed gap lasts only `gapMs`; the time scale
 * is linear over warped time. Pure and monotonic, so `fromWarp(toWarp(t)) === t`
 * everywhere outside a gap's interior.
 */

/** A stretch of simulated time in which nothing happens, [start, end) in ms. */
export interface Gap {
  readonly start: number;
  readonly end: number;
}

export interface TimeWarp {
  readonly gaps: readonly Gap[];
  /** Warped length of one collapsed gap, in ms of warped time. */
  readonly gapMs: number;
  toWarp(t: number): number;
  fromWarp(w: number): number;
}

/** The identity warp: nothing collapsed. */
export const IDENTITY_WARP: TimeWarp = {
  gaps: [],
  gapMs: 0,
  toWarp: (t) => t,
  fromWarp: (w) => w,
};

/**
 * Gaps between consecutive instants of `times` (sorted ascending, ms) longer than
 * `minGapMs`. A margin is kept on each side so the span that ends a gap stays visible.
 */
export function findIdleGaps(
  times: ArrayLike<number>,
  minGapMs: number,
  marginMs = 0,
  busy: readonly Gap[] = [],
): Gap[] {
  const gaps: Gap[] = [];
  // Instants and busy stretches (sorted by start) swept together: a gap lies between the
  // end of everything so far and the next start.
  let j = 0;
  let reach = -Infinity;
  const push = (next: number) => {
    if (reach > -Infinity && next - reach > minGapMs)
      gaps.push({ start: reach + marginMs, end: next - marginMs });
  };
  for (let i = 0; i <= times.length; i++) {
    const t = i < times.length ? times[i]! : Infinity;
    while (j < busy.length && busy[j]!.start <= t) {
      push(busy[j]!.start);
      reach = Math.max(reach, busy[j]!.end);
      j++;
    }
    if (t === Infinity) break;
    push(t);
    reach = Math.max(reach, t);
  }
  return gaps;
}

/** A warp collapsing each of `gaps` (sorted, disjoint) to `gapMs` of warped time. */
export function buildTimeWarp(gaps: readonly Gap[], gapMs: number): TimeWarp {
  if (gaps.length === 0) return IDENTITY_WARP;
  // removedBefore[i]: warped time saved by gaps 0..i-1.
  const removedBefore: number[] = [0];
  for (const g of gaps) {
    removedBefore.push(removedBefore[removedBefore.length - 1]! + (g.end - g.start - gapMs));
  }
  const gapIndexAtOrBefore = (t: number, key: (g: Gap, i: number) => number): number => {
    let lo = 0;
    let hi = gaps.length - 1;
    let ans = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (key(gaps[mid]!, mid) <= t) {
        ans = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return ans;
  };
  const toWarp = (t: number): number => {
    const i = gapIndexAtOrBefore(t, (g) => g.start);
    if (i < 0) return t;
    const g = gaps[i]!;
    const base = g.start - removedBefore[i]!;
    if (t < g.end) return base + ((t - g.start) / (g.end - g.start)) * gapMs;
    return t - removedBefore[i + 1]!;
  };
  const fromWarp = (w: number): number => {
    const i = gapIndexAtOrBefore(w, (g, k) => g.start - removedBefore[k]!);
    if (i < 0) return w;
    const g = gaps[i]!;
    const base = g.start - removedBefore[i]!;
    if (w < base + gapMs) return g.start + ((w - base) / gapMs) * (g.end - g.start);
    return w + removedBefore[i + 1]!;
  };
  return { gaps, gapMs, toWarp, fromWarp };
}
