/**
 * Cursor arithmetic. The cursor is a number of applied trace steps (0..N): the
 * world after `cursor` transitions. Step i happens at steps.t[i]; several steps can
 * share an instant, so time alone cannot name a cursor: stepping moves the cursor,
 * playing and scrubbing move time and derive the cursor from it.
 */
import { lowerBound, upperBound } from '../timeline/windowQuery';

/** Simulated time of the world after `cursor` steps (0 before any). */
export function timeAtCursor(times: ArrayLike<number>, cursor: number): number {
  return cursor <= 0 ? 0 : (times[Math.min(cursor, times.length) - 1] ?? 0);
}

/** The cursor reached by playing up to simulated time t: every step at or before t applied. */
export function cursorAtTime(times: ArrayLike<number>, t: number): number {
  return upperBound(times, t);
}

/**
 * Next cursor forward. With `notable` (sorted step indices of note) the cursor
 * jumps to just after the next notable step; otherwise one step.
 */
export function nextCursor(total: number, cursor: number, notable: Int32Array | null): number {
  if (cursor >= total) return total;
  if (!notable) return cursor + 1;
  const i = lowerBound(notable, cursor);
  return i < notable.length ? notable[i]! + 1 : total;
}

/** Previous cursor, the exact inverse of nextCursor over notable steps. */
export function prevCursor(cursor: number, notable: Int32Array | null): number {
  if (cursor <= 0) return 0;
  if (!notable) return cursor - 1;
  const i = lowerBound(notable, cursor - 1) - 1;
  return i >= 0 ? notable[i]! + 1 : 0;
}

/** A run's steps as stepping sees them: times per step, and the notable steps (or all). */
export interface SteppedRun {
  readonly times: ArrayLike<number>;
  readonly total: number;
  readonly notable: Int32Array | null;
}

/** Where ←/→ go under Compare: A's cursor (exact, as without Compare) or a shared time. */
export type UnionStep = { readonly cursor: number } | { readonly t: number } | null;

/** Time of B's next (dir 1) or previous (dir −1) step of note strictly after/before t. */
function otherStepTime(run: SteppedRun, t: number, dir: 1 | -1): number | null {
  const at = (k: number) => run.times[run.notable ? run.notable[k]! : k]!;
  const n = run.notable ? run.notable.length : Math.min(run.total, run.times.length);
  // Binary search over the steps of note by their (non-decreasing) times.
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dir === 1 ? at(mid) <= t : at(mid) < t) lo = mid + 1;
    else hi = mid;
  }
  const k = dir === 1 ? lo : lo - 1;
  return k >= 0 && k < n ? at(k) : null;
}

/**
 * ←/→ under Compare walk the union of both runs' steps: the nearer of A's next step (by
 * its cursor) and B's next step (by its time, B's cursor being derived from the shared
 * time). A tie goes to A, whose cursor is exact; null when neither run has a step that way.
 */
export function unionStep(
  dir: 1 | -1,
  a: SteppedRun,
  cursor: number,
  b: SteppedRun,
  timeMs: number,
): UnionStep {
  const nextA = dir === 1 ? nextCursor(a.total, cursor, a.notable) : prevCursor(cursor, a.notable);
  const aMoves = nextA !== cursor;
  const tA = timeAtCursor(a.times, nextA);
  const tB = otherStepTime(b, timeMs, dir);
  if (tB !== null && (!aMoves || (dir === 1 ? tB < tA : tB > tA))) return { t: tB };
  return aMoves ? { cursor: nextA } : null;
}

/** Speed control: a log10 exponent in [-2, 2] as a multiplier, and its label. */
export const SPEED_MIN_LOG = -2;
export const SPEED_MAX_LOG = 2;

export function speedFromLog(log10: number): number {
  return 10 ** Math.min(SPEED_MAX_LOG, Math.max(SPEED_MIN_LOG, log10));
}

/** "1/100×", "1/3.2×", "1×", "3.2×", "100×". */
export function formatSpeed(log10: number): string {
  const v = speedFromLog(log10);
  const round = (x: number) => (x >= 10 ? String(Math.round(x)) : String(Math.round(x * 10) / 10));
  if (v >= 0.995) return `${round(v)}×`;
  return `1/${round(1 / v)}×`;
}
