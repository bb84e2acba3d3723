/**
 * pkg/kubelet/util/pod_startup_latency_tracker.go (1.36, PR #131950; 1.26-1.35's record is kept
 * beside it for the releases' message tables):
 *   - ObservedPodOnWatch creates a pod's record the first time the watch shows it without a
 *     startTime (a pod the kubelet has not acknowledged), and later, once the record has an
 *     observedRunningTime, logs "Observed pod startup duration" once;
 *   - RecordImageStartedPulling / RecordImageFinishedPulling (image_manager.go, beside the
 *     Pulling and Pulled events) open a pull session and close the oldest open one (1.36; a
 *     present image's Pulled closes one too), and keep the first pull start and the last
 *     successful pull's end (1.26-1.35, which recorded only that);
 *   - RecordInitContainerStarted / Finished (kuberuntime_manager.go SyncPod): a regular init
 *     container's start (when the start helper returned) and, at the end of a later SyncPod's
 *     init step, its finish (FinishedAt) add up the init containers' runtime (1.36);
 *   - RecordStatusUpdated (status_manager.go, after a patch) sets observedRunningTime the first
 *     time every regular container is running (hasPodStartedSLO), logging V(3) "Mark when the
 *     pod was running for the first time".
 * 1.36: podStartSLOduration = (watch time − creation) − the sessions' union − the init runtime;
 * 1.26-1.35: (watch time − creation) − (lastFinishedPulling − firstStartedPulling).
 * The watch echo of a patch is modelled at the patch's instant.
 */
import { formatGoDuration } from '../core/time';
import type { EffectApi } from '../runner/types';
import type { PodDef } from './config';
import { klog, q } from './klog';
import type { ApiPodStatus, KubeletDomain, StartupLatencyState } from './types';
import { own } from '../core/cow';
import { table } from '../core/shapes';

type Api = Pick<EffectApi<KubeletDomain>, 'log' | 'domain' | 't'>;

const tracker = (d: KubeletDomain) => {
  d.startupLatency ??= table();
  return own(d, 'startupLatency')!;
};

/** Go's time.Time.String() on the run's wall clock; kubelet clock readings carry "m=+<s>". */
export function goTimeString(t: number | undefined, monotonicSince?: number): string {
  if (t === undefined) return '0001-01-01 00:00:00 +0000 UTC';
  const ms = Math.max(0, Math.floor(t));
  const s = Math.floor(ms / 1000);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const frac =
    ms % 1000
      ? `.${String(ms % 1000)
          .padStart(3, '0')
          .replace(/0+$/, '')}`
      : '';
  const wall = `2026-11-22 ${p2(10 + Math.floor(s / 3600))}:${p2(Math.floor((s % 3600) / 60))}:${p2(s % 60)}${frac} +0000 UTC`;
  if (monotonicSince === undefined) return wall;
  return `${wall} m=+${((ms - monotonicSince) / 1000).toFixed(9)}`;
}

/** ObservedPodOnWatch's first sighting: the pod is tracked if it has no startTime yet. */
export function observedOnWatch(d: KubeletDomain, uid: string, status: ApiPodStatus | undefined) {
  // Most sightings change nothing: the tracker is copied (core/cow.ts) only for a write.
  const st = (d.startupLatency ??= {});
  if (!st[uid] && status?.startTime === undefined) tracker(d)[uid] = {};
}

export function recordImageStartedPulling(d: KubeletDomain, uid: string, t: number): void {
  const s = own(tracker(d), uid);
  if (!s) return;
  if (s.firstStartedPulling === undefined) s.firstStartedPulling = t;
  s.pullStarts = [...(s.pullStarts ?? []), t];
}

/** A Pulled event: `pulled` when the image was pulled (not already present). */
export function recordImageFinishedPulling(
  d: KubeletDomain,
  uid: string,
  t: number,
  pulled: boolean,
): void {
  const s = own(tracker(d), uid);
  if (!s) return;
  if (pulled) s.lastFinishedPulling = t;
  const [start, ...rest] = s.pullStarts ?? [];
  if (start === undefined) return;
  s.pullStarts = rest;
  s.pullSessions = [...(s.pullSessions ?? []), [start, t]];
}

/** RecordInitContainerStarted: a regular init container's start helper returned. */
export function recordInitContainerStarted(d: KubeletDomain, uid: string, t: number): void {
  const s = d.startupLatency?.[uid];
  if (s) own(tracker(d), uid).initStartedAt = t;
}

/** RecordInitContainerFinished: the exited init container's FinishedAt, at SyncPod's init step. */
export function recordInitContainerFinished(d: KubeletDomain, uid: string, finishedAt: number) {
  const s0 = d.startupLatency?.[uid];
  if (!s0 || s0.initStartedAt === undefined) return;
  const s = own(tracker(d), uid);
  const took = finishedAt - s0.initStartedAt;
  if (took > 0) s.initRuntime = (s.initRuntime ?? 0) + took;
  s.initStartedAt = undefined;
}

