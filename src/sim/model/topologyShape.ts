/**
 * Builds a topology from a machine shape, numbering CPUs the way Linux does on x86: thread 0 of
 * every core on every socket first, then every core's second thread, and so on. So SMT siblings
 * sit far apart: on 2 sockets × 16 cores × 2 threads, CPU 0's sibling is CPU 32.
 */
import { err, ok, type Result } from './result';
import type { CPUTopology, CpuInfo } from './topology';

/** A regular machine: every socket alike. */
export interface TopologyShape {
  readonly sockets: number;
  /** NUMA nodes per socket (sub-NUMA clustering / NPS); default 1. Must divide coresPerSocket. */
  readonly numaNodesPerSocket?: number;
  readonly coresPerSocket: number;
  readonly threadsPerCore: number;
  /** L3 (uncore) groups per socket, e.g. AMD CCDs; default 1. Must divide coresPerSocket. */
  readonly uncoreCachesPerSocket?: number;
}

/** The largest machine a shape may describe; keeps every allocator call well under a frame. */
export const MAX_SHAPE_CPUS = 4096;

function positiveInt(name: string, v: number): string | undefined {
  return Number.isSafeInteger(v) && v >= 1
    ? undefined
    : `${name} must be a positive integer, got ${v}`;
}

/**
 * CPU id = thread × (sockets × cores) + socket × cores + core. Core id is the lowest thread id of
 * the core (as Discover computes it); NUMA and uncore ids split each socket's cores into equal,
 * consecutive blocks, numbered machine-wide. Declared counts are what Discover would report.
 */
export function topologyFromShape(shape: TopologyShape): Result<CPUTopology> {
  const numaPer = shape.numaNodesPerSocket ?? 1;
  const uncorePer = shape.uncoreCachesPerSocket ?? 1;
  const problems = [
    positiveInt('sockets', shape.sockets),
    positiveInt('coresPerSocket', shape.coresPerSocket),
    positiveInt('threadsPerCore', shape.threadsPerCore),
    positiveInt('numaNodesPerSocket', numaPer),
    positiveInt('uncoreCachesPerSocket', uncorePer),
  ].filter((p): p is string => p !== undefined);
  if (problems.length > 0) return err(problems.join('; '));
  const { sockets, coresPerSocket, threadsPerCore } = shape;
  if (coresPerSocket % numaPer !== 0)
    return err(
      `coresPerSocket (${coresPerSocket}) must be a multiple of numaNodesPerSocket (${numaPer})`,
    );
  if (coresPerSocket % uncorePer !== 0)
    return err(
      `coresPerSocket (${coresPerSocket}) must be a multiple of uncoreCachesPerSocket (${uncorePer})`,
    );
  const total = sockets * coresPerSocket * threadsPerCore;
  if (total > MAX_SHAPE_CPUS)
    return err(`${total} CPUs is more than the ${MAX_SHAPE_CPUS} supported`);

  const coresTotal = sockets * coresPerSocket;
  const coresPerNuma = coresPerSocket / numaPer;
  const coresPerUncore = coresPerSocket / uncorePer;
  const cpus: CpuInfo[] = [];
  for (let t = 0; t < threadsPerCore; t++) {
    for (let s = 0; s < sockets; s++) {
      for (let c = 0; c < coresPerSocket; c++) {
        const firstThread = s * coresPerSocket + c;
        cpus.push({
          id: t * coresTotal + firstThread,
          coreId: firstThread,
          socketId: s,
          numaId: s * numaPer + Math.floor(c / coresPerNuma),
          uncoreCacheId: s * uncorePer + Math.floor(c / coresPerUncore),
        });
      }
    }
  }
  return ok({
    numCPUs: total,
    numCores: coresTotal,
    numUncoreCache: sockets * uncorePer,
    numSockets: sockets,
    numNUMANodes: sockets * numaPer,
    cpus,
  });
}
