/**
 * A per-topology index for the allocator: CPUs grouped by core, socket, NUMA node and uncore
 * cache, with group totals. Memoised by topology object; derived data, never stored in state.
 */
import type { CPUTopology, CpuInfo } from '../../model/topology';

export type Level = 'core' | 'socket' | 'numa' | 'uncore';

export interface TopologyIndex {
  readonly topo: CPUTopology;
  /** CPU info by id (sparse array: ids are small non-negative integers). */
  readonly info: readonly (CpuInfo | undefined)[];
  /** Sorted CPU ids of each group, per level. */
  readonly members: Readonly<Record<Level, ReadonlyMap<number, readonly number[]>>>;
}

const cache = new WeakMap<CPUTopology, TopologyIndex>();

/** The level's id of a CPU. */
export function levelId(c: CpuInfo, level: Level): number {
  switch (level) {
    case 'core':
      return c.coreId;
    case 'socket':
      return c.socketId;
    case 'numa':
      return c.numaId;
    case 'uncore':
      return c.uncoreCacheId;
  }
}

/** The memoised index of a topology. */
export function topologyIndex(topo: CPUTopology): TopologyIndex {
  const hit = cache.get(topo);
  if (hit !== undefined) return hit;
  const info: (CpuInfo | undefined)[] = [];
  const members: Record<Level, Map<number, number[]>> = {
    core: new Map(),
    socket: new Map(),
    numa: new Map(),
    uncore: new Map(),
  };
  const sorted = [...topo.cpus].sort((a, b) => a.id - b.id);
  for (const c of sorted) {
    info[c.id] = c;
    for (const level of ['core', 'socket', 'numa', 'uncore'] as const) {
      const id = levelId(c, level);
      const arr = members[level].get(id);
      if (arr === undefined) members[level].set(id, [c.id]);
      else arr.push(c.id);
    }
  }
  const idx: TopologyIndex = { topo, info, members };
  cache.set(topo, idx);
  return idx;
}
