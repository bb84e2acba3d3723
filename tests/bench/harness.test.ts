import { describe, expect, it } from 'vitest';
import { quantile, summarise, table } from './harness';

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
