/**
 * The CPU manager's decisions as marks on its lane: each change of the exclusive
 * assignments in its state ("allocate default/web/app 2-3", "release ..."), read from
 * the checkpoint-shaped snapshots the engine records.
 */
import { type Trace } from '../../sim';
import type { ExtraSpan, Placement } from '../timeline/layoutLanes';
import { readSnapshot } from './cpuChanges';

function byOwner(m: ReadonlyMap<number, string>): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [cpu, owner] of m) out.set(owner, [...(out.get(owner) ?? []), cpu]);
  for (const v of out.values()) v.sort((a, b) => a - b);
  return out;
}

/** "2-3,8" for a sorted list of ids. */
export function formatIds(ids: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < ids.length;) {
    let j = i;
    while (j + 1 < ids.length && ids[j + 1] === ids[j]! + 1) j++;
    parts.push(i === j ? `${ids[i]}` : `${ids[i]}-${ids[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

export function cpuManagerMarks(
  trace: Trace,
  podKeyOf: (uid: string) => string | undefined,
  placement: Placement,
): ExtraSpan[] {
  const out: ExtraSpan[] = [];
  let prev = new Map<string, number[]>();
  for (const r of trace.records) {
    const snap = readSnapshot(r, podKeyOf);
    if (!snap) continue;
    const cur = byOwner(snap);
    for (const [owner, cpus] of cur) {
      const was = prev.get(owner);
      if (!was || formatIds(was) !== formatIds(cpus))
        out.push({
          placement,
          start: r.t,
          end: r.t,
          kind: 'cpu',
          label: `allocate ${owner} ${formatIds(cpus)}`,
          step: r.step,
          endStep: r.step,
          instant: true,
        });
    }
    for (const [owner, cpus] of prev)
      if (!cur.has(owner))
        out.push({
          placement,
          start: r.t,
          end: r.t,
          kind: 'terminated',
          label: `release ${owner} ${formatIds(cpus)}`,
          step: r.step,
          endStep: r.step,
          instant: true,
        });
    prev = cur;
  }
  return out;
}
