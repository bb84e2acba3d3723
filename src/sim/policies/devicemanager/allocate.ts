/**
 * The device manager's allocation (pkg/kubelet/cm/devicemanager/manager.go): Allocate with its
 * devicesToReuse hand-over between init and app containers, allocateContainerResources,
 * devicesToAllocate (reusable first, then the aligned devices, the plugin's preferred
 * allocation, the unaligned and the unplaced ones), filterByAffinity and
 * UpdateAllocatedDevices. Go walks sets in random order; here a set is walked in the plugin's
 * device order, so the same run always picks the same devices.
 */
import { isRestartableInitContainer, type ContainerLike, type PodLike } from '../../model/qos';
import { err, ok, type Result } from '../../model/result';
import { maskIsSet } from '../topologymanager/bitmask';
import type { TopologyHint } from '../topologymanager/hint';
import { containerDeviceRequest, quantityCount } from './topologyHints';
import {
  containerDevices,
  deviceHasTopologyAlignment,
  deviceOf,
  devicesInUse,
  NODE_WITHOUT_TOPOLOGY,
  type DeviceEntry,
  type DeviceManagerConfig,
  type DeviceManagerState,
  type DevicesPerNUMA,
} from './types';

/** What one step of an allocation did, for the kubelet's log lines. */
export type DeviceAllocationNote =
  | { readonly kind: 'lookingFor'; readonly resource: string; readonly needed: number }
  | { readonly kind: 'podsRemoved'; readonly podUIDs: readonly string[] }
  | {
      readonly kind: 'preAllocated';
      readonly resource: string;
      readonly devices: readonly string[];
    }
  | { readonly kind: 'need'; readonly resource: string; readonly needed: number }
  | { readonly kind: 'noneNeeded'; readonly resource: string }
  | { readonly kind: 'preferredAsked'; readonly resource: string }
  | { readonly kind: 'allocated'; readonly resource: string; readonly devices: readonly string[] };

/** Set difference and union that keep the first list's order. */
const minus = (a: readonly string[], b: readonly string[]) => a.filter((x) => !b.includes(x));
const plus = (a: readonly string[], b: readonly string[]) => [...a, ...minus(b, a)];

/**
 * UpdateAllocatedDevices: drops the entries of pods no longer active and recomputes the
 * allocated devices from what is left. Returns the same state when nothing goes.
 */
export function updateAllocatedDevices(
  s: DeviceManagerState,
  activePodUIDs: ReadonlySet<string>,
): { state: DeviceManagerState; removed: string[] } {
  const removed: string[] = [];
  for (const e of s.entries)
    if (!activePodUIDs.has(e.podUID) && !removed.includes(e.podUID)) removed.push(e.podUID);
  if (removed.length === 0) return { state: s, removed };
  const entries = s.entries.filter((e) => activePodUIDs.has(e.podUID));
  return {
    state: { ...s, entries, allocated: devicesInUse(entries) },
    removed: removed.sort(),
  };
}

/**
 * filterByAffinity: the available devices on the hint's NUMA nodes, on other nodes, and without
 * a NUMA node. A device on several nodes goes to the list of the first of its nodes in the
 * kubelet's order (hint nodes first, fewer devices first).
 */
export function filterByAffinity(
  cfg: DeviceManagerConfig,
  resource: string,
  available: readonly string[],
  hint: TopologyHint,
): { aligned: string[]; unaligned: string[]; noAffinity: string[] } {
  const mask = hint.numaNodeAffinity;
  if (!deviceHasTopologyAlignment(cfg, resource) || mask === null)
    return { aligned: [], unaligned: [], noAffinity: [...available] };
  const perNode = new Map<number, string[]>();
  for (const id of available) {
    const nodes = deviceOf(cfg, resource, id)?.numaNodes;
    const keys =
      nodes === null || nodes === undefined || nodes.length === 0 ? [NODE_WITHOUT_TOPOLOGY] : nodes;
    for (const n of keys) {
      const list = perNode.get(n) ?? [];
      list.push(id);
      perNode.set(n, list);
    }
  }
  const size = (n: number) => perNode.get(n)?.length ?? 0;
  const nodes = [...perNode.keys()].sort((i, j) => {
    const iIn = maskIsSet(mask, i);
    const jIn = maskIsSet(mask, j);
    if (iIn && jIn) return size(i) - size(j) || i - j;
    if (iIn) return -1;
    if (jIn) return 1;
    if (i === NODE_WITHOUT_TOPOLOGY) return 1;
    if (j === NODE_WITHOUT_TOPOLOGY) return -1;
    return size(i) - size(j) || i - j;
  });
  const out = { aligned: [] as string[], unaligned: [] as string[], noAffinity: [] as string[] };
  for (const id of available)
    for (const n of nodes) {
      if (!perNode.get(n)?.includes(id)) continue;
      if (n === NODE_WITHOUT_TOPOLOGY) out.noAffinity.push(id);
      else if (maskIsSet(mask, n)) out.aligned.push(id);
      else out.unaligned.push(id);
      break;
    }
  return out;
}

