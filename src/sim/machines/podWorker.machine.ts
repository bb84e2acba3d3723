/**
 * Models one pod worker goroutine: podWorkers.podWorkerLoop (pkg/kubelet/pod_workers.go).
 * It sleeps on its update channel; on a signal it logs "Processing pod event", blocks in
 * podCache.GetNewerThan until the PLEG has written a cache entry newer than its last sync,
 * then runs SyncPod, SyncTerminatingPod or SyncTerminatedPod by work type, and completes the
 * work (completeWork: requeue after resync/back-off, or re-signal for a pending update).
 * podWorkers.UpdatePod itself runs on the caller's goroutine (the sync loop's handlers).
 */
import { setup } from 'xstate';

export type PodWorkerEvent =
  | { type: 'UPDATE' }
  | { type: 'CACHE_READY'; workType: 'sync' | 'terminating' | 'terminated' }
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
  | { type: 'CONTAINER_STOPPED'; id: string; name: string }
  | { type: 'TERMINATED_DONE' };

export const podWorkerMachine = setup({
  types: { events: {} as PodWorkerEvent, input: {} as { uid: string } },
  actions: {
    waitForCache: () => {},
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
  initial: 'idle',
  states: {
    idle: { on: { UPDATE: 'waitingForCache' } },
    waitingForCache: {
      entry: 'waitForCache',
      on: {
        CACHE_READY: [
          { guard: ({ event }) => event.workType === 'terminating', target: 'terminating' },
          { guard: ({ event }) => event.workType === 'terminated', target: 'terminated' },
          { target: 'syncing' },
        ],
      },
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
        CONTAINER_STOPPED: { actions: 'containerStopped' },
        TERMINATING_DONE: { target: 'idle', actions: 'completeTerminating' },
      },
    },
    terminated: {
      entry: 'startTerminated',
      on: { TERMINATED_DONE: { target: 'finished', actions: 'completeTerminated' } },
    },
    finished: { type: 'final' },
  },
});
