/**
 * Models Kubelet.syncLoop / syncLoopIteration (pkg/kubelet/kubelet.go): one goroutine blocked in
 * a select over the config channel (ADD/UPDATE/DELETE/REMOVE/RECONCILE), the PLEG channel, the
 * probe result channels and two tickers that run whatever the loop is doing:
 *   syncTicker := time.NewTicker(time.Second)             -> `syncTickerPeriod`: the pods whose
 *                                                            work-queue entry is due are synced;
 *   housekeepingTicker := time.NewTicker(housekeepingPeriod) -> `housekeepingPeriod` (2 s).
 * Each ticker is a region of its own that re-enters itself every period, as a Go ticker fires
 * whatever the select handled in between; the channels are handled in the `select` region.
 * From 1.34 (InPlacePodVerticalScaling) HandlePodUpdates answers a resize before it tells the
 * pod worker: PushPendingResize then the allocation manager's RetryPendingResizes
 * (handlePodResourcesResize: Infeasible, Deferred or allocated; kubelet/resize.ts), whose
 * triggerPodSync is HandlePodSyncs.
 */
import { setup } from 'xstate';
import { SYNC_TICK_MS } from '../kubelet/podWorkers';
import { pendingResizesToRetry, resizeDecision, resizeToAllocate } from '../kubelet/resize';
import { kubelet } from '../kubelet/view';

export type ConfigOp = 'ADD' | 'UPDATE' | 'DELETE' | 'REMOVE' | 'RECONCILE';

export type SyncLoopEvent =
  | { type: 'CONFIG'; op: ConfigOp; uids: string[] }
  | { type: 'PLEG'; uid: string; event: string; data: string }
  | {
      type: 'PROBE';
      probe: 'liveness' | 'readiness' | 'startup';
      uid: string;
      containerId: string;
      result: string;
    };

/** housekeepingPeriod (pkg/kubelet/kubelet.go). */
export const HOUSEKEEPING_MS = 2000;

/** The UPDATE's pod whose resize the allocation manager answers now (1.34+), if any. */
function resizeOf(ev: SyncLoopEvent): string | undefined {
  if (ev.type !== 'CONFIG' || ev.op !== 'UPDATE' || ev.uids.length !== 1) return undefined;
  const k = kubelet();
  const uid = ev.uids[0]!;
  return resizeToAllocate(k.run, k.domain, uid) ? uid : undefined;
}

function decisionOf(uid: string) {
  const k = kubelet();
  return resizeDecision(k.run, k.domain, uid).reason;
}

export const syncLoopMachine = setup({
  types: { events: {} as SyncLoopEvent },
  delays: { syncTickerPeriod: SYNC_TICK_MS, housekeepingPeriod: HOUSEKEEPING_MS },
  guards: {
    /** handlePodResourcesResize: canResizePod refuses it for good (Infeasible). */
    'the update’s resize is infeasible': ({ event }) => {
      const uid = resizeOf(event);
      return uid !== undefined && decisionOf(uid) === 'Infeasible';
    },
    /** canAdmitPod refuses the new requests for now (Deferred: retried later). */
    'the update’s resize is deferred': ({ event }) => {
      const uid = resizeOf(event);
      return uid !== undefined && decisionOf(uid) === 'Deferred';
    },
    /** The new requests fit: the allocation takes them. */
    'the update’s resize fits': ({ event }) => resizeOf(event) !== undefined,
    /** HandlePodRemoves freed room: RetryPendingResizes answers the Deferred resizes again. */
    'a removal with pending resizes': ({ event }) => {
      if (event.type !== 'CONFIG' || event.op !== 'REMOVE') return false;
      const k = kubelet();
      return pendingResizesToRetry(k.run, k.domain).length > 0;
    },
  },
  actions: {
    startSyncLoop: () => {},
    handleConfig: () => {},
    /** PodResizePending (Infeasible or Deferred) with the kubelet's message. */
    markResizePending: () => {},
    /** SetAllocatedResources, PodResizeInProgress (and ResizeStarted from 1.35). */
    allocateResize: () => {},
    /** triggerPodSync: HandlePodSyncs for the pod whose resize was answered. */
    triggerPodSync: () => {},
    /** HandlePodUpdates: podWorkers.UpdatePod (SyncPodUpdate) for each updated pod. */
    handlePodUpdates: () => {},
    /** RetryPendingResizes: each Deferred resize answered again (allocated if it now fits). */
    retryPendingResizes: () => {},
    handlePleg: () => {},
    handleProbe: () => {},
    syncDuePods: () => {},
    housekeeping: () => {},
  },
}).createMachine({
  id: 'syncLoop',
  type: 'parallel',
  entry: 'startSyncLoop',
  states: {
    /** The goroutine blocked in syncLoopIteration's select: each channel's case runs here. */
    select: {
      initial: 'waiting',
      states: {
        waiting: {
          on: {
            CONFIG: [
              {
                guard: 'the update’s resize is infeasible',
                actions: [
                  'handleConfig',
                  'markResizePending',
                  'triggerPodSync',
                  'handlePodUpdates',
                ],
              },
              {
                guard: 'the update’s resize is deferred',
                actions: [
                  'handleConfig',
                  'markResizePending',
                  'triggerPodSync',
                  'handlePodUpdates',
                ],
              },
              {
                guard: 'the update’s resize fits',
                actions: ['handleConfig', 'allocateResize', 'triggerPodSync', 'handlePodUpdates'],
              },
              {
                guard: 'a removal with pending resizes',
                actions: ['handleConfig', 'retryPendingResizes'],
              },
              { actions: ['handleConfig', 'handlePodUpdates'] },
            ],
            PLEG: { actions: 'handlePleg' },
            PROBE: { actions: 'handleProbe' },
          },
        },
      },
    },
    syncTicker: {
      initial: 'ticking',
      states: {
        ticking: {
          after: {
            syncTickerPeriod: { target: 'ticking', reenter: true, actions: 'syncDuePods' },
          },
        },
      },
    },
    housekeepingTicker: {
      initial: 'ticking',
      states: {
        ticking: {
          after: {
            housekeepingPeriod: { target: 'ticking', reenter: true, actions: 'housekeeping' },
          },
        },
      },
    },
  },
});

/** The delayed events of the two tickers, as the trace names them. */
export const SYNC_TICK_EVENT = 'xstate.after.syncTickerPeriod.syncLoop.syncTicker.ticking';
export const HOUSEKEEPING_EVENT =
  'xstate.after.housekeepingPeriod.syncLoop.housekeepingTicker.ticking';
