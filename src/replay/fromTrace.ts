/**
 * The model's own run as replay events: its klog lines through the same message table
 * a real log goes through, and its Events as the "Event occurred" lines the kubelet logs
 * at V3 (client-go tools/record/event.go). Both sides of a comparison then share one
 * vocabulary.
 */
import type { SimulationRun } from '../sim';
import { Collector } from './collector';
import { klogFields } from './fields';
import { recognise } from './messages';
import { containerOfFieldPath } from './podRef';
import type { ReplayResult } from './types';

export function replayOfRun(run: SimulationRun): ReplayResult {
  const c = new Collector();
  const { logs, events } = run.trace;
  let li = 0;
  let ei = 0;
  // Merge in time order (then logs first at one instant, as the kubelet logs before recording).
  while (li < logs.length || ei < events.length) {
    const l = logs[li];
    const e = events[ei];
    if (l && (!e || l.t <= e.t)) {
      li++;
      const file = l.source.replace(/:\d+$/, '');
      const hit = recognise(file, l.msg, klogFields(new Map(l.kv)), (u) => c.uidPod.get(u));
      if (hit) c.add(l.t * 1000, 0, '', hit);
    } else if (e) {
      ei++;
      const fp = containerOfFieldPath(e.fieldPath ?? undefined);
      c.add(e.t * 1000, 0, '', {
        what: `Event${e.reason}`,
        pods: [e.object],
        container: fp?.name,
        init: fp?.init,
        data: { reason: e.reason, type: e.type, message: e.message },
      });
    }
  }
  return c.result();
}
