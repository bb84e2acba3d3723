/** The kubelet this engine models (pkg/kubelet of the current release): its machines and effects. */
import { backOffMachine } from '../../machines/backOff.machine';
import { cpuContainerMachine, cpuManagerMachine } from '../../machines/cpuManager.machine';
import { imagePullMachine } from '../../machines/imagePull.machine';
import { killContainerMachine } from '../../machines/killContainer.machine';
import { imagePullerMachine } from '../../machines/imagePuller.machine';
import { kubeletProcessMachine } from '../../machines/kubeletProcess.machine';
import { plegMachine } from '../../machines/pleg.machine';
import { syncLoopMachine } from '../../machines/syncLoop.machine';
import { podWorkerMachine } from '../../machines/podWorker.machine';
import { proberMachine } from '../../machines/prober.machine';
import { startContainerMachine } from '../../machines/startContainer.machine';
import { syncPodMachine } from '../../machines/syncPod.machine';
import { volumeManagerMachine } from '../../machines/volumeManager.machine';
import { machineKind } from '../../runner/types';
import { apiServerProcess } from '../effects/apiServer';
import { evictionManagerProcess } from '../effects/evictionManager';
import { containerRuntimeProcess } from '../effects/containerRuntime';
import { cpuContainerEffects, cpuManagerEffects } from '../effects/cpuManager';
import { imagePullEffects, imagePullerEffects } from '../effects/imagePuller';
import { killContainerEffects } from '../effects/killContainer';
import { kubeletProcessEffects } from '../effects/kubeletProcess';
import { plegEffects } from '../effects/pleg';
import { podWorkerEffects } from '../effects/podWorker';
import { proberEffects } from '../effects/prober';
import { startContainerEffects } from '../effects/startContainer';
import { syncLoopEffects } from '../effects/syncLoop';
import { syncPodEffects } from '../effects/syncPod';
import { volumeManagerEffects } from '../effects/volumeManager';
import type { Env } from '../env';
import type { KubeletDomain } from '../types';
import type { KubeletVersion } from './version';

type D = KubeletDomain;

export const currentKubelet: KubeletVersion = {
  name: 'current',
  machines: {
    syncLoop: syncLoopMachine,
    podWorker: podWorkerMachine,
    killContainer: killContainerMachine,
    syncPod: syncPodMachine,
    startContainer: startContainerMachine,
    imagePuller: imagePullerMachine,
    imagePull: imagePullMachine,
    backOff: backOffMachine,
    pleg: plegMachine,
    prober: proberMachine,
    cpuManager: cpuManagerMachine,
    cpuContainer: cpuContainerMachine,
    kubeletProcess: kubeletProcessMachine,
    volumeManager: volumeManagerMachine,
  },
  kinds(run) {
    const env: Env = { cfg: run };
    return {
      machines: {
        syncLoop: machineKind<D, typeof syncLoopMachine>(syncLoopMachine, syncLoopEffects(env)),
        podWorker: machineKind<D, typeof podWorkerMachine>(podWorkerMachine, podWorkerEffects(env)),
        killContainer: machineKind<D, typeof killContainerMachine>(
          killContainerMachine,
          killContainerEffects(env),
        ),
        syncPod: machineKind<D, typeof syncPodMachine>(syncPodMachine, syncPodEffects(env)),
        startContainer: machineKind<D, typeof startContainerMachine>(
          startContainerMachine,
          startContainerEffects(env),
        ),
        imagePuller: machineKind<D, typeof imagePullerMachine>(
          imagePullerMachine,
          imagePullerEffects(env),
        ),
        imagePull: machineKind<D, typeof imagePullMachine>(imagePullMachine, imagePullEffects(env)),
        backOff: machineKind<D, typeof backOffMachine>(backOffMachine, {}),
        pleg: machineKind<D, typeof plegMachine>(plegMachine, plegEffects(env)),
        prober: machineKind<D, typeof proberMachine>(proberMachine, proberEffects(env)),
        cpuManager: machineKind<D, typeof cpuManagerMachine>(
          cpuManagerMachine,
          cpuManagerEffects(env),
        ),
        cpuContainer: machineKind<D, typeof cpuContainerMachine>(
          cpuContainerMachine,
          cpuContainerEffects,
        ),
        kubeletProcess: machineKind<D, typeof kubeletProcessMachine>(
          kubeletProcessMachine,
          kubeletProcessEffects(env),
        ),
        volumeManager: machineKind<D, typeof volumeManagerMachine>(
          volumeManagerMachine,
          volumeManagerEffects(env),
        ),
      },
      processes: {
        apiServer: apiServerProcess(env),
        evictionManager: evictionManagerProcess(env),
        containerRuntime: containerRuntimeProcess(),
      },
    };
  },
};
