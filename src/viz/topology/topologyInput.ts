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

export interface TopologyInput {
  readonly cpus: readonly TopoCpu[];
  /** The machine box's title, e.g. "Machine (node-1, 16 CPUs)". */
  readonly machineLabel?: string;
}
