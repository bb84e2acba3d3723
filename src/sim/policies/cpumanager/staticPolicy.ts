/**
 * The static CPU manager policy (pkg/kubelet/cm/cpumanager/policy_static.go @62c7eac0):
 * NewStaticPolicy (reserved CPUs), Start/validateState, Allocate with init-container CPU reuse,
 * and RemoveContainer. The policy is immutable plain data; every operation takes a state and
 * returns a new one, or the kubelet's error.
 */
import {
  contains,
  difference,
  equals,
  formatCPUSet,
  intersection,
  isDisjoint,
  union,
  EMPTY_CPUSET,
  type CPUSet,
} from '../../model/cpuset';
import {
  isPodLevelResourcesSet,
  isRestartableInitContainer,
  type ContainerLike,
  type PodLike,
  type QOSOptions,
} from '../../model/qos';
import { err, ok, type Result } from '../../model/result';
import { allCPUs, cpuCoreId, cpusPerCore, detailsOf, type CPUTopology } from '../../model/topology';
import type { FeatureGates } from '../featureGates';
import type { TopologyHint } from '../topologymanager/hint';
import type { TakeStep } from './accumulator';
import { smtAlignmentError, type CpuManagerError } from './errors';
import { guaranteedCPUs } from './guaranteedCPUs';
import {
  newStaticPolicyOptions,
  type OptionMaturity,
  validateStaticPolicyOptions,
  type StaticPolicyOptions,
} from './options';
import {
  deleteCPUSet,
  getCPUSet,
  listAssignments,
  setCPUSet,
  setDefaultCPUSet,
  type CpuManagerState,
} from './state';
import { takeByTopology } from './takeByTopology';

/** staticPolicy: fixed for the kubelet's lifetime. */
export interface StaticPolicy {
  readonly name: 'static';
  readonly topology: CPUTopology;
  readonly options: StaticPolicyOptions;
  /** Never handed out exclusively. */
  readonly reservedCPUs: CPUSet;
  /** reservedCPUs plus their SMT siblings; only full-pcpus-only looks at it. */
  readonly reservedPhysicalCPUs: CPUSet;
  /** CPUsPerCore(), the group size of full-pcpus-only. */
  readonly cpuGroupSize: number;
  /** QoS options (PodLevelResources gate). */
  readonly qos: QOSOptions;
  /**
   * Allocate and the hint calls return early for a pod with pod-level resources (1.34 on, with
   * PodLevelResources; 1.36 unless PodLevelResourceManagers is on, when guaranteedCPUs decides
   * per container instead): its containers stay in the shared pool.
   */
  readonly skipPodLevelResources: boolean;
}

export interface StaticPolicyConfig {
  readonly numReservedCPUs: number;
  /** --reserved-cpus; used as is when non-empty. */
  readonly reservedCPUs?: CPUSet;
  readonly policyOptions?: Readonly<Record<string, string>>;
  readonly featureGates?: FeatureGates;
  /** The release's option maturities (default: policy_options.go of 1.34). */
  readonly optionMaturity?: OptionMaturity;
  /** The topology manager policy name (align-by-socket refuses single-numa-node). */
  readonly topologyManagerPolicy?: string;
  readonly qos?: QOSOptions;
  readonly skipPodLevelResources?: boolean;
}

/** NewStaticPolicy: parses options and picks the reserved CPUs (by topology when not given). */
export function newStaticPolicy(
  topology: CPUTopology,
  cfg: StaticPolicyConfig,
): Result<StaticPolicy> {
  const opts = newStaticPolicyOptions(
    cfg.policyOptions ?? {},
    cfg.featureGates ?? {},
    cfg.optionMaturity,
  );
  if (!opts.ok) return opts;
  const valid = validateStaticPolicyOptions(
    opts.value,
    topology,
    cfg.topologyManagerPolicy ?? 'none',
  );
  if (!valid.ok) return valid;

  let reserved: CPUSet;
  if ((cfg.reservedCPUs ?? EMPTY_CPUSET).length > 0) reserved = cfg.reservedCPUs ?? EMPTY_CPUSET;
  else {
    // "takeByTopology allocates CPUs associated with low-numbered cores from allCPUs"; Go ignores the error.
    const r = takeByTopology(topology, opts.value, allCPUs(topology), cfg.numReservedCPUs);
    reserved = r.ok ? r.value.cpus : EMPTY_CPUSET;
  }
  if (reserved.length !== cfg.numReservedCPUs)
    return err(
      `[cpumanager] unable to reserve the required amount of CPUs (size of ${formatCPUSet(reserved)} did not equal ${cfg.numReservedCPUs})`,
    );
  let physical: CPUSet = EMPTY_CPUSET;
  const details = detailsOf(topology);
  for (const cpu of reserved) {
    const core = cpuCoreId(topology, cpu);
    if (!core.ok)
      return err(
        `[cpumanager] unable to build the reserved physical CPUs from the reserved set: ${core.error}`,
      );
    physical = union(physical, details.cpusInCores(core.value));
  }
  return ok({
    name: 'static',
    topology,
    options: opts.value,
    reservedCPUs: reserved,
    reservedPhysicalCPUs: physical,
    cpuGroupSize: cpusPerCore(topology),
    qos: cfg.qos ?? {},
    skipPodLevelResources: cfg.skipPodLevelResources ?? false,
  });
}

