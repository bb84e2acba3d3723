/**
 * The CPU manager around its policy (pkg/kubelet/cm/cpumanager/cpu_manager.go, policy_none.go,
 * and the --reserved-cpus handling of cmd/kubelet/app/server.go): creation with the kubelet's
 * start-up errors, Start, the hint-provider face the topology manager calls, PreCreateContainer's
 * cpuset (GetCPUAffinity), RemoveContainer and removeStaleState.
 */
import { formatCPUSet, parseCPUSet, EMPTY_CPUSET, type CPUSet } from '../../model/cpuset';
import {
  addQuantity,
  parseQuantity,
  quantityMilliValue,
  ZERO_QUANTITY,
  type Quantity,
} from '../../model/quantity';
import type { ContainerLike, PodLike, QOSOptions, ResourceListLike } from '../../model/qos';
import { err, ok, type Result } from '../../model/result';
import type { CPUTopology } from '../../model/topology';
import type { FeatureGates } from '../featureGates';
import type { OptionMaturity } from './options';
import type { TopologyHint } from '../topologymanager/hint';
import type { HintProvider } from '../topologymanager/scope';
import { admissionType } from './errors';
import {
  newStaticPolicy,
  staticAllocate,
  staticPolicyStart,
  staticRemoveContainer,
  type StaticPolicy,
} from './staticPolicy';
import {
  emptyState,
  getCPUSet,
  getCPUSetOrDefault,
  listAssignments,
  type CpuManagerState,
} from './state';
import { getPodTopologyHints, getTopologyHints } from './topologyHints';

/** The none policy: pins nothing, gives no hints. */
export interface NonePolicy {
  readonly name: 'none';
}

export type CpuManagerPolicy = NonePolicy | StaticPolicy;

/** The kubelet configuration fields the CPU manager reads (KubeletConfiguration names). */
export interface CpuManagerConfig {
  readonly cpuManagerPolicy: string;
  readonly cpuManagerPolicyOptions?: Readonly<Record<string, string>>;
  /** --reserved-cpus / reservedSystemCPUs, kernel list format. */
  readonly reservedSystemCPUs?: string;
  readonly kubeReserved?: ResourceListLike;
  readonly systemReserved?: ResourceListLike;
  readonly featureGates?: FeatureGates;
  /** The release's option maturities (default: policy_options.go of 1.34). */
  readonly optionMaturity?: OptionMaturity;
  readonly topologyManagerPolicy?: string;
  readonly qos?: QOSOptions;
  /** The static policy skips pods with pod-level resources (staticPolicy.ts). */
  readonly skipPodLevelResources?: boolean;
}

function goMap(m: Readonly<Record<string, string>>): string {
  return `map[${Object.keys(m)
    .sort()
    .map((k) => `${k}:${m[k] ?? ''}`)
    .join(' ')}]`;
}

function cpuOf(list: ResourceListLike | undefined, what: string): Result<Quantity> {
  const v = list?.cpu;
  if (v === undefined) return ok(ZERO_QUANTITY);
  const q = parseQuantity(v);
  return q.ok ? q : err(`${what}.cpu ${JSON.stringify(String(v))}: ${q.error}`);
}

/**
 * The number of reserved CPUs and the explicit set, as the kubelet derives them: --reserved-cpus
 * overrides the cpu of kube/system-reserved with its size; otherwise
 * ceil((kubeReserved.cpu + systemReserved.cpu) / 1000m). A zero sum never reaches the policy:
 * GetNodeAllocatableReservation drops zero entries, hence "unable to determine".
 */
export function reservedCPUConfig(
  cfg: CpuManagerConfig,
): Result<{ numReservedCPUs: number; reservedCPUs: CPUSet }> {
  let explicit: CPUSet = EMPTY_CPUSET;
  if (cfg.reservedSystemCPUs !== undefined && cfg.reservedSystemCPUs !== '') {
    const r = parseCPUSet(cfg.reservedSystemCPUs);
    if (!r.ok)
      return err(`unable to parse --reserved-cpus=${cfg.reservedSystemCPUs}, error: ${r.error}`);
    explicit = r.value;
  }
  if (explicit.length > 0) return ok({ numReservedCPUs: explicit.length, reservedCPUs: explicit });
  const kube = cpuOf(cfg.kubeReserved, 'kubeReserved');
  if (!kube.ok) return kube;
  const sys = cpuOf(cfg.systemReserved, 'systemReserved');
  if (!sys.ok) return sys;
  const milli = quantityMilliValue(addQuantity(kube.value, sys.value));
  if (milli === 0)
    return err('[cpumanager] unable to determine reserved CPU resources for static policy');
  if (milli < 0)
    return err(
      '[cpumanager] the static policy requires systemreserved.cpu + kubereserved.cpu to be greater than zero',
    );
  return ok({ numReservedCPUs: Math.ceil(milli / 1000), reservedCPUs: EMPTY_CPUSET });
}

