/**
 * In-place pod resize (InPlacePodVerticalScaling, beta and on from 1.33): what the kubelet reads
 * to answer a `resize` subresource patch.
 *   - 1.33 (kubelet.go handlePodResourcesResize, called from SyncPod at every sync while the
 *     spec's resources differ from the allocation): canResizePod refuses any resize of a
 *     Guaranteed pod under the static CPU manager policy (or the Static memory manager policy),
 *     "Resize is infeasible for Guaranteed Pods alongside CPU Manager static policy", V(3).
 *   - 1.34+ (allocation/allocation_manager.go, on the pod's update): only when a CPU (memory)
 *     request changes, `Resize is infeasible for Guaranteed Pods alongside CPU Manager policy
 *     "static"`; answered once per change.
 *   - an accepted resize: the allocation takes the spec's resources; kuberuntime's
 *     computePodResizeAction compares the allocation with what the runtime applied (the
 *     actuated resources) for each running container: ContainersToUpdate (NotRequired, the
 *     default) or, with resizePolicy RestartContainer, ContainersToKill and ContainersToStart.
 *   - Deferred: canAdmitPod (the predicate's resource fit against the other pods' allocations)
 *     refuses the new requests; 1.33-1.35 first refuse requests above the node's allocatable
 *     as Infeasible ("Node didn't have enough capacity"), 1.36 leaves that to the predicate.
 * Not modelled: InPlacePodVerticalScalingExclusiveCPUs, swap, pod-level resources' resize.
 */
import type { ContainerSpec } from '../scenario/schema';
import { toBytes, toMillicores } from '../model/quantity';
import type { KubeletRun } from './config';
import type { KubeletDomain, ResourceRequirements } from './types';
import { podRequests } from './resources';
import { allocatedPods } from './admission';
import type { DeepReadonly } from './view';

type D = DeepReadonly<KubeletDomain>;

type Resources = DeepReadonly<NonNullable<ContainerSpec['resources']>>;

/** The resources a container of the pod asks for now: the last resize's, else the manifest's. */
export function desiredResources(
  run: KubeletRun,
  d: D,
  uid: string,
  name: string,
): Resources | undefined {
  const r = d.apiPods[uid]?.resize?.containers.find((c) => c.name === name);
  return r ? r.resources : run.pods[uid]!.byName[name]?.spec.resources;
}

/** The resources the allocation checkpoint holds for the container. */
export function allocatedResources(
  run: KubeletRun,
  d: D,
  uid: string,
  name: string,
): Resources | undefined {
  const a = d.apiPods[uid]?.allocated?.find((c) => c.name === name);
  return a ? a.resources : run.pods[uid]!.byName[name]?.spec.resources;
}

/**
 * The resources the runtime applied to the container (the actuated state): what it started
 * with, or what the last UpdateContainerResources set.
 */
export function actuatedResources(
  run: KubeletRun,
  d: D,
  uid: string,
  name: string,
): Resources | undefined {
  return d.apiPods[uid]?.actuated?.[name] ?? run.pods[uid]!.byName[name]?.spec.resources;
}

/** containerResourcesFromRequirements: limits and requests in bytes and millicores. */
export function requirementsOf(r: Resources | undefined): ResourceRequirements {
  const req = (k: string) => r?.requests?.[k] ?? r?.limits?.[k];
  return {
    memoryLimit: amount('memory', r?.limits?.memory),
    memoryRequest: amount('memory', req('memory')),
    cpuLimit: amount('cpu', r?.limits?.cpu),
    cpuRequest: amount('cpu', req('cpu')),
  };
}

const amount = (resource: string, q: string | undefined): number => {
  if (q === undefined) return 0;
  const v = resource === 'cpu' ? toMillicores(q) : toBytes(q);
  return v.ok ? v.value : NaN;
};

/** A request or a limit of the resource differs (the limits default the requests). */
function differs(a: Resources | undefined, b: Resources | undefined, resource: string): boolean {
  const req = (r: Resources | undefined) => r?.requests?.[resource] ?? r?.limits?.[resource];
  return (
    amount(resource, req(a)) !== amount(resource, req(b)) ||
    amount(resource, a?.limits?.[resource]) !== amount(resource, b?.limits?.[resource])
  );
}

