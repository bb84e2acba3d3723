/**
 * Models Kubelet.syncLoop / syncLoopIteration (pkg/kubelet/kubelet.go): one goroutine blocked
 * in a select over the config channel (ADD/UPDATE/DELETE/REMOVE/RECONCILE), the PLEG channel,
 * the 1 s sync ticker (pods whose work-queue entry is due), the 2 s housekeeping ticker and the
 * liveness/readiness/startup probe result channels. Each wake-up is one step; what the kubelet
 * does on it (HandlePodAdditions, HandlePodSyncs, ...) runs in the effect handlers.
 */
import { setup } from 'xstate';

export type ConfigOp = 'ADD' | 'UPDATE' | 'DELETE' | 'REMOVE' | 'RECONCILE';

export type SyncLoopEvent =
  | { type: 'CONFIG'; op: ConfigOp; uids: string[] }
  | { type: 'PLEG'; uid: string; event: string; data: string }
  | { type: 'SYNC_TICK' }
  | { type: 'HOUSEKEEPING' }
  | {
      type: 'PROBE';
      probe: 'liveness' | 'readiness' | 'startup';
      uid: string;
      containerId: string;
      result: string;
    };

export const syncLoopMachine = setup({
  types: { events: {} as SyncLoopEvent },
  actions: {
    startSyncLoop: () => {},
    handleConfig: () => {},
    handlePleg: () => {},
    handleSyncTick: () => {},
    handleHousekeeping: () => {},
    handleProbe: () => {},
  },
}).createMachine({
  id: 'syncLoop',
  initial: 'select',
  states: {
    select: {
      entry: 'startSyncLoop',
      on: {
        CONFIG: { actions: 'handleConfig' },
        PLEG: { actions: 'handlePleg' },
        SYNC_TICK: { actions: 'handleSyncTick' },
        HOUSEKEEPING: { actions: 'handleHousekeeping' },
        PROBE: { actions: 'handleProbe' },
      },
    },
  },
});
