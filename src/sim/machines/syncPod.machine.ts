/**
 * Models Kubelet.SyncPod (pkg/kubelet/kubelet.go) and, nested under `runtime`,
 * kubeGenericRuntimeManager.SyncPod (pkg/kubelet/kuberuntime/kuberuntime_manager.go):
 *   generateAPIPodStatus + SetPodStatus -> network/secrets/pod cgroup/mirror pod/data dirs ->
 *   WaitForAttachAndMount -> (pull secrets, probeManager.AddPod) -> runtime SyncPod:
 *   computePodActions -> kill pod / unwanted containers -> create sandbox -> init containers
 *   (one regular init container per round; sidecars) -> regular containers in spec order, each
 *   fully started (startContainer) before the next; a failure does not stop the next.
 * The machine waits in `startingInit`/`startingContainers` while a startContainer instance runs.
 */
import { setup } from 'xstate';

export type SyncPodEvent =
  | { type: 'START'; updateType: string }
  | { type: 'NEXT' }
  | { type: 'TERMINAL' }
  | { type: 'FAIL'; error: string }
  | {
      type: 'ACTIONS';
      killPod: boolean;
      createSandbox: boolean;
      kill: number;
      initToStart: number;
      containersToStart: number;
    }
  | { type: 'KILLED' }
  | { type: 'SANDBOX_READY'; id: string }
  | { type: 'SANDBOX_FAILED' }
  | { type: 'CONTAINER_RESULT'; ok: boolean }
  | { type: 'INIT_DONE' }
  | { type: 'CONTAINERS_DONE' };

export const syncPodMachine = setup({
  types: { events: {} as SyncPodEvent, input: {} as { uid: string } },
  actions: {
    generateStatus: () => {},
    prepare: () => {},
    waitForAttachAndMount: () => {},
    computePodActions: () => {},
    killPodForSync: () => {},
    killUnwanted: () => {},
    createSandbox: () => {},
    sandboxCreated: () => {},
    sandboxFailed: () => {},
    startNextInit: () => {},
    startNextContainer: () => {},
    exitSyncPod: () => {},
  },
}).createMachine({
  id: 'syncPod',
  initial: 'idle',
  states: {
    idle: { on: { START: 'generatingStatus' } },
    generatingStatus: {
      entry: 'generateStatus',
      on: {
        NEXT: 'preparing',
        TERMINAL: { target: 'idle', actions: 'exitSyncPod' },
      },
    },
    preparing: {
      entry: 'prepare',
      on: { NEXT: 'mountingVolumes', FAIL: { target: 'idle', actions: 'exitSyncPod' } },
    },
    mountingVolumes: {
      entry: 'waitForAttachAndMount',
      on: { NEXT: 'runtime', FAIL: { target: 'idle', actions: 'exitSyncPod' } },
    },
    runtime: {
      initial: 'computingActions',
      states: {
        computingActions: {
          entry: 'computePodActions',
          on: {
            ACTIONS: [
              { guard: ({ event }) => event.killPod, target: 'killingPod' },
              { guard: ({ event }) => event.kill > 0, target: 'killingContainers' },
              { guard: ({ event }) => event.initToStart > 0, target: 'startingInit' },
              { guard: ({ event }) => event.containersToStart > 0, target: 'startingContainers' },
              // Nothing to change: the runtime SyncPod returns at once.
              { target: '#syncPod.idle', actions: 'exitSyncPod' },
            ],
          },
        },
        killingPod: {
          entry: 'killPodForSync',
          on: { KILLED: 'creatingSandbox', NEXT: 'creatingSandbox' },
        },
        killingContainers: {
          entry: 'killUnwanted',
          on: { KILLED: 'startingInit' },
        },
        creatingSandbox: {
          entry: 'createSandbox',
          on: {
            SANDBOX_READY: { target: 'startingInit', actions: 'sandboxCreated' },
            SANDBOX_FAILED: { target: '#syncPod.idle', actions: ['sandboxFailed', 'exitSyncPod'] },
            // Nothing to create (KillPod without CreateSandbox): SyncPod ends here.
            NEXT: { target: '#syncPod.idle', actions: 'exitSyncPod' },
          },
        },
        startingInit: {
          entry: 'startNextInit',
          on: {
            CONTAINER_RESULT: { target: 'startingInit', reenter: true },
            NEXT: { target: 'startingInit', reenter: true },
            INIT_DONE: 'startingContainers',
            // A regular init container failed to start: "aborting".
            CONTAINERS_DONE: { target: '#syncPod.idle', actions: 'exitSyncPod' },
          },
        },
        startingContainers: {
          entry: 'startNextContainer',
          on: {
            CONTAINER_RESULT: { target: 'startingContainers', reenter: true },
            NEXT: { target: 'startingContainers', reenter: true },
            CONTAINERS_DONE: { target: '#syncPod.idle', actions: 'exitSyncPod' },
          },
        },
      },
    },
  },
});
