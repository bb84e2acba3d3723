/**
 * Cause → effect pairs of steps for the timeline's arrows: the API server sending a
 * pod → the sync loop's config wake-up; a PLEG relist → the sync
 * loop's PLEG wake-up it caused; a sync loop wake-up for a pod (config, PLEG, probe)
 * → the next SyncPod of that pod. The pod of a wake-up is read from the klog line the
 * kubelet printed at that step ("SyncLoop (PLEG): event for pod" pod="ns/name").
 */
import { type Trace } from '../../sim';
import { parseEntityId } from './entityNames';

function unquote(v: string): unknown {
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

/** Pods named by the klog lines of each step (kv "pod" or "pods"). */
function podsByStep(trace: Trace): Map<number, string[]> {
  const m = new Map<number, string[]>();
  for (const l of trace.logs) {
    for (const [k, v] of l.kv) {
      if (k !== 'pod' && k !== 'pods') continue;
      const val = unquote(v);
      const pods = Array.isArray(val)
        ? val.filter((x): x is string => typeof x === 'string')
        : typeof val === 'string'
          ? [val]
          : [];
      if (pods.length === 0) continue;
      const arr = m.get(l.step) ?? [];
      for (const p of pods) if (!arr.includes(p)) arr.push(p);
      m.set(l.step, arr);
    }
  }
  return m;
}

const MAX_LINK_MS = 5_000;

export function causalLinks(trace: Trace): [number, number][] {
  const { steps, strings, entities } = trace;
  const pods = podsByStep(trace);
  const out: [number, number][] = [];
  // Next SyncPod START per pod, found by scanning forward from each wake-up.
  const syncPodStarts = new Map<string, number[]>();
  let lastRelist = -1;
  let lastApi = -1;
  const wakeups: { step: number; pods: string[] }[] = [];
  for (let i = 0; i < steps.t.length; i++) {
    const e = entities[steps.entity[i]!];
    if (!e) continue;
    const ev = strings[steps.event[i]!] ?? '';
    if (e.kind === 'apiServer' && ev === 'POD_CREATE') {
      lastApi = i;
    } else if (e.kind === 'pleg' && ev === 'RELIST') {
      // Only relists that found changes (they print GenericPLEG lines) cause anything.
      if (trace.logs.length === 0 || pods.has(i) || hasLogAt(trace, i)) lastRelist = i;
    } else if (e.kind === 'syncLoop' && ev !== 'xstate.init') {
      if (ev === 'PLEG' && lastRelist >= 0 && steps.t[lastRelist] === steps.t[i])
        out.push([lastRelist, i]);
      if (ev === 'CONFIG' && lastApi >= 0 && steps.t[lastApi] === steps.t[i]) {
        out.push([lastApi, i]);
        lastApi = -1;
      }
      const ps = pods.get(i);
      if ((ev === 'PLEG' || ev === 'CONFIG' || ev === 'PROBE') && ps)
        wakeups.push({ step: i, pods: ps });
    } else if (e.kind === 'syncPod' && ev === 'START') {
      const n = parseEntityId(e.id, e.kind);
      if (n.pod) {
        const arr = syncPodStarts.get(n.pod) ?? [];
        arr.push(i);
        syncPodStarts.set(n.pod, arr);
      }
    }
  }
  for (const w of wakeups) {
    for (const p of w.pods) {
      const starts = syncPodStarts.get(p);
      const next = starts?.find((s) => s > w.step);
      // A SyncPod long after the wake-up was caused by something else (a resync).
      if (next !== undefined && steps.t[next]! - steps.t[w.step]! <= MAX_LINK_MS)
        out.push([w.step, next]);
    }
  }
  return out;
}

function hasLogAt(trace: Trace, step: number): boolean {
  // Logs are in step order: binary search for the first line at or after `step`.
  const logs = trace.logs;
  let lo = 0;
  let hi = logs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (logs[mid]!.step < step) lo = mid + 1;
    else hi = mid;
  }
  return lo < logs.length && logs[lo]!.step === step;
}
