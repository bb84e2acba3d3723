/**
 * Assembles a run: the kubelet version's machine kinds and processes bound to the run's inputs,
 * the empty kubelet state, and the bootstrap (the container runtime, the API server and the
 * kubelet process; the scenario's arrivals, deletions and restarts as timed events).
 */
import type { PulledRecord } from './pullCredentials';
import type { EffectApi, EngineSpec } from '../runner/types';
import type { KubeletRun } from './config';
import { API_SERVER, CONTAINER_RUNTIME, EVICTION_MANAGER, KUBELET } from './ids';
import { kubeletMemory, type SurvivesRestart } from './restart';
import { emptyRuntime } from './runtime';
import type { KubeletDomain } from './types';
import { table } from '../core/shapes';
import { currentKubelet } from './versions/current';
import type { KubeletVersion } from './versions/version';
import { kubeletViewOf } from './view';

/**
 * Every writer of the kubelet's state takes its own copy of what it changes (core/cow.ts), but
 * for the syncs, container starts and image pulls in flight: few, short-lived and written deep
 * in place, they are copied by checkpoints and seeks instead. The tables keyed by pod UID or
 * container id are written in place with their changes logged, so a checkpoint keeps what
 * changed, not a copy of every pod's row (runner/tables.ts).
 */
const COPY_ON_WRITE = {
  inPlace: ['syncs', 'starts', 'pulls'],
  tables: [
    'apiPods',
    'resizeConditions',
    'podCgroups',
    'pods',
    'workers',
    'workBuckets',
    'cacheWaiters',
    'images',
    'imagePullRecords',
    'containerBackOff',
    'imageBackOff',
    'imagePullErrors',
    'reasonCache',
    'probeResults',
    'probers',
    'status',
    'statusVersions',
    'volumesMounted',
    'startupLatency',
    'cache.pods',
    'runtime.sandboxes',
    'runtime.containers',
    'runtime.podSandboxes',
    'runtime.podContainers',
    'pleg.seen',
    'pleg.dirty',
    'cpu.containers',
    'cpu.memContainers',
  ],
} as const satisfies {
  inPlace: readonly (keyof KubeletDomain)[];
  tables: readonly string[];
};

/** What the engine runs for one run of one kubelet version. */
export function kubeletEngineSpec(
  run: KubeletRun,
  version: KubeletVersion = currentKubelet,
): EngineSpec<KubeletDomain> {
  return { ...version.kinds(run), guardView: kubeletViewOf(run), copyOnWrite: COPY_ON_WRITE };
}

/** The node before anything ran: the images already present, nothing else. */
export function emptyDomain(cfg: KubeletRun): KubeletDomain {
  const images: Record<string, number> = {};
  for (const [name, img] of Object.entries(cfg.images))
    if (img.present) images[name] = img.sizeBytes;
  const survivors: SurvivesRestart = {
    apiPods: table(),
    podCgroups: table(),
    kubeletStartedAt: 0,
    runtime: emptyRuntime(),
    images,
    imagePullRecords: Object.assign(table<PulledRecord>(), cfg.pullCredentials.records),
    status: table(),
    faultHits: [],
    cpu: null,
  };
  return { ...survivors, ...kubeletMemory(1) };
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
  if (cfg.evictions.length) api.spawn('evictionManager', EVICTION_MANAGER, undefined);
  for (const e of cfg.evictions)
    api.send(EVICTION_MANAGER, { type: 'EVICT', uid: e.uid, message: e.message }, e.at);
  for (const r of cfg.resizes)
    api.send(API_SERVER, { type: 'POD_RESIZE', uid: r.uid, containers: r.containers }, r.at);
}
