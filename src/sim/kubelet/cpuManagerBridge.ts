/**
 * The kubelet's resource-manager hook points, wired to the CPU manager and topology manager
 * algorithms in src/sim/policies:
 *   - admit:              containerManager.GetAllocateResourcesPodAdmitHandler() — topology
 *                         manager Admit (hints, merge, TopologyAffinityError) with the CPU manager
 *                         as hint provider and Allocate; removeStaleState first (the 3rd admit
 *                         handler, before the resource-fit predicates);
 *   - preCreateContainer: internalContainerLifecycle.PreCreateContainer — GetCPUAffinity into
 *                         the container config's cpuset.cpus ("" = shared pool under none);
 *   - preStartContainer:  internalContainerLifecycle.PreStartContainer — cpuManager/topologyManager
 *                         AddContainer (container id -> pod/container);
 *   - postStopContainer:  internalContainerLifecycle.PostStopContainer — topologyManager.RemoveContainer;
 *   - reconcile:          the CPU manager's reconcile loop's removeStaleState (frees CPUs of pods
 *                         that are no longer active).
 * The manager's state lives in the domain (plain data) so checkpoints carry it.
 */
import type { CpuAssignmentsData, ResourceAssignmentsData } from '../trace/types';
import { resolveNodeHardware, type NodeHardware } from '../model/nodeHardware';
import {
  allocateDevices,
  updateAllocatedDevices,
  type DeviceAllocationNote,
} from '../policies/devicemanager/allocate';
import {
  devicePodTopologyHints,
  deviceTopologyHints,
  type DeviceHintNote,
} from '../policies/devicemanager/topologyHints';
import {
  EMPTY_DEVICE_STATE,
  type DeviceManagerConfig,
  type DeviceManagerState,
} from '../policies/devicemanager/types';
import {
  memoryPodTopologyHints,
  memoryTopologyHints,
  staticAllocate as staticMemoryAllocate,
  type MemoryAllocation,
  type MemoryHintsNote,
} from '../policies/memorymanager/staticPolicy';
import type { MemoryManagerState } from '../policies/memorymanager/state';
import { minorOf } from '../policies/topologymanager/optionReleases';
import type { ProviderHints } from '../policies/topologymanager/hint';
import { guaranteedCPUs, podGuaranteedCPUs } from '../policies/cpumanager/guaranteedCPUs';
import {
  deviceManagerConfig,
  memoryRemoveByRef,
  newMemoryManagerConfig,
  startMemoryManager,
  type MemoryManagerConfig,
  type MemoryStaleRemoval,
} from './deviceMemoryManagers';
import { difference, formatCPUSet, union, type CPUSet } from '../model/cpuset';
import { computePodQOS, type PodLike } from '../model/qos';
import { err, ok, type Result } from '../model/result';
import type { CPUTopology } from '../model/topology';
import {
  cpuManagerHintProvider,
  cpusetForContainer,
  exclusiveCPUs,
  newCpuManagerPolicy,
  removeStaleState,
  startCpuManager,
  type CpuManagerPolicy,
} from '../policies/cpumanager/manager';
import type { CpuManagerState } from '../policies/cpumanager/state';
import type { TopologyHint } from '../policies/topologymanager/hint';
import {
  newTopologyManager,
  type TopologyManagerConfig,
} from '../policies/topologymanager/policies';
import {
  admitPod,
  EMPTY_TM_STATE,
  removeContainerHint,
  type AdmitDecision,
  type AdmitObserver,
  type HintProvider,
  type ProviderError,
  type TopologyManagerState,
} from '../policies/topologymanager/scope';
import type { PodManifest, Scenario } from '../scenario/schema';
import { own } from '../core/cow';
import { effectiveGates, profileOf } from '../versions/changelog/profile';

export type QOSClass = 'Guaranteed' | 'Burstable' | 'BestEffort';

/** GetPodQOS (pkg/apis/core/v1/helper/qos): pod-level resources decide with PodLevelResources. */
export function podQOS(m: PodManifest, podLevelResources = false): QOSClass {
  return computePodQOS(m, { podLevelResources });
}

/**
 * The node's CPU topology from the scenario (shape, named preset, lscpu or lstopo text, CPU
 * list), with the NUMA distances the scenario or the machine gives.
 */
export function resolveTopology(s: Scenario): Result<CPUTopology> {
  const hw = resolveNodeHardware(s);
  return hw.ok ? ok(hw.value.topology) : hw;
}

