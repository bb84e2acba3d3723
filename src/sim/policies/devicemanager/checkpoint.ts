/**
 * /var/lib/kubelet/device-plugins/kubelet_internal_checkpoint (devicemanager/checkpoint/
 * checkpoint.go Data, V2; manager.go writeCheckpoint; pod_devices.go toCheckpointData).
 *
 * The checksum is the kubelet's: FNV-32a over dump.ForHash(cp.Data), spew's `%#v` of the
 * checkpointData struct (sorted map keys, no type prefix on map and slice elements, []byte as
 * its decimal bytes). Checked against real files (tests/fixtures/real/device-checkpoints).
 */
import { fnv32a } from '../cpumanager/checkpoint';
import type { DeviceEntry, DeviceManagerConfig, DeviceManagerState } from './types';

/**
 * The plugin's ContainerAllocateResponse for an allocation, as protobuf bytes: the model's
 * plugins answer with one environment variable naming the devices, as NVIDIA's device plugin
 * does for nvidia.com/* (NVIDIA_VISIBLE_DEVICES) and the SR-IOV network device plugin for other
 * resources (PCIDEVICE_<RESOURCE>, e.g. PCIDEVICE_INTEL_COM_SRIOV_NETDEVICE). Device specs and
 * mounts, which those plugins also return, are not modelled.
 */
export function allocResponseBytes(resource: string, ids: readonly string[]): Uint8Array {
  const key = resource.startsWith('nvidia.com/')
    ? 'NVIDIA_VISIBLE_DEVICES'
    : `PCIDEVICE_${resource.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
  const enc = new TextEncoder();
  const field = (tag: number, bytes: Uint8Array): number[] => [
    tag,
    ...varint(bytes.length),
    ...bytes,
  ];
  const entry = [...field(0x0a, enc.encode(key)), ...field(0x12, enc.encode(ids.join(',')))];
  // map<string, string> envs = 1: one entry message per pair.
  return Uint8Array.from(field(0x0a, Uint8Array.from(entry)));
}

function varint(n: number): number[] {
  const out: number[] = [];
  let v = n;
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  out.push(v);
  return out;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 with padding (encoding/json's []byte). */
export function base64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? B64[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? B64[n & 63]! : '=';
  }
  return out;
}

/** A PodDevicesEntry as the file holds it. */
export interface PodDevicesEntryJSON {
  readonly PodUID: string;
  readonly ContainerName: string;
  readonly ResourceName: string;
  readonly DeviceIDs: Readonly<Record<string, readonly string[]>>;
  /** base64 of the ContainerAllocateResponse bytes (encoding/json's []byte). */
  readonly AllocResp: string;
}

export interface DeviceCheckpointJSON {
  readonly Data: {
    readonly PodDeviceEntries: readonly PodDevicesEntryJSON[] | null;
    readonly RegisteredDevices: Readonly<Record<string, readonly string[]>>;
  };
  readonly Checksum: number;
}

/** dump.ForHash(checkpointData) with the entries' AllocResp bytes. */
export function deviceCheckpointHashInput(
  entries: readonly { entry: PodDevicesEntryJSON; bytes: Uint8Array }[] | null,
  registered: Readonly<Record<string, readonly string[]>>,
): string {
  const list = (ids: readonly string[]) => `[${ids.join(' ')}]`;
  const perNUMA = (m: Readonly<Record<string, readonly string[]>>) =>
    `map[${Object.keys(m)
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => `${k}:${list(m[String(k)] ?? [])}`)
      .join(' ')}]`;
  const ents =
    entries === null
      ? '<nil>'
      : `[${entries
          .map(
            ({ entry: e, bytes }) =>
              `{PodUID:(string)${e.PodUID} ContainerName:(string)${e.ContainerName} ResourceName:(string)${e.ResourceName} DeviceIDs:(checkpoint.DevicesPerNUMA)${perNUMA(e.DeviceIDs)} AllocResp:([]uint8)[${[...bytes].join(' ')}]}`,
          )
          .join(' ')}]`;
  const reg = `map[${Object.keys(registered)
    .sort()
    .map((k) => `${k}:${list(registered[k] ?? [])}`)
    .join(' ')}]`;
  return `(checkpoint.checkpointData){PodDeviceEntries:([]checkpoint.PodDevicesEntry)${ents} RegisteredDevices:(map[string][]string)${reg}}`;
}

/** writeCheckpoint: the file for a state (RegisteredDevices = the healthy devices). */
export function deviceCheckpoint(
  cfg: DeviceManagerConfig,
  s: DeviceManagerState,
): DeviceCheckpointJSON {
  const withBytes = s.entries.map((e: DeviceEntry) => {
    const bytes = allocResponseBytes(e.resourceName, e.ids);
    const entry: PodDevicesEntryJSON = {
      PodUID: e.podUID,
      ContainerName: e.containerName,
      ResourceName: e.resourceName,
      DeviceIDs: e.deviceIDs,
      AllocResp: base64(bytes),
    };
    return { entry, bytes };
  });
  // toCheckpointData appends to a nil slice: no entries is a nil slice (JSON null).
  const entries = withBytes.length === 0 ? null : withBytes;
  const registered: Record<string, readonly string[]> = {};
  for (const r of Object.keys(cfg.healthy).sort()) registered[r] = cfg.healthy[r] ?? [];
  return {
    Data: {
      PodDeviceEntries: entries && entries.map((x) => x.entry),
      RegisteredDevices: registered,
    },
    Checksum: fnv32a(deviceCheckpointHashInput(entries, registered)),
  };
}

/**
 * The file's bytes as json.Marshal writes them: struct fields in order, map keys sorted as
 * strings (DeviceIDs' "-1" before "0", "10" before "2", which a JavaScript object would not keep).
 */
export function deviceCheckpointJSON(cfg: DeviceManagerConfig, s: DeviceManagerState): string {
  const cp = deviceCheckpoint(cfg, s);
  const ids = (list: readonly string[]) => `[${list.map((x) => JSON.stringify(x)).join(',')}]`;
  const map = (m: Readonly<Record<string, readonly string[]>>) =>
    `{${Object.keys(m)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((k) => `${JSON.stringify(k)}:${ids(m[k] ?? [])}`)
      .join(',')}}`;
  const entries =
    cp.Data.PodDeviceEntries === null
      ? 'null'
      : `[${cp.Data.PodDeviceEntries.map(
          (e) =>
            `{"PodUID":${JSON.stringify(e.PodUID)},"ContainerName":${JSON.stringify(e.ContainerName)},"ResourceName":${JSON.stringify(e.ResourceName)},"DeviceIDs":${map(e.DeviceIDs)},"AllocResp":${JSON.stringify(e.AllocResp)}}`,
        ).join(',')}]`;
  return `{"Data":{"PodDeviceEntries":${entries},"RegisteredDevices":${map(cp.Data.RegisteredDevices)}},"Checksum":${cp.Checksum}}`;
}
