/**
 * A deep copy of the kubelet's state: plain objects, arrays and primitives, as the domain
 * holds (checkpoints and seeks copy it). Several times faster than structuredClone on such
 * data; anything else (a Map, a typed array) still goes through structuredClone.
 */
export function clonePlain<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const n = v.length;
    const out = new Array<unknown>(n);
    // Holes stay holes (fault hits are a sparse array), as structuredClone keeps them.
    for (let i = 0; i < n; i++) if (i in v) out[i] = clonePlain(v[i] as unknown);
    return out as T;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const out: Record<string, unknown> = {};
  for (const k in v) out[k] = clonePlain((v as Record<string, unknown>)[k]);
  return out as T;
}

/**
 * A deep copy of `v` that reuses every subtree of `prev` (an earlier copy, never mutated)
 * equal to the corresponding subtree of `v`, keys in the same order: consecutive
 * checkpoints share what did not change between them, so dense checkpoints stay small.
 */
export function cloneSharing<T>(v: T, prev: unknown): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const n = v.length;
    const p = Array.isArray(prev) && prev.length === n ? (prev as unknown[]) : undefined;
    let same = p !== undefined;
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      if (i in v) {
        const c = cloneSharing(v[i] as unknown, p?.[i]);
        out[i] = c;
        if (same && (c !== p![i] || !(i in p!))) same = false;
      } else if (same && i in p!) same = false;
    }
    return (same ? p : out) as T;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const p =
    typeof prev === 'object' &&
    prev !== null &&
    !Array.isArray(prev) &&
    Object.getPrototypeOf(prev) === Object.prototype
      ? (prev as Record<string, unknown>)
      : undefined;
  const pKeys = p ? Object.keys(p) : undefined;
  let same = p !== undefined;
  let i = 0;
  const out: Record<string, unknown> = {};
  for (const k in v) {
    const c = cloneSharing((v as Record<string, unknown>)[k], p?.[k]);
    out[k] = c;
    if (same && (pKeys![i] !== k || c !== p![k])) same = false;
    i++;
  }
  if (same && pKeys!.length !== i) same = false;
  return (same ? p : out) as T;
}

/**
 * Whether two plain values are equal with their keys in the same order: when it holds, their
 * JSON texts are equal too (the converse need not hold), without building either text.
 */
export function samePlain(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!samePlain(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i]) return false;
    if (!samePlain((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
  }
  return true;
}
