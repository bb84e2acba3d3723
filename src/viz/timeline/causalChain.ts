/**
 * Which recorded cause → effect arrows belong to a span's causal chain: every arrow that
 * leads to it, followed back to the first cause (why it happened), and the arrows leaving
 * it (what it set off). Drawing only these keeps the timeline readable at any zoom; the
 * whole web of causes is one toggle away.
 */
import type { Flow, SpanRef } from './laneModel';

/** 1 per flow index that is part of `sel`'s chain; all 0 without a selection. */
export function causalChain(flows: readonly Flow[], sel: SpanRef | null): Uint8Array {
  const mask = new Uint8Array(flows.length);
  if (!sel) return mask;
  const key = (lane: number, index: number) => `${lane}:${index}`;
  const into = new Map<string, number[]>();
  flows.forEach((f, i) => {
    const k = key(f.toLane, f.toIndex);
    const list = into.get(k);
    if (list) list.push(i);
    else into.set(k, [i]);
  });
  // Back to the first causes; each mark is visited once (the graph may join).
  const seen = new Set<string>([key(sel.lane, sel.index)]);
  const todo = [key(sel.lane, sel.index)];
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
  flows.forEach((f, i) => {
    if (f.fromLane === sel.lane && f.fromIndex === sel.index) mask[i] = 1;
  });
  return mask;
}
