/**
 * The quick controls' edits of a scenario, as pure functions (a new object, the old
 * one untouched, so the previous run's scenario stays valid for comparison).
 */
import type { KubeletVersionName } from '../sim';
import type { Scenario } from './types';

export type CpuManagerPolicy = Scenario['node']['kubelet']['cpuManagerPolicy'];
export type TopologyManagerPolicy = Scenario['node']['kubelet']['topologyManagerPolicy'];

export const CPU_MANAGER_POLICIES: readonly CpuManagerPolicy[] = ['none', 'static'];
export const TOPOLOGY_MANAGER_POLICIES: readonly TopologyManagerPolicy[] = [
  'none',
  'best-effort',
  'restricted',
  'single-numa-node',
];

/**
 * Only the policy changes: a scenario without a CPU reservation keeps none, and the
 * engine shows what the kubelet does about that under `static`.
 */
export function withCpuManagerPolicy(s: Scenario, policy: CpuManagerPolicy): Scenario {
  return { ...s, node: { ...s.node, kubelet: { ...s.node.kubelet, cpuManagerPolicy: policy } } };
}

export function withTopologyManagerPolicy(s: Scenario, policy: TopologyManagerPolicy): Scenario {
  return {
    ...s,
    node: { ...s.node, kubelet: { ...s.node.kubelet, topologyManagerPolicy: policy } },
  };
}

/** Another kubelet runs the same scenario (its machines and message tables; src/sim/versions). */
export function withKubeletVersion(s: Scenario, kubeletVersion: KubeletVersionName): Scenario {
  return { ...s, node: { ...s.node, kubeletVersion } };
}

export function withTopologyPreset(s: Scenario, preset: string): Scenario {
  return { ...s, node: { ...s.node, topology: { preset } } };
}

/** The scenario on another topology of its own (the preset's, picked back from the list). */
export function withTopology(s: Scenario, topology: Scenario['node']['topology']): Scenario {
  return { ...s, node: { ...s.node, topology } };
}

/** The topology preset id the scenario names, or null for a shape or CPU list of its own. */
export function topologyPresetOf(s: Scenario): string | null {
  const t = s.node.topology;
  return 'preset' in t ? t.preset : null;
}

/** A short description of a scenario's own topology ("1 × 4 cores × 2 threads"). */
export function describeOwnTopology(s: Scenario): string {
  const t = s.node.topology;
  if ('sockets' in t)
    return `${t.sockets} socket${t.sockets > 1 ? 's' : ''} × ${t.coresPerSocket} cores × ${t.threadsPerCore} thread${t.threadsPerCore > 1 ? 's' : ''}`;
  if ('cpus' in t) return `${t.cpus.length} CPUs listed`;
  if ('lscpu' in t) return 'from lscpu';
  if ('hwloc' in t) return 'from lstopo XML';
  return t.preset;
}
