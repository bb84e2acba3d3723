/**
 * Copy-on-write for the kubelet's state. A checkpoint shares the live world's objects instead of
 * copying them; from then on a writer takes its own copy of an object before changing it, and
 * only once per checkpoint interval: the copy is "fresh" (made since the last checkpoint, so no
 * checkpoint holds it) and is written in place until the next checkpoint. With checking on
 * (tests), checkpoints also freeze what they share, so a write that skips `own` throws.
 */

import { copyTable, isTable } from './shapes';

type Writable<T> = T extends readonly (infer E)[] ? E[] : { -readonly [K in keyof T]: T[K] };

/** Objects made by `own` since the last checkpoint: no checkpoint holds them. */
let fresh = new WeakSet<object>();

/**
 * A checkpoint was taken (or a world is about to be run or replayed from one): everything
 * reachable now may be shared, so every object is copied again before its next write.
 */
export function shareAll(): void {
  fresh = new WeakSet<object>();
}

/** Objects with more keys than this are tables too (maps by pod UID, by container id). */
const RECORD_KEYS = 12;

/**
 * A shallow copy: an array keeps its holes (slice), an object its key order. A record is
 * spread, which keeps its hidden class (a copy built key by key has another one, and every
 * read of such records turns polymorphic). A table (core/shapes.ts) is copied into a new table:
 * a spread of one is slow, and makes a hidden class named by its keys.
 */
function shallow<T extends object>(v: T): T {
  if (Array.isArray(v)) return v.slice() as T;
  const src = v as Record<string, unknown>;
  const keys = Object.keys(src);
  if (keys.length <= RECORD_KEYS && !isTable(src)) return { ...src } as T;
  return copyTable(src, keys) as T;
}

/**
 * `parent[key]` made writable: unless it is a fresh copy already, it is replaced by one.
 * `parent` must be writable itself (the domain, or what an earlier `own` returned).
 */
export function own<P extends object, K extends keyof P>(parent: P, key: K): Writable<P[K]> {
  const v = parent[key];
  if (typeof v !== 'object' || v === null || fresh.has(v)) return v as Writable<P[K]>;
  const c = shallow(v);
  fresh.add(c);
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
