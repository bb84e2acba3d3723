/**
 * A container status's allocatedResources and resources (InPlacePodVerticalScaling, beta and on
 * by default since 1.33), as convertToAPIContainerStatuses (kubelet_pods.go) sets them for every
 * container the runtime has: `status.AllocatedResources = allocatedContainer.Resources.Requests`,
 * and `status.Resources = convertContainerStatusResources(...)`, which starts from the
 * allocation and, for a running container, takes what the runtime reports it applied
 * (toKubeContainerResources over CRI ContainerStatus.resources.linux):
 *   - the CPU limit from cpu_quota / cpu_period (quotaToMilliCPU) when either it or the
 *     allocated limit is above the minimum effective limit (10m), else the allocated value;
 *     no quota (none set, or -1 for exclusive CPUs) reports none, and the allocated value stays;
 *   - the memory limit from memory_limit_in_bytes, a BinarySI quantity (so a limit written
 *     "1G" comes back as 1000000000);
 *   - the CPU request from cpu_shares (sharesToMilliCPU, rounded up) when either it or the
 *     allocated request is above the MinShares floor, else the allocated value: a container
 *     that asks for no CPU (shares 2) shows none;
 *   - the memory request as allocated (the runtime does not report one).
 * The allocation is the spec's until a resize is accepted (then the allocation checkpoint's),
 * requests after API defaulting (a limit without a request becomes the request); what the
 * runtime applied is the actuated resources (the container's start, or the last
 * UpdateContainerResources). Shapes from 1.34 kubelet status dumps, e.g. a
 * memory-only container: "allocatedResources":{"memory":"400Mi"},
 * "resources":{"limits":{"memory":"400Mi"},"requests":{"memory":"400Mi"}}, and a container
 * with no resources: "resources":{} with no allocatedResources.
 */
import { deepFreeze } from '../core/clone';
import { BIN_SUFFIX, canonicalQuantity, toBytes, toMillicores } from '../model/quantity';
import { effectiveRequests, type ResourceListLike } from '../model/qos';
import {
  MILLI_CPU_TO_CPU,
  MIN_QUOTA_PERIOD,
  MIN_SHARES,
  QUOTA_PERIOD,
  SHARES_PER_CPU,
  milliCPUToQuota,
  milliCPUToShares,
} from '../policies/cgroups';
import type { ContainerDef } from './config';
import type { ResourceListStatus, ResourcesStatus } from './types';

/** cm.MinMilliCPULimit: MinQuotaPeriod × MilliCPUToCPU / QuotaPeriod (10m). */
const MIN_MILLI_CPU_LIMIT = (MIN_QUOTA_PERIOD * MILLI_CPU_TO_CPU) / QUOTA_PERIOD;

export interface StatusResources {
  allocatedResources: ResourceListStatus | undefined;
  resources: ResourcesStatus;
}

type Requirements = ContainerDef['spec']['resources'];

/**
 * The container's (frozen, shared) allocatedResources and resources, running or not; by
 * default from its manifest, else from the allocation and the actuated resources given.
 */
export function statusResources(
  c: ContainerDef,
  running: boolean,
  allocation: Requirements = c.spec.resources,
  actuated: Requirements = allocation,
): StatusResources {
  if (allocation === c.spec.resources && actuated === allocation) {
    let pair = memo.get(c);
    if (!pair)
      memo.set(
        c,
        (pair = [build(allocation, allocation, false), build(allocation, allocation, true)]),
      );
    return pair[running ? 1 : 0];
  }
  return build(allocation, actuated, running);
}
const memo = new WeakMap<ContainerDef, [StatusResources, StatusResources]>();

