/**
 * Models the volume manager's work for one pod's kube-api-access projected volume
 * (pkg/kubelet/volumemanager): the desired-state-of-world populator picks the pod up
 * (ReprocessPod from WaitForAttachAndMount), the reconciler (reconciler_common.go, a 100 ms
 * loop) verifies the volume attached, then starts MountVolume; the operation executor's SetUp
 * (operation_generator.go) writes the token, CA and namespace files. The delays are those of a
 * real v1.31 kubelet log: verify +49 ms, mount +150 ms, SetUp +157 ms. WaitForAttachAndMount's
 * 300 ms poll is SyncPod's side (volumes.ts attachAndMountWait).
 */
import { setup } from 'xstate';

export const VOLUME_VERIFY_MS = 49;
export const VOLUME_MOUNT_MS = 101;
export const VOLUME_SETUP_MS = 7;

/** No events: it runs on its own delays from spawn (ReprocessPod). */
export type VolumeManagerEvent = { type: 'xstate.init' };

export interface VolumeManagerInput {
  uid: string;
}

export const volumeManagerMachine = setup({
  types: {
    events: {} as VolumeManagerEvent,
    context: {} as VolumeManagerInput,
    input: {} as VolumeManagerInput,
  },
  actions: {
    verifyControllerAttached: () => {},
    mountStarted: () => {},
    setUpSucceeded: () => {},
  },
  delays: {
    verify: VOLUME_VERIFY_MS,
    mount: VOLUME_MOUNT_MS,
    setUp: VOLUME_SETUP_MS,
  },
}).createMachine({
  id: 'volumeManager',
  context: ({ input }) => input,
  initial: 'populating',
  states: {
    populating: {
      after: { verify: { target: 'attached', actions: 'verifyControllerAttached' } },
    },
    attached: {
      after: { mount: { target: 'mounting', actions: 'mountStarted' } },
    },
    mounting: {
      after: { setUp: { target: 'mounted', actions: 'setUpSucceeded' } },
    },
    // Mounted for this kubelet process (volumes.ts volumeMounted); nothing more to do.
    mounted: { type: 'final' },
  },
});
