/**
 * The device manager's data (pkg/kubelet/cm/devicemanager: manager.go ManagerImpl's maps,
 * pod_devices.go podDevices, checkpoint.DevicesPerNUMA), as plain immutable values: a change
 * returns a new state, so checkpoints and seeks share the old one.
 */

/** A device a plugin reported in ListAndWatch: its id and TopologyInfo.Nodes (null: no TopologyInfo). */
export interface PluginDevice {
  readonly id: string;
  readonly numaNodes: readonly number[] | null;
}

/**
 * GetPreferredAllocation, for a plugin that implements it: the device ids it prefers among
 * `available`, keeping `mustInclude`, `size` in all.
 */
export type PreferredAllocation = (
  resource: string,
  available: readonly string[],
  mustInclude: readonly string[],
  size: number,
) => readonly string[];

/** What the device manager knows of the node from start-up: fixed for the kubelet's lifetime. */
export interface DeviceManagerConfig {
  /** cAdvisor's NUMA node ids (m.numaNodes). */
  readonly numaNodes: readonly number[];
  /** Every device each resource's plugin reported (m.allDevices), in the plugin's order. */
  readonly devices: Readonly<Record<string, readonly PluginDevice[]>>;
  /** m.healthyDevices: the ids of the healthy ones, by resource. */
  readonly healthy: Readonly<Record<string, readonly string[]>>;
  /** Plugins with GetPreferredAllocation, by resource. */
  readonly preferred?: Readonly<Record<string, PreferredAllocation>>;
  /** topology_hints.go iterates only NUMA nodes that host the resource's devices (1.35 on). */
  readonly hintsOverDeviceNodes: boolean;
}

/** checkpoint.DevicesPerNUMA: NUMA id (-1: no topology) to device ids. */
export type DevicesPerNUMA = Readonly<Record<string, readonly string[]>>;

/** One podDevices entry: a container's devices of one resource, and the plugin's answer. */
export interface DeviceEntry {
  readonly podUID: string;
  readonly containerName: string;
  readonly resourceName: string;
  readonly deviceIDs: DevicesPerNUMA;
  /** The device ids in the order they were allocated (the plugin's Allocate request). */
  readonly ids: readonly string[];
}

export interface DeviceManagerState {
  /** podDevices, as entries in the order they were inserted (the checkpoint's order). */
  readonly entries: readonly DeviceEntry[];
  /** m.allocatedDevices: ids in use, by resource. */
  readonly allocated: Readonly<Record<string, readonly string[]>>;
  /** m.devicesToReuse: an init container's devices its pod's next containers may take. */
  readonly devicesToReuse: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
}

export const EMPTY_DEVICE_STATE: DeviceManagerState = {
  entries: [],
  allocated: {},
  devicesToReuse: {},
};

/** nodeWithoutTopology (manager.go): the fake NUMA node of devices without TopologyInfo. */
export const NODE_WITHOUT_TOPOLOGY = -1;

/** A device by resource and id (m.allDevices[resource][id]). */
export function deviceOf(
  cfg: DeviceManagerConfig,
  resource: string,
  id: string,
): PluginDevice | undefined {
  return cfg.devices[resource]?.find((d) => d.id === id);
}

/** The NUMA ids of a device's TopologyInfo (getNUMANodeIds): none when it has none. */
export function numaIdsOf(d: PluginDevice | undefined): readonly number[] {
  return d?.numaNodes ?? [];
}

/** containerDevices(podUID, container, resource): null when there is no entry. */
export function containerDevices(
  s: DeviceManagerState,
  podUID: string,
  container: string,
  resource: string,
): readonly string[] | null {
  const e = s.entries.find(
    (x) => x.podUID === podUID && x.containerName === container && x.resourceName === resource,
  );
  return e ? e.ids : null;
}

/** podDevices(podUID, resource): every container's ids of the resource. */
export function podDevicesOf(s: DeviceManagerState, podUID: string, resource: string): string[] {
  const out: string[] = [];
  for (const e of s.entries)
    if (e.podUID === podUID && e.resourceName === resource)
      for (const id of e.ids) if (!out.includes(id)) out.push(id);
  return out;
}

/** podDevices.devices(): the ids every entry holds, by resource. */
export function devicesInUse(
  entries: readonly DeviceEntry[],
): Readonly<Record<string, readonly string[]>> {
  const out: Record<string, string[]> = {};
  for (const e of entries) {
    const list = (out[e.resourceName] ??= []);
    for (const id of e.ids) if (!list.includes(id)) list.push(id);
  }
  return out;
}

/** isDevicePluginResource: a registered resource, or one devices were allocated of. */
export function isDevicePluginResource(
  cfg: DeviceManagerConfig,
  s: DeviceManagerState,
  resource: string,
): boolean {
  return cfg.healthy[resource] !== undefined || s.allocated[resource] !== undefined;
}

/** deviceHasTopologyAlignment: any of the resource's devices names a NUMA node. */
export function deviceHasTopologyAlignment(cfg: DeviceManagerConfig, resource: string): boolean {
  return (cfg.devices[resource] ?? []).some((d) => d.numaNodes !== null && d.numaNodes.length > 0);
}

/** getAvailableDevices: healthy minus allocated, in the plugin's order. */
export function availableDevices(
  cfg: DeviceManagerConfig,
  s: DeviceManagerState,
  resource: string,
): string[] {
  const used = s.allocated[resource] ?? [];
  return (cfg.healthy[resource] ?? []).filter((id) => !used.includes(id));
}
