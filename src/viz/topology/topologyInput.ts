/**
 * The small view of a CPU topology the diagram needs; the engine's topology type is
 * mapped onto it in one place (toTopologyInput), so the layout does not depend on
 * the engine's internals. Ids are the kernel's (OS) ids, as cpusets print them.
 */
export interface TopoCpu {
  /** OS CPU id (P#), as in cpuset lists. */
  readonly id: number;
  /** Physical core id; unique together with `socket`. */
  readonly core: number;
  readonly socket: number;
  readonly numa: number;
  /** Uncore (L3) cache id, when the topology knows it. */
  readonly l3?: number | undefined;
}

/** A device a device plugin registered: drawn as a PCI box under its NUMA node. */
export interface TopoDevice {
  readonly resource: string;
  readonly id: string;
  /** null: the plugin reports no NUMA node. */
  readonly numa: number | null;
}

/** A NUMA node's memory types the static memory manager tracks (drawn as fill bars). */
export interface TopoMemory {
  readonly numa: number;
  /** "memory" and the hugepage sizes the node has pages of. */
  readonly types: readonly string[];
}

export interface TopologyInput {
  readonly cpus: readonly TopoCpu[];
  /** The machine box's title, e.g. "Machine (node-1, 16 CPUs)". */
  readonly machineLabel?: string;
  /** The node's devices (absent: none). */
  readonly devices?: readonly TopoDevice[];
  /** The NUMA memory the memory manager's Static policy tracks (absent: policy None). */
  readonly memory?: readonly TopoMemory[];
}
