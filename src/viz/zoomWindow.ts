/**
 * Zoom and pan of the visible time window, as pure functions over (window, warp):
 * W/S and the wheel zoom about an anchor, A/D and drags pan, F fits a span. The
 * maths happens in warped time so a collapsed gap behaves like a few pixels.
 */
import type { TimeWindow } from './timeScale';
import type { TimeWarp } from './timeWarp';

/** The window can never be narrower than this (ms of warped time). */
export const MIN_WINDOW_MS = 1;

/** Keeps the window inside [0, maxT] (real ms) and at least MIN_WINDOW_MS wide. */
export function clampWindow(win: TimeWindow, maxT: number, warp: TimeWarp): TimeWindow {
  const lo = warp.toWarp(0);
  const hi = warp.toWarp(Math.max(maxT, 1));
  let a = warp.toWarp(win.start);
  let b = warp.toWarp(win.end);
  let w = Math.max(MIN_WINDOW_MS, b - a);
  if (w > hi - lo) w = hi - lo;
  if (a < lo) a = lo;
  if (a + w > hi) a = hi - w;
  b = a + w;
  return { start: warp.fromWarp(a), end: warp.fromWarp(b) };
}

/**
 * Zooms by `factor` (< 1 zooms in) keeping the time at `anchorT` under the same pixel.
 */
export function zoomWindow(
  win: TimeWindow,
  factor: number,
  anchorT: number,
  maxT: number,
  warp: TimeWarp,
): TimeWindow {
  const a = warp.toWarp(win.start);
  const b = warp.toWarp(win.end);
  const c = warp.toWarp(Math.min(Math.max(anchorT, win.start), win.end));
  const na = c - (c - a) * factor;
  const nb = c + (b - c) * factor;
  if (nb - na < MIN_WINDOW_MS) return win;
  return clampWindow({ start: warp.fromWarp(na), end: warp.fromWarp(nb) }, maxT, warp);
}

/** Pans by a fraction of the window's width (positive moves later in time). */
export function panWindow(
  win: TimeWindow,
  fraction: number,
  maxT: number,
  warp: TimeWarp,
): TimeWindow {
  const a = warp.toWarp(win.start);
  const b = warp.toWarp(win.end);
  const d = (b - a) * fraction;
  return clampWindow({ start: warp.fromWarp(a + d), end: warp.fromWarp(b + d) }, maxT, warp);
}

/** A window showing [start, end] with a margin on each side (Perfetto's F). */
export function fitWindow(
  start: number,
  end: number,
  maxT: number,
  warp: TimeWarp,
  margin = 0.15,
): TimeWindow {
  const a = warp.toWarp(start);
  const b = warp.toWarp(Math.max(end, start));
  const w = Math.max(b - a, 20);
  const pad = w * margin;
  return clampWindow(
    { start: warp.fromWarp(a - pad), end: warp.fromWarp(a + w + pad) },
    maxT,
    warp,
  );
}

/** Moves the window, keeping its width, so that t is visible with `edge` of slack. */
export function followWindow(
  win: TimeWindow,
  t: number,
  maxT: number,
  warp: TimeWarp,
  edge = 0.05,
): TimeWindow {
  const a = warp.toWarp(win.start);
  const b = warp.toWarp(win.end);
  const c = warp.toWarp(t);
  const w = b - a;
  if (c >= a && c <= b - w * edge) return win;
  const na = c > b - w * edge ? c - w * (1 - 2 * edge) : c - w * edge;
  return clampWindow({ start: warp.fromWarp(na), end: warp.fromWarp(na + w) }, maxT, warp);
}
