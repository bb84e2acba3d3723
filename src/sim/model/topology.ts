/**
 * The node's CPU topology as the kubelet's CPU manager sees it
 * (pkg/kubelet/cm/cpumanager/topology/topology.go: CPUTopology, CPUDetails, Discover).
 *
 * A CPUTopology is plain data. The Num* fields are the kubelet's *declared* counts: Discover
 * computes them from cAdvisor, but Kubernetes' test fixtures set them by hand (several leave
 * NumNUMANodes at 0), and the allocator reads them (NUMA-first vs socket-first), so they are
 * stored, never recomputed on the fly.
 */
import { cpuset, type CPUSet } from './cpuset';
import { err, ok, type Result } from './result';

/** One logical CPU (a hardware thread) and where it sits (topology.CPUInfo). */
export interface CpuInfo {
  readonly id: number;
  /** Physical core; after Discover, the lowest thread id of the core (unique machine-wide). */
  readonly coreId: number;
  readonly socketId: number;
  readonly numaId: number;
  /** L3 / LLC group; Discover falls back to the socket id when cAdvisor reports none. */
  readonly uncoreCacheId: number;
}

/** topology.CPUTopology: declared counts plus the per-CPU details, sorted by CPU id. */
export interface CPUTopology {
  readonly numCPUs: number;
  readonly numCores: number;
  readonly numUncoreCache: number;
  readonly numSockets: number;
  readonly numNUMANodes: number;
  readonly cpus: readonly CpuInfo[];
  /**
   * Optional NUMA distance rows (as in /sys/devices/system/node/nodeN/distance), used only by the
   * topology manager's prefer-closest-numa-nodes option. Keyed by NUMA id, indexed by NUMA id.
   */
  readonly numaDistances?: Readonly<Record<number, readonly number[]>>;
}

/** Declared counts, as in the Go struct; missing fields read as 0 (Go's zero value). */
export interface DeclaredCounts {
  readonly NumCPUs?: number;
  readonly NumCores?: number;
  readonly NumUncoreCache?: number;
  readonly NumSockets?: number;
  readonly NumNUMANodes?: number;
}

/** CPUsPerCore(): NumCPUs / NumCores, integer division, 0 when NumCores is 0. */
export function cpusPerCore(t: CPUTopology): number {
  return t.numCores === 0 ? 0 : Math.trunc(t.numCPUs / t.numCores);
}

/** CPUsPerSocket(): NumCPUs / NumSockets, 0 when NumSockets is 0. */
export function cpusPerSocket(t: CPUTopology): number {
  return t.numSockets === 0 ? 0 : Math.trunc(t.numCPUs / t.numSockets);
}

/** CPUsPerUncore(): NumCPUs / NumUncoreCache, 0 when NumUncoreCache is 0. */
export function cpusPerUncore(t: CPUTopology): number {
  return t.numUncoreCache === 0 ? 0 : Math.trunc(t.numCPUs / t.numUncoreCache);
}

/** Every CPU id of the machine (CPUDetails.CPUs()). */
export function allCPUs(t: CPUTopology): CPUSet {
  return t.cpus.map((c) => c.id);
}

/** Per-topology index, memoised by object identity; derived, never stored in state. */
const detailsCache = new WeakMap<CPUTopology, CPUDetails>();

/** The full CPUDetails of a topology (memoised). */
export function detailsOf(t: CPUTopology): CPUDetails {
  let d = detailsCache.get(t);
  if (d === undefined) {
    d = new CPUDetails(t.cpus);
    detailsCache.set(t, d);
  }
  return d;
}

/** Info of one CPU, or undefined when the id is not in the topology. */
export function cpuInfo(t: CPUTopology, cpu: number): CpuInfo | undefined {
  return detailsOf(t).get(cpu);
}

/** CPUCoreID(): the core of a CPU, with Go's error text for unknown ids. */
export function cpuCoreId(t: CPUTopology, cpu: number): Result<number> {
  const info = cpuInfo(t, cpu);
  return info === undefined ? err(`unknown CPU ID: ${cpu}`) : ok(info.coreId);
}

type Key = 'coreId' | 'socketId' | 'numaId' | 'uncoreCacheId';