/** The managers as NewContainerManager creates them: fixed for the kubelet's lifetime. */
export interface ResourceManagers {
  topology: CPUTopology;
  cpuPolicy: CpuManagerPolicy;
  topologyManager: TopologyManagerConfig;
  provider: HintProvider<CpuManagerState>;
  /** removeStaleState also walks the containerMap (1.22+; 1.18-1.21 walked the state only). */
  containerMapPass: boolean;
  /** The device manager: the devices its plugins registered (none on most nodes). */
  devices: DeviceManagerConfig;
  /** The memory manager's policy. */
  memory: MemoryManagerConfig;
  /**
   * NewContainerManager made a memory manager, a hint provider (the MemoryManager gate: alpha and
   * off in 1.21, on from 1.22; without it memoryManagerPolicy is not read).
   */
  memoryManager: boolean;
  /** The node's hardware (for the views: devices and NUMA memory). */
  hardware: NodeHardware;
}

export interface CpuDomain {
  state: CpuManagerState;
  tm: TopologyManagerState;
  /** The device manager's podDevices and allocated devices. */
  devices: DeviceManagerState;
  /** The memory manager's state (the None policy's is empty). */
  memory: MemoryManagerState;
  /** The memory manager's own containerMap: pod uid -> container id -> [name, seq]. */
  memContainers: Record<string, Record<string, ContainerRef>>;
  /**
   * AddContainer's containerMap (container id -> pod uid and container name), held by pod UID
   * so an AddContainer copies (copy-on-write) the pod table and one pod's few ids, not every
   * container's: pod uid -> container id -> [container name, AddContainer's sequence number].
   * The number keeps the map's insertion order across pods for removeStaleState's lines.
   */
  containers: Record<string, Record<string, ContainerRef>>;
  /** AddContainer calls so far (the next sequence number); absent = 0. */
  added?: number;
}

/** One containerMap entry: the container's name and when AddContainer put it there. */
export type ContainerRef = readonly [name: string, seq: number];

/**
 * NewContainerManager's topology, device, CPU and memory managers (in its order), or the error
 * the kubelet exits with.
 */
export function newResourceManagers(s: Scenario): Result<ResourceManagers> {
  const hw = resolveNodeHardware(s);
  if (!hw.ok) return err(`failed to get topology: ${hw.error}`);
  const topo = ok(hw.value.topology);
  const k = s.node.kubelet;
  const minor = minorOf(s.node.kubeletVersion);
  const profile = profileOf(s.node.kubeletVersion);
  const gates = effectiveGates(profile, k.featureGates);
  const options = k.cpuManagerPolicyOptions ?? {};
  // cmd/kubelet/app/server.go: options need the CPUManagerPolicyOptions gate (alpha in 1.22).
  if (Object.keys(options).length > 0 && gates.CPUManagerPolicyOptions !== true)
    return err(
      `CPU Manager policy options map[${Object.keys(options)
        .sort()
        .map((o) => `${o}:${options[o as keyof typeof options] ?? ''}`)
        .join(' ')}] require feature gates "CPUManager", "CPUManagerPolicyOptions" enabled`,
    );
  // cmd/kubelet/app/server.go: topology options need the TopologyManagerPolicyOptions gate
  // (alpha 1.26, beta and on 1.28).
  const rawOptions = k.topologyManagerPolicyOptions ?? {};
  if (Object.keys(rawOptions).length > 0 && gates.TopologyManagerPolicyOptions !== true)
    return err(
      `topology manager policy options map[${Object.keys(rawOptions)
        .sort()
        .map((o) => `${o}:${rawOptions[o] ?? ''}`)
        .join(' ')}] require feature gates "TopologyManagerPolicyOptions" enabled`,
    );
  // Off by default in 1.36 (alpha) and 1.37 (beta); its container scope is modelled, its pod
  // scope and Static memory policy are refused (versionCheck).
  const podLevelManagers =
    gates.PodLevelResources === true && gates.PodLevelResourceManagers === true;
  const tm = newTopologyManager(
    topo.value,
    k.topologyManagerPolicy,
    k.topologyManagerScope,
    rawOptions,
    { minor, gates, podLevelResourceManagers: podLevelManagers },
  );
  if (!tm.ok) return err(`failed to initialize topology manager: ${tm.error}`);
  const devices = deviceManagerConfig(hw.value, minor);
  // policy_static.go (CPU and memory, 1.34 on): a pod with pod-level resources is skipped while
  // PodLevelResources is on, unless PodLevelResourceManagers (1.36 alpha) is on too
  // (cpumanager/policy_static.go:585, memorymanager/policy_static.go:436, v1.36.3).
  const skipPodLevel =
    profile.behaviours.podLevelResourcesSkipStaticPolicies &&
    gates.PodLevelResources === true &&
    !podLevelManagers;
  const policy = newCpuManagerPolicy(topo.value, {
    cpuManagerPolicy: k.cpuManagerPolicy,
    cpuManagerPolicyOptions: k.cpuManagerPolicyOptions,
    featureGates: gates,
    optionMaturity: profile.policyOptions.cpu,
    reservedSystemCPUs: k.reservedSystemCPUs,
    kubeReserved: k.kubeReserved,
    systemReserved: k.systemReserved,
    topologyManagerPolicy: k.topologyManagerPolicy,
    qos: {
      podLevelResources: gates.PodLevelResources === true,
      ...(podLevelManagers ? { podLevelResourceManagers: true } : {}),
    },
    skipPodLevelResources: skipPodLevel,
  });
  if (!policy.ok) return err(`failed to initialize cpu manager: ${policy.error}`);
  const memoryManager = gates.MemoryManager === true;
  const memory = memoryManager
    ? newMemoryManagerConfig(s, hw.value, minor, {
        qos: gates.PodLevelResources === true,
        skip: skipPodLevel,
      })
    : ok({ policy: 'None' as const });
  if (!memory.ok) return memory;
  return ok({
    topology: topo.value,
    cpuPolicy: policy.value,
    topologyManager: tm.value,
    provider: cpuManagerHintProvider(policy.value),
    containerMapPass: profile.behaviours.cpuContainerMapPass,
    devices,
    memory: memory.value,
    memoryManager,
    hardware: hw.value,
  });
}

