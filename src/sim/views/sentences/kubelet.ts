/**
 * The node-wide goroutines: the kubelet process, its sync loop (Kubelet.syncLoop /
 * syncLoopIteration), the pod workers (pod_workers.go), the PLEG (pleg/generic.go), and the two
 * processes outside the kubelet the model drives (the API server, containerd).
 */
import { dur, list, pod, type SentenceRules } from './rule';
import type { StepFacts } from './facts';

const pods = (f: StepFacts) => list(f.causedPods);

const startsWhat = (f: StepFacts) =>
  `${f.go.cpuManager ? 'container manager and CPU manager' : 'container manager'}, status manager, PLEG, then syncLoop`;

export const kubeletProcess: SentenceRules = [
  { event: 'init', say: () => 'The kubelet process is not running yet.' },
  {
    event: 'START',
    from: 'exited',
    say: (f) => `The kubelet is started again (Kubelet.Run): ${startsWhat(f)}.`,
  },
  {
    event: 'START',
    say: (f) => `The kubelet starts (Kubelet.Run): ${startsWhat(f)}.`,
  },
  {
    event: 'after:restartSec',
    say: () => 'systemd starts the kubelet again after RestartSec (10 s).',
  },
  {
    to: 'exited',
    guard: 'the kubelet failed to start',
    say: () =>
      'The kubelet failed to start (run returned an error, e.g. the CPU manager checkpoint names another policy) and exited; systemd restarts it after RestartSec.',
  },
  {
    to: 'running',
    say: () => 'Kubelet.Run reached syncLoop: the kubelet is running.',
  },
  {
    event: 'STOP',
    from: 'running',
    say: () =>
      'The kubelet process stops (a restart or a configuration change): what it kept in memory is lost; containers keep running.',
  },
  { event: 'STOP', say: () => 'The kubelet is already down: the stop changes nothing.' },
];

export const apiServer: SentenceRules = [
  { event: 'init', say: () => 'The API server is serving.' },
  {
    event: 'POD_CREATE',
    say: (f) =>
      `The scheduler bound ${pods(f) || 'a pod'} to this node; the API server's watch sends it to the kubelet's config source.`,
  },
  {
    event: 'POD_DELETE',
    say: (f) =>
      `${pods(f) ? `Pod ${pods(f)}` : 'A pod'} is deleted: the API server sets its deletionTimestamp and the watch tells the kubelet.`,
  },
  {
    event: 'POD_RESIZE',
    say: (f) =>
      `${pods(f) ? `Pod ${pods(f)}` : 'A pod'} is resized (its resize subresource): the API server writes the containers' new resources into the spec and the watch sends the kubelet an UPDATE.`,
  },
  {
    event: 'POD_REMOVE',
    say: () =>
      'The status manager reported the pod terminated: the API server removes the pod object and the watch tells the kubelet.',
  },
];

export const evictionManager: SentenceRules = [
  {
    event: 'init',
    say: () => 'The eviction manager watches the node’s signals against its thresholds.',
  },
  {
    event: 'EVICT',
    say: () =>
      'evictPod: a hard eviction threshold is met and the eviction manager picks this pod: it records the Evicted Event and kills the pod through the pod worker (killPodNow), which will end it Failed with reason Evicted.',
  },
];

export const containerRuntime: SentenceRules = [
  { event: 'init', say: () => 'containerd is serving the CRI.' },
  {
    event: 'EXIT',
    say: (f) => {
      const x = f.record('containerExited');
      const code = x?.exitCode !== undefined ? ` with exit code ${x.exitCode}` : '';
      return `A container's process exited${code}; the PLEG's next relist will see it.`;
    },
  },
  {
    event: 'STOPPED',
    say: () => 'containerd stopped the container: CRI StopContainer returns to the kubelet.',
  },
];