/**
 * The early return of Allocate, GetTopologyHints and GetPodTopologyHints (policy_static.go,
 * 1.34 on): "pod is using pod-level resources which are not supported by the static CPU manager
 * policy". It comes after guaranteedCPUs, so only a container that would get CPUs reaches it.
 */
export function skipsPodLevelResources(p: StaticPolicy, pod: PodLike): boolean {
  return p.skipPodLevelResources && isPodLevelResourcesSet(pod);
}

/** The CPUs a fresh state's shared pool holds: all, minus reserved under strict-cpu-reservation. */
export function initialDefaultCPUSet(p: StaticPolicy): CPUSet {
  const all = allCPUs(p.topology);
  return p.options.strictCPUReservation ? difference(all, p.reservedCPUs) : all;
}

/** Start / validateState: initialises an empty state, or checks a restored one. */
export function staticPolicyStart(p: StaticPolicy, s: CpuManagerState): Result<CpuManagerState> {
  const all = initialDefaultCPUSet(p);
  const def = s.defaultCpuSet;
  const entries = listAssignments(s);
  if (def.length === 0) {
    if (Object.keys(s.assignments).length !== 0) return err('default cpuset cannot be empty');
    return ok(setDefaultCPUSet(s, all));
  }
  if (p.options.strictCPUReservation) {
    const both = intersection(p.reservedCPUs, def);
    if (both.length > 0)
      return err(
        `some of strictly reserved cpus: "${formatCPUSet(both)}" are present in defaultCpuSet: "${formatCPUSet(def)}"`,
      );
  } else if (!equals(intersection(p.reservedCPUs, def), p.reservedCPUs)) {
    return err(
      `not all reserved cpus: "${formatCPUSet(p.reservedCPUs)}" are present in defaultCpuSet: "${formatCPUSet(def)}"`,
    );
  }
  for (const e of entries) {
    if (!isDisjoint(def, e.cpus))
      return err(
        `pod: ${e.podUID}, container: ${e.containerName} cpuset: "${formatCPUSet(e.cpus)}" overlaps with default cpuset "${formatCPUSet(def)}"`,
      );
  }
  const known = union(def, ...entries.map((e) => e.cpus));
  if (!equals(known, all))
    return err(
      `current set of available CPUs "${formatCPUSet(all)}" doesn't match with CPUs in state "${formatCPUSet(known)}"`,
    );
  return ok(s);
}

/** GetAllocatableCPUs: all CPUs minus reserved. */
export function allocatableCPUs(p: StaticPolicy): CPUSet {
  return difference(allCPUs(p.topology), p.reservedCPUs);
}

/** GetAvailableCPUs: the shared pool minus reserved. */
export function availableCPUs(p: StaticPolicy, s: CpuManagerState): CPUSet {
  return difference(s.defaultCpuSet, p.reservedCPUs);
}

/** GetAvailablePhysicalCPUs: the shared pool minus reserved CPUs and their siblings. */
export function availablePhysicalCPUs(p: StaticPolicy, s: CpuManagerState): CPUSet {
  return difference(s.defaultCpuSet, p.reservedPhysicalCPUs);
}

/** updateCPUsToReuse: init containers' CPUs become reusable; app and sidecar CPUs stop being. */
export function updateCPUsToReuse(
  s: CpuManagerState,
  pod: PodLike,
  podUID: string,
  container: ContainerLike,
  cpus: CPUSet,
): CpuManagerState {
  const current = s.cpusToReuse[podUID] ?? EMPTY_CPUSET; // other pods' entries are dropped
  let next = difference(current, cpus);
  for (const init of pod.spec.initContainers ?? []) {
    if (init.name !== container.name) continue;
    if (!isRestartableInitContainer(init)) next = union(current, cpus);
    break;
  }
  return { ...s, cpusToReuse: { [podUID]: next } };
}

