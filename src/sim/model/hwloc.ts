/**
 * `lstopo --of xml` (hwloc 1.x and 2.x XML) as a node: its PUs as the CPU topology (core,
 * package, NUMA node, L3 cache of each), each NUMA node's memory and hugepages, the NUMA
 * distance matrix, and its PCI devices with the NUMA node they hang off. lstopo names no device
 * plugin resources, so PCI devices become the resources their plugins usually register:
 * NVIDIA GPUs nvidia.com/gpu, AMD GPUs amd.com/gpu, Intel network controllers
 * intel.com/sriov_netdevice, Mellanox/NVIDIA ones nvidia.com/mlnxnics (each device by its PCI
 * bus id); other PCI devices are left out.
 */
import { err, ok, type Result } from './result';
import { topologyFromCpuList, type CPUTopology } from './topology';
import type { DeviceSpec } from '../scenario/schema';
import type { MachineExtras, NumaMemory } from './nodeHardware';

interface XmlNode {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: XmlNode[];
  text: string;
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function unescape(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (m, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    return ENTITIES[e] ?? m;
  });
}

/** A small XML reader for lstopo's output: elements, attributes and text; no namespaces. */
export function parseXml(text: string): Result<XmlNode> {
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  let i = 0;
  const at = () => {
    const line = text.slice(0, i).split('\n').length;
    return `line ${line}`;
  };
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) {
      stack[stack.length - 1]!.text += unescape(text.slice(i));
      break;
    }
    if (lt > i) stack[stack.length - 1]!.text += unescape(text.slice(i, lt));
    i = lt;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i);
      if (end < 0) return err(`lstopo XML: unterminated <? at ${at()}`);
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i);
      if (end < 0) return err(`lstopo XML: unterminated comment at ${at()}`);
      i = end + 3;
    } else if (text.startsWith('<!', i)) {
      const end = text.indexOf('>', i);
      if (end < 0) return err(`lstopo XML: unterminated <! at ${at()}`);
      i = end + 1;
    } else if (text.startsWith('</', i)) {
      const end = text.indexOf('>', i);
      if (end < 0) return err(`lstopo XML: unterminated end tag at ${at()}`);
      const name = text.slice(i + 2, end).trim();
      const open = stack.pop();
      if (open === undefined || open.name !== name)
        return err(`lstopo XML: </${name}> does not close <${open?.name ?? ''}> at ${at()}`);
      i = end + 1;
    } else {
      const m = /^<([A-Za-z_][\w.:-]*)/.exec(text.slice(i, i + 200));
      if (!m) return err(`lstopo XML: unexpected "<" at ${at()}`);
      const node: XmlNode = { name: m[1]!, attrs: {}, children: [], text: '' };
      let j = i + m[0].length;
      const attrRe = /\s*([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')|\s*(\/?)>/y;
      let closed: boolean;
      for (;;) {
        attrRe.lastIndex = j;
        const a = attrRe.exec(text);
        if (!a) return err(`lstopo XML: malformed tag <${node.name}> at ${at()}`);
        j = attrRe.lastIndex;
        if (a[1] !== undefined)
          (node.attrs as Record<string, string>)[a[1]] = unescape(a[3] ?? a[4] ?? '');
        else {
          closed = a[5] === '/';
          break;
        }
      }
      stack[stack.length - 1]!.children.push(node);
      if (!closed) stack.push(node);
      i = j;
    }
    if (stack.length > 64) return err('lstopo XML: nested more than 64 levels');
  }
  if (stack.length !== 1)
    return err(`lstopo XML: <${stack[stack.length - 1]!.name}> is not closed`);
  return ok(root);
}

/** The bits of an hwloc bitmap attribute ("0x000000ff", "0x00000f00,0x0", "0xf...f,0x1"). */
function bitsOf(mask: string | undefined): number[] {
  if (!mask) return [];
  const words = mask.split(',').map((w) => w.trim().replace(/^0x/i, ''));
  const out: number[] = [];
  words.reverse().forEach((w, k) => {
    const v = BigInt(`0x${w === '' ? '0' : w}`);
    for (let b = 0; b < 32; b++) if ((v >> BigInt(b)) & 1n) out.push(k * 32 + b);
  });
  return out;
}