/**
 * topology.CPUDetails: a set of CPUs with their placement, and the "X in Y" queries the kubelet
 * uses. Every query returns a CPUSet (sorted unique ids). Immutable; {@link keepOnly} returns a
 * new instance. Groupings are built once per instance, so queries cost the size of the answer.
 */
export class CPUDetails {
  private readonly list: readonly CpuInfo[];
  private readonly byId = new Map<number, CpuInfo>();
  private readonly groups = new Map<Key, Map<number, CpuInfo[]>>();

  constructor(cpus: readonly CpuInfo[]) {
    const sorted = [...cpus].sort((a, b) => a.id - b.id);
    this.list = sorted;
    for (const c of sorted) this.byId.set(c.id, c);
  }

  private group(key: Key): Map<number, CpuInfo[]> {
    let g = this.groups.get(key);
    if (g === undefined) {
      g = new Map();
      for (const c of this.list) {
        const k = c[key];
        const arr = g.get(k);
        if (arr === undefined) g.set(k, [c]);
        else arr.push(c);
      }
      this.groups.set(key, g);
    }
    return g;
  }

  private collect(by: Key, ids: readonly number[], pick: (c: CpuInfo) => number): CPUSet {
    const g = this.group(by);
    const out: number[] = [];
    for (const id of ids) for (const c of g.get(id) ?? []) out.push(pick(c));
    return cpuset(out);
  }

  /** The CPU infos, ascending by id. */
  infos(): readonly CpuInfo[] {
    return this.list;
  }

  /** Number of CPUs in this set. */
  size(): number {
    return this.list.length;
  }

  get(cpu: number): CpuInfo | undefined {
    return this.byId.get(cpu);
  }

  /** KeepOnly(cpus): only the given CPUs. */
  keepOnly(cpus: CPUSet): CPUDetails {
    const out: CpuInfo[] = [];
    for (const id of cpus) {
      const c = this.byId.get(id);
      if (c !== undefined) out.push(c);
    }
    return new CPUDetails(out);
  }

  cpus(): CPUSet {
    return this.list.map((c) => c.id);
  }
  numaNodes(): CPUSet {
    return [...this.group('numaId').keys()].sort((a, b) => a - b);
  }
  sockets(): CPUSet {
    return [...this.group('socketId').keys()].sort((a, b) => a - b);
  }
  cores(): CPUSet {
    return [...this.group('coreId').keys()].sort((a, b) => a - b);
  }
  uncoreCaches(): CPUSet {
    return [...this.group('uncoreCacheId').keys()].sort((a, b) => a - b);
  }

  cpusInNUMANodes(...ids: number[]): CPUSet {
    return this.collect('numaId', ids, (c) => c.id);
  }
  cpusInSockets(...ids: number[]): CPUSet {
    return this.collect('socketId', ids, (c) => c.id);
  }
  cpusInCores(...ids: number[]): CPUSet {
    return this.collect('coreId', ids, (c) => c.id);
  }
  cpusInUncoreCaches(...ids: number[]): CPUSet {
    return this.collect('uncoreCacheId', ids, (c) => c.id);
  }
  numaNodesInSockets(...ids: number[]): CPUSet {
    return this.collect('socketId', ids, (c) => c.numaId);
  }
  socketsInNUMANodes(...ids: number[]): CPUSet {
    return this.collect('numaId', ids, (c) => c.socketId);
  }
  coresInNUMANodes(...ids: number[]): CPUSet {
    return this.collect('numaId', ids, (c) => c.coreId);
  }
  coresInSockets(...ids: number[]): CPUSet {
    return this.collect('socketId', ids, (c) => c.coreId);
  }
  uncoreInNUMANodes(...ids: number[]): CPUSet {
    return this.collect('numaId', ids, (c) => c.uncoreCacheId);
  }
  coresInUncoreCache(...ids: number[]): CPUSet {
    return this.collect('uncoreCacheId', ids, (c) => c.coreId);
  }
  /** CoresNeededInUncoreCache: the first n cores (ascending id) of the uncore caches. */
  coresNeededInUncoreCache(n: number, ...ids: number[]): CPUSet {
    const cores = this.coresInUncoreCache(...ids);
    return cores.length <= n ? cores : cores.slice(0, Math.max(0, n));
  }
}