/** A container's CPU or memory differs between the spec and the allocation. */
function changed(run: KubeletRun, d: D, uid: string, resource: string): boolean {
  const pod = run.pods[uid]!;
  return [...pod.init.filter((c) => c.kind === 'sidecar'), ...pod.containers].some((c) =>
    differs(
      desiredResources(run, d, uid, c.name),
      allocatedResources(run, d, uid, c.name),
      resource,
    ),
  );
}

/** InPlacePodVerticalScaling as this model runs it: 1.33's beta and later, gate on. */
export function resizeModelled(run: KubeletRun): boolean {
  // 1.27-1.32's alpha (status.resize) is not modelled: only 1.33's beta and later answer.
  return run.gates.InPlacePodVerticalScaling === true && run.behaviours.statusResourcesOfAllocation;
}

/** UpdatePodFromAllocation's `updated`: the spec's resources differ from the allocation. */
export function resizeDiffers(run: KubeletRun, d: D, uid: string): boolean {
  if (!d.apiPods[uid]?.resize || !resizeModelled(run)) return false;
  return changed(run, d, uid, 'cpu') || changed(run, d, uid, 'memory');
}

/** 1.33: SyncPod's handlePodResourcesResize finds the spec and the allocation apart. */
export function resizePending(run: KubeletRun, d: D, uid: string): boolean {
  return !run.behaviours.resizeInAllocationManager && resizeDiffers(run, d, uid);
}

/**
 * 1.34+: HandlePodUpdates finds the update changed the containers' resources
 * (recordContainerResizeOperations) and the allocation differs (PushPendingResize, then
 * RetryPendingResizes), for an admitted pod.
 */
export function resizeToAllocate(run: KubeletRun, d: D, uid: string): boolean {
  return (
    run.behaviours.resizeInAllocationManager &&
    d.workers[uid] !== undefined &&
    resizeDiffers(run, d, uid)
  );
}

export interface ResizeAnswer {
  reason?: 'Infeasible' | 'Deferred';
  message?: string;
  /** The predicate's refusal that deferred it (canAdmitPod's reason). */
  admitReason?: string;
}

/** The pod's manifest with each container's resources as `of` gives them. */
function podRequestsWith(
  run: KubeletRun,
  uid: string,
  of: (name: string) => Resources | undefined,
): { cpu: number; memory: number } {
  const m = run.pods[uid]!.manifest;
  const withRes = <C extends { name: string }>(cs: readonly C[]) =>
    cs.map((c) => ({
      ...c,
      resources: of(c.name) as C extends { resources?: infer R } ? R : never,
    }));
  return podRequests({
    ...m,
    spec: {
      ...m.spec,
      containers: withRes(m.spec.containers),
      initContainers: m.spec.initContainers && withRes(m.spec.initContainers),
    },
  });
}

/** The pod's requests as the spec now asks (the desired pod). */
export function desiredPodRequests(run: KubeletRun, d: D, uid: string) {
  return podRequestsWith(run, uid, (n) => desiredResources(run, d, uid, n));
}

/** The pod's requests as allocated (getAllocatedPods' view of it). */
export function allocatedPodRequests(run: KubeletRun, d: D, uid: string) {
  return podRequestsWith(run, uid, (n) => allocatedResources(run, d, uid, n));
}

/**
 * The node-capacity check (1.33-1.35 canResizePod: Infeasible) and canAdmitPod's predicate
 * fit against the other admitted pods' allocations (Deferred; 1.36: the only check).
 */
