/**
 * The node's PCI devices and NUMA memory under the CPU layout, as lstopo draws I/O: each
 * NUMA node's devices (GPU, NIC and other PCI boxes) and its memory and hugepages (fill bars,
 * under the static memory manager) in a strip below the compute, in the NUMA node's own
 * column; devices without a NUMA node in a row of their own. The machine box grows to hold
 * the strip; the CPU layout itself is unchanged.
 */
import type { TopologyLayout, TopoBox } from './layoutTopology';
import type { TopoDevice, TopoMemory } from './topologyInput';

export type DeviceKind = 'gpu' | 'nic' | 'device';

export interface DeviceBox {
  readonly key: string;
  readonly resource: string;
  readonly id: string;
  readonly kind: DeviceKind;
  /** What the box reads: "GPU gpu-0", "NIC 18:01.0". */
  readonly label: string;
  readonly numa: number | null;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface MemoryBar {
  readonly key: string;
  readonly numa: number;
  /** "memory", "hugepages-1Gi", "hugepages-2Mi". */
  readonly type: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface DevicesLayout extends TopologyLayout {
  readonly devices: readonly DeviceBox[];
  readonly memoryBars: readonly MemoryBar[];
}

const GAP = 3;
const BAR_H = 13;
const DEV_H = 17;
const CHAR_W = 5.4;

/** GPU, NIC or another device, from the resource's name. */
export function deviceKind(resource: string): DeviceKind {
  const name = resource.slice(resource.indexOf('/') + 1).toLowerCase();
  if (/gpu|mig-|accel/.test(name)) return 'gpu';
  if (/nic|net|sriov|rdma|vf|hca|mlnx|ib/.test(name)) return 'nic';
  return 'device';
}

/** A device id as short as stays unambiguous: a PCI address loses its domain. */
export function shortDeviceId(id: string): string {
  const pci = /^[0-9a-f]{4}:([0-9a-f]{2}:[0-9a-f]{2}\.[0-7])$/i.exec(id);
  if (pci) return pci[1]!;
  return id.length > 14 ? `${id.slice(0, 12)}…` : id;
}

const KIND_WORD: Readonly<Record<DeviceKind, string>> = { gpu: 'GPU', nic: 'NIC', device: 'PCI' };

interface Column {
  readonly numa: number | null;
  readonly x: number;
  readonly w: number;
}

function columnsOf(base: TopologyLayout, numas: readonly number[]): Column[] {
  const machine = base.boxes.find((b) => b.kind === 'machine');
  const inner = machine ? { x: machine.x + 6, w: machine.w - 12 } : { x: 6, w: base.width - 12 };
  const boxes = new Map<number, TopoBox>();
  for (const b of base.boxes) if (b.kind === 'numa') boxes.set(b.os, b);
  const known = numas.filter((n) => boxes.has(n));
  // A NUMA node without its own box (folded with its identical neighbours) shares the
  // machine's width with the others, in id order.
  if (known.length !== numas.length) {
    const w = (inner.w - GAP * (numas.length - 1)) / Math.max(1, numas.length);
    return numas.map((numa, i) => ({ numa, x: inner.x + i * (w + GAP), w }));
  }
  return numas.map((numa) => {
    const b = boxes.get(numa)!;
    return { numa, x: b.x, w: b.w };
  });
}

/**
 * The CPU layout with the devices and memory below it. `memory` is null when the memory
 * manager tracks no NUMA memory (policy None): no bars then.
 */
export function layoutDevices(
  base: TopologyLayout,
  devices: readonly TopoDevice[],
  memory: readonly TopoMemory[] | null,
): DevicesLayout {
  if (devices.length === 0 && (memory === null || memory.length === 0))
    return { ...base, devices: [], memoryBars: [] };
  const numas = [
    ...new Set([
      ...(memory ?? []).map((m) => m.numa),
      ...devices.flatMap((d) => (d.numa === null ? [] : [d.numa])),
    ]),
  ].sort((a, b) => a - b);
  const columns = columnsOf(base, numas);
  const top = base.height + GAP;
  const out: DeviceBox[] = [];
  const bars: MemoryBar[] = [];
  let bottom = top;
  const place = (col: Column, y0: number, list: readonly TopoDevice[]): number => {
    let x = col.x;
    let y = y0;
    for (const d of list) {
      const kind = deviceKind(d.resource);
      const label = `${KIND_WORD[kind]} ${shortDeviceId(d.id)}`;
      const w = Math.min(col.w, Math.max(34, label.length * CHAR_W + 8));
      if (x + w > col.x + col.w + 0.5 && x > col.x) {
        x = col.x;
        y += DEV_H + GAP;
      }
      out.push({
        key: `${d.resource}/${d.id}`,
        resource: d.resource,
        id: d.id,
        kind,
        label,
        numa: d.numa,
        x,
        y,
        w,
        h: DEV_H,
      });
      x += w + GAP;
    }
    return list.length === 0 ? y0 : y + DEV_H + GAP;
  };
  for (const col of columns) {
    let y = top;
    for (const m of memory ?? [])
      if (m.numa === col.numa)
        for (const type of m.types) {
          bars.push({
            key: `${m.numa}/${type}`,
            numa: m.numa,
            type,
            x: col.x,
            y,
            w: col.w,
            h: BAR_H,
          });
          y += BAR_H + GAP;
        }
    y = place(
      col,
      y,
      devices.filter((d) => d.numa === col.numa),
    );
    bottom = Math.max(bottom, y);
  }
  const loose = devices.filter((d) => d.numa === null);
  if (loose.length > 0) {
    const machine = base.boxes.find((b) => b.kind === 'machine');
    const col: Column = machine
      ? { numa: null, x: machine.x + 6, w: machine.w - 12 }
      : { numa: null, x: 6, w: base.width - 12 };
    bottom = place(col, bottom, loose);
  }
  const grow = bottom + GAP - base.height;
  const boxes = base.boxes.map((b) => (b.kind === 'machine' ? { ...b, h: b.h + grow } : b));
  return { ...base, boxes, height: base.height + grow, devices: out, memoryBars: bars };
}
