/**
 * Models Kubelet.syncLoop / syncLoopIteration (pkg/kubelet/kubelet.go): one goroutine blocked in
 * a select over the config channel (ADD/UPDATE/DELETE/REMOVE/RECONCILE), the PLEG channel, the
 * probe result channels and two tickers that run whatever the loop is doing:
 *   syncTicker := time.NewTicker(time.Second)             -> `syncTickerPeriod`: the pods whose
 *                                                            work-queue entry is due are synced;
 *   housekeepingTicker := time.NewTicker(housekeepingPeriod) -> `housekeepingPeriod` (2 s).
 * Each ticker is a region of its own that re-enters itself every period, as a Go ticker fires
 * whatever the select handled in between; the channels are handled in the `select` region.
 */
import { setup } from 'xstate';
import { SYNC_TICK_MS } from '../kubelet/podWorkers';

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

export const syncLoopMachine = setup({
  types: { events: {} as SyncLoopEvent },
  delays: { syncTickerPeriod: SYNC_TICK_MS, housekeepingPeriod: HOUSEKEEPING_MS },
  actions: {
    startSyncLoop: () => {},
    handleConfig: () => {},
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
            CONFIG: { actions: 'handleConfig' },
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