/** cpuManager.Start and memoryManager.Start: the initial states (no checkpoint). */
export function startResourceManagers(rm: ResourceManagers): Result<CpuDomain> {
  const s = startCpuManager(rm.cpuPolicy);
  if (!s.ok) return err(`start cpu manager error: ${s.error}`);
  const memory = startMemoryManager(rm.memory);
  if (!memory.ok) return err(`start memory manager error: ${memory.error}`);
  return ok({
    state: s.value,
    tm: EMPTY_TM_STATE,
    containers: {},
    devices: EMPTY_DEVICE_STATE,
    memory: memory.value,
    memContainers: {},
  });
}

export interface PodRef {
  uid: string;
  manifest: PodManifest;
}

function podLike(p: PodRef): PodLike {
  const m = p.manifest;
  return {
    metadata: { uid: p.uid, name: m.metadata.name, namespace: m.metadata.namespace },
    spec: m.spec,
  };
}

/** A pod spec's container names, init containers first: built once per (immutable) spec. */
const namesBySpec = new WeakMap<object, string[]>();
function containerNames(p: PodRef): string[] {
  const spec = p.manifest.spec;
  let names = namesBySpec.get(spec);
  if (!names) {
    names = [
      ...(spec.initContainers ?? []).map((c) => c.name),
      ...spec.containers.map((c) => c.name),
    ];
    namesBySpec.set(spec, names);
  }
  return names;
}

function active(pods: PodRef[]) {
  return pods.map((p) => ({ podUID: p.uid, containerNames: containerNames(p) }));
}

/** One container removeStaleState let go of, for its klog lines (cpuManagerLines.ts). */
export interface StaleRemoval {
  podUid: string;
  container: string;
  /** Found in the state's assignments, or only in the containerMap (no exclusive CPUs). */
  via: 'state' | 'containerMap';
  /** The shared pool after its CPUs went back to it (state removals). */
  defaultAfter?: CPUSet;
}

/**
 * cpu_manager.go removeStaleState: every assignment of a container no active pod has is removed
 * through the policy (its CPUs back to the shared pool, minus those its pod's other containers
 * still hold), in (pod, container) order (Go's map order is random), then every containerMap
 * entry of such a container that had no assignment.
 */
