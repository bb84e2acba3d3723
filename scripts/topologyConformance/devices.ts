/**
 * Runs the device manager vectors (tests/fixtures/topology/device-hints.json) through the
 * engine's device manager: GetTopologyHints / GetPodTopologyHints after UpdateAllocatedDevices,
 * devicesToAllocate's NUMA alignment and the parameters it passes to GetPreferredAllocation,
 * and getPodDeviceRequest.
 */
import type { ContainerLike, PodLike } from '../../src/sim/model/qos';
import {
  devicesToAllocate,
  updateAllocatedDevices,
} from '../../src/sim/policies/devicemanager/allocate';
import {
  devicePodTopologyHints,
  deviceTopologyHints,
  podDeviceRequest,
} from '../../src/sim/policies/devicemanager/topologyHints';
import {
  devicesInUse,
  EMPTY_DEVICE_STATE,
  type DeviceEntry,
  type DeviceManagerConfig,
  type DeviceManagerState,
  type PluginDevice,
  type PreferredAllocation,
} from '../../src/sim/policies/devicemanager/types';
import { devicesPerNUMA } from '../../src/sim/policies/devicemanager/allocate';
import { hasBehaviour } from '../../src/sim/policies/topologymanager/optionReleases';
import type { TopologyHint } from '../../src/sim/policies/topologymanager/hint';
import { arr, expectSame, hintJson, hintLess, hintOf, nums, obj, str, type Json } from './common';
import type { Runner } from './topology';

function deviceOf(v: unknown): PluginDevice {
  const d = obj(v, 'device');
  const t = d.topology;
  return {
    id: str(d.id, 'device.id'),
    // {nodes: null} and {nodes: []} are a TopologyInfo without nodes; null is none at all.
    numaNodes:
      t === null || t === undefined
        ? null
        : obj(t, 'topology').nodes === null
          ? []
          : nums(obj(t, 'topology').nodes, 'nodes'),
  };
}

function configOf(
  devices: Record<string, PluginDevice[]>,
  numaNodes: number[],
  minor: number,
  preferred?: Record<string, PreferredAllocation>,
): DeviceManagerConfig {
  const healthy: Record<string, string[]> = {};
  for (const [r, list] of Object.entries(devices)) healthy[r] = list.map((d) => d.id);
  return {
    numaNodes,
    devices,
    healthy,
    hintsOverDeviceNodes: hasBehaviour('deviceHintsOverDeviceNodes', minor),
    ...(preferred ? { preferred } : {}),
  };
}

function containerOf(v: unknown): ContainerLike {
  const c = obj(v, 'container');
  return {
    name: typeof c.name === 'string' ? c.name : '',
    resources: c.resources ?? {},
    ...(typeof c.restartPolicy === 'string' ? { restartPolicy: c.restartPolicy } : {}),
  };
}

function podOf(v: unknown): PodLike {
  const p = obj(v, 'pod');
  return {
    metadata: { uid: typeof p.uid === 'string' ? p.uid : '' },
    spec: {
      containers: arr(p.containers ?? [], 'containers').map(containerOf),
      initContainers: arr(p.initContainers ?? [], 'initContainers').map(containerOf),
    },
  };
}

/** allocatedDevices of GetTopologyHints' cases: podDevices entries, their ids in use. */
function stateWithPodDevices(cfg: DeviceManagerConfig, v: unknown): DeviceManagerState {
  const entries: DeviceEntry[] = [];
  for (const [pod, cs] of Object.entries(obj(v ?? {}, 'allocatedDevices')))
    for (const [container, rs] of Object.entries(obj(cs, `allocatedDevices.${pod}`)))
      for (const [resource, ids] of Object.entries(
        obj(rs, `allocatedDevices.${pod}.${container}`),
      )) {
        const list = arr(ids, 'ids').map((x) => str(x, 'id'));
        entries.push({
          podUID: pod,
          containerName: container,
          resourceName: resource,
          deviceIDs: devicesPerNUMA(cfg, resource, list),
          ids: list,
        });
      }
  return { ...EMPTY_DEVICE_STATE, entries, allocated: devicesInUse(entries) };
}

function hintsJson(hints: Record<string, TopologyHint[] | null>, keep: readonly string[]): Json {
  const out: Json = {};
  for (const r of keep)
    out[r] =
      hints[r] === undefined
        ? undefined
        : hints[r] === null
          ? null
          : [...hints[r]].sort(hintLess).map(hintJson);
  return out;
}

function expectedHintsJson(v: unknown): Json {
  const out: Json = {};
  for (const [r, list] of Object.entries(obj(v, 'expectedHints')))
    out[r] =
      list === null
        ? null
        : arr(list, r)
            .map((h) => hintOf(h))
            .sort(hintLess)
            .map(hintJson);
  return out;
}

