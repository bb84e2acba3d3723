/**
 * The volume manager's log lines and WaitForAttachAndMount's answer (volumeManager.machine.ts):
 * reconciler_common.go "operationExecutor.VerifyControllerAttachedVolume started …" and
 * "operationExecutor.MountVolume started …", operation_generator.go "MountVolume.SetUp
 * succeeded …", each naming the volume's UniqueName "kubernetes.io/projected/<uid>-<name>";
 * volume_manager.go V(3) "All volumes are attached and mounted for pod", then SyncPod goes on.
 */
import type { EffectHandler } from '../../runner/types';
import { type Env, podOfInstance } from '../env';
import { syncPodId } from '../ids';
import { klog, klogWith, q } from '../klog';
import type { KubeletDomain } from '../types';
import { kubeApiAccessVolume } from '../volumes';

type H = EffectHandler<KubeletDomain>;
type Api = Parameters<H>[0];

export const volumeManagerId = (key: string) => `volumeManager:${key}`;

export function volumeManagerEffects(env: Env): Record<string, H> {
  const line = (
    api: Api,
    msg:
      | 'operationExecutor.VerifyControllerAttachedVolume started'
      | 'operationExecutor.MountVolume started'
      | 'MountVolume.SetUp succeeded',
  ) => {
    const pod = podOfInstance(env, api.self);
    const vol = kubeApiAccessVolume(pod)!;
    const unique = `kubernetes.io/projected/${pod.uid}-${vol}`;
    // The operation's GenerateMsgDetailed: `<msg> for volume %q (UniqueName: %q) pod %q (UID: %q) `.
    const text = `${msg} for volume ${q(vol)} (UniqueName: ${q(unique)}) pod ${q(pod.name)} (UID: ${q(pod.uid)}) `;
    klogWith(api, msg, text, [['pod', q(pod.key)]]);
  };
  return {
    verifyControllerAttached: (api) =>
      line(api, 'operationExecutor.VerifyControllerAttachedVolume started'),
    mountStarted: (api) => line(api, 'operationExecutor.MountVolume started'),
    setUpSucceeded: (api) => line(api, 'MountVolume.SetUp succeeded'),
    allVolumesMounted: (api) => {
      const pod = podOfInstance(env, api.self);
      klog(api, 'All volumes are attached and mounted for pod', [['pod', q(pod.key)]]);
      const sp = syncPodId(pod.key);
      if (api.has(sp)) api.send(sp, { type: 'NEXT' });
    },
  };
}