function removeStale(rm: ResourceManagers, cpu: CpuDomain, activePods: PodRef[]): StaleRemoval[] {
  // By pod UID, not a search of every active pod per container: this runs at every admission
  // (and builds no key string per container).
  const aliveNames = new Map<string, readonly string[]>();
  for (const p of activePods) aliveNames.set(p.uid, containerNames(p));
  const isAlive = (uid: string, name: string) => aliveNames.get(uid)?.includes(name) === true;
  const before = cpu.state;
  // removeStaleState walks the assignments only: with none (the none policy, or a static node
  // with no Guaranteed pod yet) it returns the state as it was, so the active list is not built.
  if (Object.keys(before.assignments).length > 0)
    cpu.state = removeStaleState(rm.cpuPolicy, cpu.state, active(activePods));
  const out: StaleRemoval[] = [];
  /** Drops the containerMap entries of one container of a pod (and the pod once it has none). */
  const drop = (uid: string, keep: (name: string) => boolean) => {
    const refs = cpu.containers[uid];
    if (!refs) return;
    let left = 0;
    let mine: Record<string, ContainerRef> | undefined;
    for (const id of Object.keys(refs)) {
      if (keep(refs[id]![0])) left++;
      else delete (mine ??= own(own(cpu, 'containers'), uid))[id];
    }
    if (left === 0) delete own(cpu, 'containers')[uid];
  };
  let pool = before.defaultCpuSet;
  for (const uid of Object.keys(before.assignments).sort())
    for (const name of Object.keys(before.assignments[uid]!).sort()) {
      if (isAlive(uid, name)) continue;
      const siblings = Object.entries(cpu.state.assignments[uid] ?? {})
        .filter(([n]) => n !== name)
        .map(([, set]) => set);
      pool = union(pool, difference(before.assignments[uid]![name]!, union([], ...siblings)));
      out.push({ podUid: uid, container: name, via: 'state', defaultAfter: pool });
      drop(uid, (n) => n !== name);
    }
  // The containerMap pass, in the order AddContainer filled the map (sequence numbers): every
  // stale id is reported, several ids of one (pod, container) each, then dropped.
  const stale: [seq: number, uid: string, name: string][] = [];
  for (const uid of Object.keys(cpu.containers)) {
    const refs = cpu.containers[uid]!;
    const names = aliveNames.get(uid);
    let any = false;
    for (const id in refs) {
      const [name, seq] = refs[id]!;
      if (names?.includes(name) === true) continue;
      stale.push([seq, uid, name]);
      any = true;
    }
    if (any) drop(uid, (n) => names?.includes(n) === true);
  }
  if (rm.containerMapPass && stale.length > 0) {
    stale.sort((a, b) => a[0] - b[0]);
    for (const [, uid, name] of stale)
      out.push({ podUid: uid, container: name, via: 'containerMap' });
  }
  return out;
}

/**
 * One thing the allocate handler did, in the order the kubelet does it (and logs it): the
 * providers' hints and stale-state clean-ups, the scope's merges and stored affinities, and each
 * provider's Allocate per container.
 */
export type AdmissionStep =
  /** The CPU manager's removeStaleState let go of these (its first call of the admission). */
  | { readonly kind: 'cpuStale'; readonly removals: readonly StaleRemoval[] }
  /** The memory manager's removeStaleState let go of these. */
  | { readonly kind: 'memStale'; readonly removals: readonly MemoryStaleRemoval[] }
  /** The device manager's UpdateAllocatedDevices dropped these pods' devices ("Pods to be removed"). */
  | { readonly kind: 'devicesGC'; readonly podUIDs: readonly string[] }
  /** A provider's GetTopologyHints / GetPodTopologyHints and what the scope logged of them. */
  | {
      readonly kind: 'hints';
      readonly provider: 'devices' | 'cpu' | 'memory';
      readonly container?: string;
      readonly hints: ProviderHints;
      /** The device manager's per-resource notes. */
      readonly deviceNotes?: readonly DeviceHintNote[];
      /** The memory manager's Static policy: how it got them. */
      readonly memoryNote?: MemoryHintsNote;
      /** The CPU manager's static policy: it regenerated hints for CPUs already allocated. */
      readonly cpuRegenerated?: boolean;
      /** The CPU manager's static policy: the CPUs the container (or pod) asks for. */
      readonly cpuRequested?: number;
    }
  | { readonly kind: 'merged'; readonly decision: AdmitDecision }
  | { readonly kind: 'affinity'; readonly container: string; readonly hint: TopologyHint }
  | {
      readonly kind: 'deviceAllocate';
      readonly container: string;
      readonly notes: readonly DeviceAllocationNote[];
      readonly error?: string;
    }
  | {
      readonly kind: 'cpuAllocate';
      readonly container: string;
      readonly before: CpuManagerState;
      readonly after: CpuManagerState;
      readonly affinity: TopologyHint;
      readonly error?: ProviderError;
    }
  | {
      readonly kind: 'memAllocate';
      readonly container: string;
      readonly result?: MemoryAllocation;
      readonly affinity: TopologyHint;
      readonly error?: string;
    };