const hintsRunner =
  (pod: boolean): Runner =>
  (c, minor) => {
    const devices: Record<string, PluginDevice[]> = {};
    for (const [r, list] of Object.entries(obj(c.devices, 'devices')))
      devices[r] = arr(list, `devices.${r}`).map(deviceOf);
    const cfg = configOf(devices, nums(c.numaNodes ?? [0, 1], 'numaNodes'), minor);
    const p = podOf(c.pod);
    const active = new Set(arr(c.activePods ?? [p.metadata?.uid], 'activePods').map(String));
    const s = updateAllocatedDevices(stateWithPodDevices(cfg, c.allocatedDevices), active).state;
    const target = typeof c.targetContainer === 'string' ? c.targetContainer : 'containers[0]';
    const m = /^(containers|initContainers)\[(\d+)\]$/.exec(target);
    const container =
      m?.[1] === 'initContainers'
        ? p.spec.initContainers?.[Number(m[2])]
        : p.spec.containers[Number(m?.[2] ?? 0)];
    const got = pod
      ? devicePodTopologyHints(cfg, s, p)
      : deviceTopologyHints(cfg, s, p, container!);
    const expected = expectedHintsJson(c.expectedHints);
    return expectSame('hints', expected, hintsJson(got.hints, Object.keys(expected)));
  };

export const DEVICE_RUNNERS: Record<string, Runner> = {
  TestGetTopologyHints: hintsRunner(false),
  TestGetPodTopologyHints: hintsRunner(true),
  TestTopologyAlignedAllocation: (c, minor) => {
    const resource = str(c.resource, 'resource');
    const list = arr(c.devices, 'devices').map(deviceOf);
    const response = c.getPreferredAllocationResponse;
    const preferred: Record<string, PreferredAllocation> | undefined = Array.isArray(response)
      ? { [resource]: () => response.map(String) }
      : undefined;
    const cfg = configOf({ [resource]: list }, [0, 1], minor, preferred);
    const r = devicesToAllocate(
      cfg,
      EMPTY_DEVICE_STATE,
      'podUID',
      'containerName',
      resource,
      c.request as number,
      [],
      hintOf(c.hint),
    );
    if (!r.ok) return `unexpected error ${JSON.stringify(r.error)}`;
    const got = r.value.devices ?? [];
    if (got.length !== c.request) return `expected ${String(c.request)} devices got ${got.length}`;
    for (const id of arr(c.expectedPreferredAllocation ?? [], 'expectedPreferredAllocation'))
      if (!got.includes(String(id))) return `expected ${String(id)} among ${JSON.stringify(got)}`;
    const alignment: Record<string, number> = {};
    if (list.some((d) => d.numaNodes !== null))
      for (const id of got)
        for (const n of list.find((d) => d.id === id)?.numaNodes ?? [])
          alignment[String(n)] = (alignment[String(n)] ?? 0) + 1;
    return expectSame('alignment', c.expectedAlignment, alignment);
  },
  TestGetPreferredAllocationParameters: (c, minor) => {
    const resource = str(c.resource, 'resource');
    const list = arr(c.allDevices, 'allDevices').map(deviceOf);
    const seen: { available?: readonly string[]; mustInclude?: readonly string[]; size?: number } =
      {};
    const cfg = configOf({ [resource]: list }, [0, 1], minor, {
      [resource]: (_r, available, mustInclude, size) => {
        Object.assign(seen, { available, mustInclude, size });
        return [];
      },
    });
    const allocated = arr(c.allocatedDevices ?? [], 'allocatedDevices').map(String);
    const s: DeviceManagerState = { ...EMPTY_DEVICE_STATE, allocated: { [resource]: allocated } };
    const reusable = arr(c.reusableDevices ?? [], 'reusableDevices').map(String);
    devicesToAllocate(
      cfg,
      s,
      'podUID',
      'containerName',
      resource,
      c.request as number,
      reusable,
      hintOf(c.hint),
    );
    return expectSame(
      'GetPreferredAllocation(available, mustInclude, size)',
      {
        available: [...arr(c.expectedAvailable, 'expectedAvailable').map(String)].sort(),
        mustInclude: [
          ...arr(c.expectedMustInclude ?? [], 'expectedMustInclude').map(String),
        ].sort(),
        size: c.expectedSize,
      },
      {
        available: [...(seen.available ?? [])].sort(),
        mustInclude: [...(seen.mustInclude ?? [])].sort(),
        size: seen.size,
      },
    );
  },
  TestGetPodDeviceRequest: (c, minor) => {
    const registered = arr(c.registeredDevices ?? [], 'registeredDevices').map(String);
    const devices: Record<string, PluginDevice[]> = {};
    for (const r of registered) devices[r] = [];
    const cfg = configOf(devices, [0, 1], minor);
    return expectSame(
      'getPodDeviceRequest()',
      c.expected,
      podDeviceRequest(cfg, EMPTY_DEVICE_STATE, podOf(c.pod)),
    );
  },
};
