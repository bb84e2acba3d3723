/**
 * The device and memory managers' evidence (kubelet_internal_checkpoint, memory_manager_state and
 * their log lines) as the scenario's node.devices, node.memory and the kubelet's memory manager
 * settings, and the device and memory limits of the containers that held them.
 */
import type { ReplayEvent, ReplayResult } from '../types';

/** node.devices entry (src/sim/scenario/schema.ts deviceSpecSchema). */
export interface DeviceSpec {
  resource: string;
  numaNode?: number;
  count: number;
  ids?: string[];
}

export interface Resources {
  readonly devices?: DeviceSpec[];
  readonly memory?: Record<string, string | number>;
  /** KubeletConfiguration fields: memoryManagerPolicy, reservedMemory, systemReserved. */
  readonly kubelet: Record<string, unknown>;
  /** Pod key → container → limits (device counts, memory) it held. */
  readonly limits: ReadonlyMap<string, ReadonlyMap<string, Record<string, string>>>;
  /** Whether each manager's records went into the scenario. */
  readonly rebuilt: { devices: boolean; memory: boolean };
  readonly notes: readonly string[];
}

/** deviceSpecSchema's resource: "<vendor domain>/<name>". */
const RESOURCE = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?\/[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const MI = 1024 * 1024;
const DEFAULT_EVICTION = 100 * MI;

const str = (e: ReplayEvent, k: string) => (typeof e.data?.[k] === 'string' ? e.data[k] : '');
const num = (e: ReplayEvent, k: string) =>
  typeof e.data?.[k] === 'number' ? e.data[k] : undefined;
const list = (s: string) => s.split(',').filter((x) => x !== '');

export function resourcesOf(
  r: ReplayResult,
  opts: { memoryManager: boolean; devicePlugins: boolean },
): Resources {
  const notes: string[] = [];
  const podOf = new Map<string, string>();
  for (const p of r.pods.values()) if (p.uid) podOf.set(p.uid, p.key);
  const limits = new Map<string, Map<string, Record<string, string>>>();
  const limit = (pod: string | undefined, container: string | undefined, k: string, v: string) => {
    if (!pod || !container) return;
    const m = limits.get(pod) ?? limits.set(pod, new Map()).get(pod)!;
    const c = m.get(container) ?? m.set(container, {}).get(container)!;
    c[k] = v;
  };

  // Devices: resource → id → NUMA node (undefined: not known).
  const ids = new Map<string, Map<string, number | undefined>>();
  const counts = new Map<string, number>();
  const idsOf = (res: string) => ids.get(res) ?? ids.set(res, new Map()).get(res)!;
  for (const e of r.events) {
    const res = str(e, 'resource');
    if (!res) continue;
    if (e.what === 'DeviceRegistered' || e.what === 'DeviceAllocate') {
      for (const id of list(str(e, 'devices')))
        if (!idsOf(res).has(id)) idsOf(res).set(id, undefined);
    } else if (e.what === 'DeviceAssignment') {
      const numa = list(str(e, 'numa')).map(Number);
      for (const id of list(str(e, 'devices')))
        idsOf(res).set(id, numa.length === 1 ? numa[0] : idsOf(res).get(id));
      const pod = podOf.get(str(e, 'uid')) ?? e.pod ?? undefined;
      limit(pod, e.container, res, String(num(e, 'count') ?? list(str(e, 'devices')).length));
    } else if (e.what === 'DeviceNeeded' && num(e, 'count') !== undefined) {
      counts.set(res, Math.max(counts.get(res) ?? 0, num(e, 'count')!));
      if (e.pod && e.container) limit(e.pod, e.container, res, String(num(e, 'count')));
    }
  }
  for (const res of counts.keys()) if (!ids.has(res)) ids.set(res, new Map());
  let devices: DeviceSpec[] | undefined;
  if (ids.size && opts.devicePlugins) {
    devices = [];
    for (const [res, byId] of [...ids].sort((a, b) => a[0].localeCompare(b[0]))) {
      if (!RESOURCE.test(res)) {
        notes.push(`device resource "${res}" is not "<vendor domain>/<name>": left out`);
        continue;
      }
      const groups = new Map<number | undefined, string[]>();
      for (const [id, numa] of byId) (groups.get(numa) ?? groups.set(numa, []).get(numa)!).push(id);
      if (groups.size === 0) {
        devices.push({ resource: res, count: counts.get(res) ?? 1 });
        notes.push(`${res}: the device ids are not in the input (${counts.get(res) ?? 1} devices)`);
        continue;
      }
      for (const [numa, g] of [...groups].sort((a, b) => (a[0] ?? -1) - (b[0] ?? -1)))
        devices.push({
          resource: res,
          ...(numa !== undefined ? { numaNode: numa } : {}),
          count: g.length,
          ids: g.slice(0, 256),
        });
      if ([...byId.values()].some((n) => n === undefined))
        notes.push(`${res}: the NUMA node of some devices is not in the input (none given)`);
    }
    if (devices.length === 0) devices = undefined;
  }

  // Memory: memory_manager_state's machine state per NUMA node and type.
  const kubelet: Record<string, unknown> = {};
  let memory: Record<string, string | number> | undefined;
  const nodes = r.events.filter((e) => e.what === 'MemoryNode');
  const policy = r.events.find((e) => e.what === 'MemoryManagerState');
  if (nodes.length && opts.memoryManager) {
    const byType = (type: string) => nodes.filter((e) => str(e, 'type') === type);
    const mem = byType('memory');
    const totals = mem.map((e) => num(e, 'total') ?? 0).filter((t) => t > 0);
    if (totals.length) {
      memory = { perNumaNode: String(Math.min(...totals)) };
      if (new Set(totals).size > 1)
        notes.push(
          `the NUMA nodes' memory differs (${totals.join(', ')} bytes): each is given the smallest`,
        );
      const pages = (type: string, size: number, key: string) => {
        const n = Math.max(
          0,
          ...byType(type).map((e) => Math.floor((num(e, 'total') ?? 0) / size)),
        );
        if (n > 0) memory![key] = n;
      };
      pages('hugepages-2Mi', 2 * MI, 'hugepages2MiPerNumaNode');
      pages('hugepages-1Gi', 1024 * MI, 'hugepages1GiPerNumaNode');
    }
    const name = policy ? str(policy, 'policy') : '';
    if (/^static$/i.test(name)) {
      kubelet.memoryManagerPolicy = 'Static';
      // reservedMemory's total must equal systemReserved + kubeReserved + the eviction threshold.
      const reserved: { numaNode: number; limits: Record<string, string> }[] = [];
      const totalsByType = new Map<string, number>();
      for (const e of nodes) {
        const v = num(e, 'systemReserved') ?? 0;
        if (v <= 0) continue;
        const numa = num(e, 'numa') ?? 0;
        let entry = reserved.find((x) => x.numaNode === numa);
        if (!entry) reserved.push((entry = { numaNode: numa, limits: {} }));
        entry.limits[str(e, 'type')] = String(v);
        totalsByType.set(str(e, 'type'), (totalsByType.get(str(e, 'type')) ?? 0) + v);
      }
      if (reserved.length) {
        kubelet.reservedMemory = reserved.sort((a, b) => a.numaNode - b.numaNode);
        const system: Record<string, string> = {};
        for (const [type, total] of totalsByType) {
          if (type === 'memory') {
            if (total > DEFAULT_EVICTION) system.memory = String(total - DEFAULT_EVICTION);
            else kubelet.evictionHard = { 'memory.available': String(total) };
          } else system[type] = String(total);
        }
        if (Object.keys(system).length) kubelet.systemReserved = system;
        notes.push(
          "systemReserved is the state file's reserved memory less the default eviction threshold (100Mi)",
        );
      }
    } else if (name) kubelet.memoryManagerPolicy = 'None';
    for (const e of r.events)
      if (e.what === 'MemoryAssignment') {
        const pod = podOf.get(str(e, 'uid')) ?? e.pod ?? undefined;
        const type = str(e, 'type');
        const size = num(e, 'size') ?? 0;
        if (size > 0 && type) limit(pod, e.container, type, String(size));
      }
  }
  return {
    devices,
    memory,
    kubelet,
    limits,
    rebuilt: {
      devices: devices !== undefined,
      memory: memory !== undefined || kubelet.memoryManagerPolicy !== undefined,
    },
    notes,
  };
}