/** What the allocate handler did, for its klog lines and the Inspector: its steps in order. */
export interface AllocationTrace {
  readonly steps: readonly AdmissionStep[];
  readonly decisions: readonly AdmitDecision[];
  /** The CPU manager's state after removeStaleState, before this pod's Allocate calls. */
  before: CpuManagerState;
  after: CpuManagerState;
  /** The stored affinity of each container (GetAffinity) after the admission. */
  affinity: Readonly<Record<string, TopologyHint>>;
  /** The container whose Allocate failed, and the admission's reason. */
  failed?: { container: string; reason: string };
}

export type AdmitResult = ({ admit: true } | { admit: false; reason: string; message: string }) & {
  trace: AllocationTrace;
};

/**
 * The allocate-resources admit handler: the topology manager's scope over the device, CPU and
 * memory managers (NewContainerManager adds them as hint providers in that order). Each
 * provider runs its clean-up at its first call, as the kubelet's GetTopologyHints and Allocate
 * do. `activePods` includes the pod being admitted.
 */
export function admit(
  rm: ResourceManagers,
  cpu: CpuDomain,
  pod: PodRef,
  activePods: PodRef[],
): AdmitResult {
  const steps: AdmissionStep[] = [];
  const like = podLike(pod);
  const activeUIDs = new Set<string>();
  for (const p of activePods) activeUIDs.add(p.uid);
  let cpuCleaned = false;
  let memCleaned = false;
  let devCleaned = false;
  let before = cpu.state;
  const cpuFirstCall = () => {
    if (cpuCleaned) return;
    cpuCleaned = true;
    const removals = removeStale(rm, cpu, activePods);
    if (removals.length > 0) steps.push({ kind: 'cpuStale', removals });
    before = cpu.state;
  };
  const memFirstCall = () => {
    if (memCleaned) return;
    memCleaned = true;
    const removals = removeStaleMemory(rm, cpu, activePods);
    if (removals.length > 0) steps.push({ kind: 'memStale', removals });
  };
  // GetTopologyHints runs UpdateAllocatedDevices before anything else (allocateContainerResources
  // runs it itself, only for containers that need devices).
  const devGC = () => {
    if (devCleaned) return;
    devCleaned = true;
    const u = updateAllocatedDevices(cpu.devices, activeUIDs);
    if (u.removed.length > 0) steps.push({ kind: 'devicesGC', podUIDs: u.removed });
    cpu.devices = u.state;
  };
  const devices: HintProvider<null> = {
    name: 'devices',
    getTopologyHints: (_s, p, c) => {
      devGC();
      const h = deviceTopologyHints(rm.devices, cpu.devices, p, c);
      pendingDevice = h.notes;
      return h.hints;
    },
    getPodTopologyHints: (_s, p) => {
      devGC();
      const h = devicePodTopologyHints(rm.devices, cpu.devices, p);
      pendingDevice = h.notes;
      return h.hints;
    },
    allocate: (_s, p, c, affinity) => {
      const r = allocateDevices(rm.devices, cpu.devices, p, c, activeUIDs, affinity);
      if (!r.ok) {
        cpu.devices = r.error.state;
        steps.push({
          kind: 'deviceAllocate',
          container: c.name,
          notes: r.error.notes,
          error: r.error.message,
        });
        return err({ message: r.error.message });
      }
      if (r.value.notes.some((n) => n.kind === 'podsRemoved')) devCleaned = true;
      cpu.devices = r.value.state;
      steps.push({ kind: 'deviceAllocate', container: c.name, notes: r.value.notes });
      return ok(null);
    },
  };
  let pendingDevice: readonly DeviceHintNote[] | undefined;
  const cpuProvider: HintProvider<null> = {
    name: 'cpu',
    getTopologyHints: (_s, p, c) => {
      cpuFirstCall();
      return rm.provider.getTopologyHints(cpu.state, p, c);
    },
    getPodTopologyHints: (_s, p) => {
      cpuFirstCall();
      return rm.provider.getPodTopologyHints(cpu.state, p);
    },
    allocate: (_s, p, c, affinity) => {
      cpuFirstCall();
      const was = cpu.state;
      const r = rm.provider.allocate(cpu.state, p, c, affinity);
      if (r.ok) cpu.state = r.value;
      steps.push({
        kind: 'cpuAllocate',
        container: c.name,
        before: was,
        after: cpu.state,
        affinity,
        ...(r.ok ? {} : { error: r.error }),
      });
      return r.ok ? ok(null) : r;
    },
  };
  let pendingMemory: MemoryHintsNote | undefined;
  const memory: HintProvider<null> = {
    name: 'memory',
    getTopologyHints: (_s, p, c) => {
      memFirstCall();
      if (rm.memory.policy !== 'Static') return null;
      const h = memoryTopologyHints(cpu.memory, p, c, rm.memory.static);
      pendingMemory = h.note;
      return h.hints;
    },
    getPodTopologyHints: (_s, p) => {
      memFirstCall();
      if (rm.memory.policy !== 'Static') return null;
      const h = memoryPodTopologyHints(cpu.memory, p, rm.memory.static);
      pendingMemory = h.note;
      return h.hints;
    },
    allocate: (_s, p, c, affinity) => {
      memFirstCall();
      if (rm.memory.policy !== 'Static') return ok(null);
      const r = staticMemoryAllocate(rm.memory.static, cpu.memory, p, c, affinity);
      if (!r.ok) {
        steps.push({ kind: 'memAllocate', container: c.name, affinity, error: r.error });
        return err({ message: r.error });
      }
      cpu.memory = r.value.state;
      steps.push({ kind: 'memAllocate', container: c.name, affinity, result: r.value });
      return ok(null);
    },
  };
  const observer: AdmitObserver = {
    hints: (provider, hints, container) => {
      const step: Extract<AdmissionStep, { kind: 'hints' }> = {
        kind: 'hints',
        provider: provider as 'devices' | 'cpu' | 'memory',
        hints,
        ...(container === undefined ? {} : { container }),
        ...(provider === 'devices' && pendingDevice ? { deviceNotes: pendingDevice } : {}),
        ...(provider === 'memory' && pendingMemory ? { memoryNote: pendingMemory } : {}),
        ...(provider === 'cpu' ? cpuHintFacts(rm, cpu.state, pod, container) : {}),
      };
      pendingDevice = undefined;
      pendingMemory = undefined;
      steps.push(step);
    },
    merged: (decision) => steps.push({ kind: 'merged', decision }),
    affinity: (container, hint) => steps.push({ kind: 'affinity', container, hint }),
  };
  const providers = rm.memoryManager ? [devices, cpuProvider, memory] : [devices, cpuProvider];
  const out = admitPod(rm.topologyManager, cpu.tm, providers, null, like, pod.uid, observer);
  // Allocations made before a failure stay until removeStaleState frees them, as in the kubelet.
  cpu.tm = out.tmState;
  const trace: AllocationTrace = {
    steps,
    decisions: out.decisions,
    before,
    after: cpu.state,
    affinity: out.tmState.podTopologyHints[pod.uid] ?? {},
    ...(out.failedContainer === undefined
      ? {}
      : { failed: { container: out.failedContainer, reason: out.result.reason ?? '' } }),
  };
  if (out.result.admit) return { admit: true, trace };
  return {
    trace,
    admit: false,
    reason: out.result.reason ?? 'UnexpectedAdmissionError',
    message: out.result.message ?? '',
  };
}

