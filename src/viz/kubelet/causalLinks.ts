/**
 * Cause → effect pairs of steps for the timeline's arrows, read from the trace's recorded
 * causes (`steps.cause`: the step whose action enqueued each step's event):
 *   - a sync loop wake-up (config, PLEG, probe) ← the step that sent it (the API server, the
 *     PLEG relist, the probe worker);
 *   - a SyncPod ← the wake-up that set it going: its START came from the pod worker, whose
 *     chain of steps leads back to a sync loop wake-up; a worker that waited in GetNewerThan
 *     was set going by the update it was waiting with (the PLEG relist only unblocked it).
 */
import type { Trace } from '../../sim/trace/types';

const WAKEUPS = new Set(['CONFIG', 'PLEG', 'PROBE']);

export function causalLinks(trace: Trace): [number, number][] {
  const { steps, strings, entities } = trace;
  const out: [number, number][] = [];
  const kindOf = (i: number) => entities[steps.entity[i]!]?.kind;
  // The previous step of each step's entity, for the pod worker's own chain.
  const prevOfEntity = new Int32Array(steps.t.length).fill(-1);
  const lastOf = new Map<number, number>();
  for (let i = 0; i < steps.t.length; i++) {
    const e = steps.entity[i]!;
    prevOfEntity[i] = lastOf.get(e) ?? -1;
    lastOf.set(e, i);
  }
  for (let i = 0; i < steps.t.length; i++) {
    const cause = steps.cause[i]!;
    if (cause < 0) continue;
    const kind = kindOf(i);
    const ev = strings[steps.event[i]!] ?? '';
    if (kind === 'syncLoop' && WAKEUPS.has(ev)) {
      out.push([cause, i]);
    } else if (kind === 'syncPod' && ev === 'START') {
      // Walk back through the pod worker's own steps to what set it going.
      let origin = cause;
      while (origin >= 0 && kindOf(origin) === 'podWorker')
        origin =
          strings[steps.event[origin]!] === 'CACHE_READY'
            ? prevOfEntity[origin]!
            : steps.cause[origin]!;
      const originKind = origin >= 0 ? kindOf(origin) : undefined;
      if (originKind === 'syncLoop' || originKind === 'pleg') out.push([origin, i]);
    }
  }
  return out;
}
