/**
 * Copy-on-write for the kubelet's state. A checkpoint freezes what changed since the previous
 * one (deepFreeze) and shares it instead of copying it; the live world goes on with those frozen
 * values, so a writer first takes its own copy of a frozen object, and only once per checkpoint
 * interval: after that the copy is unfrozen and written in place. A write that skips this throws
 * (frozen objects reject writes in strict mode) instead of changing a checkpoint.
 */

type Writable<T> = T extends readonly (infer E)[] ? E[] : { -readonly [K in keyof T]: T[K] };

/** A shallow copy: an array keeps its holes (slice), an object its key order (spread). */
function shallow<T extends object>(v: T): T {
  return (Array.isArray(v) ? v.slice() : { ...v }) as T;
}

/**
 * `parent[key]` made writable: a frozen object there is replaced by a shallow copy first.
 * `parent` must be writable itself (the domain, or what an earlier `own` returned).
 */
export function own<P extends object, K extends keyof P>(parent: P, key: K): Writable<P[K]> {
  const v = parent[key];
  if (typeof v !== 'object' || v === null || !Object.isFrozen(v)) return v as Writable<P[K]>;
  const c = shallow(v);
  parent[key] = c;
  return c as Writable<P[K]>;
}

/** `parent[a][b]` made writable, and `parent[a]` with it. */
export function own2<P extends object, A extends keyof P, B extends keyof P[A]>(
  parent: P,
  a: A,
  b: B,
): Writable<P[A][B]> {
  return own(own(parent, a) as P[A] & object, b);
}
