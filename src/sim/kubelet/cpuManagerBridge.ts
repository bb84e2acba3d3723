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
import type { CpuAssignmentsData } from '../trace/types';
import { difference, formatCPUSet, union, type CPUSet } from '../model/cpuset';
import { parseLscpu } from '../model/lscpu';
import { computePodQOS, type PodLike } from '../model/qos';
import { err, ok, type Result } from '../model/result';
import { topologyFromCpuList, type CPUTopology } from '../model/topology';
import { topologyPreset } from '../model/topologyPresets';
import { topologyFromShape } from '../model/topologyShape';
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
  type HintProvider,
  type TopologyManagerState,
} from '../policies/topologymanager/scope';
import type { PodManifest, Scenario } from '../scenario/schema';
import { own } from '../core/cow';
import { effectiveGates, profileOf } from '../versions/changelog/profile';

export type QOSClass = 'Guaranteed' | 'Burstable' | 'BestEffort';

/** GetPodQOS (pkg/apis/core/v1/helper/qos). */
export function podQOS(m: PodManifest): QOSClass {
  return computePodQOS(m);
}

/** The node's CPU topology from the scenario (shape, named preset, lscpu text or CPU list). */
export function resolveTopology(s: Scenario): Result<CPUTopology> {
  const t = s.node.topology;
  if ('preset' in t) return topologyPreset(t.preset);
  if ('lscpu' in t) return parseLscpu(t.lscpu);
  if ('cpus' in t) return topologyFromCpuList(t.cpus);
  return topologyFromShape(t);
}

/** The managers as NewContainerManager creates them: fixed for the kubelet's lifetime. */
export interface ResourceManagers {
  topology: CPUTopology;
  cpuPolicy: CpuManagerPolicy;
  topologyManager: TopologyManagerConfig;
  provider: HintProvider<CpuManagerState>;
  /** removeStaleState also walks the containerMap (1.22+; 1.18-1.21 walked the state only). */
  containerMapPass: boolean;
}

export interface CpuDomain {
  state: CpuManagerState;
  tm: TopologyManagerState;
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

/** NewContainerManager's CPU and topology managers, or the error the kubelet exits with. */
export function newResourceManagers(s: Scenario): Result<ResourceManagers> {
  const topo = resolveTopology(s);
  if (!topo.ok) return err(`failed to get topology: ${topo.error}`);
  const k = s.node.kubelet;
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
  const tm = newTopologyManager(topo.value, k.topologyManagerPolicy, k.topologyManagerScope);
  if (!tm.ok) return err(`failed to initialize topology manager: ${tm.error}`);
  const policy = newCpuManagerPolicy(topo.value, {
    cpuManagerPolicy: k.cpuManagerPolicy,
    cpuManagerPolicyOptions: k.cpuManagerPolicyOptions,
    featureGates: gates,
    optionMaturity: profile.policyOptions.cpu,
    reservedSystemCPUs: k.reservedSystemCPUs,
    kubeReserved: k.kubeReserved,
    systemReserved: k.systemReserved,
    topologyManagerPolicy: k.topologyManagerPolicy,
  });
  if (!policy.ok) return err(`failed to initialize cpu manager: ${policy.error}`);
  return ok({
    topology: topo.value,
    cpuPolicy: policy.value,
    topologyManager: tm.value,
    provider: cpuManagerHintProvider(policy.value),
    containerMapPass: profile.behaviours.cpuContainerMapPass,
  });
}

/** cpuManager.Start: the initial state (no checkpoint). */
export function startResourceManagers(rm: ResourceManagers): Result<CpuDomain> {
  const s = startCpuManager(rm.cpuPolicy);
  if (!s.ok) return err(`start cpu manager error: ${s.error}`);
  return ok({ state: s.value, tm: EMPTY_TM_STATE, containers: {} });
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

/** What the allocate handler did, for its klog lines: the merges and the state around Allocate. */
export interface AllocationTrace {
  /** What removeStaleState let go of first (GetTopologyHints / Allocate call it). */
  stale: readonly StaleRemoval[];
  decisions: readonly AdmitDecision[];
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

/** The allocate-resources admit handler. `activePods` includes the pod being admitted. */
export function admit(
  rm: ResourceManagers,
  cpu: CpuDomain,
  pod: PodRef,
  activePods: PodRef[],
): AdmitResult {
  const stale = removeStale(rm, cpu, activePods);
  const before = cpu.state;
  const out = admitPod(rm.topologyManager, cpu.tm, [rm.provider], cpu.state, podLike(pod), pod.uid);
  // Allocations made before a failure stay until removeStaleState frees them, as in the kubelet.
  cpu.state = out.state;
  cpu.tm = out.tmState;
  const trace: AllocationTrace = {
    stale,
    decisions: out.decisions,
    before,
    after: out.state,
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
): void {
  const seq = cpu.added ?? 0;
  cpu.added = seq + 1;
  const byPod = own(cpu, 'containers');
  const refs = byPod[podUid] ? own(byPod, podUid) : (byPod[podUid] = {});
  // Frozen: checkpoints and seeks share the entry instead of copying it.
  refs[id] = Object.freeze([container, seq] as const);
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