function build(spec: Requirements, applied: Requirements, running: boolean): StatusResources {
  const allocated = canonicalList(effectiveRequests(spec));
  let limits = canonicalList(spec?.limits ?? {});
  let requests = allocated;
  if (running) {
    // What the runtime reports is what it applied: the actuated limits and requests.
    const appliedLimitList = canonicalList(applied?.limits ?? {});
    const appliedRequestList = canonicalList(effectiveRequests(applied));
    if (limits && appliedLimitList)
      limits = sorted({ ...limits, ...appliedLimits(pick(appliedLimitList, limits)) });
    if (requests && appliedRequestList)
      requests = sorted({ ...requests, ...appliedRequests(appliedRequestList) });
  }
  const resources: ResourcesStatus = {};
  if (limits) resources.limits = limits;
  if (requests) resources.requests = requests;
  return deepFreeze({ allocatedResources: allocated, resources });
}

/** The applied values of the resources the allocation names. */
function pick(list: ResourceListStatus, keys: ResourceListStatus): ResourceListStatus {
  const out: ResourceListStatus = {};
  for (const k of Object.keys(keys)) if (list[k] !== undefined) out[k] = list[k];
  return out;
}

/** What the runtime reports of the limits it applied (the quota and the memory limit). */
function appliedLimits(limits: ResourceListStatus): ResourceListStatus {
  const out: ResourceListStatus = {};
  if (limits.cpu !== undefined) {
    const allocated = toMilli(limits.cpu);
    const applied = quotaToMilliCPU(milliCPUToQuota(allocated), QUOTA_PERIOD);
    if (applied > 0 && (applied > MIN_MILLI_CPU_LIMIT || allocated > MIN_MILLI_CPU_LIMIT))
      out.cpu = milliQuantity(applied);
  }
  if (limits.memory !== undefined) out.memory = binarySI(toBytesOf(limits.memory));
  return out;
}

/** What the runtime reports of the CPU request it applied (the shares). */
function appliedRequests(requests: ResourceListStatus): ResourceListStatus {
  const allocated = requests.cpu !== undefined ? toMilli(requests.cpu) : 0;
  const applied = sharesToMilliCPU(milliCPUToShares(allocated));
  return applied > MIN_SHARES || allocated > MIN_SHARES ? { cpu: milliQuantity(applied) } : {};
}

/** Keys in Go map order (encoding/json sorts them). */
function sorted(list: ResourceListStatus): ResourceListStatus {
  const out: ResourceListStatus = {};
  for (const k of Object.keys(list).sort()) out[k] = list[k]!;
  return out;
}

/** A resource list with canonical quantities and keys in Go map order; undefined when empty. */
function canonicalList(list: ResourceListLike): ResourceListStatus | undefined {
  const keys = Object.keys(list)
    .filter((k) => list[k] !== undefined)
    .sort();
  if (keys.length === 0) return undefined;
  const out: ResourceListStatus = {};
  for (const k of keys) out[k] = canonicalQuantity(list[k]!);
  return out;
}

function toMilli(q: string): number {
  const m = toMillicores(q);
  return m.ok ? m.value : 0;
}

function toBytesOf(q: string): number {
  const b = toBytes(q);
  return b.ok ? b.value : 0;
}

/** sharesToMilliCPU (kuberuntime helpers_linux.go): ceil(shares × 1000 / 1024), 0 below MinShares. */
function sharesToMilliCPU(shares: number): number {
  if (shares < MIN_SHARES) return 0;
  return Math.ceil((shares * MILLI_CPU_TO_CPU) / SHARES_PER_CPU);
}

/** quotaToMilliCPU: quota × 1000 / period (Go integer division); -1 stays -1. */
function quotaToMilliCPU(quota: number, period: number): number {
  if (quota === -1) return -1;
  return Math.trunc((quota * MILLI_CPU_TO_CPU) / period);
}

/** resource.NewMilliQuantity(m, DecimalSI).String(). */
function milliQuantity(milli: number): string {
  return canonicalQuantity(`${milli}m`);
}

/**
 * resource.NewQuantity(bytes, BinarySI).String(): the largest exact power of 1024, and no
 * suffix when there is none (below 1024 it is written as a decimal number, the same digits).
 */
function binarySI(bytes: number): string {
  let v = bytes;
  let e = 0;
  if (Math.abs(v) >= 1024)
    while (e < 6 && v % 1024 === 0) {
      v /= 1024;
      e++;
    }
  return `${v}${BIN_SUFFIX[e]}`;
}
