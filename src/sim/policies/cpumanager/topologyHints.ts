/**
 * The static policy as a topology-manager hint provider (policy_static.go: GetTopologyHints,
 * GetPodTopologyHints, generateCPUTopologyHints, isHintSocketAligned).
 */
import { union, EMPTY_CPUSET, type CPUSet } from '../../model/cpuset';
import type { ContainerLike, PodLike } from '../../model/qos';
import { detailsOf } from '../../model/topology';
import { iterateBitMasks, maskCount, maskIsSet } from '../topologymanager/bitmask';
import type { ProviderHints, TopologyHint } from '../topologymanager/hint';
import { guaranteedCPUs, podGuaranteedCPUs } from './guaranteedCPUs';
import { availableCPUs, skipsPodLevelResources, type StaticPolicy } from './staticPolicy';
import { getCPUSet, type CpuManagerState } from './state';

/** isHintSocketAligned: the hint spans exactly as many sockets as the request needs at least. */
export function isHintSocketAligned(
  p: StaticPolicy,
  hint: TopologyHint,
  minAffinitySize: number,
): boolean {
  const t = p.topology;
  if (hint.numaNodeAffinity === null || t.numSockets === 0) return false; // Go would divide by zero
  const numaPerSocket = Math.trunc(t.numNUMANodes / t.numSockets);
  if (numaPerSocket === 0) return false;
  const minSockets = Math.trunc((minAffinitySize + numaPerSocket - 1) / numaPerSocket);
  return detailsOf(t).socketsInNUMANodes(...hint.numaNodeAffinity).length === minSockets;
}

/**
 * generateCPUTopologyHints: one hint per NUMA mask that can hold the request (reusable CPUs must
 * all lie inside it); preferred when the mask is as narrow as the narrowest mask that could hold
 * the request on an empty machine (or socket-aligned, under align-by-socket).
 */
export function generateCPUTopologyHints(
  p: StaticPolicy,
  available: CPUSet,
  reusable: CPUSet,
  request: number,
): TopologyHint[] {
  const d = detailsOf(p.topology);
  const numaOf = (cpu: number): number => d.get(cpu)?.numaId ?? 0;
  let minAffinitySize = d.numaNodes().length;
  const hints: { numaNodeAffinity: readonly number[]; preferred: boolean }[] = [];
  iterateBitMasks(d.numaNodes(), (mask) => {
    if (d.cpusInNUMANodes(...mask).length >= request && maskCount(mask) < minAffinitySize)
      minAffinitySize = maskCount(mask);
    let matching = 0;
    for (const c of reusable) {
      if (!maskIsSet(mask, numaOf(c))) return;
      matching++;
    }
    for (const c of available) if (maskIsSet(mask, numaOf(c))) matching++;
    if (matching < request) return;
    hints.push({ numaNodeAffinity: mask, preferred: false });
  });
  return hints.map((h) => {
    if (p.options.alignBySocket && isHintSocketAligned(p, h, minAffinitySize))
      return { ...h, preferred: true };
    return { ...h, preferred: maskCount(h.numaNodeAffinity) === minAffinitySize };
  });
}

/** GetTopologyHints (container scope). null = no preference (not exclusive). */
export function getTopologyHints(
  p: StaticPolicy,
  s: CpuManagerState,
  pod: PodLike,
  podUID: string,
  container: ContainerLike,
): ProviderHints {
  const requested = guaranteedCPUs(pod, container, p.qos);
  if (requested === 0) return null;
  if (skipsPodLevelResources(p, pod)) return null;
  const allocated = getCPUSet(s, podUID, container.name);
  if (allocated !== undefined) {
    if (allocated.length !== requested) return { cpu: [] };
    return { cpu: generateCPUTopologyHints(p, allocated, EMPTY_CPUSET, requested) };
  }
  const reusable = s.cpusToReuse[podUID] ?? EMPTY_CPUSET;
  return { cpu: generateCPUTopologyHints(p, availableCPUs(p, s), reusable, requested) };
}

/** GetPodTopologyHints (pod scope): the pod's whole demand, counting CPUs it already holds. */
export function getPodTopologyHints(
  p: StaticPolicy,
  s: CpuManagerState,
  pod: PodLike,
  podUID: string,
): ProviderHints {
  const requested = podGuaranteedCPUs(pod, p.qos);
  if (requested === 0) return null;
  if (skipsPodLevelResources(p, pod)) return null;
  let assigned: CPUSet = EMPTY_CPUSET;
  for (const c of [...(pod.spec.initContainers ?? []), ...pod.spec.containers]) {
    const byContainer = guaranteedCPUs(pod, c, p.qos);
    const allocated = getCPUSet(s, podUID, c.name);
    if (allocated === undefined) continue;
    if (allocated.length !== byContainer) return { cpu: [] };
    assigned = union(assigned, allocated);
  }
  if (assigned.length === requested)
    return { cpu: generateCPUTopologyHints(p, assigned, EMPTY_CPUSET, requested) };
  const reusable = union(s.cpusToReuse[podUID] ?? EMPTY_CPUSET, assigned);
  return { cpu: generateCPUTopologyHints(p, availableCPUs(p, s), reusable, requested) };
}