/** getAlignedCPUs: allocatable CPUs in the hinted NUMA nodes, or their whole sockets (align-by-socket). */
export function alignedCPUs(
  p: StaticPolicy,
  numaAffinity: readonly number[],
  allocatable: CPUSet,
): CPUSet {
  const d = detailsOf(p.topology);
  if (p.options.alignBySocket) {
    return intersection(allocatable, d.cpusInSockets(...d.socketsInNUMANodes(...numaAffinity)));
  }
  return intersection(allocatable, d.cpusInNUMANodes(...numaAffinity));
}

/** What Allocate did for one container. */
export interface AllocateOutcome {
  readonly state: CpuManagerState;
  /** 'shared': not eligible; 'existing': already had CPUs (kubelet restart); 'exclusive': newly pinned. */
  readonly kind: 'shared' | 'existing' | 'exclusive';
  readonly requested: number;
  readonly cpus: CPUSet;
  /** CPUs taken inside the hinted NUMA nodes (or sockets), before any spill-over. */
  readonly aligned: CPUSet;
  readonly reused: CPUSet;
  readonly steps: readonly TakeStep[];
}

/**
 * Allocate(pod, container) with the topology manager's stored affinity for the container.
 * Errors (SMTAlignmentError, "not enough cpus available ...") leave the state untouched.
 */
export function staticAllocate(
  p: StaticPolicy,
  s: CpuManagerState,
  pod: PodLike,
  podUID: string,
  container: ContainerLike,
  affinity: TopologyHint,
): Result<AllocateOutcome, CpuManagerError> {
  const n = guaranteedCPUs(pod, container, p.qos);
  const base = { requested: n, aligned: EMPTY_CPUSET, reused: EMPTY_CPUSET, steps: [] };
  if (n === 0) return ok({ ...base, state: s, kind: 'shared', cpus: EMPTY_CPUSET });
  if (skipsPodLevelResources(p, pod))
    return ok({ ...base, state: s, kind: 'shared', cpus: EMPTY_CPUSET });

  if (p.options.fullPhysicalCPUsOnly && p.cpuGroupSize > 0) {
    if (n % p.cpuGroupSize !== 0) return err(smtAlignmentError(n, p.cpuGroupSize, 0, false));
    const phys = availablePhysicalCPUs(p, s).length;
    if (n > phys) return err(smtAlignmentError(n, p.cpuGroupSize, phys, true));
  }
  const existing = getCPUSet(s, podUID, container.name);
  if (existing !== undefined) {
    const state = updateCPUsToReuse(s, pod, podUID, container, existing);
    return ok({ ...base, state, kind: 'existing', cpus: existing });
  }

  // allocateCPUs
  const reusable = s.cpusToReuse[podUID] ?? EMPTY_CPUSET;
  const allocatable = union(availableCPUs(p, s), reusable);
  let result: CPUSet = EMPTY_CPUSET;
  const steps: TakeStep[] = [];
  if (affinity.numaNodeAffinity !== null) {
    const aligned = alignedCPUs(p, affinity.numaNodeAffinity, allocatable);
    const r = takeByTopology(p.topology, p.options, aligned, Math.min(n, aligned.length));
    if (!r.ok) return r;
    result = r.value.cpus;
    steps.push(...r.value.steps);
  }
  const alignedTaken = result;
  const rest = takeByTopology(
    p.topology,
    p.options,
    difference(allocatable, result),
    n - result.length,
  );
  if (!rest.ok) return rest;
  result = union(result, rest.value.cpus);
  steps.push(...rest.value.steps);

  let state = setDefaultCPUSet(s, difference(s.defaultCpuSet, result));
  state = setCPUSet(state, podUID, container.name, result);
  state = updateCPUsToReuse(state, pod, podUID, container, result);
  return ok({
    state,
    kind: 'exclusive',
    requested: n,
    cpus: result,
    aligned: alignedTaken,
    reused: intersection(result, reusable),
    steps,
  });
}

/** RemoveContainer: frees the container's CPUs except those a sibling still holds (reused ones). */
export function staticRemoveContainer(
  s: CpuManagerState,
  podUID: string,
  containerName: string,
): CpuManagerState {
  const toRelease = getCPUSet(s, podUID, containerName);
  if (toRelease === undefined) return s;
  const siblings = Object.entries(s.assignments[podUID] ?? {})
    .filter(([name]) => name !== containerName)
    .map(([, cpus]) => cpus);
  const inUse = union(EMPTY_CPUSET, ...siblings);
  const next = deleteCPUSet(s, podUID, containerName);
  return setDefaultCPUSet(next, union(next.defaultCpuSet, difference(toRelease, inUse)));
}

/** Whether a CPU is reserved (never exclusive). */
export function isReserved(p: StaticPolicy, cpu: number): boolean {
  return contains(p.reservedCPUs, cpu);
}
