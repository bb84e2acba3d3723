import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed, jitter, nextFloat, nextInt } from './prng';

describe('seeded PRNG', () => {
  it('gives the same sequence for the same seed and different ones for different seeds', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const sa = Array.from({ length: 50 }, () => nextFloat(a));
    const sb = Array.from({ length: 50 }, () => nextFloat(b));
    const sc = Array.from({ length: 50 }, () => nextFloat(c));
    expect(sa).toEqual(sb);
    expect(sa).not.toEqual(sc);
    expect(sa.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('keeps its whole state as data: a copied state continues identically', () => {
    const a = createRng(7);
    for (let i = 0; i < 10; i++) nextFloat(a);
    const copy = structuredClone(a);
    expect(Array.from({ length: 10 }, () => nextFloat(copy))).toEqual(
      Array.from({ length: 10 }, () => nextFloat(a)),
    );
  });

  it('spreads values over the range', () => {
    const r = createRng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) seen.add(nextInt(r, 0, 9));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('derives distinct sub-stream seeds per name', () => {
    expect(deriveSeed(1, 'pod-a')).not.toBe(deriveSeed(1, 'pod-b'));
    expect(deriveSeed(1, 'pod-a')).toBe(deriveSeed(1, 'pod-a'));
  });

  it('jitters within [d, d*(1+factor))', () => {
    const r = createRng(3);
    for (let i = 0; i < 500; i++) {
      const v = jitter(r, 60_000, 0.5);
      expect(v).toBeGreaterThanOrEqual(60_000);
      expect(v).toBeLessThan(90_000);
    }
  });
});
