/**
 * The kubelet's cpuAccumulator (pkg/kubelet/cm/cpumanager/cpu_assignment.go), line for line:
 * the free-element orders (best fit: ascending free CPUs, ties by id), NUMA-first vs
 * sockets-first from the *declared* counts, and the take* steps. Mutable, but private to one
 * takeByTopology call, so the exported allocators stay pure.
 *
 * "details" (the still-available CPUs) is kept as a flag per CPU plus free counts per core,
 * socket, NUMA node and uncore cache, so every query costs the size of the element it asks about.
 */
import { cpuset, type CPUSet } from '../../model/cpuset';
import {
  cpusPerCore,
  cpusPerSocket,
  cpusPerUncore,
  type CPUTopology,
  type CpuInfo,
} from '../../model/topology';
import { levelId, topologyIndex, type Level, type TopologyIndex } from './topologyIndex';

/** CPUSortingStrategy: packed (default) or spread (distribute-cpus-across-cores). */
export type CPUSortingStrategy = 'packed' | 'spread';

/** One allocator decision, as the kubelet logs it at V(4) (e.g. "takeFullCores: claiming core"). */
export interface TakeStep {
  readonly msg: string;
  readonly level: Level | 'cpu' | 'cpus';
  readonly id: number;
  readonly cpus: CPUSet;
}

export class CpuAccumulator {
  readonly topo: CPUTopology;
  private readonly idx: TopologyIndex;
  private readonly avail = new Set<number>();
  private readonly free: Record<Level, Map<number, number>> = {
    core: new Map(),
    socket: new Map(),
    numa: new Map(),
    uncore: new Map(),
  };
  numCPUsNeeded: number;
  private readonly taken = new Set<number>();
  /** newCPUAccumulator: NUMA first when NumSockets >= NumNUMANodes (declared counts). */
  readonly numaFirst: boolean;
  readonly sorting: CPUSortingStrategy;
  readonly steps: TakeStep[] = [];

  constructor(topo: CPUTopology, available: CPUSet, numCPUs: number, sorting: CPUSortingStrategy) {
    this.topo = topo;
    this.idx = topologyIndex(topo);
    this.numCPUsNeeded = numCPUs;
    this.sorting = sorting;
    this.numaFirst = topo.numSockets >= topo.numNUMANodes;
    for (const id of available) {
      const c = this.idx.info[id];
      if (c === undefined) continue; // KeepOnly drops CPUs unknown to the topology
      this.avail.add(id);
      for (const level of ['core', 'socket', 'numa', 'uncore'] as const) {
        const k = levelId(c, level);
        this.free[level].set(k, (this.free[level].get(k) ?? 0) + 1);
      }
    }
  }

  /** The accumulated result, sorted. */
  result(): CPUSet {
    return cpuset(this.taken);
  }

  /** |details|: CPUs still available. */
  availableCount(): number {
    return this.avail.size;
  }

  /** details.CPUs(). */
  availableCPUs(): CPUSet {
    return cpuset(this.avail);
  }

  /** take(): result ∪= cpus; details −= result; numCPUsNeeded −= |cpus| (even for repeats, as Go). */
  take(cpus: CPUSet): void {
    for (const id of cpus) {
      this.taken.add(id);
      if (!this.avail.delete(id)) continue;
      const c = this.idx.info[id];
      if (c === undefined) continue;
      for (const level of ['core', 'socket', 'numa', 'uncore'] as const) {
        const k = levelId(c, level);
        this.free[level].set(k, (this.free[level].get(k) ?? 0) - 1);
      }
    }
    this.numCPUsNeeded -= cpus.length;
  }

  needsAtLeast(n: number): boolean {
    return this.numCPUsNeeded >= n;
  }
  isSatisfied(): boolean {
    return this.numCPUsNeeded < 1;
  }
  isFailed(): boolean {
    return this.numCPUsNeeded > this.avail.size;
  }

  // ---- details queries (available CPUs only) ----

  /** Free CPUs in an element (|details.CPUsInX(id)|). */
  freeCount(level: Level, id: number): number {
    return this.free[level].get(id) ?? 0;
  }

  /** All CPUs of an element in the whole topology (topo.CPUDetails.CPUsInX(id)). */
  topoCPUs(level: Level, id: number): CPUSet {
    return this.idx.members[level].get(id) ?? [];
  }

