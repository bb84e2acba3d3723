/**
 * The node's hardware as the kubelet learns it: cAdvisor's CPU topology, NUMA nodes (memory,
 * hugepages, distances) and the devices its device plugins register. From the scenario's
 * `node.topology` (a shape, a named machine, lscpu or lstopo output), `node.numaDistances`,
 * `node.memory` and `node.devices`; a named machine or lstopo XML brings its own devices,
 * memory and distances, which the scenario's keys replace.
 */
import { parseLscpu } from './lscpu';
import { ok, type Result } from './result';
import { topologyFromCpuList, type CPUTopology } from './topology';
import { topologyPreset, topologyPresetHardware } from './topologyPresets';
import { topologyFromShape } from './topologyShape';
import { parseHwlocXml } from './hwloc';
import { parseQuantity } from './quantity';
import type { DeviceSpec, NodeMemory, Scenario } from '../scenario/schema';

/** A device as its plugin reports it: id and NUMA node (null: no TopologyInfo). */
export interface NodeDevice {
  readonly resource: string;
  readonly id: string;
  readonly numaNode: number | null;
}

/** One NUMA node's memory as cAdvisor reports it (MachineInfo.Topology[i]). */
export interface NumaMemory {
  readonly id: number;
  readonly memory: number;
  /** pageSize in KiB, as cAdvisor lists them: 2Mi and 1Gi pages on every node. */
  readonly hugePages: readonly { readonly pageSize: number; readonly numPages: number }[];
}

export interface NodeHardware {
  readonly topology: CPUTopology;
  /** Ascending NUMA ids. */
  readonly numaNodes: readonly number[];
  readonly devices: readonly NodeDevice[];
  readonly memory: readonly NumaMemory[];
  /** The memory capacity the NUMA nodes add up to, when the scenario or machine says it. */
  readonly memoryCapacity?: number;
}

/** Hardware a named machine or lstopo XML carries beside its CPUs. */
export interface MachineExtras {
  readonly devices?: readonly DeviceSpec[];
  readonly memory?: NodeMemory;
  /** Per NUMA node, when the nodes differ (lstopo XML). */
  readonly numaMemory?: readonly NumaMemory[];
}

const DEFAULT_MEMORY_CAPACITY = 32 * 2 ** 30;

function cpuTopologyOf(s: Scenario): Result<{ topology: CPUTopology; extras: MachineExtras }> {
  const t = s.node.topology;
  if ('preset' in t) {
    const topo = topologyPreset(t.preset);
    return topo.ok ? ok({ topology: topo.value, extras: topologyPresetHardware(t.preset) }) : topo;
  }
  if ('hwloc' in t) {
    const parsed = parseHwlocXml(t.hwloc);
    return parsed.ok
      ? ok({ topology: parsed.value.topology, extras: parsed.value.extras })
      : parsed;
  }
  const topo =
    'lscpu' in t
      ? parseLscpu(t.lscpu)
      : 'cpus' in t
        ? topologyFromCpuList(t.cpus)
        : topologyFromShape(t);
  return topo.ok ? ok({ topology: topo.value, extras: {} }) : topo;
}

/** The short name of a resource, for default device ids: "nvidia.com/gpu" → "gpu". */
export function shortResourceName(resource: string): string {
  return resource.slice(resource.indexOf('/') + 1);
}

/** The devices of the specs: ids given, or `<short name>-<n>` numbered per resource. */
export function expandDevices(specs: readonly DeviceSpec[]): NodeDevice[] {
  const next = new Map<string, number>();
  const out: NodeDevice[] = [];
  for (const d of specs)
    for (let i = 0; i < d.count; i++) {
      const n = next.get(d.resource) ?? 0;
      next.set(d.resource, n + 1);
      out.push({
        resource: d.resource,
        id: d.ids?.[i] ?? `${shortResourceName(d.resource)}-${n}`,
        numaNode: d.numaNode ?? null,
      });
    }
  return out;
}

function bytesOf(q: string | number): number {
  const p = parseQuantity(q);
  return p.ok ? Number(p.value.nanos / 1_000_000_000n) : 0;
}

