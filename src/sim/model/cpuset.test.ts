import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contains,
  cpuset,
  difference,
  equals,
  formatCPUSet,
  intersection,
  isCPUSet,
  parseCPUSet,
  union,
} from './cpuset';

describe('cpuset list format', () => {
  it.each([
    ['', []],
    ['0', [0]],
    ['0-3,8-11', [0, 1, 2, 3, 8, 9, 10, 11]],
    ['2,6', [2, 6]],
    ['0-29,40-69,30,31', [...Array(32).keys(), ...Array.from({ length: 30 }, (_, i) => 40 + i)]],
    ['5-5', [5]],
    ['3,1,2,1', [1, 2, 3]],
    ['+4', [4]],
  ])('parses %j', (text, ids) => {
    expect(parseCPUSet(text)).toEqual({ ok: true, value: ids });
  });

  it.each([
    [[], ''],
    [[0, 1, 2, 3, 8, 9, 10, 11], '0-3,8-11'],
    [[2, 6], '2,6'],
    [[2, 3], '2-3'],
    [[0, 2, 3, 4, 7], '0,2-4,7'],
  ])('formats %j as %j', (ids, text) => {
    expect(formatCPUSet(ids)).toBe(text);
  });

  it.each([
    ['a', 'strconv.Atoi: parsing "a": invalid syntax'],
    ['0-3,,5', 'strconv.Atoi: parsing "": invalid syntax'],
    ['0, 1', 'strconv.Atoi: parsing " 1": invalid syntax'],
    ['5-3', 'invalid range "5-3" (5 > 3)'],
    ['1-x', 'strconv.Atoi: parsing "x": invalid syntax'],
    ['0-99999', 'CPU id 99999 in "0-99999" is larger than 65535'],
    ['-1', 'negative CPU id -1 in "-1"'],
  ])('rejects %j with a clear error', (text, error) => {
    expect(parseCPUSet(text)).toEqual({ ok: false, error });
  });

  it('round-trips any set through format and parse', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4095 }), { maxLength: 300 }), (ids) => {
        const s = cpuset(ids);
        expect(isCPUSet(s)).toBe(true);
        expect(parseCPUSet(formatCPUSet(s))).toEqual({ ok: true, value: s });
      }),
    );
  });

  it('set operations agree with a naive model', () => {
    const arb = fc.array(fc.integer({ min: 0, max: 64 }), { maxLength: 40 });
    fc.assert(
      fc.property(arb, arb, (xa, xb) => {
        const a = cpuset(xa);
        const b = cpuset(xb);
        const sa = new Set(a);
        const sb = new Set(b);
        expect(union(a, b)).toEqual(cpuset([...sa, ...sb]));
        expect(intersection(a, b)).toEqual(a.filter((x) => sb.has(x)));
        expect(difference(a, b)).toEqual(a.filter((x) => !sb.has(x)));
        expect(equals(a, b)).toBe(a.length === b.length && a.every((x) => sb.has(x)));
        for (const x of [...xa, 65, -1]) expect(contains(a, x)).toBe(sa.has(x));
      }),
    );
  });

  it('handles 4096 CPUs quickly', () => {
    const all = parseCPUSet('0-4095');
    expect(all.ok && all.value.length).toBe(4096);
    if (!all.ok) return;
    const odd = all.value.filter((x) => x % 2 === 1);
    expect(formatCPUSet(difference(all.value, odd)).split(',')).toHaveLength(2048);
  });
});
