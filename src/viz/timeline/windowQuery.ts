/**
 * Which spans of a lane intersect a time window: binary search on `end` (sorted,
 * since spans in a lane never overlap), then walk until `start` passes the window.
 */
import type { Lane } from './laneModel';

/** First index i with arr[i] >= x (arr sorted ascending); arr.length if none. */
export function lowerBound(arr: ArrayLike<number>, x: number, lo = 0, hi = arr.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index i with arr[i] > x (arr sorted ascending); arr.length if none. */
export function upperBound(arr: ArrayLike<number>, x: number, lo = 0, hi = arr.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** [first, last) span indices of `lane` that intersect [t0, t1]. */
export function visibleRange(lane: Lane, t0: number, t1: number): [number, number] {
  const first = lowerBound(lane.end, t0);
  const last = upperBound(lane.start, t1, first);
  return [first, last];
}

/** Index of the span containing t, or the nearest one within `tolMs`; -1 if none. */
export function spanAt(lane: Lane, t: number, tolMs: number): number {
  const n = lane.start.length;
  if (n === 0) return -1;
  const i = lowerBound(lane.end, t);
  let best = -1;
  let bestD = Infinity;
  for (const j of [i - 1, i, i + 1]) {
    if (j < 0 || j >= n) continue;
    const s = lane.start[j]!;
    const e = lane.end[j]!;
    const d = t < s ? s - t : t > e ? t - e : 0;
    if (d < bestD || (d === bestD && d === 0 && e - s < lane.end[best]! - lane.start[best]!)) {
      bestD = d;
      best = j;
    }
  }
  return bestD <= tolMs ? best : -1;
}
