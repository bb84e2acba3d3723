/**
 * Assembles a run: the machine kinds, every effect handler bound to the run's configuration,
 * the empty kubelet state, and the bootstrap (Kubelet.Run: PLEG start, sync loop start; the
 * API server's config updates and scenario actions as timed events).
 */
import { containerRuntimeMachine } from '../machines/containerRuntime.machine';
import { cpuManagerMachine } from '../machines/cpuManager.machine';
import { imagePullerMachine } from '../machines/imagePuller.machine';
import { plegMachine } from '../machines/pleg.machine';
import { podWorkerMachine } from '../machines/podWorker.machine';
import { proberMachine } from '../machines/prober.machine';
import { startContainerMachine } from '../machines/startContainer.machine';
import { syncLoopMachine } from '../machines/syncLoop.machine';
import { syncPodMachine } from '../machines/syncPod.machine';
import type { EffectApi, EngineSpec } from '../runner/types';
import type { KubeletConfig } from './config';
import { containerRuntimeEffects } from './effects/containerRuntime';
import { cpuManagerEffects } from './effects/cpuManager';
import { startResourceManagers, cpuSnapshot } from './cpuManagerBridge';
import { imagePullerEffects } from './effects/imagePuller';
import { plegEffects } from './effects/pleg';
import { podWorkerEffects } from './effects/podWorker';
import { proberEffects } from './effects/prober';
import { startContainerEffects } from './effects/startContainer';
import { syncLoopEffects } from './effects/syncLoop';
import { syncPodEffects } from './effects/syncPod';
import type { Env } from './env';
import { CONTAINER_RUNTIME, CPU_MANAGER, IMAGE_PULLER, PLEG, SYNC_LOOP } from './ids';
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
    },
  };
}

export function emptyDomain(cfg: KubeletConfig): KubeletDomain {
  const images: Record<string, number> = {};
  for (const [name, img] of Object.entries(cfg.images))
    if (img.present) images[name] = img.sizeBytes;
  return {
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

/** Kubelet.Run: the runtime, the image puller, the PLEG (relists at once), the sync loop; then the API server's updates. */
export function bootstrap(cfg: KubeletConfig, api: EffectApi<KubeletDomain>): void {
  // NewContainerManager / containerManager.Start: a bad CPU or topology manager configuration
  // makes the kubelet exit before its sync loop starts.
  const started = cfg.resourceManagers ? startResourceManagers(cfg.resourceManagers) : undefined;
  if (!started || !started.ok) {
    api.log({
      v: 0,
      severity: 'E',
      source: 'run.go:72',
      msg: 'command failed',
      kv: [
        [
          'err',
          JSON.stringify(`failed to run Kubelet: ${started ? started.error : cfg.startError}`),
        ],
      ],
    });
    return;
  }
  api.domain.cpu = started.value;
  api.record('cpuAssignments', cpuSnapshot(started.value), CPU_MANAGER);
  api.spawn('containerRuntime', CONTAINER_RUNTIME, undefined);
  api.spawn('imagePuller', IMAGE_PULLER, undefined);
  api.spawn('pleg', PLEG, undefined);
  api.send(PLEG, { type: 'RELIST' });
  api.spawn('syncLoop', SYNC_LOOP, undefined);
  if (cfg.resourceManagers?.cpuPolicy.name === 'static') {
    api.spawn('cpuManager', CPU_MANAGER, undefined);
    api.send(CPU_MANAGER, { type: 'RECONCILE' }, cfg.cpuManagerReconcileMs);
  }
  // Pods created at the same moment reach the kubelet in one ADD.
  const byTime = new Map<number, string[]>();
  for (const a of cfg.arrivals) {
    const list = byTime.get(a.at) ?? [];
    list.push(a.uid);
    byTime.set(a.at, list);
  }
  for (const [at, uids] of byTime) api.send(SYNC_LOOP, { type: 'CONFIG', op: 'ADD', uids }, at);
  for (const del of cfg.deletions)
    api.send(
      SYNC_LOOP,
      { type: 'CONFIG', op: 'DELETE', uids: [del.uid], grace: del.graceSeconds },
      del.at,
    );
}
