/**
 * Time ↔ pixel for the timeline: a d3 linear scale over warped time (see timeWarp.ts),
 * so collapsed gaps take a few pixels and the rest of the axis is linear. The visible
 * window is kept in real simulated ms; the scale is rebuilt when the window, the
 * width or the warp changes (cheap: no allocation per mark).
 */
import { scaleLinear } from 'd3';
import { formatTick } from './formatTime';
import type { TimeWarp } from './timeWarp';

/** The visible interval of simulated time, ms (real time, not warped). */
export interface TimeWindow {
  readonly start: number;
  readonly end: number;
}

export interface TimeScale {
  readonly window: TimeWindow;
  readonly width: number;
  readonly warp: TimeWarp;
  /** Pixel x of simulated time t (ms). */
  x(t: number): number;
  /** Simulated time (ms) at pixel x. */
  t(x: number): number;
  /** Milliseconds of warped time per pixel. */
  readonly msPerPx: number;
}

export function makeTimeScale(window: TimeWindow, width: number, warp: TimeWarp): TimeScale {
  const w0 = warp.toWarp(window.start);
  const w1 = Math.max(warp.toWarp(window.end), w0 + 1e-6);
  const s = scaleLinear()
    .domain([w0, w1])
    .range([0, Math.max(1, width)]);
  return {
    window,
    width,
    warp,
    x: (t) => s(warp.toWarp(t)),
    t: (x) => warp.fromWarp(s.invert(x)),
    msPerPx: (w1 - w0) / Math.max(1, width),
  };
}

export interface Tick {
  readonly t: number;
  readonly x: number;
  readonly label: string;
}

/**
 * Tick steps a clock reads: 1-2-5 below a second, then 1, 2, 5, 10, 15 and 30 s, 1, 2, 5, 10,
 * 15 and 30 min, then hours. (d3's 1-2-5 steps on milliseconds gave 100 s and 200 s steps, whose
 * ticks a minute label could only round.)
 */
const STEPS_MS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000,
  300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000,
];

/** The smallest clock step that puts at most `count` ticks on `span` ms. */
export function timeStep(span: number, count: number): number {
  const want = span / Math.max(1, count);
  return STEPS_MS.find((s) => s >= want) ?? STEPS_MS[STEPS_MS.length - 1]!;
}

/** About the width of a tick label, px (the axis font, a character ~6.5 px). */
const labelWidth = (label: string) => 3 + label.length * 6.5;

/**
 * Ticks about every `minSpacingPx` pixels, on round clock times. Inside a collapsed gap there
 * are none: the ticks of each uncollapsed segment are computed separately. A tick whose label
 * would run past the right edge is left out.
 */
export function timeTicks(scale: TimeScale, minSpacingPx = 90): Tick[] {
  const { window, warp } = scale;
  const segments: [number, number][] = [];
  let from = window.start;
  for (const g of warp.gaps) {
    if (g.end <= window.start || g.start >= window.end) continue;
    if (g.start > from) segments.push([from, g.start]);
    from = Math.max(from, g.end);
  }
  if (from < window.end) segments.push([from, window.end]);
  const out: Tick[] = [];
  for (const [a, b] of segments) {
    const px = scale.x(b) - scale.x(a);
    const count = Math.max(1, Math.floor(px / minSpacingPx));
    if (!(b > a)) continue;
    const step = timeStep(b - a, count);
    for (let t = Math.ceil(a / step) * step; t <= b; t += step) {
      const x = scale.x(t);
      if (out.length > 0 && x - out[out.length - 1]!.x < minSpacingPx * 0.6) continue;
      const label = formatTick(t, step);
      if (x + labelWidth(label) > scale.width) continue;
      out.push({ t, x, label });
    }
  }
  return out;
}
