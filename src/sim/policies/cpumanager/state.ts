/**
 * CPU manager state (pkg/kubelet/cm/cpumanager/state: stateMemory) as plain data, plus the
 * static policy's in-memory cpusToReuse. Every helper returns a new state; nothing is mutated.
 */
import { EMPTY_CPUSET, type CPUSet } from '../../model/cpuset';

/** podUID → containerName → exclusive CPUs. */
export type ContainerCPUAssignments = Readonly<Record<string, Readonly<Record<string, CPUSet>>>>;

export interface CpuManagerState {
  /** The policy that wrote the state ("none" or "static"); checked against the checkpoint. */
  readonly policyName: string;
  /** The shared pool (defaultCpuSet). Empty under the none policy. */
  readonly defaultCpuSet: CPUSet;
  readonly assignments: ContainerCPUAssignments;
  /**
   * staticPolicy.cpusToReuse: CPUs of a pod's finished init containers that its later containers
   * may take again. Lives in the policy, not the checkpoint: a kubelet restart forgets it.
   */
  readonly cpusToReuse: Readonly<Record<string, CPUSet>>;
}

/** A fresh state, as before the policy's Start initialises it. */
export function emptyState(policyName: string): CpuManagerState {
  return { policyName, defaultCpuSet: EMPTY_CPUSET, assignments: {}, cpusToReuse: {} };
}

/** GetCPUSet: the container's exclusive CPUs, if it has an entry. */
export function getCPUSet(
  s: CpuManagerState,
  podUID: string,
  containerName: string,
): CPUSet | undefined {
  const pod = Object.prototype.hasOwnProperty.call(s.assignments, podUID)
    ? s.assignments[podUID]
    : undefined;
  if (pod === undefined || !Object.prototype.hasOwnProperty.call(pod, containerName))
    return undefined;
  return pod[containerName];
}

/** GetCPUSetOrDefault: exclusive CPUs, else the shared pool (what PreCreateContainer writes). */
export function getCPUSetOrDefault(
  s: CpuManagerState,
  podUID: string,
  containerName: string,
): CPUSet {
  return getCPUSet(s, podUID, containerName) ?? s.defaultCpuSet;
}

export function setCPUSet(
  s: CpuManagerState,
  podUID: string,
  containerName: string,
  cpus: CPUSet,
): CpuManagerState {
  const pod = { ...(s.assignments[podUID] ?? {}), [containerName]: cpus };
  return { ...s, assignments: { ...s.assignments, [podUID]: pod } };
}

/** Delete: drops the entry, and the pod once it has none. */
export function deleteCPUSet(
  s: CpuManagerState,
  podUID: string,
  containerName: string,
): CpuManagerState {
  const pod = s.assignments[podUID];
  if (pod === undefined || !(containerName in pod)) return s;
  const { [containerName]: _gone, ...rest } = pod;
  const assignments = { ...s.assignments };
  if (Object.keys(rest).length === 0) delete assignments[podUID];
  else assignments[podUID] = rest;
  return { ...s, assignments };
}

export function setDefaultCPUSet(s: CpuManagerState, cpus: CPUSet): CpuManagerState {
  return { ...s, defaultCpuSet: cpus };
}

/** Every (pod, container, cpus) entry, pods and containers in sorted order. */
export function listAssignments(
  s: CpuManagerState,
): { podUID: string; containerName: string; cpus: CPUSet }[] {
  const out: { podUID: string; containerName: string; cpus: CPUSet }[] = [];
  for (const podUID of Object.keys(s.assignments).sort()) {
    const pod = s.assignments[podUID] ?? {};
    for (const containerName of Object.keys(pod).sort())
      out.push({ podUID, containerName, cpus: pod[containerName] ?? EMPTY_CPUSET });
  }
  return out;
}
