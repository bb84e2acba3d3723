/**
 * Models one pod worker goroutine: podWorkers.podWorkerLoop (pkg/kubelet/pod_workers.go).
 * It sleeps on its update channel; on a signal it logs "Processing pod event", blocks in
 * podCache.GetNewerThan until the PLEG has written a cache entry newer than its last sync,
 * then runs SyncPod, SyncTerminatingPod or SyncTerminatedPod by work type, and completes the
 * work (completeWork: requeue after resync/back-off, or re-signal for a pending update).
 * podWorkers.UpdatePod itself runs on the caller's goroutine (the sync loop's handlers).
 *
 * completeWork's requeue is the `requeueDelay`: the pod's work-queue entry becomes due after
 * wait.Jitter(resyncInterval, 0.5) when the sync succeeded, wait.Jitter(backOffPeriod, 0.5)
 * when it failed, and at once on a phase transition (the pod became terminal, or its containers
 * are all stopped). The worker waits in `idle.requeued` until it is due, then in `idle.due`
 * for the sync loop's next sync tick (GetWork) to hand it back; any update comes first.
 */
import { assign, setup } from 'xstate';
import { jitter } from '../core/prng';
import { workType } from '../kubelet/podWorkers';
import { kubelet } from '../kubelet/view';

export type PodWorkerEvent =
  | { type: 'UPDATE' }
  | { type: 'CACHE_READY' }
  | { type: 'SYNC_DONE'; isTerminal: boolean; error?: string }
  | { type: 'CONTAINER_STOPPED'; id: string; name: string };

/** backOffPeriod (pod_workers.go, NewMainKubelet): requeue after a sync error. */
export const BACKOFF_PERIOD_MS = 10_000;

export interface PodWorkerInput {
  uid: string;
  /** The worker's own PRNG stream for wait.Jitter. */
  rng: number;
  /** resyncInterval: the kubelet's syncFrequency (1 min by default). */
  resyncMs: number;
}

export interface PodWorkerContext extends PodWorkerInput {
  /** completeWork's last requeue delay (ms): the work-queue entry is due this long after. */
  requeueMs: number;
}

/** wait.Jitter(period, 0.5) drawn from the context's stream: the new stream and the delay. */
function jittered(ctx: PodWorkerContext, periodMs: number): Partial<PodWorkerContext> {
  const rng = { state: ctx.rng };
  const requeueMs = jitter(rng, periodMs, 0.5);
  return { rng: rng.state, requeueMs };
}

/** The work the worker is doing (podSyncStatus.WorkType), as the pod worker loop reads it. */
function work(uid: string): string {
  const s = kubelet().domain.workers[uid]!;
  return s.activeWork ?? workType(s);
}