interface Walked {
  readonly node: XmlNode;
  readonly ancestors: readonly XmlNode[];
}

function walk(n: XmlNode, ancestors: XmlNode[], out: Walked[]): void {
  for (const c of n.children) {
    if (c.name === 'object') out.push({ node: c, ancestors });
    walk(c, c.name === 'object' ? [...ancestors, c] : ancestors, out);
  }
}

const IO_TYPES = new Set(['Bridge', 'PCIDev', 'OSDev', 'Misc']);

/** The NUMA node a PCI device hangs off: the nodeset of its first non-I/O ancestor, if one node. */
function pciNuma(ancestors: readonly XmlNode[]): number | null {
  for (let k = ancestors.length - 1; k >= 0; k--) {
    const a = ancestors[k]!;
    if (IO_TYPES.has(a.attrs.type ?? '')) continue;
    const numa = bitsOf(a.attrs.nodeset);
    if (numa.length === 1) return numa[0]!;
    if (a.attrs.type === 'NUMANode') return Number(a.attrs.os_index ?? 0);
    return null;
  }
  return null;
}

/** The resource a PCI device's plugin registers it as, from pci_type "CCCC [VVVV:DDDD] …". */
function pciResource(pciType: string | undefined): string | null {
  const m = /^([0-9a-fA-F]{4}) \[([0-9a-fA-F]{4}):/.exec(pciType ?? '');
  if (!m) return null;
  const cls = m[1]!.toLowerCase();
  const vendor = m[2]!.toLowerCase();
  const display = cls.startsWith('03') || cls.startsWith('12');
  const network = cls.startsWith('02');
  if (display && vendor === '10de') return 'nvidia.com/gpu';
  if (display && vendor === '1002') return 'amd.com/gpu';
  if (network && vendor === '8086') return 'intel.com/sriov_netdevice';
  if (network && vendor === '15b3') return 'nvidia.com/mlnxnics';
  return null;
}

export interface HwlocNode {
  readonly topology: CPUTopology;
  readonly extras: MachineExtras;
}

/** The node lstopo's XML describes. */
export function parseHwlocXml(text: string): Result<HwlocNode> {
  const doc = parseXml(text);
  if (!doc.ok) return doc;
  const top = doc.value.children.find((c) => c.name === 'topology');
  if (!top) return err('lstopo XML: no <topology> element (use lstopo --of xml)');
  const objects: Walked[] = [];
  walk(top, [], objects);
  const numaObjs = objects.filter((o) => o.node.attrs.type === 'NUMANode');
  const pus = objects.filter((o) => o.node.attrs.type === 'PU');
  if (pus.length === 0) return err('lstopo XML: no PU objects');
  if (pus.length > 1024) return err(`lstopo XML: ${pus.length} CPUs; at most 1024 CPUs`);
  const l3Index = new Map<XmlNode, number>();
  for (const o of objects)
    if (
      o.node.attrs.type === 'L3Cache' ||
      (o.node.attrs.type === 'Cache' && o.node.attrs.depth === '3')
    )
      l3Index.set(o.node, l3Index.size);
  const cpus = pus.map(({ node, ancestors }) => {
    const find = (types: string[]) =>
      [...ancestors].reverse().find((a) => types.includes(a.attrs.type ?? ''));
    const core = find(['Core']);
    const pkg = find(['Package', 'Socket']);
    const l3 = [...ancestors].reverse().find((a) => l3Index.has(a));
    const nodes = bitsOf(
      node.attrs.nodeset ?? [...ancestors].reverse().find((a) => a.attrs.nodeset)?.attrs.nodeset,
    );
    const cpu = Number(node.attrs.os_index ?? 0);
    return {
      cpu,
      core: core
        ? Number(core.attrs.os_index ?? cpu) + 100000 * Number(pkg?.attrs.os_index ?? 0)
        : cpu,
      socket: Number(pkg?.attrs.os_index ?? 0),
      numa: nodes[0] ?? 0,
      uncoreCache: l3 ? l3Index.get(l3)! : Number(pkg?.attrs.os_index ?? 0),
    };
  });
  const topo = topologyFromCpuList(cpus);
  if (!topo.ok) return err(`lstopo XML: ${topo.error}`);
  // NUMA memory: local_memory and page_type counts of each NUMANode.
  const numaMemory: NumaMemory[] = numaObjs
    .map(({ node }) => {
      const pages = node.children.filter((c) => c.name === 'page_type');
      const count = (size: number) =>
        Number(pages.find((p) => Number(p.attrs.size) === size)?.attrs.count ?? 0);
      return {
        id: Number(node.attrs.os_index ?? 0),
        memory: Number(node.attrs.local_memory ?? 0),
        hugePages: [
          { pageSize: 1048576, numPages: count(1073741824) },
          { pageSize: 2048, numPages: count(2097152) },
        ],
      };
    })
    .sort((a, b) => a.id - b.id);
  // Distances: hwloc 2 <distances2 type="NUMANode"> (os indexing), hwloc 1 <distances>.
  let distances: Record<number, number[]> | undefined;
  const d2 = top.children.find((c) => c.name === 'distances2' && c.attrs.type === 'NUMANode');
  if (d2) {
    const idx = (d2.children.find((c) => c.name === 'indexes')?.text ?? '')
      .trim()
      .split(/\s+/)
      .map(Number);
    const vals = d2.children
      .filter((c) => c.name === 'u64values')
      .flatMap((c) => c.text.trim().split(/\s+/))
      .map(Number);
    if (idx.length > 0 && vals.length === idx.length * idx.length) {
      const maxId = Math.max(...idx);
      distances = {};
      idx.forEach((a, i) => {
        const row = new Array<number>(maxId + 1).fill(0);
        idx.forEach((b, j) => (row[b] = vals[i * idx.length + j]!));
        distances![a] = row;
      });
    }
  }
  const d1 = objects
    .map((o) => o.node)
    .flatMap((n) => n.children)
    .find((c) => c.name === 'distances');
  if (!distances && d1) {
    const n = Number(d1.attrs.nbobjs ?? 0);
    const base = Number(d1.attrs.latency_base ?? 1);
    const vals = d1.children
      .filter((c) => c.name === 'latency')
      .map((c) => Number(c.attrs.value) * base);
    const ids = numaMemory.map((m) => m.id);
    if (n === ids.length && vals.length === n * n) {
      const maxId = Math.max(...ids);
      distances = {};
      ids.forEach((a, i) => {
        const row = new Array<number>(maxId + 1).fill(0);
        ids.forEach((b, j) => (row[b] = Math.round(vals[i * n + j]!)));
        distances![a] = row;
      });
    }
  }
  const devices: DeviceSpec[] = [];
  const seen = new Set<string>();
  for (const { node, ancestors } of objects) {
    if (node.attrs.type !== 'PCIDev') continue;
    const resource = pciResource(node.attrs.pci_type);
    if (resource === null) continue;
    // A bus id seen twice (two PCI domains printed alike) would be one device id twice.
    const key = `${resource} ${node.attrs.pci_busid ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const numa = pciNuma(ancestors);
    devices.push({
      resource,
      count: 1,
      ids: [node.attrs.pci_busid ?? `pci-${devices.length}`],
      ...(numa === null ? {} : { numaNode: numa }),
    });
  }
  const topology: CPUTopology = distances
    ? { ...topo.value, numaDistances: distances }
    : topo.value;
  return ok({
    topology,
    extras: {
      ...(devices.length > 0 ? { devices } : {}),
      ...(numaMemory.length > 0 && numaMemory.every((m) => m.memory > 0) ? { numaMemory } : {}),
    },
  });
}