/** NewManager: the policy, or the error the kubelet fails to start with. */
export function newCpuManagerPolicy(
  topology: CPUTopology,
  cfg: CpuManagerConfig,
): Result<CpuManagerPolicy> {
  const options = cfg.cpuManagerPolicyOptions ?? {};
  if (cfg.cpuManagerPolicy === 'none') {
    if (Object.keys(options).length > 0)
      return err(
        `new none policy error: None policy: received unsupported options=${goMap(options)}`,
      );
    return ok({ name: 'none' });
  }
  if (cfg.cpuManagerPolicy !== 'static') return err(`unknown policy: "${cfg.cpuManagerPolicy}"`);
  const reserved = reservedCPUConfig(cfg);
  if (!reserved.ok) return reserved;
  const p = newStaticPolicy(topology, {
    numReservedCPUs: reserved.value.numReservedCPUs,
    reservedCPUs: reserved.value.reservedCPUs,
    policyOptions: options,
    featureGates: cfg.featureGates ?? {},
    ...(cfg.optionMaturity ? { optionMaturity: cfg.optionMaturity } : {}),
    topologyManagerPolicy: cfg.topologyManagerPolicy ?? 'none',
    qos: cfg.qos ?? {},
    skipPodLevelResources: cfg.skipPodLevelResources ?? false,
  });
  return p.ok ? p : err(`new static policy error: ${p.error}`);
}

/** Where the kubelet keeps the checkpoint (root dir + cpuManagerStateFileName). */
export const CPU_MANAGER_STATE_FILE = '/var/lib/kubelet/cpu_manager_state';

/**
 * Start: the state restored from the checkpoint (or empty when there is none) checked by the
 * policy. Texts as the kubelet's: NewCheckpointState's for a policy-name mismatch, validateState's
 * otherwise (the container manager then fails with "start cpu manager error: <text>").
 */
export function startCpuManager(
  p: CpuManagerPolicy,
  restored?: CpuManagerState,
): Result<CpuManagerState> {
  const s = restored ?? emptyState(p.name);
  if (s.policyName !== p.name)
    return err(
      `could not restore state from checkpoint: configured policy "${p.name}" differs from state checkpoint policy "${s.policyName}", please drain this node and delete the CPU manager checkpoint file "${CPU_MANAGER_STATE_FILE}" before restarting Kubelet`,
    );
  if (p.name === 'none') return ok(s);
  return staticPolicyStart(p, s);
}

/** GetCPUAffinity: what PreCreateContainer writes to cpuset.cpus ("" = leave unset). */
export function cpusetForContainer(
  s: CpuManagerState,
  podUID: string,
  containerName: string,
): string {
  return formatCPUSet(getCPUSetOrDefault(s, podUID, containerName));
}

/** GetExclusiveCPUs: the container's exclusive CPUs, empty when it runs in the shared pool. */
export function exclusiveCPUs(s: CpuManagerState, podUID: string, containerName: string): CPUSet {
  return getCPUSet(s, podUID, containerName) ?? EMPTY_CPUSET;
}

/** ContainerHasExclusiveCPUs / PodHasExclusiveCPUs (used for CFS quota). */
export function podHasExclusiveCPUs(s: CpuManagerState, podUID: string): boolean {
  return Object.values(s.assignments[podUID] ?? {}).some((cpus) => cpus.length > 0);
}

/** RemoveContainer (by pod and name; the kubelet maps the container id to these). */
export function removeContainer(
  p: CpuManagerPolicy,
  s: CpuManagerState,
  podUID: string,
  containerName: string,
): CpuManagerState {
  return p.name === 'static' ? staticRemoveContainer(s, podUID, containerName) : s;
}

/** An active pod: its UID and the names of its init and app containers. */
export interface ActivePod {
  readonly podUID: string;
  readonly containerNames: readonly string[];
}

/**
 * removeStaleState: frees every assignment whose container is not in an active pod. The kubelet
 * runs it before each GetTopologyHints and Allocate, and on every reconcile, once all sources are
 * ready. A pod being admitted counts as active.
 */
export function removeStaleState(
  p: CpuManagerPolicy,
  s: CpuManagerState,
  active: readonly ActivePod[],
): CpuManagerState {
  // Built at the first assignment only: most runs' pods hold none, and this runs at every admission.
  let alive: Map<string, Set<string>> | undefined;
  let next = s;
  for (const e of listAssignments(s)) {
    alive ??= new Map(active.map((a) => [a.podUID, new Set(a.containerNames)]));
    if (alive.get(e.podUID)?.has(e.containerName) === true) continue;
    next = removeContainer(p, next, e.podUID, e.containerName);
  }
  return next;
}

function uidOf(pod: PodLike): string {
  const uid = pod.metadata?.uid;
  if (uid === undefined || uid === '')
    throw new Error(`pod ${pod.metadata?.name ?? '?'} has no metadata.uid`);
  return uid;
}

/**
 * The CPU manager as a topology-manager hint provider over its own state. The pod UID is read
 * from metadata.uid. Allocate errors keep their text; SMTAlignmentError keeps its Type().
 */
export function cpuManagerHintProvider(p: CpuManagerPolicy): HintProvider<CpuManagerState> {
  return {
    name: 'cpu',
    getTopologyHints: (s, pod, c: ContainerLike) =>
      p.name === 'static' ? getTopologyHints(p, s, pod, uidOf(pod), c) : null,
    getPodTopologyHints: (s, pod) =>
      p.name === 'static' ? getPodTopologyHints(p, s, pod, uidOf(pod)) : null,
    allocate: (s, pod, c, affinity: TopologyHint) => {
      if (p.name === 'none') return ok(s);
      const r = staticAllocate(p, s, pod, uidOf(pod), c, affinity);
      if (r.ok) return ok(r.value.state);
      const type = admissionType(r.error);
      return err(
        type === undefined ? { message: r.error.message } : { message: r.error.message, type },
      );
    },
  };
}