export const podWorkerMachine = setup({
  types: {
    events: {} as PodWorkerEvent,
    context: {} as PodWorkerContext,
    input: {} as PodWorkerInput,
  },
  guards: {
    /** podCache.GetNewerThan(uid, lastSyncTime) returns at once: the global timestamp or the pod's entry is newer. */
    'pod cache newer than the last sync': ({ context }) => {
      const d = kubelet().domain;
      const s = d.workers[context.uid]!;
      const entry = d.cache.pods[context.uid];
      return d.cache.timestamp > s.lastSyncT || (entry !== undefined && entry.t > s.lastSyncT);
    },
    /** SyncPod said the pod is terminal and it was not terminating yet: completeSync. */
    'pod became terminal': ({ context, event }) =>
      event.type === 'SYNC_DONE' &&
      event.isTerminal &&
      kubelet().domain.workers[context.uid]!.terminatingAt === undefined,
    'sync failed': ({ event }) => event.type === 'SYNC_DONE' && event.error !== undefined,
    'pod is terminating': ({ context }) => work(context.uid) === 'terminating',
    'pod is terminated': ({ context }) => work(context.uid) === 'terminated',
    /**
     * killPod's killContainersWithSyncResult waits for every killContainer goroutine: the
     * StopContainer that returns now is the last one still outstanding.
     */
    'last container stopped': ({ context }) =>
      (kubelet().domain.workers[context.uid]!.killsPending ?? 1) <= 1,
    /**
     * killPod found no running container (kubeGenericRuntimeManager.killContainersWithSyncResult
     * over an empty list): it returns at once and SyncTerminatingPod goes on.
     */
    'no containers running': ({ context }) => {
      const { runtime } = kubelet().domain;
      // runtime.ts runningContainers: every container of the pod that has not exited.
      return (runtime.podContainers[context.uid] ?? []).every(
        (id) => runtime.containers[id]!.state === 'EXITED',
      );
    },
  },
  delays: {
    // In the kubelet's memory: no time passes.
    getNewerThan: 0,
    syncTerminatedPod: 0,
    /** completeWork's workQueue.Enqueue delay, chosen and jittered on the transition. */
    requeueDelay: ({ context }) => context.requeueMs,
  },
  actions: {
    startPodSync: () => {},
    waitForNewerCache: () => {},
    startSyncPod: () => {},
    completeSync: () => {},
    startTerminating: () => {},
    containerStopped: () => {},
    completeTerminating: () => {},
    startTerminated: () => {},
    completeTerminated: () => {},
  },
}).createMachine({
  id: 'podWorker',
  context: ({ input }) => ({ ...input, requeueMs: 0 }),
  initial: 'idle',
  states: {
    idle: {
      initial: 'notQueued',
      states: {
        /** No work-queue entry yet (a new worker). */
        notQueued: {},
        /** completeWork enqueued the pod: due after the requeue delay. */
        requeued: { after: { requeueDelay: 'due' } },
        /** Due: the sync loop's next sync tick (workQueue.GetWork) sends the pod an update. */
        due: {},
      },
      on: {
        UPDATE: [
          {
            guard: 'pod cache newer than the last sync',
            target: 'cacheReady',
            actions: 'startPodSync',
          },
          { target: 'waitingForCache', actions: 'startPodSync' },
        ],
      },
    },
    // Blocked in GetNewerThan until the PLEG's next relist updates the cache.
    waitingForCache: { entry: 'waitForNewerCache', on: { CACHE_READY: 'dispatching' } },
    cacheReady: { after: { getNewerThan: 'dispatching' } },
    // podWorkerLoop's switch on the work type.
    dispatching: {
      always: [
        { guard: 'pod is terminating', target: 'startingTermination' },
        { guard: 'pod is terminated', target: 'terminated' },
        { target: 'syncing' },
      ],
    },
    syncing: {
      entry: 'startSyncPod',
      on: {
        SYNC_DONE: [
          {
            guard: 'pod became terminal',
            target: 'idle.requeued',
            actions: [assign({ requeueMs: 0 }), 'completeSync'],
          },
          {
            guard: 'sync failed',
            target: 'idle.requeued',
            actions: [
              assign(({ context }) => jittered(context, BACKOFF_PERIOD_MS)),
              'completeSync',
            ],
          },
          {
            target: 'idle.requeued',
            actions: [assign(({ context }) => jittered(context, context.resyncMs)), 'completeSync'],
          },
        ],
      },
    },
    // SyncTerminatingPod begins: killPod over the running containers, decided as it starts.
    startingTermination: {
      entry: 'startTerminating',
      always: [
        // Nothing was running: killPod returns at once.
        {
          guard: 'no containers running',
          target: 'idle.requeued',
          actions: [assign({ requeueMs: 0 }), 'completeTerminating'],
        },
        { target: 'terminating' },
      ],
    },
    terminating: {
      on: {
        // A killContainer instance per running container: its StopContainer returned.
        CONTAINER_STOPPED: [
          {
            guard: 'last container stopped',
            target: 'idle.requeued',
            actions: ['containerStopped', assign({ requeueMs: 0 }), 'completeTerminating'],
          },
          { actions: 'containerStopped' },
        ],
      },
    },
    terminated: {
      entry: 'startTerminated',
      after: { syncTerminatedPod: { target: 'finished', actions: 'completeTerminated' } },
    },
    finished: { type: 'final' },
  },
});
