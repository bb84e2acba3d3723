/**
 * Stretches of the run in which something is in progress, which "Collapse idle gaps"
 * must never squeeze: a pull or a wait in the pull queue, a back-off wait (CrashLoopBackOff
 * or ImagePullBackOff), a hook, a start-up step, a running init container, a container
 * waiting for its probes to pass, the kubelet being down. A regular container that is
 * simply running, or one that exited for good, is steady state and may collapse.
 */
import type { Trace } from '../../sim';
import type { Lane, LaneModel } from '../timeline/laneModel';
import { SPAN_KINDS, type SpanKind } from '../timeline/spanKinds';
import type { Gap } from '../timeWarp';

/** Kinds that are not work in progress by themselves. */
const STEADY = new Set<SpanKind>(['running', 'terminated', 'wait', 'wakeup', 'cpu']);

export function busyIntervals(
  trace: Trace,
  model: LaneModel,
  isInit: (container: string) => boolean,
): Gap[] {
  const out: Gap[] = [];
  // A container's span lanes, found once (a probe lane looks them up; ~1,000 lanes on a big node).
  const spanLanes = new Map<string | null, Lane[]>();
  for (const l of model.lanes)
    if (!l.instants) {
      const list = spanLanes.get(l.container);
      if (list) list.push(l);
      else spanLanes.set(l.container, [l]);
    }
  for (const lane of model.lanes) {
    if (lane.instants) {
      if (lane.label.endsWith(' probe')) probeWaits(spanLanes.get(lane.container) ?? [], lane, out);
      continue;
    }
    for (let i = 0; i < lane.start.length; i++) {
      const kind = SPAN_KINDS[lane.kind[i]!]!;
      const s = lane.start[i]!;
      const e = lane.end[i]!;
      if (e <= s) continue;
      // A running init container holds the pod's start-up; a regular one is the goal.
      if (kind === 'running' && lane.container && isInit(lane.container))
        out.push({ start: s, end: e });
      else if (!STEADY.has(kind)) out.push({ start: s, end: e });
    }
  }
  // ImagePullBackOff: from a failed pull to the next attempt of that container.
  const failedAt = new Map<string, number>();
  for (const ev of trace.events) {
    const key = `${ev.object} ${ev.fieldPath ?? ''}`;
    if (ev.reason === 'Failed' && /ErrImagePull|pull/i.test(ev.message) && !failedAt.has(key))
      failedAt.set(key, ev.t);
    else if (ev.reason === 'Pulling' && failedAt.has(key)) {
      out.push({ start: failedAt.get(key)!, end: ev.t });
      failedAt.delete(key);
    }
  }
  for (const t of failedAt.values()) out.push({ start: t, end: trace.endT });
  return out.sort((a, b) => a.start - b.start);
}

/** From the container's start to its first passed probe, and from each failure to the next probe. */
function probeWaits(containerLanes: readonly Lane[], lane: Lane, out: Gap[]): void {
  const n = lane.start.length;
  if (n === 0) return;
  let from = lane.start[0]!;
  for (const l of containerLanes)
    for (let i = 0; i < l.start.length; i++)
      if (SPAN_KINDS[l.kind[i]!] === 'running' && l.start[i]! <= from)
        from = Math.min(from, l.start[i]!);
  let waiting = true;
  for (let i = 0; i < n; i++) {
    const t = lane.start[i]!;
    const passed = SPAN_KINDS[lane.kind[i]!] === 'probe';
    if (waiting && t > from) out.push({ start: from, end: t });
    waiting = !passed;
    from = t;
  }
}
