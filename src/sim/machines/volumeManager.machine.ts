/**
 * Models the volume manager's work for one pod's kube-api-access projected volume
 * (pkg/kubelet/volumemanager): the desired-state-of-world populator picks the pod up
 * (ReprocessPod from WaitForAttachAndMount), the reconciler (reconciler_common.go, a 100 ms
 * loop) verifies the volume attached, then starts MountVolume; the operation executor's SetUp
 * (operation_generator.go) writes the token, CA and namespace files. WaitForAttachAndMount
 * (volume_manager.go) polls every 300 ms (podAttachAndMountRetryInterval, immediate first
 * check) and lets SyncPod go on at the first poll that finds the volume mounted. The delays are
 * those of a real v1.31 kubelet log: verify +49 ms, mount +150 ms, SetUp +157 ms, SyncPod
 * resumes at +300 ms.
 */
import { setup } from 'xstate';

export const VOLUME_VERIFY_MS = 49;
export const VOLUME_MOUNT_MS = 101;
export const VOLUME_SETUP_MS = 7;
export const ATTACH_AND_MOUNT_POLL_MS = 300;
const MOUNTED_AT = VOLUME_VERIFY_MS + VOLUME_MOUNT_MS + VOLUME_SETUP_MS;
/** From SetUp to the poll tick that sees it. */
export const POLL_SEES_MOUNT_MS =
  Math.ceil(MOUNTED_AT / ATTACH_AND_MOUNT_POLL_MS) * ATTACH_AND_MOUNT_POLL_MS - MOUNTED_AT;

/** WAIT: WaitForAttachAndMount from the pod's SyncPod. */
export type VolumeManagerEvent = { type: 'WAIT' } | { type: 'STOP' };

export const volumeManagerMachine = setup({
  types: { events: {} as VolumeManagerEvent, input: {} as { uid: string } },
  actions: {
    verifyControllerAttached: () => {},
    mountStarted: () => {},
    setUpSucceeded: () => {},
    allVolumesMounted: () => {},
  },
  delays: {
    verify: VOLUME_VERIFY_MS,
    mount: VOLUME_MOUNT_MS,
    setUp: VOLUME_SETUP_MS,
    poll: POLL_SEES_MOUNT_MS,
  },
}).createMachine({
  id: 'volumeManager',
  initial: 'populating',
  states: {
    populating: {
      on: { STOP: 'stopped' },
      after: { verify: { target: 'attached', actions: 'verifyControllerAttached' } },
    },
    attached: {
      on: { STOP: 'stopped' },
      after: { mount: { target: 'mounting', actions: 'mountStarted' } },
    },
    mounting: {
      on: { STOP: 'stopped' },
      after: { setUp: { target: 'polling', actions: 'setUpSucceeded' } },
    },
    polling: {
      on: { STOP: 'stopped' },
      after: { poll: { target: 'mounted', actions: 'allVolumesMounted' } },
    },
    mounted: { on: { WAIT: { actions: 'allVolumesMounted' }, STOP: 'stopped' } },
    stopped: { type: 'final' },
  },
});