/** What the CPU manager's static policy logs of its hints: regenerated or generated, and the request. */
function cpuHintFacts(
  rm: ResourceManagers,
  state: CpuManagerState,
  pod: PodRef,
  container: string | undefined,
): { cpuRegenerated?: boolean; cpuRequested?: number } {
  const policy = rm.cpuPolicy;
  if (policy.name !== 'static') return {};
  const requested =
    container === undefined
      ? podGuaranteedCPUs(pod.manifest, policy.qos)
      : guaranteedCPUs(
          pod.manifest,
          pod.manifest.spec.initContainers?.find((c) => c.name === container) ??
            pod.manifest.spec.containers.find((c) => c.name === container)!,
          policy.qos,
        );
  if (requested === 0) return { cpuRequested: 0 };
  const held =
    container === undefined
      ? Object.values(state.assignments[pod.uid] ?? {}).reduce((n, s) => n + s.length, 0)
      : (state.assignments[pod.uid]?.[container]?.length ?? 0);
  return { cpuRequested: requested, cpuRegenerated: held === requested };
}

/**
 * memory_manager.go removeStaleState: the blocks of every container no active pod has, then
 * every containerMap entry of such a container (policyRemoveContainerByRef each).
 */
function removeStaleMemory(
  rm: ResourceManagers,
  cpu: CpuDomain,
  activePods: PodRef[],
): MemoryStaleRemoval[] {
  const out: MemoryStaleRemoval[] = [];
  const hasMap = Object.keys(cpu.memContainers).length > 0;
  const hasBlocks = Object.keys(cpu.memory.assignments).length > 0;
  if (!hasMap && !hasBlocks) return out;
  const alive = new Map<string, readonly string[]>();
  for (const p of activePods) alive.set(p.uid, containerNames(p));
  const isAlive = (uid: string, name: string) => alive.get(uid)?.includes(name) === true;
  const removeByRef = (uid: string, name: string) => {
    cpu.memory = memoryRemoveByRef(rm.memory, cpu.memory, uid, name).state;
    const refs = cpu.memContainers[uid];
    if (!refs) return;
    let left = 0;
    let mine: Record<string, ContainerRef> | undefined;
    for (const id of Object.keys(refs)) {
      if (refs[id]![0] !== name) left++;
      else delete (mine ??= own(own(cpu, 'memContainers'), uid))[id];
    }
    if (left === 0) delete own(cpu, 'memContainers')[uid];
  };
  for (const uid of Object.keys(cpu.memory.assignments).sort())
    for (const name of Object.keys(cpu.memory.assignments[uid] ?? {}).sort()) {
      if (isAlive(uid, name)) continue;
      out.push({ podUid: uid, container: name, via: 'state' });
      removeByRef(uid, name);
    }
  const stale: [seq: number, uid: string, name: string][] = [];
  for (const uid of Object.keys(cpu.memContainers))
    for (const [name, seq] of Object.values(cpu.memContainers[uid]!))
      if (!isAlive(uid, name)) stale.push([seq, uid, name]);
  stale.sort((a, b) => a[0] - b[0]);
  for (const [, uid, name] of stale) {
    out.push({ podUid: uid, container: name, via: 'containerMap' });
    removeByRef(uid, name);
  }
  return out;
}

