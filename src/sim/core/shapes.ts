/**
 * Empty containers made in the shape they end up in. V8 optimises code for the hidden classes
 * and element kinds it has seen; a run's tables and trace arrays change shape as they fill (a
 * table keyed by pod UID turns into a hash table, an array of objects leaves the small-integer
 * kind), so each new run's fresh empty ones deoptimised the code the previous run had optimised.
 */

/** The objects made by `table` (a copy-on-write copy of one is made by `table` too). */
const tables = new WeakSet<object>();

/** An empty table (keyed by pod UID, container id…), already a hash table ("dictionary mode"). */
export function table<V>(): Record<string, V> {
  const t: Record<string, unknown> = { a: undefined, b: undefined };
  // Removing a property that is not the last one turns the object into a dictionary.
  delete t.a;
  delete t.b;
  tables.add(t);
  return t as Record<string, V>;
}

/**
 * Whether `v` was made by `table`: a copy of it must be one too. A small table copied by a
 * spread became an object whose pod UIDs were property names of its hidden class, a class
 * per set of keys.
 */
export function isTable(v: object): boolean {
  return tables.has(v);
}

/**
 * A copy of a table (or of a table-sized object) as a new table: a loop over its keys, as a
 * spread of a dictionary-mode object is ~4× slower and for-in ~20% (it checks each key again).
 */
export function copyTable<V>(
  from: Record<string, V>,
  keys: readonly string[] = Object.keys(from),
): Record<string, V> {
  const to = table<V>();
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    to[k] = from[k]!;
  }
  return to;
}

/** An empty array whose elements kind already holds objects. */
export function objectArray<T>(): T[] {
  const a: T[] = [OBJECT as T];
  a.pop();
  return a;
}
const OBJECT = {};