/** calculateImagePullingTime: the sessions in order, overlaps counted once. */
export function imagePullingTime(sessions: readonly (readonly [number, number])[]): number {
  let total = 0;
  let end = -Infinity;
  sessions.forEach(([start, finish], i) => {
    if (i === 0 || start > end) {
      total += finish - start;
      end = finish;
    } else if (finish > end) {
      total += finish - end;
      end = finish;
    }
  });
  return total;
}

function hasPodStartedSLO(status: ApiPodStatus): boolean {
  return status.containerStatuses.every((c) => c.state.running !== undefined);
}

/** After a status patch: RecordStatusUpdated, then the watch echo's ObservedPodOnWatch. */
/** The volume kinds isStatefulPod counts as stateless (pod_startup_latency_tracker.go, 1.36). */
const STATELESS_VOLUMES = ['secret', 'configMap', 'downwardAPI', 'emptyDir', 'projected'];

/**
 * isStatefulPod (1.36): a volume of any other kind (a PVC, hostPath, …) makes the pod stateful.
 * spec.volumes is kept as written, not modelled: only its entries' kinds are read.
 */
export function isStatefulPod(pod: PodDef): boolean {
  const volumes = (pod.manifest.spec as { volumes?: unknown }).volumes;
  if (!Array.isArray(volumes)) return false;
  return volumes.some(
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      !STATELESS_VOLUMES.some((k) => (v as Record<string, unknown>)[k] != null),
  );
}

export function afterStatusPatch(api: Api, pod: PodDef, status: ApiPodStatus): void {
  const known = (api.domain.startupLatency ??= {})[pod.uid];
  if (status.phase === 'Failed' || status.phase === 'Succeeded') {
    if (known) delete tracker(api.domain)[pod.uid];
    return;
  }
  if (!known || known.recorded) return;
  const s: StartupLatencyState = own(tracker(api.domain), pod.uid);
  // RecordStatusUpdated's V(3) "Mark when the pod was running for the first time" carries the
  // pod's resourceVersion, which is not modelled: the line is left out.
  if (s.observedRunning === undefined && hasPodStartedSLO(status)) s.observedRunning = api.t;
  if (s.observedRunning === undefined || !hasPodStartedSLO(status)) return;
  const since = api.domain.kubeletStartedAt;
  const e2e = api.t - pod.at;
  const pulling = imagePullingTime(s.pullSessions ?? []);
  const init = s.initRuntime ?? 0;
  klog(api, 'Observed pod startup duration', [
    ['pod', q(pod.key)],
    ['podStartSLOduration', String((e2e - pulling - init) / 1000)],
    ['podStartE2EDuration', q(formatGoDuration(e2e))],
    ['totalImagesPullingTime', q(formatGoDuration(pulling))],
    ['totalInitContainerRuntime', q(formatGoDuration(init))],
    ['isStatefulPod', String(isStatefulPod(pod))],
    ['podCreationTimestamp', q(goTimeString(Math.floor(pod.at / 1000) * 1000))],
    ['imagePullSessionsCount', String(s.pullSessions?.length ?? 0)],
    ['imagePullSessionsStartsCount', String(s.pullStarts?.length ?? 0)],
    ['observedRunningTime', q(goTimeString(s.observedRunning, since))],
    ['watchObservedRunningTime', q(goTimeString(api.t, since))],
  ]);
  s.recorded = true;
}

/**
 * The line as 1.26-1.35 printed it (their key names by release), from the tracker's record of
 * the pod: "pod.CreationTimestamp" (1.26, "podCreationTimestamp" from 1.27), podStartE2EDuration
 * from 1.29, and the first pull's start and the last pull's end.
 */
export function observedStartupKVBefore136(
  d: KubeletDomain,
  pod: PodDef,
  t: number,
  kv: Readonly<Record<string, string>>,
  minor: number,
): [string, string][] {
  const s = d.startupLatency?.[pod.uid];
  const since = d.kubeletStartedAt;
  const e2e = t - pod.at;
  const pulling = (s?.lastFinishedPulling ?? 0) - (s?.firstStartedPulling ?? 0);
  const out: [string, string][] = [['pod', q(pod.key)]];
  out.push(['podStartSLOduration', String((e2e - pulling) / 1000)]);
  if (minor >= 29) out.push(['podStartE2EDuration', q(formatGoDuration(e2e))]);
  out.push([
    minor >= 27 ? 'podCreationTimestamp' : 'pod.CreationTimestamp',
    q(kv.podCreationTimestamp ?? ''),
  ]);
  out.push(['firstStartedPulling', q(goTimeString(s?.firstStartedPulling, since))]);
  out.push(['lastFinishedPulling', q(goTimeString(s?.lastFinishedPulling, since))]);
  out.push(['observedRunningTime', q(kv.observedRunningTime ?? '')]);
  out.push(['watchObservedRunningTime', q(kv.watchObservedRunningTime ?? '')]);
  return out;
}
