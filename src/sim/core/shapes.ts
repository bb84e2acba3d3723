/**
 * Empty containers made in the shape they end up in. V8 optimises code for the hidden classes
 * and element kinds it has seen; a run's tables and trace arrays change shape as they fill (a
 * table keyed by pod UID turns into a hash table, an array of objects leaves the small-integer
 * kind), so each new run's fresh empty ones deoptimised the code the previous run had optimised.
 */

/** An empty table (keyed by pod UID, container id…), already a hash table ("dictionary mode"). */
export function table<V>(): Record<string, V> {
  const t: Record<string, unknown> = { a: undefined, b: undefined };
  // Removing a property that is not the last one turns the object into a dictionary.
  delete t.a;
  delete t.b;
  return t as Record<string, V>;
}

/** An empty array whose elements kind already holds objects. */
export function objectArray<T>(): T[] {
  const a: T[] = [OBJECT as T];
  a.pop();
  return a;
}
const OBJECT = {};
