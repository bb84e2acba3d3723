/**
 * Models one probe worker (pkg/kubelet/prober/worker.go, worker.run / doProbe): a goroutine
 * per container and probe type that probes every periodSeconds (or at once on a manual
 * trigger), honours initialDelaySeconds, holds liveness/readiness until the startup probe has
 * succeeded, applies success/failure thresholds and writes changes to the results manager,
 * whose updates wake the sync loop. It stops when the pod is removed or terminal.
 */
import { setup } from 'xstate';

export type ProberEvent = { type: 'TICK' } | { type: 'TRIGGER' } | { type: 'STOP' };

export interface ProberContext {
  uid: string;
  container: string;
  probe: 'liveness' | 'readiness' | 'startup';
}

export const proberMachine = setup({
  types: {
    events: {} as ProberEvent,
    context: {} as ProberContext,
    input: {} as ProberContext,
  },
  actions: { doProbe: () => {}, startProbing: () => {} },
}).createMachine({
  id: 'prober',
  context: ({ input }) => input,
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
