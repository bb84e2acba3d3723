/**
 * The kubelet process (cmd/kubelet/app/server.go run -> Kubelet.Run) under its service manager:
 * it starts (NewContainerManager and cpuManager.Start, statusManager, PLEG, sync loop), and a
 * scenario's RestartKubelet or ChangeCpuManagerPolicy stops it and starts it again. A stop loses
 * everything the kubelet keeps in memory (kubelet/restart.ts says what survives). A start that
 * fails (e.g. the CPU manager checkpoint names another policy) exits the process: it has
 * `exited` until systemd starts the same generation again after `restartSec` (kubelet.service
 * Restart=always, RestartSec=10 in the kubeadm unit), unless a scheduled start comes first.
 */
import { assign, setup } from 'xstate';
import { kubelet } from '../kubelet/view';

export type KubeletProcessEvent = { type: 'START'; gen: number } | { type: 'STOP' };

/** kubelet.service: RestartSec=10 (the kubeadm unit). */
export const RESTART_SEC_MS = 10_000;

/** The generation (the scenario's kubelet configuration) the process starts. */
const startGeneration = assign<
  { gen: number },
  KubeletProcessEvent,
  undefined,
  KubeletProcessEvent,
  never
>(({ context, event }) => ({ gen: event.type === 'START' ? event.gen : context.gen }));

export const kubeletProcessMachine = setup({
  types: { events: {} as KubeletProcessEvent, context: {} as { gen: number } },
  guards: {
    /** startKubelet returned an error ("command failed"): no kubelet generation is running. */
    'the kubelet failed to start': () => kubelet().domain.gen === -1,
  },
  delays: {
    // The start runs in the kubelet's memory: no time passes.
    kubeletStart: 0,
    restartSec: RESTART_SEC_MS,
  },
  actions: { startKubelet: () => {}, stopKubelet: () => {} },
}).createMachine({
  id: 'kubeletProcess',
  context: { gen: 0 },
  initial: 'down',
  states: {
    down: { on: { START: { target: 'starting', actions: startGeneration } } },
    starting: {
      entry: 'startKubelet',
      after: {
        kubeletStart: [
          { guard: 'the kubelet failed to start', target: 'exited' },
          { target: 'running' },
        ],
      },
    },
    running: { on: { STOP: { target: 'down', actions: 'stopKubelet' } } },
    /** The start failed and the process exited: systemd starts it again after RestartSec. */
    exited: {
      after: { restartSec: 'starting' },
      on: { START: { target: 'starting', actions: startGeneration } },
    },
  },
});
