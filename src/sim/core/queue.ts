/**
 * The engine's event queue: a 4-ary min-heap ordered by (t, seq) (half a binary heap's depth:
 * a pop moves half as many entries for as many comparisons, a push climbs half as far).
 * `seq` is a global counter taken on every push, so ties at the same virtual
 * millisecond resolve in insertion order on every JS engine.
 * The heap is a plain array of plain objects so a world checkpoint can copy it.
 */
export interface QueueEntry<E = unknown> {
  t: number;
  seq: number;
  target: string;
  event: E;
  /** Cancellation key (XState's sendId for delayed raises). */
  key?: string;
  /** The step that enqueued it; -1 for the scenario's inputs and the run's start. */
  cause: number;
}

export type Queue<E = unknown> = QueueEntry<E>[];

function less(a: QueueEntry<unknown>, b: QueueEntry<unknown>): boolean {
  return a.t < b.t || (a.t === b.t && a.seq < b.seq);
}

// Sifts move the entry being placed and write it once at its slot: a destructuring swap
// allocated an array per level, a measurable share of a large run's garbage.
export function queuePush<E>(q: Queue<E>, entry: QueueEntry<E>): void {
  q.push(entry);
  siftUp(q, q.length - 1, entry);
}

/** Places `entry`, due at slot `i`, where it belongs above it; returns its slot. */
function siftUp<E>(q: Queue<E>, start: number, entry: QueueEntry<E>): number {
  let i = start;
  while (i > 0) {
    const parent = (i - 1) >> 2;
    const p = q[parent]!;
    if (!less(entry, p)) break;
    q[i] = p;
    i = parent;
  }
  q[i] = entry;
  return i;
}

function siftDown<E>(q: Queue<E>, start: number): void {
  let i = start;
  const n = q.length;
  const e = q[i]!;
  for (;;) {
    const c = 4 * i + 1;
    if (c >= n) break;
    // The least of up to four children.
    let mi = c;
    let m = q[c]!;
    const end = Math.min(c + 4, n);
    for (let k = c + 1; k < end; k++) {
      const x = q[k]!;
      if (less(x, m)) {
        m = x;
        mi = k;
      }
    }
    if (!less(m, e)) break;
    q[i] = m;
    i = mi;
  }
  q[i] = e;
}

export function queuePop<E>(q: Queue<E>): QueueEntry<E> | undefined {
  if (q.length === 0) return undefined;
  const top = q[0]!;
  const last = q.pop()!;
  if (q.length > 0) {
    q[0] = last;
    siftDown(q, 0);
  }
  return top;
}

export function queuePeek<E>(q: Queue<E>): QueueEntry<E> | undefined {
  return q[0];
}

/**
 * Removes every entry for `target` with `key`; returns how many were removed. One match (a
 * delayed raise's sendId names one entry) is taken out where it is, as a heap deletes; more
 * rebuild the heap (removing in place while scanning could move an unvisited match into the
 * visited part and miss it). Pop order is by (t, seq), so it is unchanged either way.
 */
export function queueCancel<E>(q: Queue<E>, target: string, key: string): number {
  let first = -1;
  let more = false;
  for (let i = 0; i < q.length; i++) {
    const e = q[i]!;
    if (e.target !== target || e.key !== key) continue;
    if (first >= 0) {
      more = true;
      break;
    }
    first = i;
  }
  if (first < 0) return 0;
  if (!more) {
    removeAt(q, first);
    return 1;
  }
  let write = 0;
  for (let read = 0; read < q.length; read++) {
    const e = q[read]!;
    if (e.target === target && e.key === key) continue;
    q[write++] = e;
  }
  const removed = q.length - write;
  q.length = write;
  for (let i = (write - 2) >> 2; i >= 0; i--) siftDown(q, i);
  return removed;
}

/** Deletes the entry at `i`: the last entry takes its place and moves up or down to its slot. */
function removeAt<E>(q: Queue<E>, i: number): void {
  const last = q.pop()!;
  if (i === q.length) return;
  if (siftUp(q, i, last) === i) siftDown(q, i);
}

/** Removes every entry addressed to `target` (an entity that stopped). */
export function queueDropTarget<E>(q: Queue<E>, target: string): void {
  const kept = q.filter((e) => e.target !== target);
  if (kept.length === q.length) return;
  q.length = 0;
  for (const e of kept) queuePush(q, e);
}

/**
 * The entries in pop order, (t, seq), as a new array (the queue is left as it was): popped off
 * a copy of the heap, whose sifts compare inline, where a sort calls a comparator per pair.
 */
export function queueInOrder<E>(q: Queue<E>): Queue<E> {
  const heap = q.slice();
  const out: Queue<E> = [];
  for (let e = queuePop(heap); e; e = queuePop(heap)) out.push(e);
  return out;
}
