/**
 * Assembles a run: the machine kinds, every effect handler bound to the run's configuration,
 * the empty kubelet state, and the bootstrap (Kubelet.Run: PLEG start, sync loop start; the
 * API server's config updates and scenario actions as timed events).
 */
import { apiServerMachine } from '../machines/apiServer.machine';
import { containerRuntimeMachine } from '../machines/containerRuntime.machine';
import { kubeletProcessMachine } from '../machines/kubeletProcess.machine';
import { cpuManagerMachine } from '../machines/cpuManager.machine';
import { imagePullerMachine } from '../machines/imagePuller.machine';
import { plegMachine } from '../machines/pleg.machine';
import { podWorkerMachine } from '../machines/podWorker.machine';
import { proberMachine } from '../machines/prober.machine';
import { startContainerMachine } from '../machines/startContainer.machine';
import { syncLoopMachine } from '../machines/syncLoop.machine';
import { syncPodMachine } from '../machines/syncPod.machine';
import { volumeManagerMachine } from '../machines/volumeManager.machine';
import type { EffectApi, EngineSpec } from '../runner/types';
import type { KubeletConfig } from './config';
import { apiServerEffects } from './effects/apiServer';
import { containerRuntimeEffects } from './effects/containerRuntime';
import { kubeletProcessEffects } from './effects/kubeletProcess';
import { cpuManagerEffects } from './effects/cpuManager';
import { imagePullerEffects } from './effects/imagePuller';
import { plegEffects } from './effects/pleg';
import { podWorkerEffects } from './effects/podWorker';
import { proberEffects } from './effects/prober';
import { startContainerEffects } from './effects/startContainer';
import { syncLoopEffects } from './effects/syncLoop';
import { syncPodEffects } from './effects/syncPod';
import { volumeManagerEffects } from './effects/volumeManager';
import type { Env } from './env';
import { API_SERVER, CONTAINER_RUNTIME, KUBELET } from './ids';
import { emptyRuntime } from './runtime';
import type { KubeletDomain } from './types';

export function kubeletSpec(cfg: KubeletConfig): EngineSpec<KubeletDomain> {
  const env: Env = { cfg };
  return {
    kinds: {
      syncLoop: syncLoopMachine,
      podWorker: podWorkerMachine,
      syncPod: syncPodMachine,
      startContainer: startContainerMachine,
      imagePuller: imagePullerMachine,
      pleg: plegMachine,
      prober: proberMachine,
      containerRuntime: containerRuntimeMachine,
      cpuManager: cpuManagerMachine,
      apiServer: apiServerMachine,
      kubeletProcess: kubeletProcessMachine,
      volumeManager: volumeManagerMachine,
    },
    effects: {
      ...syncLoopEffects(env),
      ...podWorkerEffects(env),
      ...syncPodEffects(env),
      ...startContainerEffects(env),
      ...imagePullerEffects(env),
      ...plegEffects(env),
      ...proberEffects(env),
      ...containerRuntimeEffects(),
      ...cpuManagerEffects(env),
      ...apiServerEffects(env),
      ...kubeletProcessEffects(env),
      ...volumeManagerEffects(env),
    },
  };
}

export function emptyDomain(cfg: KubeletConfig): KubeletDomain {
  const images: Record<string, number> = {};
  for (const [name, img] of Object.entries(cfg.images))
    if (img.present) images[name] = img.sizeBytes;
  return {
    apiPods: {},
    gen: -1,
    kubeletStartedAt: 0,
    pods: {},
    podOrder: [],
    workers: {},
    workQueue: {},
    workBuckets: {},
    cache: { timestamp: -1, pods: {} },
    cacheWaiters: {},
    runtime: emptyRuntime(),
    pleg: { seen: {}, dirty: {} },
    images,
    containerBackOff: {},
    imageBackOff: {},
    reasonCache: {},
    probeResults: {},
    probers: {},
    status: {},
    faultHits: [],
    syncs: {},
    pulls: { queue: [], active: [], nextId: 1 },
    starts: {},
    cpu: null,
  };
}

/**
 * The world at t=0: the container runtime and the API server exist; the kubelet process starts
 * (and restarts as the scenario says); pods arrive and are deleted through the API server.
 */
export function bootstrap(cfg: KubeletConfig, api: EffectApi<KubeletDomain>): void {
  api.spawn('containerRuntime', CONTAINER_RUNTIME, undefined);
  api.spawn('apiServer', API_SERVER, undefined);
  api.spawn('kubeletProcess', KUBELET, undefined);
  cfg.generations.forEach((g, gen) => {
    if (gen > 0) api.send(KUBELET, { type: 'STOP' }, g.stopAt);
    api.send(KUBELET, { type: 'START', gen }, g.startAt);
  });
  // Pods created at the same moment reach the kubelet in one ADD.
  const byTime = new Map<number, string[]>();
  for (const a of cfg.arrivals) {
    const list = byTime.get(a.at) ?? [];
    list.push(a.uid);
    byTime.set(a.at, list);
  }
  for (const [at, uids] of byTime) api.send(API_SERVER, { type: 'POD_CREATE', uids }, at);
  for (const del of cfg.deletions)
    api.send(API_SERVER, { type: 'POD_DELETE', uid: del.uid, grace: del.graceSeconds }, del.at);
}
