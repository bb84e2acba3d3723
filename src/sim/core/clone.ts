/**
 * A deep copy of the kubelet's state: plain objects, arrays and primitives, as the domain
 * holds (checkpoints and seeks copy it); frozen objects are immutable values, kept as they are. Several times faster than structuredClone on such
 * data; anything else (a Map, a typed array) still goes through structuredClone.
 */
export function clonePlain<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  // A frozen value (a runtime record, a PLEG cache entry, a stored pod status) cannot change:
  // shared, not copied. Frozen values are frozen all through (deepFreeze), never only on top.
  if (Object.isFrozen(v)) return v;
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
  if (typeof v !== 'object' || v === null || Object.isFrozen(v)) return v;
  if (prev === undefined || prev === null || typeof prev !== 'object') return clonePlain(v);
  // A node is allocated only from its first difference on: unchanged subtrees cost a walk.
  if (Array.isArray(v)) {
    const n = v.length;
    if (!Array.isArray(prev) || prev.length !== n) return clonePlain(v);
    const p = prev as unknown[];
    let out: unknown[] | undefined;
    for (let i = 0; i < n; i++) {
      const has = i in v;
      const c = has ? cloneSharing(v[i] as unknown, p[i]) : undefined;
      if (out === undefined) {
        if (has === i in p && c === p[i]) continue;
        out = new Array<unknown>(n);
        for (let j = 0; j < i; j++) if (j in p) out[j] = p[j];
      }
      if (has) out[i] = c;
    }
    return (out ?? p) as T;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  if (Array.isArray(prev) || Object.getPrototypeOf(prev) !== Object.prototype) return clonePlain(v);
  const p = prev as Record<string, unknown>;
  const pk = Object.keys(p);
  let out: Record<string, unknown> | undefined;
  let i = 0;
  for (const k in v) {
    const c = cloneSharing((v as Record<string, unknown>)[k], p[k]);
    if (out === undefined) {
      if (pk[i] === k && c === p[k]) {
        i++;
        continue;
      }
      out = {};
      for (let j = 0; j < i; j++) out[pk[j]!] = p[pk[j]!];
    }
    out[k] = c;
    i++;
  }
  if (out === undefined && i !== pk.length) {
    out = {};
    for (let j = 0; j < i; j++) out[pk[j]!] = p[pk[j]!];
  }
  return (out ?? p) as T;
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
  // Only plain objects compare by keys (a Map has none): anything else is equal only to itself.
  const pa = Object.getPrototypeOf(a) as unknown;
  if ((pa !== Object.prototype && pa !== null) || Object.getPrototypeOf(b) !== pa) return false;
  // b's keys walked in place (a plain object inherits no enumerable key): one key array, not two.
  const ka = Object.keys(a);
  let i = 0;
  for (const k in b) {
    if (k !== ka[i]) return false;
    if (!samePlain((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
    i++;
  }
  return i === ka.length;
}

/**
 * Freezes a plain value and everything in it: the clones above then share it instead of
 * copying it, and a write to it throws instead of silently changing a checkpoint.
 */
export function deepFreeze<T>(v: T): T {
  if (typeof v !== 'object' || v === null || Object.isFrozen(v)) return v;
  // An array by index: for-in would make a string key per item.
  if (Array.isArray(v)) for (let i = 0; i < v.length; i++) deepFreeze(v[i] as unknown);
  else for (const k in v) deepFreeze((v as Record<string, unknown>)[k]);
  return Object.freeze(v);
}
