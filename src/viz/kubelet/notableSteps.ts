/**
 * Which steps are "kubelet steps" worth stopping at: the ones that did something a
 * person would name (emitted an Event, a record, a klog line at -v≤2, moved a pod's
 * machine to another state, or woke the sync loop for a pod). Periodic ticks and
 * relists that found nothing are skipped. Also gives the instants of activity used to
 * find idle gaps.
 */
import { type Trace } from '../../sim';

const POD_MACHINES = new Set([
  'podWorker',
  'syncPod',
  'startContainer',
  'imagePuller',
  'cpuManager',
]);
const POD_WAKEUPS = new Set(['CONFIG', 'PLEG', 'PROBE']);

export function notableSteps(trace: Trace): Int32Array {
  const n = trace.steps.t.length;
  const mark = new Uint8Array(n);
  for (const e of trace.events) if (e.step >= 0 && e.step < n) mark[e.step] = 1;
  for (const r of trace.records)
    if (r.step >= 0 && r.step < n && r.kind !== 'podStatus') mark[r.step] = 1;
  for (const l of trace.logs) if (l.v <= 2 && l.step >= 0 && l.step < n) mark[l.step] = 1;
  const { steps, strings, entities } = trace;
  for (let i = 0; i < n; i++) {
    if (mark[i]) continue;
    const e = entities[steps.entity[i]!];
    if (!e) continue;
    const ev = strings[steps.event[i]!] ?? '';
    if (ev === 'xstate.init') continue;
    if (POD_MACHINES.has(e.kind) && steps.from[i] !== steps.to[i]) {
      // A pod worker's work-queue entry coming due (idle.requeued -> idle.due) does nothing.
      const idleToIdle =
        e.kind === 'podWorker' &&
        strings[steps.from[i]!]?.startsWith('idle.') &&
        strings[steps.to[i]!]?.startsWith('idle.');
      if (!idleToIdle) mark[i] = 1;
    } else if (e.kind === 'syncLoop' && POD_WAKEUPS.has(ev)) mark[i] = 1;
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (mark[i]) out.push(i);
  return Int32Array.from(out);
}

const PROGRESS_MACHINES = new Set([
  'startContainer',
  'imagePuller',
  'kubeletProcess',
  'cpuManager',
]);

/**
 * Instants where the run makes progress, for finding idle gaps: a container machine
 * moving on, an Event other than a repeated BackOff, a record other than periodic
 * status, a pod sent by the API server. The pod worker's periodic re-syncs during a
 * back-off wait (each one only says "Back-off restarting failed container") do not
 * count, so the wait itself can collapse.
 */
export function activityTimes(trace: Trace): Float64Array {
  const out: number[] = [0];
  for (const e of trace.events) if (e.reason !== 'BackOff') out.push(e.t);
  for (const r of trace.records)
    // Probe results count only while a container waits for them (busyIntervals).
    if (r.kind !== 'podStatus' && r.kind !== 'cpuAssignments' && r.kind !== 'probe') out.push(r.t);
  const { steps, strings, entities } = trace;
  for (let i = 0; i < steps.t.length; i++) {
    const e = entities[steps.entity[i]!];
    if (!e) continue;
    const ev = strings[steps.event[i]!] ?? '';
    if (ev === 'xstate.init') continue;
    if (PROGRESS_MACHINES.has(e.kind) && steps.from[i] !== steps.to[i]) out.push(steps.t[i]!);
    else if (e.kind === 'syncLoop' && ev === 'CONFIG') out.push(steps.t[i]!);
  }
  out.push(trace.endT);
  return Float64Array.from(out).sort();
}
