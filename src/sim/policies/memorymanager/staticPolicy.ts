/**
 * The memory manager's Static policy (pkg/kubelet/cm/memorymanager/policy_static.go): the
 * default machine state from cAdvisor's NUMA nodes and the reserved memory, validateState,
 * Allocate (the topology manager's hint, or the default one; extended when it cannot hold the
 * request; init containers' memory reused by later containers), RemoveContainer,
 * GetTopologyHints / GetPodTopologyHints (calculateHints: single- and multi-NUMA groups) and the
 * pod's requested resources. Go walks its request maps in random order; here resources go in
 * name order ("hugepages-1Gi", "hugepages-2Mi", "memory").
 */
import {
  effectiveRequests,
  isRestartableInitContainer,
  type ContainerLike,
  type PodLike,
} from '../../model/qos';
import { computePodQOS, isPodLevelResourcesSet } from '../../model/qos';
import { parseQuantity } from '../../model/quantity';
import { err, ok, type Result } from '../../model/result';
import {
  iterateBitMasks,
  maskCount,
  maskEquals,
  maskIsNarrowerThan,
  maskString,
  type BitMask,
} from '../topologymanager/bitmask';
import type { TopologyHint } from '../topologymanager/hint';
import {
  cloneMachineState,
  isHugePageResourceName,
  numaIdsOfState,
  type Block,
  type ContainerMemoryAssignments,
  type MemoryManagerState,
  type NUMANodeMap,
  type NUMANodeState,
  type ReusableMemory,
} from './state';

/** A cAdvisor NUMA node as the memory manager reads it. */
export interface MachineNode {
  readonly id: number;
  /** Bytes. */
  readonly memory: number;
  /** pageSize in KiB, as cAdvisor reports it. */
  readonly hugePages?: readonly { readonly pageSize: number; readonly numPages: number }[];
}

/** systemReservedMemory: NUMA id → resource → bytes. */
export type SystemReservedMemory = Readonly<Record<number, Readonly<Record<string, number>>>>;

export interface StaticPolicy {
  readonly machine: readonly MachineNode[];
  readonly systemReserved: SystemReservedMemory;
  /** isAffinityViolatingNUMAAllocations is checked (1.32 on). */
  readonly checkNUMAAllocationRule: boolean;
  /** PodLevelResources: GetPodQOS reads spec.resources. */
  readonly podLevelQOS?: boolean;
  /**
   * Allocate and the hint calls skip a pod with pod-level resources (1.34 on): "Allocation
   * skipped, pod is using pod-level resources which are not supported by the static Memory
   * manager policy".
   */
  readonly skipPodLevelResources?: boolean;
}

export const STATIC_POLICY_NAME = 'Static';

/** NewPolicyStatic: some NUMA node must reserve memory for the system. */
export function newStaticMemoryPolicy(
  machine: readonly MachineNode[],
  systemReserved: SystemReservedMemory,
  checkNUMAAllocationRule = true,
  podLevel: { qos?: boolean; skip?: boolean } = {},
): Result<StaticPolicy> {
  let total = 0;
  for (const node of Object.values(systemReserved)) total += node.memory ?? 0;
  if (total <= 0) return err('[memorymanager] you should specify the system reserved memory');
  return ok({
    machine,
    systemReserved,
    checkNUMAAllocationRule,
    ...(podLevel.qos ? { podLevelQOS: true } : {}),
    ...(podLevel.skip ? { skipPodLevelResources: true } : {}),
  });
}

