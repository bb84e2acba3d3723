/**
 * Which steps are "kubelet steps" worth stopping at: the ones that did something a
 * person would name (emitted an Event, a record, a klog line at -v≤2, moved a pod's
 * machine to another state, or woke the sync loop for a pod). Periodic ticks and
 * relists that found nothing are skipped. Also gives the instants of activity used to
 * find idle gaps.
 */
import type { Trace } from '../../sim/trace/types';

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
    if (POD_MACHINES.has(e.kind) && steps.from[i] !== steps.to[i]) mark[i] = 1;
    else if (e.kind === 'syncLoop' && POD_WAKEUPS.has(ev)) mark[i] = 1;
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (mark[i]) out.push(i);
  return Int32Array.from(out);
}

/** Times of the notable steps (sorted), where the run is busy. */
export function activityTimes(trace: Trace, notable: Int32Array): Float64Array {
  const out = new Float64Array(notable.length + 1);
  for (let i = 0; i < notable.length; i++) out[i] = trace.steps.t[notable[i]!]!;
  out[notable.length] = trace.endT;
  return out;
}
