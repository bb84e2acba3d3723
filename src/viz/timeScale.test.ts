import { describe, expect, it } from 'vitest';
import { makeTimeScale, timeTicks } from './timeScale';
import { buildTimeWarp, IDENTITY_WARP } from './timeWarp';
import { clampWindow, fitWindow, followWindow, panWindow, zoomWindow } from './zoomWindow';

describe('makeTimeScale', () => {
  it('maps the window onto the width and back', () => {
    const s = makeTimeScale({ start: 1000, end: 3000 }, 400, IDENTITY_WARP);
    expect(s.x(1000)).toBe(0);
    expect(s.x(3000)).toBe(400);
    expect(s.t(200)).toBe(2000);
    expect(s.msPerPx).toBe(5);
  });
  it('gives a collapsed gap a few pixels only', () => {
    const warp = buildTimeWarp([{ start: 1000, end: 101_000 }], 100);
    const s = makeTimeScale({ start: 0, end: 102_000 }, 2100, warp);
    expect(s.x(101_000) - s.x(1000)).toBeCloseTo(100);
  });
});

describe('timeTicks', () => {
  it('labels round times at readable spacing', () => {
    const s = makeTimeScale({ start: 0, end: 10_000 }, 1000, IDENTITY_WARP);
    const ticks = timeTicks(s, 90);
    expect(ticks.length).toBeGreaterThanOrEqual(5);
    expect(ticks[0]!.label).toBe('0 s');
    for (let i = 1; i < ticks.length; i++)
      expect(ticks[i]!.x - ticks[i - 1]!.x).toBeGreaterThan(50);
  });
  // The time a label names, ms ("0 s", "50 s", "1m40s", "5 min", "2 h", "250 ms", "1.5 s").
  const named = (label: string): number => {
    let m: RegExpExecArray | null;
    if ((m = /^(\d+)m(\d+(?:\.\d)?)s$/.exec(label))) return +m[1]! * 60_000 + +m[2]! * 1000;
    if ((m = /^([\d.]+) (ms|s|min|h)$/.exec(label)))
      return +m[1]! * { ms: 1, s: 1000, min: 60_000, h: 3_600_000 }[m[2] as 'ms'];
    throw new Error(`unreadable tick label ${label}`);
  };

  for (const [run, width] of [
    [900_000, 640],
    [1_200_000, 640],
    [1_800_000, 1000],
    [300_000, 640],
    [120_000, 390],
    [7_200_000, 800],
    [2_500, 640],
  ] as const)
    it(`labels each tick with its own time: a ${run / 1000} s run on ${width} px`, () => {
      const s = makeTimeScale({ start: 0, end: run }, width, IDENTITY_WARP);
      const ticks = timeTicks(s);
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      for (const t of ticks) expect(named(t.label), t.label).toBeCloseTo(t.t, 6);
      // Evenly spaced (one step), and no label past the right edge.
      const steps = new Set(ticks.slice(1).map((t, i) => t.t - ticks[i]!.t));
      expect(steps.size).toBe(1);
      for (const t of ticks) expect(t.x + 3 + t.label.length * 6.5).toBeLessThanOrEqual(width);
    });

  it('puts no tick inside a collapsed gap', () => {
    const warp = buildTimeWarp([{ start: 2000, end: 200_000 }], 500);
    const s = makeTimeScale({ start: 0, end: 205_000 }, 1000, warp);
    for (const t of timeTicks(s)) expect(t.t <= 2000 || t.t >= 200_000).toBe(true);
  });
});

describe('zoom and pan', () => {
  const W = IDENTITY_WARP;
  it('zooms about the anchor', () => {
    const w = zoomWindow({ start: 0, end: 1000 }, 0.5, 500, 10_000, W);
    expect(w).toEqual({ start: 250, end: 750 });
  });
  it('keeps the anchor at the same place', () => {
    const w = zoomWindow({ start: 0, end: 1000 }, 0.5, 100, 10_000, W);
    expect((100 - w.start) / (w.end - w.start)).toBeCloseTo(0.1);
  });
  it('never leaves the run', () => {
    expect(panWindow({ start: 0, end: 1000 }, -0.5, 10_000, W)).toEqual({ start: 0, end: 1000 });
    expect(panWindow({ start: 9000, end: 10_000 }, 1, 10_000, W)).toEqual({
      start: 9000,
      end: 10_000,
    });
    expect(clampWindow({ start: -5, end: 20_000 }, 10_000, W)).toEqual({ start: 0, end: 10_000 });
  });
  it('fits a span with margins', () => {
    const w = fitWindow(1000, 2000, 10_000, W);
    expect(w.start).toBeLessThan(1000);
    expect(w.end).toBeGreaterThan(2000);
  });
  it('follows the playhead without changing the width', () => {
    const w = followWindow({ start: 0, end: 1000 }, 1500, 10_000, W);
    expect(w.end - w.start).toBeCloseTo(1000);
    expect(w.start).toBeLessThan(1500);
    expect(w.end).toBeGreaterThan(1500);
    const same = { start: 0, end: 1000 };
    expect(followWindow(same, 500, 10_000, W)).toBe(same);
  });
});
