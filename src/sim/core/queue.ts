/**
 * The engine's event queue: a binary min-heap ordered by (t, seq).
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
}

export type Queue<E = unknown> = QueueEntry<E>[];

function less(a: QueueEntry<unknown>, b: QueueEntry<unknown>): boolean {
  return a.t < b.t || (a.t === b.t && a.seq < b.seq);
}

export function queuePush<E>(q: Queue<E>, entry: QueueEntry<E>): void {
  q.push(entry);
  let i = q.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!less(q[i]!, q[parent]!)) break;
    [q[i], q[parent]] = [q[parent]!, q[i]!];
    i = parent;
  }
}

function siftDown<E>(q: Queue<E>, start: number): void {
  let i = start;
  const n = q.length;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < n && less(q[l]!, q[m]!)) m = l;
    if (r < n && less(q[r]!, q[m]!)) m = r;
    if (m === i) return;
    [q[i], q[m]] = [q[m]!, q[i]!];
    i = m;
  }
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

/** Removes every entry for `target` with `key`; returns how many were removed. */
export function queueCancel<E>(q: Queue<E>, target: string, key: string): number {
  let removed = 0;
  for (let i = q.length - 1; i >= 0; i--) {
    const e = q[i]!;
    if (e.target === target && e.key === key) {
      const last = q.pop()!;
      if (i < q.length) {
        q[i] = last;
        // Restore the heap property in both directions from i.
        let j = i;
        while (j > 0 && less(q[j]!, q[(j - 1) >> 1]!)) {
          const p = (j - 1) >> 1;
          [q[j], q[p]] = [q[p]!, q[j]!];
          j = p;
        }
        siftDown(q, j);
      }
      removed++;
    }
  }
  return removed;
}

/** Removes every entry addressed to `target` (an entity that stopped). */
export function queueDropTarget<E>(q: Queue<E>, target: string): void {
  const kept = q.filter((e) => e.target !== target);
  if (kept.length === q.length) return;
  q.length = 0;
  for (const e of kept) queuePush(q, e);
}
