/**
 * NUMAInfo (pkg/kubelet/cm/topologymanager/numa_info.go): the machine's NUMA ids and distances,
 * and the two ways masks of equal size are compared (Narrowest, Closest).
 */
import { cpuset } from '../../model/cpuset';
import { err, ok, type Result } from '../../model/result';
import type { CPUTopology } from '../../model/topology';
import { maskCount, maskIsLessThan, maskIsNarrowerThan, type BitMask } from './bitmask';

export interface NUMAInfo {
  readonly nodes: readonly number[];
  /**
   * Distance rows by NUMA id, indexed by NUMA id (/sys/devices/system/node/nodeN/distance, as
   * cAdvisor reports them); a row is null when NewNUMAInfo did not read it (the option
   * prefer-closest-numa-nodes is off), as Go leaves the slice nil.
   */
  readonly distances: Readonly<Record<number, readonly number[] | null>>;
}

/** A cAdvisor NUMA node as NewNUMAInfo reads it: its id and its distances row, if reported. */
export interface CadvisorNode {
  readonly id: number;
  readonly distances?: readonly number[] | null;
}

/**
 * NewNUMAInfo: the nodes in cAdvisor's order, and their distances only when
 * prefer-closest-numa-nodes needs them (an error when a node has none).
 */
export function newNUMAInfo(
  topology: readonly CadvisorNode[] | null,
  opts: { readonly preferClosestNUMA: boolean },
): Result<NUMAInfo> {
  const nodes: number[] = [];
  const distances: Record<number, readonly number[] | null> = {};
  for (const node of topology ?? []) {
    nodes.push(node.id);
    let row: readonly number[] | null = null;
    if (opts.preferClosestNUMA) {
      row = node.distances ?? null;
      if (row === null) return err('error getting NUMA distances from cadvisor');
    }
    distances[node.id] = row;
  }
  return ok({ nodes, distances });
}

/** The topology's NUMA nodes as cAdvisor lists them (ascending ids), with their distances. */
export function cadvisorNodesOf(t: CPUTopology): CadvisorNode[] {
  const info = numaInfoFromTopology(t);
  return info.nodes.map((id) => ({ id, distances: info.distances[id] ?? null }));
}

/**
 * NUMA ids of the topology (ascending, as cAdvisor lists nodes) and their distances: the
 * topology's own when it has them, else a typical table (an assumption, not read from a machine):
 * 10 to itself, 12 within a socket, 21 across sockets.
 */
export function numaInfoFromTopology(t: CPUTopology): NUMAInfo {
  const nodes = cpuset(t.cpus.map((c) => c.numaId));
  if (t.numaDistances !== undefined) return { nodes, distances: t.numaDistances };
  const socketsOf = new Map<number, Set<number>>();
  for (const c of t.cpus) {
    const s = socketsOf.get(c.numaId) ?? new Set<number>();
    s.add(c.socketId);
    socketsOf.set(c.numaId, s);
  }
  const maxId = nodes.length === 0 ? -1 : (nodes[nodes.length - 1] as number);
  const distances: Record<number, number[]> = {};
  for (const a of nodes) {
    const row: number[] = [];
    for (let b = 0; b <= maxId; b++) {
      const shareSocket = [...(socketsOf.get(a) ?? [])].some(
        (s) => socketsOf.get(b)?.has(s) === true,
      );
      row.push(a === b ? 10 : shareSocket ? 12 : 21);
    }
    distances[a] = row;
  }
  return { nodes, distances };
}

/** DefaultAffinityMask: every NUMA node. */
export function defaultAffinityMask(info: NUMAInfo): BitMask {
  return [...info.nodes];
}

/** Narrowest(m1, m2). */
export function narrowest(m1: BitMask, m2: BitMask): BitMask {
  return maskIsNarrowerThan(m1, m2) ? m1 : m2;
}

/** CalculateAverageFor: mean distance over all ordered pairs of the mask's nodes. */
export function averageDistance(info: NUMAInfo, m: BitMask): number {
  if (maskCount(m) === 0) return 0;
  let sum = 0;
  let count = 0;
  for (const a of m) {
    for (const b of m) {
      sum += info.distances[a]?.[b] ?? 0; // Go reads 0 past a nil or short row
      count++;
    }
  }
  return sum / count;
}

/** Closest(m1, m2): narrower first; equal sizes by lower average distance, then lower mask. */
export function closest(info: NUMAInfo, m1: BitMask, m2: BitMask): BitMask {
  if (maskCount(m1) !== maskCount(m2)) return narrowest(m1, m2);
  const d1 = averageDistance(info, m1);
  const d2 = averageDistance(info, m2);
  if (d1 === d2) return maskIsLessThan(m1, m2) ? m1 : m2;
  return d1 < d2 ? m1 : m2;
}
