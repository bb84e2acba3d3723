import { describe, expect, it } from 'vitest';
import { frameIntervals, percentile, quantile, summarise, table } from './harness';

describe('bench harness', () => {
  it('takes medians and ratios against the budget', () => {
    const f = summarise('engine', 'x', [5, 1, 3, 9, 7], 10);
    expect(f.median).toBe(5);
    expect([f.min, f.max]).toEqual([1, 9]);
    expect(f.ratio).toBe(0.5);
    expect(quantile([1, 2, 3, 4], 0.95)).toBeCloseTo(3.85);
    expect(table([f, summarise('engine', 'slow', [20], 10)])).toMatch(/2\.00 OVER/);
  });
});

describe('frame statistics', () => {
  it('turns rAF timestamps into intervals and takes their p95', () => {
    // 19 frames on time and one dropped: the p95 lands between 16.7 and the dropped 33.4.
    const stamps = [0];
    for (let i = 1; i <= 20; i++) stamps.push(stamps[i - 1]! + (i === 10 ? 33.4 : 16.7));
    const iv = frameIntervals(stamps);
    expect(iv).toHaveLength(20);
    expect(iv[9]).toBeCloseTo(33.4);
    expect(percentile(iv, 0.5)).toBeCloseTo(16.7);
    expect(percentile(iv, 0.95)).toBeCloseTo(16.7 + (33.4 - 16.7) * 0.05);
    expect(percentile([3, 1, 2], 1)).toBe(3);
  });

  it('marks OVER by the ratio as printed', () => {
    expect(table([summarise('b', 'frames', [16.71], 16.7)])).not.toMatch(/OVER/);
    expect(table([summarise('b', 'frames', [16.8], 16.7)])).toMatch(/1\.01 OVER/);
  });
});