/** Problems of node.devices, node.memory and node.numaDistances against the topology. */
export function nodeHardwareProblems(s: Scenario): { path: string; message: string }[] {
  const n = s.node;
  if (!n.devices && !n.memory && !n.numaDistances) return [];
  const cpu = cpuTopologyOf(s);
  if (!cpu.ok) return [];
  const numa = numaIdsOf(cpu.value.topology);
  const have = `the topology has NUMA node${numa.length === 1 ? '' : 's'} ${numa.join(', ')}`;
  const out: { path: string; message: string }[] = [];
  const seen = new Map<string, Set<string>>();
  let total = 0;
  n.devices?.forEach((d, i) => {
    total += d.count;
    if (d.numaNode !== undefined && !numa.includes(d.numaNode))
      out.push({
        path: `node.devices[${i}].numaNode`,
        message: `NUMA node ${d.numaNode} does not exist: ${have}`,
      });
    if (d.ids !== undefined && d.ids.length !== d.count)
      out.push({
        path: `node.devices[${i}].ids`,
        message: `${d.ids.length} id${d.ids.length === 1 ? '' : 's'} for count ${d.count}`,
      });
  });
  if (total > 1024)
    out.push({ path: 'node.devices', message: `${total} devices; at most 1,024 devices` });
  if (n.devices && out.length === 0)
    for (const d of expandDevices(n.devices)) {
      const ids = seen.get(d.resource) ?? new Set<string>();
      if (ids.has(d.id))
        out.push({
          path: 'node.devices',
          message: `${d.resource} has the device id "${d.id}" twice`,
        });
      ids.add(d.id);
      seen.set(d.resource, ids);
    }
  if (n.memory && bytesOf(n.memory.perNumaNode) <= 0)
    out.push({ path: 'node.memory.perNumaNode', message: 'memory per NUMA node must be positive' });
  if (n.numaDistances) {
    const maxId = Math.max(...numa);
    if (n.numaDistances.length !== numa.length)
      out.push({
        path: 'node.numaDistances',
        message: `${n.numaDistances.length} rows for ${numa.length} NUMA nodes (one row per node, in id order)`,
      });
    else
      n.numaDistances.forEach((row, i) => {
        if (row.length !== maxId + 1)
          out.push({
            path: `node.numaDistances[${i}]`,
            message: `${row.length} distances; a row has one per NUMA id 0-${maxId}`,
          });
      });
  }
  return out;
}

function numaIdsOf(t: CPUTopology): number[] {
  return [...new Set(t.cpus.map((c) => c.numaId))].sort((a, b) => a - b);
}

/** The node's hardware, or why it cannot be built (the kubelet's "failed to get topology"). */
export function resolveNodeHardware(s: Scenario): Result<NodeHardware> {
  const cpu = cpuTopologyOf(s);
  if (!cpu.ok) return cpu;
  const numaNodes = numaIdsOf(cpu.value.topology);
  let topology = cpu.value.topology;
  if (s.node.numaDistances) {
    const distances: Record<number, number[]> = {};
    numaNodes.forEach((id, i) => (distances[id] = [...(s.node.numaDistances?.[i] ?? [])]));
    topology = { ...topology, numaDistances: distances };
  }
  const specs = s.node.devices ?? cpu.value.extras.devices ?? [];
  const devices = expandDevices(specs).filter(
    (d) => d.numaNode === null || numaNodes.includes(d.numaNode),
  );
  const mem = s.node.memory ?? cpu.value.extras.memory;
  const capacity = s.node.capacity?.memory;
  const listed = s.node.memory === undefined ? cpu.value.extras.numaMemory : undefined;
  if (listed !== undefined && listed.length === numaNodes.length)
    return ok({
      topology,
      numaNodes,
      devices,
      memory: listed,
      memoryCapacity: listed.reduce((n, m) => n + m.memory, 0),
    });
  const perNode =
    mem !== undefined
      ? bytesOf(mem.perNumaNode)
      : Math.floor(
          (capacity !== undefined ? bytesOf(capacity) : DEFAULT_MEMORY_CAPACITY) / numaNodes.length,
        );
  const memory: NumaMemory[] = numaNodes.map((id) => ({
    id,
    memory: perNode,
    hugePages: [
      { pageSize: 1048576, numPages: mem?.hugepages1GiPerNumaNode ?? 0 },
      { pageSize: 2048, numPages: mem?.hugepages2MiPerNumaNode ?? 0 },
    ],
  }));
  return ok({
    topology,
    numaNodes,
    devices,
    memory,
    ...(mem !== undefined ? { memoryCapacity: perNode * numaNodes.length } : {}),
  });
}
