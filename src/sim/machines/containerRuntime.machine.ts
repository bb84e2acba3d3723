/**
 * The container runtime (containerd) side, which the kubelet does not run but observes through
 * CRI: a container's process exits on its own (the scenario's ContainerExit fault, or a regular
 * init container finishing) or after StopContainer. Only its state changes are modelled; the
 * kubelet learns of them through the PLEG relist.
 */
import { setup } from 'xstate';

export type ContainerRuntimeEvent =
  { type: 'EXIT'; id: string; exitCode: number; reason: string } | { type: 'STOPPED'; id: string };

export const containerRuntimeMachine = setup({
  types: { events: {} as ContainerRuntimeEvent },
  actions: { processExited: () => {} },
}).createMachine({
  id: 'containerRuntime',
  initial: 'serving',
  states: {
    serving: {
      on: { EXIT: { actions: 'processExited' }, STOPPED: { actions: 'processExited' } },
    },
  },
});
