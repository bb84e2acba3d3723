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
 * Not modelled: the node-capacity check ("Node didn't have enough capacity"), Deferred (a
 * failed canAdmitPod), InPlacePodVerticalScalingExclusiveCPUs, resizePolicy RestartContainer.
 */
import type { ContainerSpec } from '../scenario/schema';
import { toBytes, toMillicores } from '../model/quantity';
import type { KubeletRun } from './config';
import type { KubeletDomain } from './types';
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

/** The spec's resources differ from the allocation, and this release answers them now. */
export function resizePending(run: KubeletRun, d: D, uid: string): boolean {
  const resize = d.apiPods[uid]?.resize;
  // 1.27-1.32's alpha (status.resize) is not modelled: only 1.33's beta and later answer.
  if (
    !resize ||
    run.gates.InPlacePodVerticalScaling !== true ||
    !run.behaviours.statusResourcesOfAllocation
  )
    return false;
  if (!changed(run, d, uid, 'cpu') && !changed(run, d, uid, 'memory')) return false;
  // 1.34+: the allocation manager answered this change already.
  return !(
    run.behaviours.resizeInAllocationManager && d.resizeConditions[uid]?.answered === resize.at
  );
}

export interface ResizeAnswer {
  reason?: 'Infeasible';
  message?: string;
}

/** canResizePod's answer for a Guaranteed pod under the static CPU or memory manager. */
/** metadata.generation of the pod: each spec change counts (a resize, a graceful deletion). */
export function podGeneration(d: D, uid: string): number {
  const a = d.apiPods[uid];
  return 1 + (a?.resize?.count ?? 0) + (a?.deletionAt !== undefined ? 1 : 0);
}

export function resizeDecision(run: KubeletRun, d: D, uid: string): ResizeAnswer {
  const pod = run.pods[uid]!;
  if (pod.qos !== 'Guaranteed') return {};
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
  return {};
}