export const syncLoop: SentenceRules = [
  {
    event: 'init',
    say: () =>
      'Kubelet.syncLoop starts ("Starting kubelet main sync loop"): a 1 s syncTicker and a 2 s housekeepingTicker.',
  },
  {
    event: 'CONFIG',
    guard: 'the update’s resize is infeasible',
    say: (f) =>
      `syncLoopIteration: SyncLoop UPDATE for ${pods(f) || 'the pod'} (a resize): HandlePodUpdates asks the allocation manager first (PushPendingResize, RetryPendingResizes): canResizePod finds it Infeasible, the pod gets PodResizePending and keeps its allocation; then podWorkers.UpdatePod.`,
  },
  {
    event: 'CONFIG',
    guard: 'the update’s resize is deferred',
    say: (f) =>
      `syncLoopIteration: SyncLoop UPDATE for ${pods(f) || 'the pod'} (a resize): HandlePodUpdates asks the allocation manager first: canAdmitPod finds no room for the new requests, so the resize is Deferred (PodResizePending) and stays in the pending resizes, retried later; then podWorkers.UpdatePod.`,
  },
  {
    event: 'CONFIG',
    guard: 'the update’s resize fits',
    say: (f) =>
      `syncLoopIteration: SyncLoop UPDATE for ${pods(f) || 'the pod'} (a resize): HandlePodUpdates asks the allocation manager first: the new requests fit, SetAllocatedResources checkpoints them and the pod gets PodResizeInProgress${f.version >= '1.35' ? ' (ResizeStarted)' : ''}; triggerPodSync and podWorkers.UpdatePod hand it to its worker, whose SyncPod applies it.`,
  },
  {
    event: 'CONFIG',
    guard: 'a removal with pending resizes',
    say: () =>
      'syncLoopIteration: SyncLoop REMOVE: HandlePodRemoves forgets the pod and stops its probe workers, then the allocation manager retries the Deferred resizes (RetryPendingResizes): one that now fits is allocated and its pod synced.',
  },
  {
    event: 'CONFIG',
    say: (f) => {
      const who = pods(f);
      if (f.causeEvent === 'POD_DELETE')
        return `syncLoopIteration: SyncLoop DELETE for ${who || 'the pod'}: HandlePodUpdates tells its worker to terminate it (graceful deletion).`;
      if (f.causeEvent === 'POD_RESIZE')
        return `syncLoopIteration: SyncLoop UPDATE for ${who || 'the pod'} (a resize): HandlePodUpdates hands the new spec to its pod worker.`;
      if (f.causeEvent === 'POD_REMOVE')
        return 'syncLoopIteration: SyncLoop REMOVE: HandlePodRemoves forgets the pod and stops its probe workers.';
      const rejected = f.record('podRejected');
      if (rejected)
        return `syncLoopIteration: SyncLoop ADD: HandlePodAdditions runs canAdmitPod, which rejects the pod (${rejected.reason}); rejectPod sets its phase Failed.`;
      const again =
        f.causeKind === 'kubeletProcess' ? ' after the restart (every pod comes again)' : '';
      return `syncLoopIteration: SyncLoop ADD${again}: HandlePodAdditions admits ${who || 'the pod'} (canAdmitPod) and podWorkers.UpdatePod hands it to its pod worker.`;
    },
  },
  {
    event: 'PLEG',
    when: (f) => f.record('plegConditionMet') !== undefined,
    say: (f) =>
      `SyncLoop (PLEG): the relist re-inspected ${pods(f) || 'the pod'} for doPodResizeAction's watch condition (SetPodWatchCondition) and sent ConditionMet; HandlePodSyncs syncs the pod.`,
  },
  {
    event: 'PLEG',
    say: (f) =>
      f.causedPods.length
        ? `SyncLoop (PLEG): the relist saw a container of ${pods(f)} change state; HandlePodSyncs wakes its pod worker.`
        : f.laterPods.length
          ? `SyncLoop (PLEG): a container of ${list(f.laterPods)} changed state; its pod worker is busy and takes the update when its sync returns.`
          : 'SyncLoop (PLEG): a container event that wakes no worker (its update is already pending, or the pod is gone).',
  },
  {
    event: 'PROBE',
    say: (f) =>
      f.causedPods.length
        ? `SyncLoop (probe): a probe result for ${pods(f)}; the status manager records it and HandlePodSyncs syncs the pod.`
        : f.laterPods.length
          ? `SyncLoop (probe): a probe result for ${list(f.laterPods)}; its pod worker is busy and takes the update when its sync returns.`
          : 'SyncLoop (probe): a probe result; the status manager records it (no worker to wake).',
  },
  {
    event: 'after:syncTickerPeriod',
    say: (f) =>
      f.causedPods.length
        ? `syncTicker (1 s): getPodsToSync finds ${pods(f)} due (its work-queue entry expired); HandlePodSyncs wakes its worker.`
        : 'syncTicker (1 s): getPodsToSync finds no pod due; the sync loop waits in its select.',
  },
  {
    event: 'after:housekeepingPeriod',
    say: (f) =>
      f.causedPods.length
        ? `housekeepingTicker (2 s): HandlePodCleanups tidies after ${pods(f)}.`
        : 'housekeepingTicker (2 s): HandlePodCleanups finds nothing to clean up.',
  },
];

const requeueWhy = (f: StepFacts) =>
  f.nextEvent === 'after:requeueDelay' && f.untilNext !== undefined
    ? ` (here ${dur(f.untilNext)})`
    : '';

