import { describe, expect, it } from 'vitest';
import { buildTimeWarp, findIdleGaps, IDENTITY_WARP } from './timeWarp';

describe('findIdleGaps', () => {
  it('finds stretches longer than the threshold, keeping a margin', () => {
    expect(findIdleGaps([0, 100, 200, 20_200, 20_300], 10_000, 1000)).toEqual([
      { start: 1200, end: 19_200 },
    ]);
  });
  it('finds nothing in a busy run', () => {
    expect(findIdleGaps([0, 1, 2, 3], 10)).toEqual([]);
  });
});

describe('buildTimeWarp', () => {
  const warp = buildTimeWarp(
    [
      { start: 1000, end: 11_000 },
      { start: 20_000, end: 120_000 },
    ],
    500,
  );
  it('is the identity before the first gap', () => {
    expect(warp.toWarp(500)).toBe(500);
  });
  it('shrinks each gap to gapMs', () => {
    expect(warp.toWarp(11_000) - warp.toWarp(1000)).toBeCloseTo(500);
    expect(warp.toWarp(120_000) - warp.toWarp(20_000)).toBeCloseTo(500);
  });
  it('keeps the time between gaps linear', () => {
    expect(warp.toWarp(15_000) - warp.toWarp(12_000)).toBeCloseTo(3000);
  });
  it('round-trips', () => {
    for (const t of [0, 999, 1000, 6000, 11_000, 15_000, 20_000, 70_000, 120_000, 500_000]) {
      expect(warp.fromWarp(warp.toWarp(t))).toBeCloseTo(t, 6);
    }
  });
  it('is monotonic', () => {
    let prev = -Infinity;
    for (let t = 0; t < 200_000; t += 777) {
      const w = warp.toWarp(t);
      expect(w).toBeGreaterThan(prev);
      prev = w;
    }
  });
  it('has an identity for no gaps', () => {
    expect(buildTimeWarp([], 100)).toBe(IDENTITY_WARP);
  });
});