  /** details.CPUsInX(id), sorted. */
  availIn(level: Level, id: number): CPUSet {
    return this.topoCPUs(level, id).filter((c) => this.avail.has(c));
  }

  /** Ids of a level that still have a free CPU (details.NUMANodes(), Sockets(), ...). */
  idsWithFree(level: Level): number[] {
    const out: number[] = [];
    for (const [k, n] of this.free[level]) if (n > 0) out.push(k);
    return out;
  }

  /** Ids of `child` among the available CPUs of element (parent, id), e.g. CoresInSockets(s). */
  childIds(parent: Level, id: number, child: Level): number[] {
    const out = new Set<number>();
    for (const c of this.availIn(parent, id)) out.add(levelId(this.idx.info[c] as CpuInfo, child));
    return [...out];
  }

  /** a.sort(): ascending free CPUs in the element, ties by ascending id. */
  sortByFree(ids: number[], level: Level): number[] {
    return ids.sort((a, b) => this.freeCount(level, a) - this.freeCount(level, b) || a - b);
  }

  // ---- orders (sortAvailable*) ----

  sortAvailableNUMANodes(): number[] {
    if (this.numaFirst) return this.sortByFree(this.idsWithFree('numa'), 'numa');
    const out: number[] = [];
    for (const s of this.sortAvailableSockets())
      out.push(...this.sortByFree(this.childIds('socket', s, 'numa'), 'numa'));
    return out;
  }

  sortAvailableSockets(): number[] {
    if (!this.numaFirst) return this.sortByFree(this.idsWithFree('socket'), 'socket');
    const out: number[] = [];
    for (const n of this.sortAvailableNUMANodes())
      out.push(...this.sortByFree(this.childIds('numa', n, 'socket'), 'socket'));
    return out;
  }

  sortAvailableCores(): number[] {
    const out: number[] = [];
    if (this.numaFirst) {
      for (const s of this.sortAvailableSockets())
        out.push(...this.sortByFree(this.childIds('socket', s, 'core'), 'core'));
    } else {
      for (const n of this.sortAvailableNUMANodes())
        out.push(...this.sortByFree(this.childIds('numa', n, 'core'), 'core'));
    }
    return out;
  }

  sortAvailableUncoreCaches(): number[] {
    const out: number[] = [];
    for (const n of this.sortAvailableNUMANodes())
      out.push(...this.sortByFree(this.childIds('numa', n, 'uncore'), 'uncore'));
    return out;
  }

  /** sortAvailableCPUsPacked: core by core, each core's free CPUs ascending. */
  sortAvailableCPUsPacked(): number[] {
    const out: number[] = [];
    for (const core of this.sortAvailableCores()) out.push(...this.availIn('core', core));
    return out;
  }

  /** sortAvailableCPUsSpread: socket by socket, each socket's free CPUs ascending. */
  sortAvailableCPUsSpread(): number[] {
    const out: number[] = [];
    for (const s of this.sortAvailableSockets()) out.push(...this.availIn('socket', s));
    return out;
  }

  // ---- free (fully available) elements ----

  isNUMANodeFree(id: number): boolean {
    return this.freeCount('numa', id) === this.topoCPUs('numa', id).length;
  }
  isSocketFree(id: number): boolean {
    return this.freeCount('socket', id) === cpusPerSocket(this.topo);
  }
  isUncoreCacheFree(id: number): boolean {
    return this.freeCount('uncore', id) === this.topoCPUs('uncore', id).length;
  }
  isCoreFree(id: number): boolean {
    return this.freeCount('core', id) === cpusPerCore(this.topo);
  }

  freeNUMANodes(): number[] {
    return this.sortAvailableNUMANodes().filter((n) => this.isNUMANodeFree(n));
  }
  freeSockets(): number[] {
    return this.sortAvailableSockets().filter((s) => this.isSocketFree(s));
  }
  freeUncoreCache(): number[] {
    return this.sortAvailableUncoreCaches().filter((u) => this.isUncoreCacheFree(u));
  }
  freeCores(): number[] {
    return this.sortAvailableCores().filter((c) => this.isCoreFree(c));
  }
  /** freeCPUs(): the availableCPUSorter's order. */
  freeCPUs(): number[] {
    return this.sorting === 'packed'
      ? this.sortAvailableCPUsPacked()
      : this.sortAvailableCPUsSpread();
  }

