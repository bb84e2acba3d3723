import { describe, expect, it } from 'vitest';
import { deepFreeze } from './clone';
import { own, own2, shareAll } from './cow';

describe('own', () => {
  it('copies an object into its parent once per checkpoint interval, leaving the shared one', () => {
    shareAll();
    const shared = { a: { n: 1 }, b: { n: 2 } };
    const live = { m: shared };
    const m = own(live, 'm');
    expect(m).not.toBe(shared);
    expect(live.m).toBe(m);
    expect(Object.keys(m)).toEqual(['a', 'b']);
    // Fresh since the last checkpoint: written in place from now on.
    expect(own(live, 'm')).toBe(m);
    own2(live, 'm', 'a').n = 5;
    expect(live.m.a.n).toBe(5);
    // The original, as a checkpoint holds it, is untouched; the unchanged entry is shared.
    expect(shared.a.n).toBe(1);
    expect(live.m.b).toBe(shared.b);
    // A checkpoint shares the copy too: the next write copies again.
    shareAll();
    const again = own(live, 'm');
    expect(again).not.toBe(m);
    expect(again).toEqual(m);
  });

  it('copies a frozen value, keeps an array’s holes, leaves a missing value undefined', () => {
    shareAll();
    const hits: number[] = [];
    hits[2] = 1;
    const live = { hits: deepFreeze(hits), open: {} as Record<string, { x: number }> };
    const h = own(live, 'hits');
    expect(Object.isFrozen(h)).toBe(false);
    expect(0 in h).toBe(false);
    expect(h[2]).toBe(1);
    expect(own(live.open, 'y')).toBeUndefined();
  });
});
