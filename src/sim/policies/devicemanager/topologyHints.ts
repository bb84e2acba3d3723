/**
 * The device manager as a topology hint provider (pkg/kubelet/cm/devicemanager/topology_hints.go):
 * GetTopologyHints, GetPodTopologyHints, generateDeviceTopologyHints and the pod's and
 * container's device requests (for these resources requests equal limits, so only limits are
 * read). Pure: the caller runs UpdateAllocatedDevices first, as both Get*TopologyHints do.
 */
import { isRestartableInitContainer, type ContainerLike, type PodLike } from '../../model/qos';
import { parseQuantity, quantityValue } from '../../model/quantity';
import { iterateBitMasks, maskAnySet, maskCount } from '../topologymanager/bitmask';
import type { TopologyHint } from '../topologymanager/hint';
import {
  availableDevices,
  containerDevices,
  deviceHasTopologyAlignment,
  deviceOf,
  isDevicePluginResource,
  numaIdsOf,
  podDevicesOf,
  type DeviceManagerConfig,
  type DeviceManagerState,
} from './types';

/** A resource list value as int(quantity.Value()): whole units, rounded up ("500m" → 1). */
export function quantityCount(v: string | number | undefined): number {
  if (v === undefined) return 0;
  const q = parseQuantity(v);
  return q.ok ? quantityValue(q.value) : 0;
}

/** getContainerDeviceRequest: the container's limits of device plugin resources. */
export function containerDeviceRequest(
  cfg: DeviceManagerConfig,
  s: DeviceManagerState,
  container: ContainerLike,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [resource, v] of Object.entries(container.resources?.limits ?? {}))
    if (isDevicePluginResource(cfg, s, resource)) out[resource] = quantityCount(v);
  return out;
}

/**
 * resource.PodLimits (component-helpers, overhead excluded) for the given resources: the app
 * containers' sum plus the sidecars', or the largest an init container needs while it runs
 * (with the sidecars started before it), whichever is larger.
 */
export function podLimits(
  pod: PodLike,
  keep: (resource: string) => boolean,
): Record<string, number> {
  const sum: Record<string, number> = {};
  const add = (into: Record<string, number>, c: ContainerLike) => {
    for (const [r, v] of Object.entries(c.resources?.limits ?? {}))
      if (keep(r)) into[r] = (into[r] ?? 0) + quantityCount(v);
  };
  for (const c of pod.spec.containers) add(sum, c);
  const sidecars: Record<string, number> = {};
  const initMax: Record<string, number> = {};
  for (const c of pod.spec.initContainers ?? []) {
    let limits: Record<string, number>;
    if (isRestartableInitContainer(c)) {
      add(sum, c);
      add(sidecars, c);
      limits = sidecars;
    } else {
      limits = { ...sidecars };
      add(limits, c);
    }
    for (const [r, v] of Object.entries(limits)) if (v > (initMax[r] ?? 0)) initMax[r] = v;
  }
  for (const [r, v] of Object.entries(initMax)) if (v > (sum[r] ?? 0)) sum[r] = v;
  return sum;
}

/** getPodDeviceRequest: PodLimits of the device plugin resources. */
export function podDeviceRequest(
  cfg: DeviceManagerConfig,
  s: DeviceManagerState,
  pod: PodLike,
): Record<string, number> {
  return podLimits(pod, (r) => isDevicePluginResource(cfg, s, r));
}

/** deviceNUMANodes: the sorted NUMA ids cAdvisor knows that host a device of the resource. */
function deviceNUMANodes(cfg: DeviceManagerConfig, resource: string): number[] {
  const nodes = new Set<number>();
  for (const d of cfg.devices[resource] ?? []) for (const n of numaIdsOf(d)) nodes.add(n);
  return [...nodes].filter((n) => cfg.numaNodes.includes(n)).sort((a, b) => a - b);
}

/**
 * generateDeviceTopologyHints: every NUMA mask with enough available (plus reusable) devices,
 * preferred when it is as narrow as the narrowest mask that could hold the request at all.
 */
export function generateDeviceTopologyHints(
  cfg: DeviceManagerConfig,
  resource: string,
  available: readonly string[],
  reusable: readonly string[],
  request: number,
): TopologyHint[] {
  let numaNodes: readonly number[] = cfg.numaNodes;
  if (cfg.hintsOverDeviceNodes) {
    const withDevices = deviceNUMANodes(cfg, resource);
    if (withDevices.length > 0) numaNodes = withDevices;
  }
  let minAffinitySize = numaNodes.length;
  const hints: TopologyHint[] = [];
  const all = cfg.devices[resource] ?? [];
  iterateBitMasks(numaNodes, (mask) => {
    let devicesInMask = 0;
    for (const d of all) if (maskAnySet(mask, numaIdsOf(d))) devicesInMask++;
    if (devicesInMask >= request && maskCount(mask) < minAffinitySize)
      minAffinitySize = maskCount(mask);
    let numMatching = 0;
    for (const id of reusable) {
      const d = deviceOf(cfg, resource, id);
      if (d === undefined || d.numaNodes === null) continue;
      if (!maskAnySet(mask, numaIdsOf(d))) return;
      numMatching++;
    }
    for (const id of available)
      if (maskAnySet(mask, numaIdsOf(deviceOf(cfg, resource, id)))) numMatching++;
    if (numMatching < request) return;
    hints.push({ numaNodeAffinity: mask, preferred: false });
  });
  return hints.map((h) => ({
    numaNodeAffinity: h.numaNodeAffinity,
    preferred: maskCount(h.numaNodeAffinity ?? []) === minAffinitySize,
  }));
}

