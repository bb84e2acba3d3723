/**
 * Time ↔ pixel for the timeline: a d3 linear scale over warped time (see timeWarp.ts),
 * so collapsed gaps take a few pixels and the rest of the axis is linear. The visible
 * window is kept in real simulated ms; the scale is rebuilt when the window, the
 * width or the warp changes (cheap: no allocation per mark).
 */
import { scaleLinear, ticks as d3ticks, tickStep } from 'd3';
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
 * Ticks about every `minSpacingPx` pixels. Inside a collapsed gap there are none:
 * the ticks of each uncollapsed segment are computed separately.
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
    const step = tickStep(a, b, count);
    if (!(step > 0)) continue;
    for (const t of d3ticks(a, b, count)) {
      const x = scale.x(t);
      if (out.length > 0 && x - out[out.length - 1]!.x < minSpacingPx * 0.6) continue;
      out.push({ t, x, label: formatTick(t, step) });
    }
  }
  return out;
}
