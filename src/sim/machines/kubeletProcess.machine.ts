/**
 * The kubelet process (cmd/kubelet/app/server.go run -> Kubelet.Run) under its service manager:
 * it starts (NewContainerManager and cpuManager.Start, statusManager, PLEG, sync loop), and a
 * scenario's RestartKubelet or ChangeCpuManagerPolicy stops it and starts it again. A stop loses
 * everything the kubelet keeps in memory (kubelet/restart.ts says what survives). A start that
 * fails (e.g. the CPU manager checkpoint names another policy) exits the process: it is down
 * until systemd restarts it (RestartSec, scheduled by the start's effect).
 */
import { setup } from 'xstate';
import { kubelet } from '../kubelet/view';

export type KubeletProcessEvent = { type: 'START'; gen: number } | { type: 'STOP' };

export const kubeletProcessMachine = setup({
  types: { events: {} as KubeletProcessEvent },
  guards: {
    /** startKubelet returned an error ("command failed"): no kubelet generation is running. */
    'the kubelet failed to start': () => kubelet().domain.gen === -1,
  },
  delays: {
    // The start runs in the kubelet's memory: no time passes.
    kubeletStart: 0,
  },
  actions: { startKubelet: () => {}, stopKubelet: () => {} },
}).createMachine({
  id: 'kubeletProcess',
  initial: 'down',
  states: {
    down: { on: { START: 'starting' } },
    starting: {
      entry: 'startKubelet',
      after: {
        kubeletStart: [
          { guard: 'the kubelet failed to start', target: 'down' },
          { target: 'running' },
        ],
      },
    },
    running: { on: { STOP: { target: 'down', actions: 'stopKubelet' } } },
  },
});