/** GetCPUAffinity: "" leaves cpuset.cpus unset (none policy). */
export function preCreateContainer(cpu: CpuDomain, podUid: string, container: string): string {
  return cpusetForContainer(cpu.state, podUid, container);
}

/**
 * containerHasExclusiveCPUs (pkg/kubelet/cm/container_manager.go): the CPU manager's
 * GetExclusiveCPUs(podUID, containerName) is non-empty.
 */
export function containerHasExclusiveCPUs(
  cpu: CpuDomain,
  podUid: string,
  container: string,
): boolean {
  return exclusiveCPUs(cpu.state, podUid, container).length > 0;
}

export function preStartContainer(
  cpu: CpuDomain,
  podUid: string,
  container: string,
  id: string,
  rm?: ResourceManagers,
  pod?: PodRef,
): void {
  const seq = cpu.added ?? 0;
  cpu.added = seq + 1;
  // Frozen: checkpoints and seeks share the entry instead of copying it.
  const ref = Object.freeze([container, seq] as const);
  const byPod = own(cpu, 'containers');
  const refs = byPod[podUid] ? own(byPod, podUid) : (byPod[podUid] = {});
  refs[id] = ref;
  // memoryManager.AddContainer: its own containerMap, and the memory of the regular init
  // containers before this one goes back (policyRemoveContainerByRef).
  const memByPod = own(cpu, 'memContainers');
  const memRefs = memByPod[podUid] ? own(memByPod, podUid) : (memByPod[podUid] = {});
  memRefs[id] = ref;
  if (!rm || !pod) return;
  for (const init of pod.manifest.spec.initContainers ?? []) {
    if (init.name === container) break;
    if (init.restartPolicy === 'Always') continue;
    cpu.memory = memoryRemoveByRef(rm.memory, cpu.memory, podUid, init.name).state;
    const mine = cpu.memContainers[podUid];
    if (mine)
      for (const cid of Object.keys(mine))
        if (mine[cid]![0] === init.name) delete own(own(cpu, 'memContainers'), podUid)[cid];
  }
}

/**
 * internal_container_lifecycle.go PostStopContainer -> the topology manager scope's
 * RemoveContainer: the id's pod and container name from the container map
 * (podMap.GetContainerRef; nothing when the id is not there), then the container's hints go.
 * The caller knows the pod (computePodActions lists the pod's own exited containers), so the
 * map is read at that pod.
 */
