/**
 * Where a run's story ends, for the window a preset opens on: the start-up of its pods. A pod's
 * start-up ends when it first became Ready, or, if it never did, when its last container's
 * first start returned (PostStart hook included). A run in which no container started (a pod
 * rejected at admission, a sandbox that never came up) tells its story in its first Events.
 */
import type { Trace } from '../../sim';

/** With no container started: the Events of this first stretch. */
const NO_START_MS = 30_000;

export function storyEnd(trace: Trace): number {
  const { steps, strings, entities, records, events } = trace;
  const readyAt = new Map<string, number>();
  const startedPods = new Set<string>();
  for (const r of records) {
    if (r.kind === 'podReady' && r.data.ready && !readyAt.has(r.data.uid))
      readyAt.set(r.data.uid, r.t);
    if (r.kind === 'containerStarted') startedPods.add(r.data.uid);
  }
  // Each container's first start: its startContainer leaving `starting` or `postStart` without
  // failing (the hook's end, or the start's when it has none).
  const isStart = new Set(['starting', 'postStart']);
  const done = new Set<number>();
  let firstStarts = 0;
  for (let i = 0; i < steps.t.length; i++) {
    const e = steps.entity[i]!;
    if (done.has(e) || entities[e]!.kind !== 'startContainer') continue;
    if (!isStart.has(strings[steps.from[i]!]!)) continue;
    const to = strings[steps.to[i]!]!;
    if (to === 'postStart') continue;
    done.add(e);
    if (to === 'idle' && strings[steps.guard[i]!] !== 'StartContainer failed')
      firstStarts = Math.max(firstStarts, steps.t[i]!);
  }
  let end = firstStarts;
  for (const [uid, t] of readyAt) if (startedPods.has(uid)) end = Math.max(end, t);
  if (end > 0) return end;
  let last = 0;
  for (const ev of events) if (ev.t <= NO_START_MS) last = Math.max(last, ev.t);
  return last > 0 ? last : Math.min(trace.endT, NO_START_MS);
}