  // ---- take steps ----

  private takeFull(level: Level, list: readonly number[], msg: string): void {
    for (const id of list) {
      const cpus = this.topoCPUs(level, id);
      if (!this.needsAtLeast(cpus.length)) continue; // 'continue', not 'break', as in Go
      this.steps.push({ msg, level, id, cpus });
      this.take(cpus);
    }
  }

  takeFullNUMANodes(): void {
    this.takeFull('numa', this.freeNUMANodes(), 'takeFullNUMANodes: claiming NUMA node');
  }
  takeFullSockets(): void {
    this.takeFull('socket', this.freeSockets(), 'takeFullSockets: claiming socket');
  }
  takeFullUncore(): void {
    this.takeFull('uncore', this.freeUncoreCache(), 'takeFullUncore: claiming uncore');
  }
  takeFullCores(): void {
    this.takeFull('core', this.freeCores(), 'takeFullCores: claiming core');
  }

  takeFullFirstLevel(): void {
    if (this.numaFirst) this.takeFullNUMANodes();
    else this.takeFullSockets();
  }
  takeFullSecondLevel(): void {
    if (this.numaFirst) this.takeFullSockets();
    else this.takeFullNUMANodes();
  }

  /** takePartialUncore (newer upstream text: ceil of cores needed, odd requests drop one CPU). */
  takePartialUncore(uncoreId: number): void {
    const perCore = cpusPerCore(this.topo);
    if (perCore === 0) return; // Go would divide by zero here
    const numCoresNeeded = Math.trunc((this.numCPUsNeeded + perCore - 1) / perCore);
    // details.CoresNeededInUncoreCache: cores with a free CPU in the uncore, ascending, first n.
    const cores = cpuset(this.childIds('uncore', uncoreId, 'core')).slice(
      0,
      Math.max(0, numCoresNeeded),
    );
    let freeCPUs: CPUSet = cpuset(cores.flatMap((c) => this.availIn('core', c)));
    if (this.numCPUsNeeded % 2 !== 0 && perCore > 1 && freeCPUs.length > this.numCPUsNeeded) {
      freeCPUs = freeCPUs.slice(0, freeCPUs.length - 1);
    }
    if (this.numCPUsNeeded !== freeCPUs.length) return;
    this.steps.push({
      msg: 'takePartialUncore: claiming partial uncore',
      level: 'uncore',
      id: uncoreId,
      cpus: freeCPUs,
    });
    this.take(freeCPUs);
  }

  /** takeUncoreCache: whole uncore caches while the request is at least one, else a partial one. */
  takeUncoreCache(): void {
    const perUncore = cpusPerUncore(this.topo);
    for (const u of this.sortAvailableUncoreCaches()) {
      if (this.needsAtLeast(perUncore)) this.takeFullUncore();
      if (this.isSatisfied()) return;
      this.takePartialUncore(u);
      if (this.isSatisfied()) return;
    }
  }

  /** takeRemainingCPUs: one CPU at a time in freeCPUs() order (computed once). */
  takeRemainingCPUs(): void {
    for (const cpu of this.freeCPUs()) {
      this.steps.push({
        msg: 'takeRemainingCPUs: claiming CPU',
        level: 'cpu',
        id: cpu,
        cpus: [cpu],
      });
      this.take([cpu]);
      if (this.isSatisfied()) return;
    }
  }

  /** rangeNUMANodesNeededToSatisfy(cpuGroupSize): [min, max] NUMA nodes worth trying. */
  rangeNUMANodesNeededToSatisfy(groupSize: number): [number, number] {
    const numNUMANodes = this.idx.members.numa.size;
    const numNUMANodesAvailable = this.idsWithFree('numa').length;
    const numCPUs = this.topo.cpus.length;
    const div = (a: number, b: number): number => Math.trunc(a / b);
    const numCPUGroups = div(numCPUs - 1, groupSize) + 1;
    const perNUMA = div(numCPUGroups - 1, numNUMANodes) + 1;
    const needed = div(this.numCPUsNeeded - 1, groupSize) + 1;
    const min = div(needed - 1, perNUMA) + 1;
    return [min, Math.min(needed, numNUMANodesAvailable)];
  }
}
