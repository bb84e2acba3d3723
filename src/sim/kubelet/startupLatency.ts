/**
 * pkg/kubelet/util/pod_startup_latency_tracker.go (the field set of ~v1.26–v1.33):
 *   - ObservedPodOnWatch creates a pod's record the first time the watch shows it without a
 *     startTime (a pod the kubelet has not acknowledged), and later, once the record has an
 *     observedRunningTime, logs "Observed pod startup duration" once;
 *   - RecordImageStartedPulling / RecordImageFinishedPulling (image_manager.go, beside the
 *     Pulling and successful Pulled events) keep the first pull start and the last pull end;
 *   - RecordStatusUpdated (status_manager.go, after a patch) sets observedRunningTime the first
 *     time every regular container is running (hasPodStartedSLO), logging V(3) "Mark when the
 *     pod was running for the first time".
 * podStartSLOduration = (watch time − creation) − (lastFinishedPulling − firstStartedPulling).
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
  if (s && s.firstStartedPulling === undefined) s.firstStartedPulling = t;
}

export function recordImageFinishedPulling(d: KubeletDomain, uid: string, t: number): void {
  const s = own(tracker(d), uid);
  if (s) s.lastFinishedPulling = t;
}

function hasPodStartedSLO(status: ApiPodStatus): boolean {
  return status.containerStatuses.every((c) => c.state.running !== undefined);
}

/** After a status patch: RecordStatusUpdated, then the watch echo's ObservedPodOnWatch. */
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
  const pulling = (s.lastFinishedPulling ?? 0) - (s.firstStartedPulling ?? 0);
  klog(api, 'Observed pod startup duration', [
    ['pod', q(pod.key)],
    ['podStartSLOduration', String((e2e - pulling) / 1000)],
    ['podStartE2EDuration', q(formatGoDuration(e2e))],
    ['podCreationTimestamp', q(goTimeString(Math.floor(pod.at / 1000) * 1000))],
    ['firstStartedPulling', q(goTimeString(s.firstStartedPulling, since))],
    ['lastFinishedPulling', q(goTimeString(s.lastFinishedPulling, since))],
    ['observedRunningTime', q(goTimeString(s.observedRunning, since))],
    ['watchObservedRunningTime', q(goTimeString(api.t, since))],
  ]);
  s.recorded = true;
}
