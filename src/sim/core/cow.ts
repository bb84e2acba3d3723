/**
 * Copy-on-write for the kubelet's state. A checkpoint shares the live world's objects instead of
 * copying them; from then on a writer takes its own copy of an object before changing it, and
 * only once per checkpoint interval: the copy is "fresh" (made since the last checkpoint, so no
 * checkpoint holds it) and is written in place until the next checkpoint. With checking on
 * (tests), checkpoints also freeze what they share, so a write that skips `own` throws.
 *
 * The big tables (keyed by pod UID or container id) are not copied: a copy of one costs as many
 * entries as the node has pods, once per checkpoint interval and per table written, which made a
 * step's cost grow with the pod count. A run logs them instead (`logTable`): they are written in
 * place through a proxy that records each key set or deleted, and a checkpoint keeps those
 * changes (runner/tables.ts), not a copy. Their rows are still copied on write as above.
 */

import { deepFreeze } from './clone';
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
  if (typeof v !== 'object' || v === null) return v as Writable<P[K]>;
  const log = logs.get(v);
  if (log !== undefined) return log.proxy as Writable<P[K]>;
  if (fresh.has(v)) return v as Writable<P[K]>;
  const c = shallow(v);
  fresh.add(c);
  // A logged table reached without its proxy (a row owned through the table itself).
  const into = logs.get(parent);
  if (into !== undefined) into.set(parent as Table, key as string, c);
  else parent[key] = c;
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

type Table = Record<string, unknown>;

/** What a logged table's change log holds for a deleted key. */
export const DELETED: unique symbol = Symbol('deleted');

/**
 * A table written in place, and the keys set or deleted since the last `takeChanges`, in order
 * (as key, value pairs; DELETED for a delete). It is its proxy's handler: writers get the proxy
 * from `own`, readers read the table itself.
 */
export class TableLog {
  readonly proxy: Table;
  private changes: unknown[] = [];

  constructor(readonly table: Table) {
    this.proxy = new Proxy(table, this);
  }

  set(t: Table, key: string | symbol, value: unknown): boolean {
    t[key as string] = value;
    this.changes.push(key, value);
    return true;
  }

  deleteProperty(t: Table, key: string | symbol): boolean {
    delete t[key as string];
    this.changes.push(key, DELETED);
    return true;
  }

  /** The changes since the last call, which start a new list. */
  takeChanges(): unknown[] {
    const c = this.changes;
    if (c.length > 0) this.changes = [];
    return c;
  }
}

/** The tables the running run writes in place. */
let logs = new WeakMap<object, TableLog>();

/** From now on `table` is written in place and its changes logged (for the running run). */
export function logTable(table: Table): TableLog {
  let log = logs.get(table);
  if (!log) logs.set(table, (log = new TableLog(table)));
  return log;
}

/** The run is over: no table is logged any more (a later writer copies as usual). */
export function stopLogging(): void {
  logs = new WeakMap();
}

/** Whether `table` is written in place by the running run. */
export function isLogged(table: object): boolean {
  return logs.has(table);
}

/** Marks a table no checkpoint holds (a seek's own copy): written in place until shareAll. */
export function markFresh(v: object): void {
  fresh.add(v);
}

/**
 * Freezes what a checkpoint shares of `v` (with checking on, in tests), but for the logged
 * tables in it, which the run goes on writing in place: their rows are frozen, not them.
 */
export function freezeShared(v: unknown): void {
  if (typeof v !== 'object' || v === null) return;
  const log = logs.get(v);
  if (log !== undefined) {
    for (const k in v) deepFreeze((v as Table)[k]);
    return;
  }
  if (Object.isFrozen(v)) return;
  if (Array.isArray(v)) for (let i = 0; i < v.length; i++) freezeShared(v[i]);
  else for (const k in v) freezeShared((v as Table)[k]);
  Object.freeze(v);
}
