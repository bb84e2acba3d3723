import { describe, expect, it } from 'vitest';
import { deepFreeze } from './clone';
import { own, own2 } from './cow';

describe('own', () => {
  it('copies a frozen object into its parent once, then hands back the same copy', () => {
    const shared = deepFreeze({ a: { n: 1 }, b: { n: 2 } });
    const live: { m: { a: { n: number }; b: { n: number } } } = { m: shared };
    const m = own(live, 'm');
    expect(m).not.toBe(shared);
    expect(live.m).toBe(m);
    expect(Object.keys(m)).toEqual(['a', 'b']);
    expect(own(live, 'm')).toBe(m);
    own2(live, 'm', 'a').n = 5;
    expect(live.m.a.n).toBe(5);
    // The frozen original, as a checkpoint holds it, is untouched; the unchanged entry shared.
    expect(shared.a.n).toBe(1);
    expect(live.m.b).toBe(shared.b);
  });

  it('keeps an array’s holes and leaves an unfrozen value or a missing one as it is', () => {
    const hits: number[] = [];
    hits[2] = 1;
    const live = { hits: deepFreeze(hits), open: { x: 1 } as Record<string, number> };
    const h = own(live, 'hits');
    expect(0 in h).toBe(false);
    expect(h[2]).toBe(1);
    expect(own(live, 'open')).toBe(live.open);
    expect(own(live.open, 'y')).toBeUndefined();
  });
});
