/**
 * Which steps are "kubelet steps" worth stopping at: the ones that did something a
 * person would name (emitted an Event, a record, a klog line at -v≤2, moved a pod's
 * machine to another state, or woke the sync loop for a pod). Periodic ticks and
 * relists that found nothing are skipped. Also gives the instants of activity used to
 * find idle gaps.
 */
import { type Trace } from '../../sim';
import { entityRoles, NO_ENTITY, stringFlags } from './traceFlags';

const POD_MACHINES = new Set([
  'podWorker',
  'syncPod',
  'startContainer',
  'imagePuller',
  'cpuManager',
  // The kubelet process starting, stopping or failing to start.
  'kubeletProcess',
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
  // What each entity and string is, once, not per step (~65k steps on the 110-pod node).
  const role = entityRoles(entities, (k) =>
    POD_MACHINES.has(k)
      ? k === 'podWorker'
        ? POD_WORKER
        : POD_MACHINE
      : k === 'syncLoop'
        ? SYNC_LOOP
        : 0,
  );
  const init = stringFlags(strings, (s) => s === 'xstate.init');
  const wakeup = stringFlags(strings, (s) => POD_WAKEUPS.has(s));
  const idleSub = stringFlags(strings, (s) => s.startsWith('idle.'));
  for (let i = 0; i < n; i++) {
    if (mark[i]) continue;
    const r = role[steps.entity[i]!];
    if (r === undefined || r === NO_ENTITY) continue;
    const ev = steps.event[i]!;
    if (init[ev] === 1) continue;
    const from = steps.from[i]!;
    const to = steps.to[i]!;
    if ((r === POD_MACHINE || r === POD_WORKER) && from !== to) {
      // A pod worker's work-queue entry coming due (idle.requeued -> idle.due) does nothing.
      const idleToIdle = r === POD_WORKER && idleSub[from] === 1 && idleSub[to] === 1;
      if (!idleToIdle) mark[i] = 1;
    } else if (r === SYNC_LOOP && wakeup[ev] === 1) mark[i] = 1;
  }
  let count = 0;
  for (let i = 0; i < n; i++) count += mark[i]!;
  const out = new Int32Array(count);
  for (let i = 0, j = 0; i < n; i++) if (mark[i]) out[j++] = i;
  return out;
}

/*
 * The CPU manager's reconcile loop is not here: it ticks every cpuManagerReconcilePeriod
 * whatever happens, and a tick nothing depends on must not split an idle stretch into a row of
 * identical collapsed gaps. A reconcile that frees CPUs counts through its changed snapshot.
 */
const PROGRESS_MACHINES = new Set(['startContainer', 'imagePuller', 'kubeletProcess']);

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
  let cpus = '';
  for (const r of trace.records) {
    // A CPU manager snapshot counts when the CPUs changed hands.
    if (r.kind === 'cpuAssignments') {
      const now = JSON.stringify(r.data);
      if (now !== cpus) out.push(r.t);
      cpus = now;
    }
    // Probe results count only while a container waits for them (busyIntervals).
    else if (r.kind !== 'podStatus' && r.kind !== 'resourceAssignments' && r.kind !== 'probe')
      out.push(r.t);
  }
  const { steps, strings, entities } = trace;
  const role = entityRoles(entities, (k) =>
    PROGRESS_MACHINES.has(k) ? PROGRESS_MACHINE : k === 'syncLoop' ? SYNC_LOOP : 0,
  );
  const init = stringFlags(strings, (s) => s === 'xstate.init');
  const config = stringFlags(strings, (s) => s === 'CONFIG');
  for (let i = 0; i < steps.t.length; i++) {
    const r = role[steps.entity[i]!];
    if (r === undefined || r === NO_ENTITY) continue;
    const ev = steps.event[i]!;
    if (init[ev] === 1) continue;
    if (r === PROGRESS_MACHINE && steps.from[i] !== steps.to[i]) out.push(steps.t[i]!);
    else if (r === SYNC_LOOP && config[ev] === 1) out.push(steps.t[i]!);
  }
  out.push(trace.endT);
  return Float64Array.from(out).sort();
}

/** An entity's role for the step loops above, by its kind. */
const POD_MACHINE = 1;
const POD_WORKER = 2;
const SYNC_LOOP = 3;
const PROGRESS_MACHINE = 4;
