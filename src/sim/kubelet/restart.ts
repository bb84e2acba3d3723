/**
 * What survives a kubelet restart, in one place. The kubelet keeps its pod manager, pod workers,
 * work queue, PLEG records and pod cache, back-off tables, reason cache, probe workers and
 * results, syncs in flight and image-pull queue in memory: a stop loses them all, and a start
 * begins again from `kubeletMemory()`. Everything else in KubeletDomain outlives the process:
 * the API server's pods and their statuses, the container runtime's sandboxes, containers and
 * images, the CPU manager's checkpoint file (`cpu`, re-read on start), and the scenario's
 * fault hits. Pull ids keep counting so a request id is never reused.
 */
import type { KubeletDomain } from './types';
import { objectArray, table } from '../core/shapes';

export type KubeletMemory = Pick<
  KubeletDomain,
  | 'gen'
  | 'pods'
  | 'podOrder'
  | 'workers'
  | 'podsSynced'
  | 'workBuckets'
  | 'cache'
  | 'cacheWaiters'
  | 'pleg'
  | 'containerBackOff'
  | 'imageBackOff'
  | 'imagePullErrors'
  | 'reasonCache'
  | 'probeResults'
  | 'probers'
  | 'syncs'
  | 'starts'
  | 'pulls'
  | 'statusVersions'
  | 'startupLatency'
  | 'resizeConditions'
  | 'pendingResizes'
>;

/** The state that outlives the kubelet process. */
export type SurvivesRestart = Omit<KubeletDomain, keyof KubeletMemory>;

/** A kubelet process's memory as it starts (or after it stopped: gen -1). */
export function kubeletMemory(nextPullId: number): KubeletMemory {
  return {
    gen: -1,
    pods: table(),
    podOrder: objectArray(),
    workers: table(),
    podsSynced: false,
    workBuckets: table(),
    cache: { timestamp: -1, pods: table() },
    cacheWaiters: table(),
    pleg: { seen: table(), dirty: table() },
    containerBackOff: table(),
    imageBackOff: table(),
    imagePullErrors: table(),
    reasonCache: table(),
    probeResults: table(),
    probers: table(),
    syncs: table(),
    starts: table(),
    pulls: { queue: [], active: [], nextId: nextPullId },
    // The status manager's versions and the pod startup latency tracker (statusPatch.ts,
    // startupLatency.ts): a restarted kubelet tracks only pods it sees without a startTime.
    statusVersions: table(),
    startupLatency: table(),
    resizeConditions: table(),
    pendingResizes: undefined,
  };
}