/** One CPU of an explicit list; accepts the scenario's names (cpu/core/...) or CpuInfo's. */
export interface CpuListEntry {
  readonly cpu?: number;
  readonly id?: number;
  readonly core?: number;
  readonly coreId?: number;
  readonly socket?: number;
  readonly socketId?: number;
  readonly numa?: number;
  readonly numaId?: number;
  readonly uncoreCache?: number;
  readonly uncoreCacheId?: number;
}

/** How {@link topologyFromCpuList} treats the given ids and counts. */
export interface CpuListOptions {
  /**
   * Counts to store verbatim (Go fixtures); when absent they are computed as Discover does:
   * NumCPUs = CPUs, NumCores = physical cores, NumSockets/NUMA/Uncore = distinct ids.
   */
  readonly declared?: DeclaredCounts;
  /**
   * 'lowestThread' (default) renumbers each core to its lowest thread id, as Discover does
   * (getUniqueCoreID), grouping threads by (socket, core). 'asGiven' keeps ids verbatim.
   */
  readonly coreIds?: 'lowestThread' | 'asGiven';
  /** Uncore id when an entry has none: the socket id (Discover's fallback, default) or 0. */
  readonly uncoreFallback?: 'socket' | 'zero';
}

function pickNum(
  entry: CpuListEntry,
  a: keyof CpuListEntry,
  b: keyof CpuListEntry,
): number | undefined {
  const v = entry[a] ?? entry[b];
  return v;
}

function isId(v: number | undefined): v is number {
  return v !== undefined && Number.isSafeInteger(v) && v >= 0;
}

/**
 * Builds a topology from an explicit CPU list, with clear errors for missing or bad fields and
 * duplicate CPU ids.
 */
export function topologyFromCpuList(
  entries: readonly CpuListEntry[],
  opts: CpuListOptions = {},
): Result<CPUTopology> {
  if (entries.length === 0) return err('the CPU list is empty');
  const raw: CpuInfo[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as CpuListEntry;
    const id = pickNum(e, 'cpu', 'id');
    const core = pickNum(e, 'core', 'coreId');
    const socket = pickNum(e, 'socket', 'socketId');
    const numa = pickNum(e, 'numa', 'numaId');
    const uncore = pickNum(e, 'uncoreCache', 'uncoreCacheId');
    const bad = (field: string, v: unknown): string =>
      `CPU list entry ${i}: ${field} must be a non-negative integer, got ${JSON.stringify(v) ?? 'nothing'}`;
    if (!isId(id)) return err(bad('cpu', id));
    if (!isId(core)) return err(bad('core', core));
    if (!isId(socket)) return err(bad('socket', socket));
    if (!isId(numa)) return err(bad('numa', numa));
    if (uncore !== undefined && !isId(uncore)) return err(bad('uncoreCache', uncore));
    if (seen.has(id)) return err(`CPU list entry ${i}: CPU ${id} appears twice`);
    seen.add(id);
    const fallback = opts.uncoreFallback === 'zero' ? 0 : socket;
    raw.push({
      id,
      coreId: core,
      socketId: socket,
      numaId: numa,
      uncoreCacheId: uncore ?? fallback,
    });
  }
  raw.sort((a, b) => a.id - b.id);
  let cpus = raw;
  if ((opts.coreIds ?? 'lowestThread') === 'lowestThread') {
    const lowest = new Map<string, number>();
    for (const c of raw) {
      const k = `${c.socketId}/${c.coreId}`;
      const cur = lowest.get(k);
      if (cur === undefined || c.id < cur) lowest.set(k, c.id);
    }
    cpus = raw.map((c) => ({ ...c, coreId: lowest.get(`${c.socketId}/${c.coreId}`) ?? c.id }));
  }
  const distinct = (k: Key): number => new Set(cpus.map((c) => c[k])).size;
  const d = opts.declared;
  return ok({
    numCPUs: d ? (d.NumCPUs ?? 0) : cpus.length,
    numCores: d ? (d.NumCores ?? 0) : distinct('coreId'),
    numUncoreCache: d ? (d.NumUncoreCache ?? 0) : distinct('uncoreCacheId'),
    numSockets: d ? (d.NumSockets ?? 0) : distinct('socketId'),
    numNUMANodes: d ? (d.NumNUMANodes ?? 0) : distinct('numaId'),
    cpus,
  });
}