export interface DevicesToAllocate {
  /** The ids to allocate (null: nothing to do), in the order they were taken. */
  readonly devices: readonly string[] | null;
  readonly allocated: Readonly<Record<string, readonly string[]>>;
  readonly notes: readonly DeviceAllocationNote[];
}

/**
 * devicesToAllocate(podUID, container, resource, required, reusable): reusable devices first;
 * then, when the aligned devices outnumber what is needed, the plugin's preferred pick among
 * them and the rest of them; otherwise all the aligned ones, the plugin's pick among the
 * available, the unaligned and those without NUMA node. `affinity` is the topology manager's
 * stored hint for the container.
 */
export function devicesToAllocate(
  cfg: DeviceManagerConfig,
  s: DeviceManagerState,
  podUID: string,
  container: string,
  resource: string,
  required: number,
  reusable: readonly string[],
  affinity: TopologyHint,
): Result<DevicesToAllocate> {
  const notes: DeviceAllocationNote[] = [];
  let needed = required;
  const held = containerDevices(s, podUID, container, resource);
  if (held !== null) {
    notes.push({ kind: 'preAllocated', resource, devices: [...held].sort() });
    needed -= held.length;
    if (needed !== 0)
      return err(
        `pod "${podUID}" container "${container}" changed request for resource "${resource}" from ${held.length} to ${required}`,
      );
  }
  notes.push({ kind: 'need', resource, needed });
  const healthy = cfg.healthy[resource];
  if (healthy === undefined) return err(`cannot allocate unregistered device ${resource}`);
  if (healthy.length === 0)
    return err(`no healthy devices present; cannot allocate unhealthy devices ${resource}`);
  if (held !== null && held.some((id) => !healthy.includes(id)))
    return err(
      `previously allocated devices are no longer healthy; cannot allocate unhealthy devices ${resource}`,
    );
  if (needed === 0) {
    notes.push({ kind: 'noneNeeded', resource });
    return ok({ devices: null, allocated: s.allocated, notes });
  }
  const taken: string[] = [];
  const inUse = [...(s.allocated[resource] ?? [])];
  const allocateRemainingFrom = (from: readonly string[]): boolean => {
    for (const id of minus(from, taken)) {
      if (!inUse.includes(id)) inUse.push(id);
      taken.push(id);
      needed--;
      if (needed === 0) return true;
    }
    return false;
  };
  const done = (): Result<DevicesToAllocate> =>
    ok({ devices: taken, allocated: { ...s.allocated, [resource]: inUse }, notes });
  if (allocateRemainingFrom(reusable)) return done();
  const available = minus(healthy, inUse);
  if (available.length < needed)
    return err(
      `requested number of devices unavailable for ${resource}. Requested: ${needed}, Available: ${available.length}`,
    );
  const { aligned, unaligned, noAffinity } = filterByAffinity(cfg, resource, available, affinity);
  const preferred = (from: readonly string[]): readonly string[] => {
    const plugin = cfg.preferred?.[resource];
    if (!plugin) return [];
    notes.push({ kind: 'preferredAsked', resource });
    return plugin(resource, plus(from, taken), [...taken], required);
  };
  const short = () =>
    err(
      `unexpectedly allocated less resources than required. Requested: ${required}, Got: ${required - needed}`,
    );
  if (needed < aligned.length) {
    const pick = preferred(aligned);
    if (allocateRemainingFrom(pick.filter((id) => aligned.includes(id)))) return done();
    if (allocateRemainingFrom(aligned)) return done();
    return short();
  }
  if (allocateRemainingFrom(aligned)) return done();
  const pick = preferred(available);
  if (allocateRemainingFrom(pick.filter((id) => available.includes(id)))) return done();
  if (allocateRemainingFrom(unaligned)) return done();
  if (allocateRemainingFrom(noAffinity)) return done();
  return short();
}

/** The DevicesPerNUMA of allocated ids: each under every NUMA node it is on, or -1. */
export function devicesPerNUMA(
  cfg: DeviceManagerConfig,
  resource: string,
  ids: readonly string[],
): DevicesPerNUMA {
  const out: Record<string, string[]> = {};
  for (const id of ids) {
    const nodes = deviceOf(cfg, resource, id)?.numaNodes;
    const keys =
      nodes === null || nodes === undefined || nodes.length === 0 ? [NODE_WITHOUT_TOPOLOGY] : nodes;
    for (const n of keys) (out[String(n)] ??= []).push(id);
  }
  return out;
}

