/**
 * The memory manager's state (pkg/kubelet/cm/memorymanager/state/state.go): per NUMA node and
 * memory type the table of sizes, the node's group of cells and its number of assignments; per
 * container its memory blocks. Plain values: an operation works on a copy (cloneMachineState)
 * and returns it, so checkpoints and seeks share the old one.
 */

/** MemoryTable (bytes). JSON: total, systemReserved, allocatable, reserved, free. */
export interface MemoryTable {
  totalMemSize: number;
  systemReserved: number;
  allocatable: number;
  reserved: number;
  free: number;
}

/** NUMANodeState. */
export interface NUMANodeState {
  numberOfAssignments: number;
  /** By resource name: "memory", "hugepages-2Mi", "hugepages-1Gi". */
  memoryMap: Record<string, MemoryTable>;
  /** The NUMA nodes this node is grouped with for multi-NUMA allocations (itself alone when none). */
  cells: number[];
}

/** NUMANodeMap: by NUMA id. */
export type NUMANodeMap = Record<number, NUMANodeState>;

/** Block: memory of one type taken on a set of NUMA nodes. */
export interface Block {
  readonly numaAffinity: readonly number[];
  readonly type: string;
  readonly size: number;
}

/** ContainerMemoryAssignments: pod UID → container name → blocks. */
export type ContainerMemoryAssignments = Readonly<
  Record<string, Readonly<Record<string, readonly Block[]>>>
>;

/** The static policy's initContainersReusableMemory: pod → NUMA mask string → type → bytes. */
export type ReusableMemory = Readonly<
  Record<string, Readonly<Record<string, Readonly<Record<string, number>>>>>
>;

/** What the memory manager holds: the checkpointed state and the policy's memory of init containers. */
export interface MemoryManagerState {
  readonly policyName: 'None' | 'Static';
  readonly machineState: Readonly<NUMANodeMap>;
  readonly assignments: ContainerMemoryAssignments;
  readonly reusable: ReusableMemory;
}

/** NUMANodeMap.Clone. */
export function cloneMachineState(ms: Readonly<NUMANodeMap>): NUMANodeMap {
  const out: NUMANodeMap = {};
  for (const [id, s] of Object.entries(ms)) {
    const memoryMap: Record<string, MemoryTable> = {};
    for (const [r, t] of Object.entries(s.memoryMap)) memoryMap[r] = { ...t };
    out[Number(id)] = {
      numberOfAssignments: s.numberOfAssignments,
      memoryMap,
      cells: [...s.cells],
    };
  }
  return out;
}

/** The NUMA ids of a machine state, ascending. */
export function numaIdsOfState(ms: Readonly<NUMANodeMap>): number[] {
  return Object.keys(ms)
    .map(Number)
    .sort((a, b) => a - b);
}

/** corehelper.IsHugePageResourceName. */
export function isHugePageResourceName(name: string): boolean {
  return name.startsWith('hugepages-');
}