export const podWorker: SentenceRules = [
  {
    event: 'init',
    say: (f) =>
      `podWorkers.UpdatePod: the first update for ${pod(f)} starts its pod worker goroutine (${f.go.podWorkerLoop}).`,
  },
  {
    event: 'UPDATE',
    to: 'cacheReady',
    say: (f) => {
      const why =
        f.from === 'idle.due'
          ? 'its resync is due'
          : f.from === 'idle.notQueued'
            ? 'its first update'
            : 'an update came before its requeue';
      return `${pod(f)}'s pod worker wakes (${why}); podCache.GetNewerThan returns at once: the PLEG's cache is newer than its last sync.`;
    },
  },
  {
    event: 'UPDATE',
    to: 'waitingForCache',
    say: (f) =>
      `${pod(f)}'s pod worker wakes and blocks in podCache.GetNewerThan until the PLEG's next relist writes a newer cache entry.`,
  },
  {
    event: 'CACHE_READY',
    to: 'syncing',
    say: (f) =>
      `The PLEG's relist updated the pod cache: ${pod(f)}'s worker goes on and calls ${f.go.syncPod}.`,
  },
  {
    to: 'terminated',
    say: (f) =>
      f.go.syncTerminatedPod
        ? `${pod(f)}'s containers are all stopped: its worker calls ${f.go.syncTerminatedPod}.`
        : `${pod(f)}'s containers are all stopped: nothing is left for its worker to do.`,
  },
  {
    event: 'after:getNewerThan',
    to: 'syncing',
    say: (f) => `${pod(f)}'s worker (${f.go.podWorkerLoop}) calls ${f.go.syncPod}.`,
  },
  {
    to: 'terminating',
    guard: 'pod is terminating',
    say: (f) =>
      `${pod(f)} is being deleted: its worker calls ${f.go.syncTerminatingPod}, which kills its running containers (Killing).`,
  },
  {
    to: 'idle.requeued',
    guard: 'no containers running',
    say: (f) =>
      `${f.go.syncTerminatingPod}: nothing of ${pod(f)} is running; the worker requeues at once for what comes next.`,
  },
  {
    event: 'SYNC_DONE',
    guard: 'pod became terminal',
    say: (f) =>
      `${f.go.syncPod} found ${pod(f)} terminal: completeSync, and the worker turns to terminating it at once.`,
  },
  {
    event: 'SYNC_DONE',
    guard: 'sync failed',
    say: (f) =>
      `${f.go.syncPod} returned an error ("Error syncing pod, skipping"): completeWork requeues ${pod(f)} after backOffPeriod 10 s × jitter${requeueWhy(f)}.`,
  },
  {
    event: 'SYNC_DONE',
    say: (f) =>
      `${f.go.syncPod} for ${pod(f)} returned: completeWork requeues it to resync after syncFrequency (1 min) × jitter${requeueWhy(f)}; a PLEG event or probe result comes sooner.`,
  },
  {
    event: 'after:requeueDelay',
    say: (f) =>
      `${pod(f)}'s work-queue entry is due; the sync loop's next syncTicker hands it back (getPodsToSync).`,
  },
  {
    event: 'CONTAINER_STOPPED',
    guard: 'last container stopped',
    say: (f) =>
      `The last of ${pod(f)}'s containers stopped: ${f.go.syncTerminatingPod} completes and the worker requeues at once.`,
  },
  {
    event: 'CONTAINER_STOPPED',
    say: (f) =>
      `A container of ${pod(f)} stopped; ${f.go.syncTerminatingPod} waits for the others (killContainersWithSyncResult).`,
  },
  {
    event: 'after:syncTerminatedPod',
    say: (f) =>
      f.go.syncTerminatedPod
        ? `${f.go.syncTerminatedPod}: ${pod(f)}'s volumes, cgroup and status are cleaned up; its worker is done.`
        : `${pod(f)} is torn down; its worker is done.`,
  },
];

export const pleg: SentenceRules = [
  {
    event: 'init',
    say: (f) => `The PLEG starts: ${f.go.relist} lists the runtime's pods, then every 1 s.`,
  },
  {
    event: 'RELISTED',
    say: (f) =>
      f.causedPods.length
        ? `${f.go.relist}: containers of ${pods(f)} changed state; the pod cache is updated and events go to the sync loop.`
        : `${f.go.relist}: no container changed; the pod cache's timestamp moves on.`,
  },
  {
    event: 'after:relistPeriod',
    say: (f) => `The PLEG wakes after its 1 s relist period: ${f.go.relist}.`,
  },
];
