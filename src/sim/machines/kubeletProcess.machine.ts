/**
 * The kubelet process (cmd/kubelet run -> Kubelet.Run) under its service manager: it starts
 * (NewContainerManager and cpuManager.Start, statusManager, PLEG, sync loop), and a scenario's
 * RestartKubelet or ChangeCpuManagerPolicy stops it and starts it again. Everything the kubelet
 * keeps in memory is lost on a stop; the runtime's containers, the API objects and the CPU
 * manager's checkpoint file survive. A start that fails (e.g. the CPU manager checkpoint names
 * another policy) leaves it down.
 */
import { setup } from 'xstate';

export type KubeletProcessEvent =
  { type: 'START'; gen: number } | { type: 'STARTED' } | { type: 'EXITED' } | { type: 'STOP' };

export const kubeletProcessMachine = setup({
  types: { events: {} as KubeletProcessEvent },
  actions: { startKubelet: () => {}, stopKubelet: () => {} },
}).createMachine({
  id: 'kubeletProcess',
  initial: 'down',
  states: {
    down: { on: { START: 'starting' } },
    starting: {
      entry: 'startKubelet',
      on: { STARTED: 'running', EXITED: 'down' },
    },
    running: { on: { STOP: { target: 'down', actions: 'stopKubelet' } } },
  },
});
