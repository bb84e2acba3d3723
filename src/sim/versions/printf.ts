/**
 * Values as the printf-era kubelets (glog in 1.3, klog v1 in 1.18) printed them with %v, %q and
 * %#v: format.Pod "name_ns(uid)", format.Pods joined with ", ", the PLEG event struct, a Go
 * []string. Shared by both versions' message tables.
 */
import type { KubeletRun, PodDef } from '../kubelet/config';
import { formatPod } from '../kubelet/format';
import { goq, P, type KlogTable, type LineArgs } from './messages';

/** format.Pod of the pod a line names, or the "ns/name" itself when the run has no such pod. */
export function fpod(a: LineArgs, key = a.kv.pod ?? ''): string {
  if (a.pod && a.pod.key === key) return formatPod(a.pod);
  const uid = a.run.byKey[key];
  return uid !== undefined ? formatPod(a.run.pods[uid]!) : key;
}

/** format.Pods of a klog.KObjSlice value ["ns/a","ns/b"]. */
export function fpods(run: KubeletRun, slice: string | undefined): string {
  let keys: string[];
  try {
    keys = JSON.parse(slice ?? '[]') as string[];
  } catch {
    keys = [];
  }
  return keys
    .map((k) => {
      const uid = run.byKey[k];
      return uid !== undefined ? formatPod(run.pods[uid]!) : k;
    })
    .join(', ');
}

/** %#v of a *pleg.PodLifecycleEvent, from the structured line's JSON event value. */
export function plegEvent(json: string | undefined): string {
  let e: { ID?: string; Type?: string; Data?: unknown };
  try {
    e = JSON.parse(json ?? '{}') as typeof e;
  } catch {
    e = {};
  }
  const data = typeof e.Data === 'string' ? goq(e.Data) : JSON.stringify(e.Data ?? '');
  return `&pleg.PodLifecycleEvent{ID:${goq(e.ID ?? '')}, Type:${goq(e.Type ?? '')}, Data:${data}}`;
}

/** A Go []string printed with %v: [sh -c exit 1]. */
export function goStrings(json: string | undefined): string {
  try {
    return `[${(JSON.parse(json ?? '[]') as string[]).join(' ')}]`;
  } catch {
    return json ?? '[]';
  }
}

/** The pod of a container id, as the PLEG and the deletor name pods. */
export function podOfContainer(a: LineArgs, id: string): PodDef | undefined {
  const r = a.domain.runtime.containers[id] ?? a.domain.runtime.sandboxes[id];
  return r ? a.run.pods[r.podUid] : undefined;
}

/** The container id without its runtime scheme ("containerd://x" -> "x"). */
export const bareId = (id: string): string => id.replace(/^[a-z]+:\/\//, '');

type SyncLoopId =
  | 'SyncLoop ADD'
  | 'SyncLoop UPDATE'
  | 'SyncLoop REMOVE'
  | 'SyncLoop RECONCILE'
  | 'SyncLoop DELETE'
  | 'SyncLoop (PLEG): event for pod'
  | 'SyncLoop (PLEG): pod does not exist, ignore irrelevant event'
  | 'SyncLoop (SYNC) pods'
  | 'SyncLoop (probe)'
  | 'SyncLoop (housekeeping)';

/** Where kubelet.go's syncLoopIteration printed each of its printf lines in a release. */
export interface SyncLoopLines {
  readonly add: number;
  readonly update: number;
  readonly remove: number;
  readonly reconcile: number;
  /** DELETE's line; 1.3 had no DELETE op and printed the deletion as an UPDATE. */
  readonly delete: { readonly line: number; readonly op: 'DELETE' | 'UPDATE' };
  readonly pleg: number;
  readonly plegIgnore: number;
  readonly sync: number;
  readonly probe: number;
  readonly housekeeping: number;
}

/**
 * syncLoopIteration's printf lines (glog/klog before structured logging): the same texts in 1.3
 * and 1.18-1.20, at the lines of `kubeletGo` each release gives.
 */
export function syncLoopPrintf(kubeletGo: string, at: SyncLoopLines): Pick<KlogTable, SyncLoopId> {
  const op = (name: string, line: number, v: number) =>
    P(
      `${kubeletGo}:${line}`,
      v,
      (a) => `SyncLoop (${name}, ${goq(a.kv.source ?? 'api')}): ${goq(fpods(a.run, a.kv.pods))}`,
    );
  return {
    'SyncLoop ADD': op('ADD', at.add, 2),
    'SyncLoop UPDATE': op('UPDATE', at.update, 2),
    'SyncLoop REMOVE': op('REMOVE', at.remove, 2),
    'SyncLoop RECONCILE': op('RECONCILE', at.reconcile, 4),
    'SyncLoop DELETE': op(at.delete.op, at.delete.line, 2),
    'SyncLoop (PLEG): event for pod': P(
      `${kubeletGo}:${at.pleg}`,
      2,
      (a) => `SyncLoop (PLEG): ${goq(fpod(a))}, event: ${plegEvent(a.kv.event)}`,
    ),
    'SyncLoop (PLEG): pod does not exist, ignore irrelevant event': P(
      `${kubeletGo}:${at.plegIgnore}`,
      4,
      (a) => `SyncLoop (PLEG): ignore irrelevant event: ${plegEvent(a.kv.event)}`,
    ),
    'SyncLoop (SYNC) pods': P(
      `${kubeletGo}:${at.sync}`,
      4,
      (a) => `SyncLoop (SYNC): ${a.kv.total ?? '0'} pods; ${fpods(a.run, a.kv.pods)}`,
    ),
    // Only liveness failures reached the printf-era sync loop (livenessManager.Updates()).
    'SyncLoop (probe)': P(`${kubeletGo}:${at.probe}`, 1, (a) =>
      a.kv.probe === 'liveness' && a.kv.status !== 'success'
        ? `SyncLoop (container unhealthy): ${goq(fpod(a))}`
        : null,
    ),
    'SyncLoop (housekeeping)': P(
      `${kubeletGo}:${at.housekeeping}`,
      4,
      () => 'SyncLoop (housekeeping)',
    ),
  };
}