/** The hugepages resource name of a page size in KiB ("hugepages-2Mi", "hugepages-1Gi"). */
export function hugePageResourceName(pageSizeKiB: number): string {
  let v = pageSizeKiB;
  const units = ['Ki', 'Mi', 'Gi', 'Ti', 'Pi'];
  let u = 0;
  while (v % 1024 === 0 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `hugepages-${v}${units[u]}`;
}

function reservedOf(p: StaticPolicy, node: number, resource: string): number {
  return p.systemReserved[node]?.[resource] ?? 0;
}

/** getDefaultMachineState. */
export function defaultMachineState(p: StaticPolicy): NUMANodeMap {
  const out: NUMANodeMap = {};
  for (const node of p.machine) {
    const state: NUMANodeState = { numberOfAssignments: 0, memoryMap: {}, cells: [node.id] };
    let hugepages = 0;
    for (const hp of node.hugePages ?? []) {
      const name = hugePageResourceName(hp.pageSize);
      const systemReserved = reservedOf(p, node.id, name);
      const total = hp.numPages * hp.pageSize * 1024;
      const allocatable = total - systemReserved;
      state.memoryMap[name] = {
        allocatable,
        free: allocatable,
        reserved: 0,
        systemReserved,
        totalMemSize: total,
      };
      hugepages += total;
    }
    const systemReserved = reservedOf(p, node.id, 'memory');
    const allocatable = node.memory - systemReserved - hugepages;
    state.memoryMap.memory = {
      allocatable,
      free: allocatable,
      reserved: 0,
      systemReserved,
      totalMemSize: node.memory,
    };
    out[node.id] = state;
  }
  return out;
}

function groupsEqual(a: readonly number[], b: readonly number[]): boolean {
  const x = [...a].sort((i, j) => i - j);
  const y = [...b].sort((i, j) => i - j);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** Takes `size` bytes of a type over the mask's nodes, node after node (updateMachineState). */
function take(ms: NUMANodeMap, affinity: readonly number[], type: string, size: number): void {
  let requested = size;
  for (const id of affinity) {
    const node = ms[id]!;
    node.numberOfAssignments++;
    node.cells = [...affinity];
    if (requested === 0) continue;
    const t = node.memoryMap[type];
    if (t === undefined || t.free <= 0) continue;
    if (t.free >= requested) {
      t.reserved += requested;
      t.free -= requested;
      requested = 0;
      continue;
    }
    requested -= t.free;
    t.reserved += t.free;
    t.free = 0;
  }
}

/**
 * validateState (Start): an empty machine state becomes the default one (refused with
 * assignments); otherwise it must equal the default one with the assignments applied.
 */
export function staticPolicyStart(
  p: StaticPolicy,
  machineState: Readonly<NUMANodeMap>,
  assignments: ContainerMemoryAssignments,
): Result<NUMANodeMap> {
  if (Object.keys(machineState).length === 0) {
    if (Object.keys(assignments).length !== 0)
      return err('[memorymanager] machine state can not be empty when it has memory assignments');
    return ok(defaultMachineState(p));
  }
  const expected = defaultMachineState(p);
  for (const pod of Object.keys(assignments).sort())
    for (const container of Object.keys(assignments[pod]!).sort())
      for (const b of assignments[pod]![container]!) {
        let requested = b.size;
        for (const id of b.numaAffinity) {
          const node = expected[id];
          if (node === undefined)
            return err(
              `[memorymanager] (pod: ${pod}, container: ${container}) the memory assignment uses the NUMA that does not exist`,
            );
          node.numberOfAssignments++;
          node.cells = [...b.numaAffinity];
          const t = node.memoryMap[b.type];
          if (t === undefined)
            return err(
              `[memorymanager] (pod: ${pod}, container: ${container}) the memory assignment uses memory resource that does not exist`,
            );
          if (requested === 0 || t.free <= 0) continue;
          if (t.free >= requested) {
            t.reserved += requested;
            t.free -= requested;
            requested = 0;
            continue;
          }
          requested -= t.free;
          t.reserved += t.free;
          t.free = 0;
        }
      }
  if (!machineStatesEqual(machineState, expected))
    return err('[memorymanager] the expected machine state is different from the real one');
  return ok(cloneMachineState(machineState));
}

/** areMachineStatesEqual. */
export function machineStatesEqual(a: Readonly<NUMANodeMap>, b: Readonly<NUMANodeMap>): boolean {
  const ids = Object.keys(a);
  if (ids.length !== Object.keys(b).length) return false;
  for (const key of ids) {
    const s1 = a[Number(key)]!;
    const s2 = b[Number(key)];
    if (s2 === undefined) return false;
    if (s1.numberOfAssignments !== s2.numberOfAssignments) return false;
    if (!groupsEqual(s1.cells, s2.cells)) return false;
    const types = Object.keys(s1.memoryMap);
    if (types.length !== Object.keys(s2.memoryMap).length) return false;
    for (const type of types) {
      const t1 = s1.memoryMap[type]!;
      const t2 = s2.memoryMap[type];
      if (t2 === undefined) return false;
      if (
        t1.totalMemSize !== t2.totalMemSize ||
        t1.systemReserved !== t2.systemReserved ||
        t1.allocatable !== t2.allocatable
      )
        return false;
      // Free and reserved are compared over the node's group (a multi-NUMA block may have
      // been taken from its nodes in another order).
      let free1 = 0;
      let free2 = 0;
      let res1 = 0;
      let res2 = 0;
      for (const id of s1.cells) {
        free1 += a[id]?.memoryMap[type]?.free ?? 0;
        res1 += a[id]?.memoryMap[type]?.reserved ?? 0;
        free2 += b[id]?.memoryMap[type]?.free ?? 0;
        res2 += b[id]?.memoryMap[type]?.reserved ?? 0;
      }
      if (free1 !== free2 || res1 !== res2) return false;
    }
  }
  return true;
}

/** getRequestedResources: the container's memory and hugepages requests, in bytes. */
export function containerMemoryRequests(container: ContainerLike): Result<Record<string, number>> {
  const out: Record<string, number> = {};
  const requests = effectiveRequests(container.resources);
  for (const name of Object.keys(requests).sort()) {
    if (name !== 'memory' && !isHugePageResourceName(name)) continue;
    const q = parseQuantity(requests[name] ?? 0);
    if (!q.ok || q.value.nanos % 1_000_000_000n !== 0n)
      return err('[memorymanager] failed to represent quantity as int64');
    out[name] = Number(q.value.nanos / 1_000_000_000n);
  }
  return ok(out);
}

/**
 * getPodRequestedResources: per type, the app containers' and sidecars' sum, or the most a
 * regular init container needs while it runs beside the sidecars started before it.
 */
export function podMemoryRequests(pod: PodLike): Result<Record<string, number>> {
  const byInit: Record<string, number> = {};
  const bySidecars: Record<string, number> = {};
  for (const c of pod.spec.initContainers ?? []) {
    const r = containerMemoryRequests(c);
    if (!r.ok) return r;
    for (const [name, qty] of Object.entries(r.value)) {
      byInit[name] ??= 0;
      if (isRestartableInitContainer(c)) bySidecars[name] = (bySidecars[name] ?? 0) + qty;
      else if ((bySidecars[name] ?? 0) + qty > byInit[name])
        byInit[name] = (bySidecars[name] ?? 0) + qty;
    }
  }
  const byApps: Record<string, number> = {};
  for (const c of pod.spec.containers) {
    const r = containerMemoryRequests(c);
    if (!r.ok) return r;
    for (const [name, qty] of Object.entries(r.value)) byApps[name] = (byApps[name] ?? 0) + qty;
  }
  const out: Record<string, number> = {};
  for (const name of Object.keys(byApps).sort()) {
    out[name] = byApps[name]! + (bySidecars[name] ?? 0);
    if (out[name] < (byInit[name] ?? 0)) out[name] = byInit[name]!;
  }
  return ok(out);
}

function reusableFor(
  reusable: ReusableMemory,
  podUID: string,
  mask: BitMask,
  type: string,
): number {
  return reusable[podUID]?.[maskString(mask)]?.[type] ?? 0;
}

/** calculateHints: every mask whose nodes can hold the request, the narrowest preferred. */
export function calculateHints(
  ms: Readonly<NUMANodeMap>,
  reusable: ReusableMemory,
  podUID: string,
  requested: Readonly<Record<string, number>>,
): Record<string, TopologyHint[]> {
  const ids = numaIdsOfState(ms);
  let minAffinitySize = ids.length;
  const types = Object.keys(requested).sort();
  const hints: Record<string, TopologyHint[]> = {};
  iterateBitMasks(ids, (mask) => {
    const single = mask.length === 1;
    const free: Record<string, number> = {};
    const allocatable: Record<string, number> = {};
    for (const id of mask)
      for (const type of types) {
        free[type] = (free[type] ?? 0) + (ms[id]?.memoryMap[type]?.free ?? 0);
        allocatable[type] = (allocatable[type] ?? 0) + (ms[id]?.memoryMap[type]?.allocatable ?? 0);
      }
    for (const type of types) if ((allocatable[type] ?? 0) < requested[type]!) return;
    if (maskCount(mask) < minAffinitySize) minAffinitySize = maskCount(mask);
    if (single && ms[mask[0]!]!.cells.length > 1) return;
    for (const id of mask) {
      if (single || ms[id]!.numberOfAssignments <= 0) continue;
      if (ms[id]!.cells.length === 1) return;
      if (!groupsEqual(ms[id]!.cells, mask)) return;
    }
    for (const type of types)
      if ((free[type] ?? 0) + reusableFor(reusable, podUID, mask, type) < requested[type]!) return;
    for (const type of types)
      (hints[type] ??= []).push({ numaNodeAffinity: mask, preferred: false });
  });
  for (const type of types)
    if (hints[type])
      hints[type] = hints[type].map((h) => ({
        numaNodeAffinity: h.numaNodeAffinity,
        preferred: maskCount(h.numaNodeAffinity ?? []) === minAffinitySize,
      }));
  return hints;
}

/** Why the policy gave the hints it gave (for the kubelet's log lines). */
export type MemoryHintsNote =
  'notGuaranteed' | 'calculated' | 'regenerated' | 'mismatch' | 'podLevelResources';

/** regenerateHints: the blocks' own affinities, when they match the request. */
function regenerateHints(
  blocks: readonly Block[],
  requested: Readonly<Record<string, number>>,
): Record<string, TopologyHint[]> | null {
  const hints: Record<string, TopologyHint[]> = {};
  for (const type of Object.keys(requested)) hints[type] = [];
  if (blocks.length !== Object.keys(requested).length) return null;
  for (const b of blocks) {
    if (!(b.type in requested)) return null;
    if (b.size !== requested[b.type]) return null;
    hints[b.type]!.push({
      numaNodeAffinity: [...b.numaAffinity].sort((x, y) => x - y),
      preferred: true,
    });
  }
  return hints;
}

function isGuaranteed(pod: PodLike, p?: StaticPolicy): boolean {
  return computePodQOS(pod, { podLevelResources: p?.podLevelQOS === true }) === 'Guaranteed';
}

/** The early return for a pod with pod-level resources (1.34 on). */
function skipsPodLevel(pod: PodLike, p?: StaticPolicy): boolean {
  return p?.skipPodLevelResources === true && isPodLevelResourcesSet(pod);
}

/** GetTopologyHints(pod, container): null for a pod that is not Guaranteed. */
export function memoryTopologyHints(
  s: MemoryManagerState,
  pod: PodLike,
  container: ContainerLike,
  p?: StaticPolicy,
): { hints: Record<string, TopologyHint[]> | null; note: MemoryHintsNote } {
  if (!isGuaranteed(pod, p)) return { hints: null, note: 'notGuaranteed' };
  const req = containerMemoryRequests(container);
  if (!req.ok) return { hints: null, note: 'calculated' };
  if (skipsPodLevel(pod, p)) return { hints: null, note: 'podLevelResources' };
  const blocks = s.assignments[pod.metadata?.uid ?? '']?.[container.name];
  if (blocks !== undefined) {
    const hints = regenerateHints(blocks, req.value);
    return { hints, note: hints === null ? 'mismatch' : 'regenerated' };
  }
  return {
    hints: calculateHints(s.machineState, s.reusable, pod.metadata?.uid ?? '', req.value),
    note: 'calculated',
  };
}

/** GetPodTopologyHints(pod). */
export function memoryPodTopologyHints(
  s: MemoryManagerState,
  pod: PodLike,
  p?: StaticPolicy,
): { hints: Record<string, TopologyHint[]> | null; note: MemoryHintsNote } {
  if (!isGuaranteed(pod, p)) return { hints: null, note: 'notGuaranteed' };
  const req = podMemoryRequests(pod);
  if (!req.ok) return { hints: null, note: 'calculated' };
  if (skipsPodLevel(pod, p)) return { hints: null, note: 'podLevelResources' };
  const uid = pod.metadata?.uid ?? '';
  for (const c of [...(pod.spec.initContainers ?? []), ...pod.spec.containers]) {
    const blocks = s.assignments[uid]?.[c.name];
    if (blocks !== undefined) {
      const hints = regenerateHints(blocks, req.value);
      return { hints, note: hints === null ? 'mismatch' : 'regenerated' };
    }
  }
  // Calculated once for the whole pod: no reusable memory is passed.
  return { hints: calculateHints(s.machineState, {}, uid, req.value), note: 'calculated' };
}

/** findBestHint: preferred first, then the narrowest. */
function findBestHint(hints: readonly TopologyHint[]): TopologyHint {
  let best: TopologyHint = { numaNodeAffinity: null, preferred: false };
  for (const h of hints) {
    if (best.numaNodeAffinity === null) {
      best = h;
      continue;
    }
    if (h.preferred && !best.preferred) {
      best = h;
      continue;
    }
    if (
      h.preferred === best.preferred &&
      maskIsNarrowerThan(h.numaNodeAffinity as BitMask, best.numaNodeAffinity)
    )
      best = h;
  }
  return best;
}

function satisfies(
  ms: Readonly<NUMANodeMap>,
  mask: BitMask,
  requested: Readonly<Record<string, number>>,
): boolean {
  for (const type of Object.keys(requested)) {
    let free = 0;
    for (const id of mask) free += ms[id]?.memoryMap[type]?.free ?? 0;
    if (free < requested[type]!) return false;
  }
  return true;
}

function isHintInGroup(hint: readonly number[], group: readonly number[]): boolean {
  return hint.every((h) => group.includes(h));
}

function violatesNUMAAllocations(ms: Readonly<NUMANodeMap>, mask: BitMask): boolean {
  const single = mask.length === 1;
  for (const id of mask) {
    const node = ms[id]!;
    if (node.numberOfAssignments === 0 || single) continue;
    if (node.cells.length === 1) return true;
    if (!groupsEqual(node.cells, mask)) return true;
  }
  return false;
}

/** What Allocate decided, for the log lines and the Inspector. */
export interface MemoryAllocation {
  readonly state: MemoryManagerState;
  /**
   * "Exclusive memory allocation skipped" (not Guaranteed), or "Allocation skipped, pod is
   * using pod-level resources …" (1.34 on): nothing changed.
   */
  readonly skipped?: 'notGuaranteed' | 'podLevelResources';
  /** "Container already present in state, skipping". */
  readonly alreadyPresent?: boolean;
  /** The hint Allocate used, after the default or extended one replaced the stored one. */
  readonly hint?: TopologyHint;
  readonly blocks?: readonly Block[];
  /** The init containers whose blocks were rewritten (SetMemoryBlocks), in call order. */
  readonly initBlocksSet?: readonly string[];
}

function updatePodReusableMemory(
  reusable: ReusableMemory,
  pod: PodLike,
  container: ContainerLike,
  blocks: readonly Block[],
): ReusableMemory {
  const uid = pod.metadata?.uid ?? '';
  // Entries of other pods are dropped.
  const mine: Record<string, Record<string, number>> = {};
  for (const [mask, byType] of Object.entries(reusable[uid] ?? {})) mine[mask] = { ...byType };
  const regularInit = (pod.spec.initContainers ?? []).some(
    (c) => c.name === container.name && !isRestartableInitContainer(c),
  );
  if (regularInit) {
    for (const b of blocks) {
      const key = maskString([...b.numaAffinity].sort((x, y) => x - y));
      const row = (mine[key] ??= {});
      if (b.size > (row[b.type] ?? 0)) row[b.type] = b.size;
    }
    return { [uid]: mine };
  }
  for (const b of blocks) {
    const key = maskString([...b.numaAffinity].sort((x, y) => x - y));
    const have = mine[key]?.[b.type] ?? 0;
    if (have !== 0) mine[key]![b.type] = b.size >= have ? 0 : have - b.size;
  }
  return reusable[uid] === undefined && Object.keys(mine).length === 0 ? {} : { [uid]: mine };
}

/**
 * Allocate(pod, container): exclusive memory for a Guaranteed pod's container on the NUMA nodes
 * of the topology manager's hint (or the default hint when it has none), extended to a wider
 * group when the hint's nodes cannot hold it.
 */
export function staticAllocate(
  p: StaticPolicy,
  s: MemoryManagerState,
  pod: PodLike,
  container: ContainerLike,
  affinity: TopologyHint,
): Result<MemoryAllocation> {
  if (!isGuaranteed(pod, p)) return ok({ state: s, skipped: 'notGuaranteed' });
  if (skipsPodLevel(pod, p)) return ok({ state: s, skipped: 'podLevelResources' });
  const uid = pod.metadata?.uid ?? '';
  const existing = s.assignments[uid]?.[container.name];
  if (existing !== undefined)
    return ok({
      state: { ...s, reusable: updatePodReusableMemory(s.reusable, pod, container, existing) },
      alreadyPresent: true,
    });
  const req = containerMemoryRequests(container);
  if (!req.ok) return req;
  const requested = req.value;
  const ms = cloneMachineState(s.machineState);
  let best: TopologyHint = affinity;
  if (affinity.numaNodeAffinity === null) {
    const hints = calculateHints(ms, s.reusable, uid, requested);
    if (Object.keys(hints).length < 1)
      return err(
        '[memorymanager] failed to get the default NUMA affinity, no NUMA nodes with enough memory is available',
      );
    const def = findBestHint(hints.memory ?? []);
    if (!def.preferred && best.preferred)
      return err('[memorymanager] failed to find the default preferred hint');
    best = def;
  }
  if (!satisfies(ms, best.numaNodeAffinity as BitMask, requested)) {
    const hints = calculateHints(ms, s.reusable, uid, requested);
    const filtered = (hints.memory ?? []).filter((h) =>
      isHintInGroup(best.numaNodeAffinity as BitMask, h.numaNodeAffinity as BitMask),
    );
    if (filtered.length < 1)
      return err('[memorymanager] failed to find NUMA nodes to extend the current topology hint');
    const extended = findBestHint(filtered);
    if (!extended.preferred && best.preferred)
      return err('[memorymanager] failed to find the extended preferred hint');
    best = extended;
  }
  const mask = best.numaNodeAffinity as BitMask;
  if (p.checkNUMAAllocationRule && violatesNUMAAllocations(ms, mask))
    return err('[memorymanager] preferred hint violates NUMA node allocation');
  const blocks: Block[] = [];
  for (const type of Object.keys(requested).sort()) {
    let size = requested[type]!;
    blocks.push({ numaAffinity: [...mask], size, type });
    const reusable = reusableFor(s.reusable, uid, mask, type);
    size = reusable >= size ? 0 : size - reusable;
    take(ms, mask, type, size);
  }
  const reusable = updatePodReusableMemory(s.reusable, pod, container, blocks);
  const initBlocksSet: string[] = [];
  let assignments = setBlocks(s.assignments, uid, container.name, blocks);
  assignments = updateInitContainersBlocks(assignments, pod, container, blocks, initBlocksSet);
  return ok({
    state: { ...s, machineState: ms, assignments, reusable },
    hint: best,
    blocks,
    initBlocksSet,
  });
}

function setBlocks(
  a: ContainerMemoryAssignments,
  uid: string,
  container: string,
  blocks: readonly Block[],
): ContainerMemoryAssignments {
  return { ...a, [uid]: { ...(a[uid] ?? {}), [container]: blocks } };
}

/**
 * updateInitContainersMemoryBlocks: the init containers before this one give up, block by block,
 * what this one reused of their memory (so the pod's blocks add up to what it holds).
 */
function updateInitContainersBlocks(
  a: ContainerMemoryAssignments,
  pod: PodLike,
  container: ContainerLike,
  blocks: readonly Block[],
  set: string[],
): ContainerMemoryAssignments {
  const uid = pod.metadata?.uid ?? '';
  let out = a;
  for (const cb of blocks) {
    let size = cb.size;
    for (const init of pod.spec.initContainers ?? []) {
      if (init.name === container.name || size === 0) break;
      if (isRestartableInitContainer(init)) continue;
      const initBlocks = out[uid]?.[init.name];
      if (initBlocks === undefined || initBlocks.length === 0) continue;
      const next = initBlocks.map((b) => ({ ...b }));
      for (const ib of next) {
        if (ib.size === 0 || ib.type !== cb.type) continue;
        if (
          !maskEquals(
            [...ib.numaAffinity].sort((x, y) => x - y),
            [...cb.numaAffinity].sort((x, y) => x - y),
          )
        )
          continue;
        if (ib.size > size) {
          (ib as { size: number }).size -= size;
          size = 0;
        } else {
          size -= ib.size;
          (ib as { size: number }).size = 0;
        }
      }
      out = setBlocks(out, uid, init.name, next);
      set.push(init.name);
    }
  }
  return out;
}

/**
 * RemoveContainer(podUID, container): its blocks go back to the nodes' free memory; a node with
 * no assignment left is a group of its own again. The same state when it held nothing.
 */
export function staticRemoveContainer(
  s: MemoryManagerState,
  podUID: string,
  container: string,
): { state: MemoryManagerState; removed: boolean } {
  const blocks = s.assignments[podUID]?.[container];
  if (blocks === undefined) return { state: s, removed: false };
  const { [container]: _gone, ...rest } = s.assignments[podUID]!;
  void _gone;
  const assignments = { ...s.assignments };
  if (Object.keys(rest).length === 0) delete (assignments as Record<string, unknown>)[podUID];
  else (assignments as Record<string, unknown>)[podUID] = rest;
  const ms = cloneMachineState(s.machineState);
  for (const b of blocks) {
    let released = b.size;
    for (const id of b.numaAffinity) {
      const node = ms[id];
      if (node === undefined) continue;
      node.numberOfAssignments--;
      if (node.numberOfAssignments === 0) node.cells = [id];
      if (released === 0) continue;
      const t = node.memoryMap[b.type];
      if (t === undefined || t.reserved === 0) continue;
      if (t.reserved < released) {
        released -= t.reserved;
        t.free += t.reserved;
        t.reserved = 0;
        continue;
      }
      t.free += released;
      t.reserved -= released;
      released = 0;
    }
  }
  return { state: { ...s, machineState: ms, assignments }, removed: true };
}

/** GetMemoryNUMANodes: the NUMA nodes of the container's blocks (cpuset.mems), ascending. */
export function memoryNUMANodes(
  s: MemoryManagerState,
  podUID: string,
  container: string,
): number[] {
  const nodes = new Set<number>();
  for (const b of s.assignments[podUID]?.[container] ?? [])
    for (const n of b.numaAffinity) nodes.add(n);
  return [...nodes].sort((a, b) => a - b);
}
