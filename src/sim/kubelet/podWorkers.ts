/**
 * podWorkers.UpdatePod (pkg/kubelet/pod_workers.go), which runs on the caller's goroutine
 * (the sync loop): creates the podSyncStatus and the worker goroutine on first sight, moves the
 * pod to terminating when it is deleted or killed, stores the pending update (coalesced) and
 * signals the worker's channel unless it is busy. Also the work queue (queue.BasicWorkQueue)
 * that feeds the 1 s sync ticker, bucketed by tick so GetWork touches only due items.
 */
import { deriveSeed } from '../core/prng';
import type { PodWorkerInput } from '../machines/podWorker.machine';
import type { Env, Api } from './env';
import { podWorkerId, syncPodId } from './ids';
import { klog, podKV, q } from './klog';
import { podUpdateKVWith } from './podKVs';
import type { KubeletDomain, PodSyncStatus, SyncPodType, WorkType } from './types';
import { own, own2 } from '../core/cow';

export const SYNC_TICK_MS = 1000;

/** podSyncStatus.WorkType(). */
export function workType(s: PodSyncStatus): WorkType {
  if (s.terminatedAt !== undefined) return 'terminated';
  if (s.terminatingAt !== undefined) return 'terminating';
  return 'sync';
}

/**
 * podWorkers.ShouldPodContentBeRemoved: a deleted pod's content goes once it is terminated
 * (IsTerminated: SyncTerminatingPod returned, having stored the status with the containers' end
 * states), an evicted pod's at once (IsEvicted); a pod the workers never had, once they were synced
 * (podsSynced, the first housekeeping's SyncKnownPods).
 */
export function shouldPodContentBeRemoved(d: KubeletDomain, uid: string): boolean {
  const s = d.workers[uid];
  if (s) return s.evicted !== undefined || (!!s.deleted && s.terminatedAt !== undefined);
  return d.podsSynced;
}

/** workQueue.Enqueue(uid, delay): replaces any earlier entry. */
export function enqueueWork(d: KubeletDomain, uid: string, due: number): void {
  own2(d, 'workers', uid).queuedDue = due;
  // GetWork returns items due strictly before the tick: the first tick after `due`.
  const tick = Math.floor(due / SYNC_TICK_MS) + 1;
  const buckets = own(d, 'workBuckets');
  if (buckets[tick]) own(buckets, tick).push(uid);
  else buckets[tick] = [uid];
}

/** workQueue.GetWork at a sync tick: uids whose due time is before now. */
export function getWork(d: KubeletDomain, now: number): string[] {
  const tick = Math.floor(now / SYNC_TICK_MS);
  const bucket = d.workBuckets[tick];
  if (!bucket) return [];
  delete own(d, 'workBuckets')[tick];
  const out: string[] = [];
  for (const uid of bucket) {
    const due = d.workers[uid]?.queuedDue;
    if (due !== undefined && due < now && !out.includes(uid)) {
      out.push(uid);
      own2(d, 'workers', uid).queuedDue = undefined;
    }
  }
  return out;
}

/** killPodNow's KillPodOptions for an eviction: Evict, the status function's message, the override. */
export interface EvictOptions {
  readonly message: string;
  readonly graceSeconds: number;
}

export function updatePod(
  env: Env,
  api: Api,
  uid: string,
  updateType: SyncPodType,
  evict?: EvictOptions,
): void {
  const d = api.domain;
  const pod = env.cfg.pods[uid]!;
  const rec = d.pods[uid];
  let s = own2(d, 'workers', uid);
  if (!s) {
    klog(api, 'Pod is being synced for the first time', [
      ...podKV(pod.key, uid),
      ['updateType', `"${updateType}"`],
    ]);
    s = own(d, 'workers')[uid] = { syncedAt: api.t, working: false, lastSyncT: -1 };
    api.spawn('podWorker', podWorkerId(pod.key), {
      uid,
      // The worker's own stream for completeWork's wait.Jitter.
      rng: deriveSeed(env.cfg.seed, `podWorker/${uid}`),
      resyncMs: env.cfg.syncFrequencyMs,
    } satisfies PodWorkerInput);
    api.spawn('syncPod', syncPodId(pod.key), { uid });
  }
  if (s.finished) return;
  let becameTerminating = false;
  if (s.terminatingAt === undefined && (rec?.deletionAt !== undefined || updateType === 'kill')) {
    klog(
      api,
      rec?.deletionAt !== undefined
        ? 'Pod is marked for graceful deletion, begin teardown'
        : evict
          ? 'Pod is being evicted by the kubelet, begin teardown'
          : 'Pod is being removed by the kubelet, begin teardown',
      podUpdateKVWith(pod, updateType, '', ''),
    );
    s.terminatingAt = api.t;
    s.deleted = rec?.deletionAt !== undefined;
    becameTerminating = true;
  }
  if (s.terminatingAt !== undefined && s.terminatedAt === undefined) {
    // The status function (statusPostTerminating) SyncTerminatingPod applies.
    if (evict) s.evicted ??= evict.message;
    // calculateEffectiveGracePeriod: can only shrink; minimum 1 s. An eviction's override of 0
    // (a hard threshold before 1.31) reads as unset: the grace period stays the pod's own.
    let want = Math.max(1, rec?.deletionGraceSeconds ?? pod.terminationGraceSeconds);
    if (evict && evict.graceSeconds > 0) want = Math.min(want, evict.graceSeconds);
    s.gracePeriodSeconds = Math.min(s.gracePeriodSeconds ?? want, want);
  }
  s.pending = updateType;
  s.pendingCause = api.step;
  klog(
    api,
    'Notifying pod of pending update',
    podUpdateKVWith(pod, updateType, 'workType', q(workType(s))),
  );
  if (!s.working) {
    s.working = true;
    api.send(podWorkerId(pod.key), { type: 'UPDATE' });
  } else if (becameTerminating && s.activeWork === 'sync') {
    // The runtime SyncPod runs with context.WithoutCancel, so the cancellation only ends the
    // sync's waiting parts; the containers being started still finish.
    klog(
      api,
      'Cancelling current pod sync',
      podUpdateKVWith(pod, updateType, 'workType', q(workType(s))),
    );
  }
}
