/**
 * The node's CPU topology for the diagram, resolved from the scenario with the
 * engine's topology model (shape, preset, lscpu text or CPU list), then mapped onto
 * the diagram's small TopoCpu interface.
 */
import { parseLscpu } from '../sim/model/lscpu';
import type { CPUTopology } from '../sim/model/topology';
import { topologyFromCpuList } from '../sim/model/topology';
import { topologyPreset, TOPOLOGY_PRESETS } from '../sim/model/topologyPresets';
import { topologyFromShape } from '../sim/model/topologyShape';
import { parseCPUSet } from '../sim/model/cpuset';
import type { TopologyInput } from '../viz/topology/topologyInput';
import type { Scenario } from './types';

export function resolveTopology(s: Scenario): CPUTopology | string {
  const t = s.node.topology;
  const r =
    'preset' in t
      ? topologyPreset(t.preset)
      : 'lscpu' in t
        ? parseLscpu(t.lscpu)
        : 'cpus' in t
          ? topologyFromCpuList(t.cpus)
          : topologyFromShape(t);
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

/** reservedSystemCPUs as a list of ids (empty when unset or invalid). */
export function reservedCpus(s: Scenario): number[] {
  const text = s.node.kubelet.reservedSystemCPUs;
  if (!text) return [];
  const r = parseCPUSet(text);
  return r.ok ? [...r.value] : [];
}

export const TOPOLOGY_CATALOG = TOPOLOGY_PRESETS.map((p) => ({
  id: p.id,
  label: p.label,
  kind: p.kind,
}));
