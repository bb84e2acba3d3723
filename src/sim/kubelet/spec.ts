/**
 * Assembles a run: the kubelet version's machine kinds and processes bound to the run's inputs,
 * the empty kubelet state, and the bootstrap (the container runtime, the API server and the
 * kubelet process; the scenario's arrivals, deletions and restarts as timed events).
 */
import type { EffectApi, EngineSpec } from '../runner/types';
import type { KubeletRun } from './config';
import { API_SERVER, CONTAINER_RUNTIME, KUBELET } from './ids';
import { emptyRuntime } from './runtime';
import type { KubeletDomain } from './types';
import { currentKubelet } from './versions/current';
import type { KubeletVersion } from './versions/version';
import { kubeletViewOf } from './view';

/** What the engine runs for one run of one kubelet version. */
export function kubeletEngineSpec(
  run: KubeletRun,
  version: KubeletVersion = currentKubelet,
): EngineSpec<KubeletDomain> {
  return { ...version.kinds(run), guardView: kubeletViewOf(run) };
}

export function emptyDomain(cfg: KubeletRun): KubeletDomain {
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
export function bootstrap(cfg: KubeletRun, api: EffectApi<KubeletDomain>): void {
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
