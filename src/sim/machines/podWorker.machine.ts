/**
 * Models one pod worker goroutine: podWorkers.podWorkerLoop (pkg/kubelet/pod_workers.go).
 * It sleeps on its update channel; on a signal it logs "Processing pod event", blocks in
 * podCache.GetNewerThan until the PLEG has written a cache entry newer than its last sync,
 * then runs SyncPod, SyncTerminatingPod or SyncTerminatedPod by work type, and completes the
 * work (completeWork: requeue after resync/back-off, or re-signal for a pending update).
 * podWorkers.UpdatePod itself runs on the caller's goroutine (the sync loop's handlers).
 */
import { setup } from 'xstate';
import { workType } from '../kubelet/podWorkers';
import { kubelet } from '../kubelet/view';

export type PodWorkerEvent =
  | { type: 'UPDATE' }
  | { type: 'CACHE_READY' }
  | { type: 'SYNC_DONE'; isTerminal: boolean; error?: string }
  | { type: 'TERMINATING_DONE' }
  | {
      type: 'PRESTOP_DONE';
      id: string;
      name: string;
      grace: number;
      usedMs: number;
      timedOut: boolean;
    }
  | { type: 'CONTAINER_STOPPED'; id: string; name: string };

/** The work the worker is doing (podSyncStatus.WorkType), as the pod worker loop reads it. */
function work(uid: string): string {
  const s = kubelet().domain.workers[uid]!;
  return s.activeWork ?? workType(s);
}

export const podWorkerMachine = setup({
  types: {
    events: {} as PodWorkerEvent,
    context: {} as { uid: string },
    input: {} as { uid: string },
  },
  guards: {
    /** podCache.GetNewerThan(uid, lastSyncTime) returns at once: the global timestamp or the pod's entry is newer. */
    'pod cache newer than the last sync': ({ context }) => {
      const d = kubelet().domain;
      const s = d.workers[context.uid]!;
      const entry = d.cache.pods[context.uid];
      return d.cache.timestamp > s.lastSyncT || (entry !== undefined && entry.t > s.lastSyncT);
    },
    'pod is terminating': ({ context }) => work(context.uid) === 'terminating',
    'pod is terminated': ({ context }) => work(context.uid) === 'terminated',
    /**
     * killPod's killContainersWithSyncResult waits for every killContainer goroutine: the
     * StopContainer that returns now is the last one still outstanding.
     */
    'last container stopped': ({ context }) =>
      (kubelet().domain.workers[context.uid]!.killsPending ?? 1) <= 1,
  },
  delays: {
    // In the kubelet's memory: no time passes.
    getNewerThan: 0,
    syncTerminatedPod: 0,
  },
  actions: {
    startPodSync: () => {},
    waitForNewerCache: () => {},
    startSyncPod: () => {},
    completeSync: () => {},
    startTerminating: () => {},
    preStopDone: () => {},
    containerStopped: () => {},
    completeTerminating: () => {},
    startTerminated: () => {},
    completeTerminated: () => {},
  },
}).createMachine({
  id: 'podWorker',
  context: ({ input }) => input,
  initial: 'idle',
  states: {
    idle: {
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
        { guard: 'pod is terminating', target: 'terminating' },
        { guard: 'pod is terminated', target: 'terminated' },
        { target: 'syncing' },
      ],
    },
    syncing: {
      entry: 'startSyncPod',
      on: { SYNC_DONE: { target: 'idle', actions: 'completeSync' } },
    },
    terminating: {
      entry: 'startTerminating',
      on: {
        // killContainer per running container: PreStop returns, then StopContainer returns.
        PRESTOP_DONE: { actions: 'preStopDone' },
        CONTAINER_STOPPED: [
          {
            guard: 'last container stopped',
            target: 'idle',
            actions: ['containerStopped', 'completeTerminating'],
          },
          { actions: 'containerStopped' },
        ],
        // Nothing was running: killPod returns at once.
        TERMINATING_DONE: { target: 'idle', actions: 'completeTerminating' },
      },
    },
    terminated: {
      entry: 'startTerminated',
      after: { syncTerminatedPod: { target: 'finished', actions: 'completeTerminated' } },
    },
    finished: { type: 'final' },
  },
});