export interface DeviceAllocation {
  readonly state: DeviceManagerState;
  readonly notes: readonly DeviceAllocationNote[];
  /** Whether the checkpoint was written (some device was allocated). */
  readonly wrote: boolean;
}

/**
 * allocateContainerResources: for each device plugin resource in the container's limits,
 * UpdateAllocatedDevices (once), devicesToAllocate, the plugin's Allocate, and the podDevices
 * entry. Limits are walked in name order (Go: map order).
 */
function allocateContainerResources(
  cfg: DeviceManagerConfig,
  state: DeviceManagerState,
  pod: PodLike,
  container: ContainerLike,
  reuse: Readonly<Record<string, readonly string[]>>,
  activePodUIDs: ReadonlySet<string>,
  affinity: TopologyHint,
): Result<
  DeviceAllocation,
  { message: string; notes: DeviceAllocationNote[]; state: DeviceManagerState }
> {
  const podUID = pod.metadata?.uid ?? '';
  const notes: DeviceAllocationNote[] = [];
  let s = state;
  let updated = false;
  let wrote = false;
  const limits = container.resources?.limits ?? {};
  const devicesRequested = containerDeviceRequest(cfg, s, container);
  for (const resource of Object.keys(limits).sort()) {
    const isDevice = resource in devicesRequested;
    notes.push({
      kind: 'lookingFor',
      resource,
      needed: isDevice ? (devicesRequested[resource] as number) : quantityCount(limits[resource]),
    });
    if (!isDevice) continue;
    if (!updated) {
      const u = updateAllocatedDevices(s, activePodUIDs);
      if (u.removed.length > 0) notes.push({ kind: 'podsRemoved', podUIDs: u.removed });
      s = u.state;
      updated = true;
    }
    const r = devicesToAllocate(
      cfg,
      s,
      podUID,
      container.name,
      resource,
      devicesRequested[resource] as number,
      reuse[resource] ?? [],
      affinity,
    );
    if (!r.ok) return err({ message: r.error, notes, state: s });
    notes.push(...r.value.notes);
    if (r.value.devices === null || r.value.devices.length === 0) {
      s = { ...s, allocated: r.value.allocated };
      continue;
    }
    const ids = r.value.devices;
    notes.push({ kind: 'allocated', resource, devices: ids });
    const entry: DeviceEntry = {
      podUID,
      containerName: container.name,
      resourceName: resource,
      deviceIDs: devicesPerNUMA(cfg, resource, ids),
      ids,
    };
    const entries = s.entries.filter(
      (e) =>
        !(e.podUID === podUID && e.containerName === container.name && e.resourceName === resource),
    );
    s = { ...s, entries: [...entries, entry], allocated: r.value.allocated };
    wrote = true;
  }
  return ok({ state: s, notes, wrote });
}

/**
 * Allocate(pod, container): keeps devicesToReuse for this pod only; an init container's
 * devices become reusable by the containers after it (a sidecar's stay its own), an app
 * container's are no longer reusable.
 */
export function allocateDevices(
  cfg: DeviceManagerConfig,
  state: DeviceManagerState,
  pod: PodLike,
  container: ContainerLike,
  activePodUIDs: ReadonlySet<string>,
  affinity: TopologyHint,
): Result<
  DeviceAllocation,
  { message: string; notes: DeviceAllocationNote[]; state: DeviceManagerState }
> {
  const podUID = pod.metadata?.uid ?? '';
  let reuse: Record<string, readonly string[]> = { ...(state.devicesToReuse[podUID] ?? {}) };
  const r = allocateContainerResources(
    cfg,
    { ...state, devicesToReuse: { [podUID]: reuse } },
    pod,
    container,
    reuse,
    activePodUIDs,
    affinity,
  );
  if (!r.ok) return r;
  const s = r.value.state;
  const own = s.entries.filter((e) => e.podUID === podUID && e.containerName === container.name);
  const init = (pod.spec.initContainers ?? []).find((c) => c.name === container.name);
  if (init !== undefined && !isRestartableInitContainer(init)) {
    for (const e of own)
      reuse = { ...reuse, [e.resourceName]: plus(reuse[e.resourceName] ?? [], e.ids) };
  } else {
    for (const e of own)
      reuse = { ...reuse, [e.resourceName]: minus(reuse[e.resourceName] ?? [], e.ids) };
  }
  return ok({ ...r.value, state: { ...s, devicesToReuse: { [podUID]: reuse } } });
}
