/**
 * Plumbing shared by the topology, memory and device vector runners: reading a case's fields,
 * hints in the vectors' encoding ({numaNodes: int[] | null, preferred}), and exact comparison
 * (null and [] are different values, as reflect.DeepEqual has them).
 */
import type { TopologyHint } from '../../src/sim/policies/topologymanager/hint';

export type Json = Record<string, unknown>;

export class CaseError extends Error {}

export function obj(v: unknown, what: string): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new CaseError(`${what} is not an object`);
  return v as Json;
}
export function arr(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) throw new CaseError(`${what} is not an array`);
  return v;
}
export function num(v: unknown, what: string): number {
  if (typeof v !== 'number') throw new CaseError(`${what} is not a number`);
  return v;
}
export function str(v: unknown, what: string): string {
  if (typeof v !== 'string') throw new CaseError(`${what} is not a string`);
  return v;
}
export function nums(v: unknown, what: string): number[] {
  return arr(v, what).map((x, i) => num(x, `${what}[${i}]`));
}

/** A hint of the vectors: numaNodes null is a nil mask, [] a non-nil empty one. */
export function hintOf(v: unknown, what = 'hint'): TopologyHint {
  const h = obj(v, what);
  return {
    numaNodeAffinity:
      h.numaNodes === null
        ? null
        : [...nums(h.numaNodes, `${what}.numaNodes`)].sort((a, b) => a - b),
    preferred: h.preferred === true,
  };
}

/** A hint back in the vectors' encoding. */
export function hintJson(h: TopologyHint): Json {
  return {
    numaNodes: h.numaNodeAffinity === null ? null : [...h.numaNodeAffinity],
    preferred: h.preferred,
  };
}

/** Deep equality of JSON values, keys in any order. */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => same(x, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => k in (b as Json) && same((a as Json)[k], (b as Json)[k]))
  );
}

/** null when equal, else "expected … got …". */
export function expectSame(what: string, expected: unknown, got: unknown): string | null {
  return same(expected, got)
    ? null
    : `${what}: expected ${JSON.stringify(expected)} got ${JSON.stringify(got)}`;
}

/** Go's TopologyHint.LessThan: preferred first, then the narrower (smaller) mask. */
export function hintLess(a: TopologyHint, b: TopologyHint): number {
  if (a.preferred !== b.preferred) return a.preferred ? -1 : 1;
  const ka = a.numaNodeAffinity ?? [];
  const kb = b.numaNodeAffinity ?? [];
  if (ka.length !== kb.length) return ka.length - kb.length;
  for (let i = ka.length - 1; i >= 0; i--)
    if (ka[i] !== kb[i]) return (ka[i] as number) - (kb[i] as number);
  return 0;
}