/** Why a resource got the hints it got, for the kubelet's log lines and the Inspector. */
export type DeviceHintNote =
  | { readonly kind: 'noTopology'; readonly resource: string; readonly request: number }
  | {
      readonly kind: 'allocatedMismatch';
      readonly resource: string;
      readonly request: number;
      readonly allocated: number;
    }
  | { readonly kind: 'regenerating'; readonly resource: string; readonly allocated: number }
  | {
      readonly kind: 'unavailable';
      readonly resource: string;
      readonly request: number;
      readonly available: number;
    }
  | { readonly kind: 'generated'; readonly resource: string; readonly request: number };

export interface DeviceHints {
  readonly hints: Record<string, TopologyHint[] | null>;
  readonly notes: DeviceHintNote[];
}

/** Resources in a stable order (Go walks the request map in random order). */
function resourcesOf(req: Record<string, number>): string[] {
  return Object.keys(req).sort();
}

/** GetTopologyHints(pod, container), after UpdateAllocatedDevices. */
export function deviceTopologyHints(
  cfg: DeviceManagerConfig,
  s: DeviceManagerState,
  pod: PodLike,
  container: ContainerLike,
): DeviceHints {
  const podUID = pod.metadata?.uid ?? '';
  const req = containerDeviceRequest(cfg, s, container);
  const hints: Record<string, TopologyHint[] | null> = {};
  const notes: DeviceHintNote[] = [];
  for (const resource of resourcesOf(req)) {
    const request = req[resource] as number;
    if (!deviceHasTopologyAlignment(cfg, resource)) {
      notes.push({ kind: 'noTopology', resource, request });
      hints[resource] = null;
      continue;
    }
    const allocated = containerDevices(s, podUID, container.name, resource);
    if (allocated !== null && allocated.length > 0) {
      if (allocated.length !== request) {
        notes.push({ kind: 'allocatedMismatch', resource, request, allocated: allocated.length });
        hints[resource] = [];
        continue;
      }
      notes.push({ kind: 'regenerating', resource, allocated: allocated.length });
      hints[resource] = generateDeviceTopologyHints(cfg, resource, allocated, [], request);
      continue;
    }
    const available = availableDevices(cfg, s, resource);
    const reusable = s.devicesToReuse[podUID]?.[resource] ?? [];
    const union = [...available, ...reusable.filter((id) => !available.includes(id))];
    if (union.length < request) {
      notes.push({ kind: 'unavailable', resource, request, available: union.length });
      hints[resource] = [];
      continue;
    }
    notes.push({ kind: 'generated', resource, request });
    hints[resource] = generateDeviceTopologyHints(cfg, resource, available, reusable, request);
  }
  return { hints, notes };
}

/** GetPodTopologyHints(pod), after UpdateAllocatedDevices. */
export function devicePodTopologyHints(
  cfg: DeviceManagerConfig,
  s: DeviceManagerState,
  pod: PodLike,
): DeviceHints {
  const podUID = pod.metadata?.uid ?? '';
  const req = podDeviceRequest(cfg, s, pod);
  const hints: Record<string, TopologyHint[] | null> = {};
  const notes: DeviceHintNote[] = [];
  for (const resource of resourcesOf(req)) {
    const request = req[resource] as number;
    if (!deviceHasTopologyAlignment(cfg, resource)) {
      notes.push({ kind: 'noTopology', resource, request });
      hints[resource] = null;
      continue;
    }
    const allocated = podDevicesOf(s, podUID, resource);
    if (allocated.length > 0) {
      if (allocated.length !== request) {
        notes.push({ kind: 'allocatedMismatch', resource, request, allocated: allocated.length });
        hints[resource] = [];
        continue;
      }
      notes.push({ kind: 'regenerating', resource, allocated: allocated.length });
      hints[resource] = generateDeviceTopologyHints(cfg, resource, allocated, [], request);
      continue;
    }
    const available = availableDevices(cfg, s, resource);
    if (available.length < request) {
      notes.push({ kind: 'unavailable', resource, request, available: available.length });
      hints[resource] = [];
      continue;
    }
    notes.push({ kind: 'generated', resource, request });
    hints[resource] = generateDeviceTopologyHints(cfg, resource, available, [], request);
  }
  return { hints, notes };
}
