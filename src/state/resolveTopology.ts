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
} from '../sim';
import type { TopologyInput } from '../viz/topology/topologyInput';
import type { Scenario } from './types';

/** The topology the engine simulates (the same resolution), or why there is none. */
export function resolveTopology(s: Scenario): CPUTopology | string {
  const r = engineTopology(s);
  return r.ok ? r.value : r.error;
}

export function toTopologyInput(topo: CPUTopology, nodeName: string): TopologyInput {
  return {
    cpus: topo.cpus.map((c) => ({
      id: c.id,
      core: c.coreId,
      socket: c.socketId,
      numa: c.numaId,
      l3: c.uncoreCacheId,
    })),
    machineLabel: `Machine (${nodeName}, ${topo.cpus.length} CPUs)`,
  };
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
