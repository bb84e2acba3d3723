/**
 * The node's CPU topology for the diagram, resolved from the scenario with the
 * engine's topology model (shape, preset, lscpu text or CPU list), then mapped onto
 * the diagram's small TopoCpu interface.
 */
import {
  newResourceManagers,
  resolveTopology as engineTopology,
  type CPUTopology,
  TOPOLOGY_PRESETS,
  type NodeHardware,
} from '../sim';
import type { TopologyInput } from '../viz/topology/topologyInput';
import type { Scenario } from './types';

/** The topology the engine simulates (the same resolution), or why there is none. */
export function resolveTopology(s: Scenario): CPUTopology | string {
  const r = engineTopology(s);
  return r.ok ? r.value : r.error;
}

export function toTopologyInput(
  topo: CPUTopology,
  nodeName: string,
  hardware?: { hw: NodeHardware; staticMemory: boolean },
): TopologyInput {
  const devices = hardware?.hw.devices ?? [];
  const memory = hardware?.staticMemory
    ? hardware.hw.memory.map((m) => ({
        numa: m.id,
        types: [
          'memory',
          ...m.hugePages
            .filter((p) => p.numPages > 0)
            .map((p) => (p.pageSize === 1048576 ? 'hugepages-1Gi' : 'hugepages-2Mi')),
        ],
      }))
    : undefined;
  return {
    cpus: topo.cpus.map((c) => ({
      id: c.id,
      core: c.coreId,
      socket: c.socketId,
      numa: c.numaId,
      l3: c.uncoreCacheId,
    })),
    machineLabel: `Machine (${nodeName}, ${topo.cpus.length} CPUs)`,
    ...(devices.length > 0
      ? { devices: devices.map((d) => ({ resource: d.resource, id: d.id, numa: d.numaNode })) }
      : {}),
    ...(memory ? { memory } : {}),
  };
}

/** The node's devices and memory, and whether the memory manager tracks NUMA memory. */
export function nodeHardwareOf(
  s: Scenario,
): { hw: NodeHardware; staticMemory: boolean } | undefined {
  const r = newResourceManagers(s);
  return r.ok
    ? { hw: r.value.hardware, staticMemory: r.value.memory.policy === 'Static' }
    : undefined;
}

/**
 * The CPUs the static policy never hands out exclusively (from reservedSystemCPUs, or
 * taken by topology for kube/system-reserved), as the engine computes them; empty
 * under none or when the kubelet cannot start its CPU manager.
 */
export function reservedCpus(s: Scenario): number[] {
  const r = newResourceManagers(s);
  return r.ok && r.value.cpuPolicy.name === 'static' ? [...r.value.cpuPolicy.reservedCPUs] : [];
}

export const TOPOLOGY_CATALOG = TOPOLOGY_PRESETS.map((p) => ({
  id: p.id,
  label: p.label,
  kind: p.kind,
}));