export function postStopContainer(cpu: CpuDomain, podUid: string, id: string): void {
  const ref = cpu.containers[podUid]?.[id];
  if (ref) cpu.tm = removeContainerHint(cpu.tm, podUid, ref[0]);
}

/** The reconcile loop's removeStaleState: what it let go of. */
export function reconcile(
  rm: ResourceManagers,
  cpu: CpuDomain,
  activePods: PodRef[],
): StaleRemoval[] {
  return removeStale(rm, cpu, activePods);
}

/**
 * Who holds which CPUs, for the views. By state: a CPU manager state is never changed in place
 * (state.ts returns a new one for each change), so one state's snapshot holds for it, and the
 * admissions that change nothing (every one under the none policy) share it.
 */
const snapshots = new WeakMap<CpuManagerState, CpuAssignmentsData>();
export function cpuSnapshot(cpu: CpuDomain): CpuAssignmentsData {
  let snap = snapshots.get(cpu.state);
  if (!snap) snapshots.set(cpu.state, (snap = Object.freeze(buildSnapshot(cpu.state))));
  return snap;
}

function buildSnapshot(state: CpuManagerState): CpuAssignmentsData {
  const assignments: Record<string, Record<string, string>> = {};
  for (const [uid, ctrs] of Object.entries(state.assignments)) {
    assignments[uid] = {};
    for (const [name, set] of Object.entries(ctrs)) assignments[uid][name] = formatCPUSet(set);
  }
  return {
    policy: state.policyName,
    defaultCpuSet: formatCPUSet(state.defaultCpuSet),
    assignments,
  };
}

/** The device and memory states' identity, to tell whether an operation changed either. */
export function resourceSnapshotKey(cpu: CpuDomain): string {
  return `${stateIds.get(cpu.devices) ?? idOf(cpu.devices)}/${stateIds.get(cpu.memory) ?? idOf(cpu.memory)}`;
}
const stateIds = new WeakMap<object, number>();
let nextStateId = 0;
function idOf(o: object): number {
  const id = nextStateId++;
  stateIds.set(o, id);
  return id;
}

/** Whether the node has anything for the device or memory manager to hold (views record it then). */
export function tracksDevicesOrMemory(rm: ResourceManagers | undefined): boolean {
  return rm !== undefined && (rm.hardware.devices.length > 0 || rm.memory.policy === 'Static');
}

/**
 * Who holds which devices and memory, for the views: by state pair (both are never changed in
 * place), so admissions that change neither share the snapshot.
 */
const resourceSnapshots = new WeakMap<
  DeviceManagerState,
  WeakMap<MemoryManagerState, ResourceAssignmentsData>
>();
export function resourceSnapshot(cpu: CpuDomain): ResourceAssignmentsData {
  let byMemory = resourceSnapshots.get(cpu.devices);
  if (!byMemory) resourceSnapshots.set(cpu.devices, (byMemory = new WeakMap()));
  let snap = byMemory.get(cpu.memory);
  if (!snap) byMemory.set(cpu.memory, (snap = Object.freeze(buildResourceSnapshot(cpu))));
  return snap;
}

function buildResourceSnapshot(cpu: CpuDomain): ResourceAssignmentsData {
  const devices = cpu.devices.entries.map((e) => ({
    uid: e.podUID,
    container: e.containerName,
    resource: e.resourceName,
    ids: [...e.ids],
  }));
  const m = cpu.memory;
  if (m.policyName !== 'Static') return { devices, memory: null };
  const blocks: NonNullable<ResourceAssignmentsData['memory']>['blocks'] = [];
  for (const uid of Object.keys(m.assignments).sort())
    for (const container of Object.keys(m.assignments[uid]!).sort())
      for (const b of m.assignments[uid]![container]!)
        blocks.push({ uid, container, type: b.type, size: b.size, numa: [...b.numaAffinity] });
  const nodes: NonNullable<ResourceAssignmentsData['memory']>['nodes'] = {};
  for (const [id, s] of Object.entries(m.machineState)) {
    nodes[id] = {};
    for (const [type, t] of Object.entries(s.memoryMap))
      nodes[id][type] = {
        total: t.totalMemSize,
        systemReserved: t.systemReserved,
        allocatable: t.allocatable,
        reserved: t.reserved,
        free: t.free,
      };
  }
  return { devices, memory: { blocks, nodes } };
}
