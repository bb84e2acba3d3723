/**
 * The volume manager's log lines (volumeManager.machine.ts): reconciler_common.go
 * "operationExecutor.VerifyControllerAttachedVolume started …" and "operationExecutor.MountVolume
 * started …", operation_generator.go "MountVolume.SetUp succeeded …", each naming the volume's
 * UniqueName "kubernetes.io/projected/<uid>-<name>"; SetUp marks the volume mounted for this
 * kubelet process (actual state of world).
 */
import type { volumeManagerMachine } from '../../machines/volumeManager.machine';
import type { EffectApi, EffectsOf } from '../../runner/types';
import type { Env } from '../env';
import type { DetailedMessage } from '../detailedMessages';
import { klogWith, q } from '../klog';
import type { KubeletDomain } from '../types';
import { kubeApiAccessVolume, markVolumeMounted } from '../volumes';

export const volumeManagerId = (key: string) => `volumeManager:${key}`;

type Msg = DetailedMessage;

export function volumeManagerEffects(
  env: Env,
): EffectsOf<typeof volumeManagerMachine, KubeletDomain> {
  const line = (api: EffectApi<KubeletDomain>, uid: string, msg: Msg) => {
    const pod = env.cfg.pods[uid]!;
    const vol = kubeApiAccessVolume(pod)!;
    const unique = `kubernetes.io/projected/${pod.uid}-${vol}`;
    // The operation's GenerateMsgDetailed: `<msg> for volume %q (UniqueName: %q) pod %q (UID: %q) `.
    const text = `${msg} for volume ${q(vol)} (UniqueName: ${q(unique)}) pod ${q(pod.name)} (UID: ${q(pod.uid)}) `;
    klogWith(api, msg, text, [['pod', q(pod.key)]]);
  };
  return {
    verifyControllerAttached: (api, _e, ctx) =>
      line(api, ctx.uid, 'operationExecutor.VerifyControllerAttachedVolume started'),
    // mountAttachedVolumes: V(4) before the operation, V(1) once it is started.
    mountStarted: (api, _e, ctx) => {
      line(api, ctx.uid, 'Starting operationExecutor.MountVolume');
      line(api, ctx.uid, 'operationExecutor.MountVolume started');
    },
    setUpSucceeded: (api, _e, ctx) => {
      line(api, ctx.uid, 'MountVolume.SetUp succeeded');
      markVolumeMounted(api.domain, ctx.uid);
    },
  };
}
