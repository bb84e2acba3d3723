import { describe, expect, it } from 'vitest';
import { clonePlain, cloneSharing, deepFreeze, samePlain } from './clone';

describe('clonePlain', () => {
  it('copies deeply, keeping holes and undefined values', () => {
    const hits: number[] = [];
    hits[2] = 1;
    const v = { a: { b: [1, { c: 'x' }] }, hits, u: undefined as undefined | number };
    const c = clonePlain(v);
    expect(c).toStrictEqual(v);
    expect(c.a).not.toBe(v.a);
    expect(c.a.b[1]).not.toBe(v.a.b[1]);
    expect(0 in c.hits).toBe(false);
    expect('u' in c).toBe(true);
  });
});

describe('cloneSharing', () => {
  it('reuses unchanged subtrees of the previous copy and copies changed paths', () => {
    const live = { pods: { p0: { phase: 'Running' }, p1: { phase: 'Pending' } }, n: [1, 2] };
    const first = cloneSharing(live, undefined);
    expect(first).toStrictEqual(live);
    expect(first.pods).not.toBe(live.pods);
    live.pods.p1.phase = 'Running';
    const second = cloneSharing(live, first);
    expect(second).toStrictEqual(live);
    expect(second.pods.p0).toBe(first.pods.p0);
    expect(second.n).toBe(first.n);
    expect(second.pods.p1).not.toBe(first.pods.p1);
    expect(first.pods.p1.phase).toBe('Pending');
    // Nothing changed: the previous copy itself.
    expect(cloneSharing(live, second)).toBe(second);
  });

  it('does not share an object whose keys changed order or number', () => {
    const prev = cloneSharing({ a: 1, b: 2 }, undefined);
    const reordered = cloneSharing({ b: 2, a: 1 }, prev);
    expect(reordered).not.toBe(prev);
    expect(Object.keys(reordered)).toEqual(['b', 'a']);
    expect(cloneSharing({ a: 1 }, prev)).not.toBe(prev);
    expect(cloneSharing({ a: 1, b: 2, c: 3 }, prev)).not.toBe(prev);
  });
});

describe('samePlain', () => {
  it('holds only for equal values with keys in the same order', () => {
    expect(samePlain({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(samePlain({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(samePlain({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(samePlain([1, 2], [1, 2, 3])).toBe(false);
    expect(samePlain({ a: undefined }, {})).toBe(false);
    expect(samePlain([], {})).toBe(false);
  });
});

describe('frozen values', () => {
  it('deepFreeze freezes everything in a value, and a write throws', () => {
    const v = deepFreeze({ a: { b: [1, { c: 'x' }] } });
    expect(Object.isFrozen(v.a.b[1])).toBe(true);
    expect(() => {
      (v.a.b[1] as { c: string }).c = 'y';
    }).toThrow(TypeError);
  });

  it('deepFreeze walks arrays item by item: nested arrays and every item frozen, holes kept', () => {
    // eslint-disable-next-line no-sparse-arrays
    const v = deepFreeze([[{ x: 1 }], , { y: [2, { z: 3 }] }]);
    expect(Object.isFrozen(v)).toBe(true);
    expect(Object.isFrozen((v[0] as { x: number }[])[0])).toBe(true);
    expect(Object.isFrozen((v[2] as { y: unknown[] }).y[1])).toBe(true);
    expect(1 in v).toBe(false);
  });

  it('are shared by both clones, not copied; what holds them is still copied', () => {
    const record = deepFreeze({ state: 'RUNNING', ids: ['c1'] });
    const live = { containers: { c1: record }, list: [record], n: { k: 1 } };
    const plain = clonePlain(live);
    expect(plain.containers.c1).toBe(record);
    expect(plain.list[0]).toBe(record);
    expect(plain.containers).not.toBe(live.containers);
    expect(plain.n).not.toBe(live.n);
    const shared = cloneSharing(live, undefined);
    expect(shared.containers.c1).toBe(record);
    // A replaced frozen value is taken as it is, the rest still shared with the previous copy.
    const next = deepFreeze({ state: 'EXITED', ids: ['c1'] });
    live.containers.c1 = next;
    const again = cloneSharing(live, shared);
    expect(again.containers.c1).toBe(next);
    expect(again.n).toBe(shared.n);
    expect(again.list).toBe(shared.list);
  });
});
