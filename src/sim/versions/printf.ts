/**
 * Values as the printf-era kubelets (glog in 1.3, klog v1 in 1.18) printed them with %v, %q and
 * %#v: format.Pod "name_ns(uid)", format.Pods joined with ", ", the PLEG event struct, a Go
 * []string. Shared by both versions' message tables.
 */
import type { KubeletRun, PodDef } from '../kubelet/config';
import { formatPod } from '../kubelet/format';
import { goq, type LineArgs } from './messages';

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
