/**
 * Models kubeGenericRuntimeManager.startContainer (pkg/kubelet/kuberuntime/kuberuntime_container.go)
 * for one container of a pod, attempt after attempt:
 *   EnsureImageExists (Pulling/Pulled, or already present) -> generateContainerConfig
 *   ("Enforcing CFS quota") -> PreCreateContainer (cpuset) -> CRI CreateContainer ->
 *   PreStartContainer (resource managers' AddContainer) -> event Created -> CRI StartContainer ->
 *   event Started -> PostStart hook (synchronous, no timeout for exec) -> done.
 * A failing PostStart emits FailedPostStartHook, kills the container (Killing) and returns
 * PostStartHookError. The result goes back to the runtime SyncPod that asked.
 */
import { setup } from 'xstate';

export type StartContainerEvent =
  | { type: 'START'; typeName: string }
  | { type: 'IMAGE_PRESENT' }
  | { type: 'PULL_QUEUED' }
  | { type: 'PULLED' }
  | { type: 'PULL_FAILED' }
  | { type: 'IMAGE_FAILED' }
  | { type: 'NEXT' }
  | { type: 'CREATED' }
  | { type: 'CREATE_FAILED' }
  | { type: 'STARTED'; hook: boolean }
  | { type: 'START_FAILED' }
  | { type: 'HOOK_DONE' }
  | { type: 'HOOK_FAILED' }
  | { type: 'KILLED' };

export const startContainerMachine = setup({
  types: { events: {} as StartContainerEvent, input: {} as { uid: string; name: string } },
  actions: {
    ensureImageExists: () => {},
    imagePulled: () => {},
    imagePullFailed: () => {},
    generateContainerConfig: () => {},
    preCreateContainer: () => {},
    criCreateContainer: () => {},
    containerCreateFailed: () => {},
    preStartContainer: () => {},
    criStartContainer: () => {},
    containerStarted: () => {},
    containerStartFailed: () => {},
    runPostStart: () => {},
    postStartFailed: () => {},
    reportResult: () => {},
  },
}).createMachine({
  id: 'startContainer',
  initial: 'idle',
  states: {
    idle: { on: { START: 'ensuringImage' } },
    ensuringImage: {
      entry: 'ensureImageExists',
      on: {
        IMAGE_PRESENT: 'generatingConfig',
        PULL_QUEUED: 'pullingImage',
        IMAGE_FAILED: { target: 'idle', actions: 'reportResult' },
      },
    },
    pullingImage: {
      on: {
        PULLED: { target: 'generatingConfig', actions: 'imagePulled' },
        PULL_FAILED: { target: 'idle', actions: ['imagePullFailed', 'reportResult'] },
      },
    },
    generatingConfig: { entry: 'generateContainerConfig', on: { NEXT: 'preCreate' } },
    preCreate: { entry: 'preCreateContainer', on: { NEXT: 'creating' } },
    creating: {
      entry: 'criCreateContainer',
      on: {
        CREATED: 'preStart',
        CREATE_FAILED: { target: 'idle', actions: ['containerCreateFailed', 'reportResult'] },
      },
    },
    preStart: { entry: 'preStartContainer', on: { NEXT: 'starting' } },
    starting: {
      entry: 'criStartContainer',
      on: {
        STARTED: [
          { guard: ({ event }) => event.hook, target: 'postStart', actions: 'containerStarted' },
          { target: 'idle', actions: ['containerStarted', 'reportResult'] },
        ],
        START_FAILED: { target: 'idle', actions: ['containerStartFailed', 'reportResult'] },
      },
    },
    postStart: {
      entry: 'runPostStart',
      on: {
        HOOK_DONE: { target: 'idle', actions: 'reportResult' },
        HOOK_FAILED: { target: 'killingAfterHook', actions: 'postStartFailed' },
      },
    },
    killingAfterHook: { on: { KILLED: { target: 'idle', actions: 'reportResult' } } },
  },
});
