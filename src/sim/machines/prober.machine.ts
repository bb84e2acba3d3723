/**
 * Models one probe worker (pkg/kubelet/prober/worker.go, worker.run / doProbe): a goroutine
 * per container and probe type that probes every periodSeconds (or at once on a manual
 * trigger), honours initialDelaySeconds, holds liveness/readiness until the startup probe has
 * succeeded, applies success/failure thresholds and writes changes to the results manager,
 * whose updates wake the sync loop. It stops when the pod is removed or terminal.
 */
import { setup } from 'xstate';

export type ProberEvent = { type: 'TICK' } | { type: 'TRIGGER' } | { type: 'STOP' };

export const proberMachine = setup({
  types: {
    events: {} as ProberEvent,
    input: {} as { uid: string; container: string; probe: string },
  },
  actions: { doProbe: () => {}, startProbing: () => {} },
}).createMachine({
  id: 'prober',
  initial: 'probing',
  states: {
    probing: {
      entry: 'startProbing',
      on: {
        TICK: { actions: 'doProbe' },
        TRIGGER: { actions: 'doProbe' },
        STOP: 'stopped',
      },
    },
    stopped: { type: 'final' },
  },
});
