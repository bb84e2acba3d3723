/**
 * Which recorded cause → effect arrows belong to a span's causal chain: every arrow that
 * leads to it, followed back to the first cause (why it happened), and the arrows leaving
 * it (what it set off). Drawing only these keeps the timeline readable at any zoom; the
 * whole web of causes is one toggle away.
 */
import type { Flow, SpanRef } from './laneModel';

/** The times of a lane's marks, to find the ones drawn on top of the selected one. */
export interface LaneTimes {
  readonly start: ArrayLike<number>;
  readonly end: ArrayLike<number>;
}

/**
 * 1 per flow index that is part of `sel`'s chain; all 0 without a selection. Given the
 * lanes, marks of the selected lane that start within the selected span (several steps at
 * one instant draw as one mark, and a click picks only one of them) share its chain.
 */
export function causalChain(
  flows: readonly Flow[],
  sel: SpanRef | null,
  lanes?: readonly LaneTimes[],
): Uint8Array {
  const mask = new Uint8Array(flows.length);
  if (!sel) return mask;
  const key = (lane: number, index: number) => `${lane}:${index}`;
  const seeds = [sel.index];
  const lane = lanes?.[sel.lane];
  if (lane) {
    const s0 = lane.start[sel.index];
    const e0 = lane.end[sel.index];
    if (s0 !== undefined && e0 !== undefined)
      for (let j = 0; j < lane.start.length; j++)
        if (j !== sel.index && lane.start[j]! >= s0 && lane.start[j]! <= e0) seeds.push(j);
  }
  const into = new Map<string, number[]>();
  flows.forEach((f, i) => {
    const k = key(f.toLane, f.toIndex);
    const list = into.get(k);
    if (list) list.push(i);
    else into.set(k, [i]);
  });
  // Back to the first causes; each mark is visited once (the graph may join).
  const seen = new Set<string>(seeds.map((j) => key(sel.lane, j)));
  const todo = [...seen];
  while (todo.length > 0) {
    for (const i of into.get(todo.pop()!) ?? []) {
      mask[i] = 1;
      const f = flows[i]!;
      const from = key(f.fromLane, f.fromIndex);
      if (!seen.has(from)) {
        seen.add(from);
        todo.push(from);
      }
    }
  }
  // What it set off, one step on.
  const own = new Set(seeds);
  flows.forEach((f, i) => {
    if (f.fromLane === sel.lane && own.has(f.fromIndex)) mask[i] = 1;
  });
  return mask;
}