function capacityDecision(run: KubeletRun, d: D, uid: string): ResizeAnswer {
  const want = desiredPodRequests(run, d, uid);
  const a = run.allocatable;
  if (!run.behaviours.resizeAdmitHandler && (want.cpu > a.cpu || want.memory > a.memory)) {
    const what =
      want.memory > a.memory
        ? `memory, requested: ${want.memory}, capacity: ${a.memory}`
        : `cpu, requested: ${want.cpu}, capacity: ${a.cpu}`;
    return { reason: 'Infeasible', message: `Node didn't have enough capacity: ${what}` };
  }
  let usedCpu = 0;
  let usedMem = 0;
  for (const p of allocatedPods(run, d as KubeletDomain, uid)) {
    const r = allocatedPodRequests(run, d, p.uid);
    usedCpu += r.cpu;
    usedMem += r.memory;
  }
  const deferred = (name: string, requested: number, used: number, capacity: number) => ({
    reason: 'Deferred' as const,
    admitReason: `OutOf${name}`,
    message: `Node didn't have enough resource: ${name}, requested: ${requested}, used: ${used}, capacity: ${capacity}`,
  });
  if (want.cpu > 0 && want.cpu > a.cpu - usedCpu) return deferred('cpu', want.cpu, usedCpu, a.cpu);
  if (want.memory > 0 && want.memory > a.memory - usedMem)
    return deferred('memory', want.memory, usedMem, a.memory);
  return {};
}

/** metadata.generation of the pod: each spec change counts (a resize, a graceful deletion). */
export function podGeneration(d: D, uid: string): number {
  const a = d.apiPods[uid];
  return 1 + (a?.resize?.count ?? 0) + (a?.deletionAt !== undefined ? 1 : 0);
}

export function resizeDecision(run: KubeletRun, d: D, uid: string): ResizeAnswer {
  return staticPolicyDecision(run, d, uid) ?? capacityDecision(run, d, uid);
}

/** canResizePod's answer for a Guaranteed pod under the static CPU or memory manager. */
function staticPolicyDecision(run: KubeletRun, d: D, uid: string): ResizeAnswer | undefined {
  const pod = run.pods[uid]!;
  if (pod.qos !== 'Guaranteed') return undefined;
  const rm = run.generations[d.gen]?.resourceManagers;
  const newer = run.behaviours.resizeInAllocationManager;
  if (rm?.cpuPolicy.name === 'static' && (!newer || changed(run, d, uid, 'cpu')))
    return {
      reason: 'Infeasible',
      message: newer
        ? 'Resize is infeasible for Guaranteed Pods alongside CPU Manager policy "static"'
        : 'Resize is infeasible for Guaranteed Pods alongside CPU Manager static policy',
    };
  if (
    rm?.memoryManager &&
    rm.memory.policy === 'Static' &&
    (!newer || changed(run, d, uid, 'memory'))
  )
    return {
      reason: 'Infeasible',
      message: newer
        ? 'Resize is infeasible for Guaranteed Pods alongside Memory Manager policy "Static"'
        : 'Resize is infeasible for Guaranteed Pods alongside Memory Manager static policy',
    };
  return undefined;
}

/**
 * PodResizeInProgress is set and isPodResizeInProgress is false: every running resizable
 * container (regular, or a sidecar) runs with its allocation (the actuated resources equal it).
 */
export function resizeActuated(run: KubeletRun, d: D, uid: string): boolean {
  if (!d.resizeConditions[uid]?.inProgress) return false;
  const pod = run.pods[uid]!;
  const ps = d.cache.pods[uid];
  const same = (a: ResourceRequirements, b: ResourceRequirements) =>
    a.cpuLimit === b.cpuLimit &&
    a.cpuRequest === b.cpuRequest &&
    a.memoryLimit === b.memoryLimit &&
    a.memoryRequest === b.memoryRequest;
  return [...pod.init.filter((c) => c.kind === 'sidecar'), ...pod.containers].every((c) => {
    const running = ps?.containers.some((r) => r.name === c.name && r.state === 'RUNNING');
    return (
      !running ||
      same(
        requirementsOf(allocatedResources(run, d, uid, c.name)),
        requirementsOf(actuatedResources(run, d, uid, c.name)),
      )
    );
  });
}

/**
 * HandlePodRemoves' RetryPendingResizes (1.34+): the Deferred resizes of pods still admitted,
 * in the order the allocation manager keeps them.
 */
export function pendingResizesToRetry(run: KubeletRun, d: D): string[] {
  if (!run.behaviours.resizeInAllocationManager) return [];
  return (d.pendingResizes ?? []).filter(
    (uid) => d.workers[uid] !== undefined && d.workers[uid].terminatedAt === undefined,
  );
}
