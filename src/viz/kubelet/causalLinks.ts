/**
 * Cause → effect pairs of steps for the timeline's arrows, read from the trace's recorded
 * causes (`steps.cause`: the step whose action enqueued each step's event):
 *   - a sync loop wake-up (config, PLEG, probe) ← the step that sent it (the API server, the
 *     PLEG relist, the probe worker);
 *   - a SyncPod ← the wake-up that set it going: its START came from the pod worker, whose
 *     chain of steps leads back to a sync loop wake-up; a worker that waited in GetNewerThan
 *     was set going by the update it was waiting with (the PLEG relist only unblocked it).
 */
import type { Trace } from '../../sim';
import { entityRoles, stringFlags } from './traceFlags';

const WAKEUPS = new Set(['CONFIG', 'PLEG', 'PROBE']);

export function causalLinks(trace: Trace): [number, number][] {
  const { steps, strings, entities } = trace;
  const out: [number, number][] = [];
  const n = steps.t.length;
  // Each entity's kind and each string's meaning, looked up once (~65k steps on the 110-pod node).
  const role = entityRoles(entities, (k) => ROLE.get(k) ?? 0);
  const roleOf = (i: number) => role[steps.entity[i]!] ?? 0;
  const wakeup = stringFlags(strings, (s) => WAKEUPS.has(s));
  const start = stringFlags(strings, (s) => s === 'START');
  const cacheReady = stringFlags(strings, (s) => s === 'CACHE_READY');
  // The previous step of each step's entity, for the pod worker's own chain.
  let entityCount = entities.length;
  for (let i = 0; i < n; i++) entityCount = Math.max(entityCount, steps.entity[i]! + 1);
  const prevOfEntity = new Int32Array(n);
  const lastOf = new Int32Array(entityCount).fill(-1);
  for (let i = 0; i < n; i++) {
    const e = steps.entity[i]!;
    prevOfEntity[i] = lastOf[e] ?? -1;
    lastOf[e] = i;
  }
  for (let i = 0; i < n; i++) {
    const cause = steps.cause[i]!;
    if (cause < 0) continue;
    const r = roleOf(i);
    const ev = steps.event[i]!;
    if (r === SYNC_LOOP && wakeup[ev] === 1) {
      out.push([cause, i]);
    } else if (r === SYNC_POD && start[ev] === 1) {
      // Walk back through the pod worker's own steps to what set it going.
      let origin = cause;
      while (origin >= 0 && roleOf(origin) === POD_WORKER)
        origin =
          cacheReady[steps.event[origin]!] === 1 ? prevOfEntity[origin]! : steps.cause[origin]!;
      const originRole = origin >= 0 ? roleOf(origin) : 0;
      if (originRole === SYNC_LOOP || originRole === PLEG) out.push([origin, i]);
    }
  }
  return out;
}

const SYNC_LOOP = 1;
const SYNC_POD = 2;
const POD_WORKER = 3;
const PLEG = 4;
const ROLE = new Map([
  ['syncLoop', SYNC_LOOP],
  ['syncPod', SYNC_POD],
  ['podWorker', POD_WORKER],
  ['pleg', PLEG],
]);
