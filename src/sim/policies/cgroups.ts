/**
 * cgroup CPU values the kubelet computes (pkg/kubelet/cm/helpers_linux.go, cgroup_manager_linux.go,
 * pkg/kubelet/kuberuntime/kuberuntime_container_linux.go, component-helpers resource PodRequests /
 * PodLimits), including DisableCPUQuotaWithExclusiveCPUs (beta, on by default since 1.33): a
 * container with exclusive CPUs gets no CFS quota (-1), and neither does its pod's cgroup when any
 * of its containers has exclusive CPUs.
 */
import { parseQuantity, quantityMilliValue } from '../model/quantity';
import {
  effectiveLimits,
  effectiveRequests,
  getPodQOS,
  isRestartableInitContainer,
  type ContainerLike,
  type PodLike,
  type QOSClass,
  type QOSOptions,
  type ResourceListLike,
} from '../model/qos';

export const MIN_SHARES = 2;
export const MAX_SHARES = 262144;
export const SHARES_PER_CPU = 1024;
export const MILLI_CPU_TO_CPU = 1000;
/** CFS period in µs (100 ms). */
export const QUOTA_PERIOD = 100000;
/** Smallest CFS quota in µs (1 ms). */
export const MIN_QUOTA_PERIOD = 1000;

/** MilliCPUToShares: 0 → 2 (kernel minimum), else milli × 1024 / 1000 clamped to [2, 262144]. */
export function milliCPUToShares(milliCPU: number): number {
  if (milliCPU === 0) return MIN_SHARES;
  const shares = Math.trunc((milliCPU * SHARES_PER_CPU) / MILLI_CPU_TO_CPU);
  return Math.min(MAX_SHARES, Math.max(MIN_SHARES, shares));
}

/** MilliCPUToQuota: 0 → 0 (no limit), else milli × period / 1000, at least 1000 µs. */
export function milliCPUToQuota(milliCPU: number, period: number = QUOTA_PERIOD): number {
  if (milliCPU === 0) return 0;
  return Math.max(MIN_QUOTA_PERIOD, Math.trunc((milliCPU * period) / MILLI_CPU_TO_CPU));
}

/** CpuSharesToCpuWeight: the kubelet's linear map [2..262144] → [1..10000] for pod and QoS cgroups. */
export function cpuSharesToCpuWeight(shares: number): number {
  return Math.trunc(((shares - 2) * 9999) / 262142) + 1;
}

/** CpuWeightToCpuShares: the inverse. */
export function cpuWeightToCpuShares(weight: number): number {
  return Math.trunc(((weight - 1) * 262142) / 9999) + 2;
}

/**
 * The container runtime's shares → cpu.weight for *container* cgroups on cgroup v2. Older runc/crun
 * use the kubelet's linear formula; newer ones (runc PR #4785, opencontainers/cgroups) a quadratic in
 * log2 that maps 1024 shares to weight 100.
 */
export function runtimeCpuWeight(shares: number, conversion: 'linear' | 'log2-quadratic'): number {
  if (shares === 0) return 0;
  if (conversion === 'linear') return cpuSharesToCpuWeight(shares);
  if (shares <= 2) return 1;
  if (shares >= 262144) return 10000;
  const l = Math.log2(shares);
  return Math.ceil(Math.pow(10, (l * l + 125 * l) / 612.0 - 7.0 / 34.0));
}

/** cgroup v2 cpu.max: "<quota> <period>", or "max <period>" without a quota (0 or -1). */
export function cpuMax(quota: number, period: number): string {
  return `${quota > 0 ? quota : 'max'} ${period}`;
}

function milliOf(list: ResourceListLike, name: string): number | undefined {
  const v = list[name];
  if (v === undefined) return undefined;
  const q = parseQuantity(v);
  if (!q.ok) throw new Error(`invalid ${name} quantity ${JSON.stringify(String(v))}: ${q.error}`);
  return quantityMilliValue(q.value);
}

export interface CpuCgroupSettings {
  /** cgroup v1 cpu.shares (CRI CpuShares). */
  readonly cpuShares: number;
  /** CFS quota in µs; 0 = no limit, -1 = unlimited (quota disabled). */
  readonly cpuQuota: number;
  readonly cpuPeriod: number;
  /** DisableCPUQuotaWithExclusiveCPUs applied (logged as "Enforcing CFS quota" unlimited=true). */
  readonly quotaDisabled: boolean;
  /** cgroup v2 cpu.max. */
  readonly cpuMax: string;
  /** cgroup v2 cpu.weight with the kubelet's (and older runtimes') linear conversion. */
  readonly cpuWeight: number;
}

export interface ContainerCpuOptions {
  /** The CPU manager pinned the container (GetExclusiveCPUs non-empty). */
  readonly hasExclusiveCPUs: boolean;
  /** Feature gate DisableCPUQuotaWithExclusiveCPUs (default true). */
  readonly disableCPUQuotaWithExclusiveCPUs?: boolean;
  /** KubeletConfiguration cpuCFSQuota (default true). */
  readonly cpuCFSQuota?: boolean;
  /** CFS period in µs (cpuCFSQuotaPeriod with the CustomCPUCFSQuotaPeriod gate); default 100000. */
  readonly cpuPeriod?: number;
}

/**
 * generateLinuxContainerResources / calculateLinuxResources for one container: shares from the
 * request (the limit when no request is given), quota from the limit, -1 when the container has
 * exclusive CPUs and the gate is on.
 */
export function containerCpuSettings(
  container: ContainerLike,
  opts: ContainerCpuOptions,
): CpuCgroupSettings {
  const req = container.resources?.requests ?? {};
  const lim = effectiveLimits(container.resources);
  const reqMilli = milliOf(req, 'cpu');
  const limMilli = milliOf(lim, 'cpu');
  const cpuShares = milliCPUToShares(reqMilli ?? limMilli ?? 0);
  const quotaDisabled = (opts.disableCPUQuotaWithExclusiveCPUs ?? true) && opts.hasExclusiveCPUs;
  const period = opts.cpuPeriod ?? QUOTA_PERIOD;
  let cpuQuota = 0;
  if (opts.cpuCFSQuota ?? true)
    cpuQuota = quotaDisabled ? -1 : milliCPUToQuota(limMilli ?? 0, period);
  return {
    cpuShares,
    cpuQuota,
    cpuPeriod: period,
    quotaDisabled,
    cpuMax: cpuMax(cpuQuota, period),
    cpuWeight: cpuSharesToCpuWeight(cpuShares),
  };
}

function addInto(acc: Map<string, number>, list: ResourceListLike): void {
  for (const name of Object.keys(list)) {
    const m = milliOf(list, name);
    if (m !== undefined) acc.set(name, (acc.get(name) ?? 0) + m);
  }
}

function maxInto(acc: Map<string, number>, other: ReadonlyMap<string, number>): void {
  for (const [k, v] of other) if (v > (acc.get(k) ?? 0)) acc.set(k, v);
}

/**
 * PodRequests / PodLimits (component-helpers/resource), in milli-units: app containers and
 * sidecars summed; each regular init container counts with the sidecars started before it; the
 * larger of the two wins per resource. `onContainer` sees each container's (cumulative) list.
 */
export function podResourceMilli(
  pod: PodLike,
  which: 'requests' | 'limits',
  onContainer?: (list: ReadonlyMap<string, number>) => void,
): Map<string, number> {
  const listOf = (c: ContainerLike): ResourceListLike =>
    which === 'requests' ? effectiveRequests(c.resources) : effectiveLimits(c.resources);
  const total = new Map<string, number>();
  for (const c of pod.spec.containers) {
    const one = new Map<string, number>();
    addInto(one, listOf(c));
    onContainer?.(one);
    addInto(total, listOf(c));
  }
  const sidecars = new Map<string, number>();
  const initMax = new Map<string, number>();
  for (const c of pod.spec.initContainers ?? []) {
    let list: Map<string, number>;
    if (isRestartableInitContainer(c)) {
      addInto(total, listOf(c));
      addInto(sidecars, listOf(c));
      list = new Map(sidecars);
    } else {
      list = new Map(sidecars);
      addInto(list, listOf(c));
    }
    onContainer?.(list);
    maxInto(initMax, list);
  }
  maxInto(total, initMax);
  return total;
}

export interface PodCpuSettings {
  readonly qos: QOSClass;
  /** Undefined where the kubelet leaves the value unset for the QoS class. */
  readonly cpuShares: number;
  readonly cpuQuota?: number;
  readonly cpuPeriod?: number;
  readonly quotaDisabled: boolean;
  readonly cpuWeight: number;
  readonly cpuMax?: string;
}

export interface PodCpuOptions {
  /** Any container of the pod has exclusive CPUs (PodHasExclusiveCPUs). */
  readonly podHasExclusiveCPUs: boolean;
  readonly disableCPUQuotaWithExclusiveCPUs?: boolean;
  /** KubeletConfiguration cpuCFSQuota, "enforceCPULimits" (default true). */
  readonly cpuCFSQuota?: boolean;
  readonly cpuPeriod?: number;
  readonly qos?: QOSOptions;
}

/**
 * ResourceConfigForPod (CPU part) for the pod cgroup: Guaranteed gets shares, quota and period;
 * Burstable gets shares, and quota only when every container declares a CPU limit; BestEffort
 * gets 2 shares. The quota is -1 when CFS quota is off or (gate on) the pod has exclusive CPUs.
 */
export function podCpuSettings(pod: PodLike, opts: PodCpuOptions): PodCpuSettings {
  let cpuLimitsDeclared = true;
  const reqs = podResourceMilli(pod, 'requests');
  const limits = podResourceMilli(pod, 'limits', (list) => {
    if ((list.get('cpu') ?? 0) === 0) cpuLimitsDeclared = false;
  });
  const period = opts.cpuPeriod ?? QUOTA_PERIOD;
  const quotaDisabled = (opts.disableCPUQuotaWithExclusiveCPUs ?? true) && opts.podHasExclusiveCPUs;
  const enforce = (opts.cpuCFSQuota ?? true) && !quotaDisabled;
  const shares = milliCPUToShares(reqs.get('cpu') ?? 0);
  const quota = enforce ? milliCPUToQuota(limits.get('cpu') ?? 0, period) : -1;
  const qos = getPodQOS(pod, opts.qos ?? {});
  if (qos === 'BestEffort')
    return {
      qos,
      cpuShares: MIN_SHARES,
      quotaDisabled: false,
      cpuWeight: cpuSharesToCpuWeight(MIN_SHARES),
    };
  const withQuota = qos === 'Guaranteed' || cpuLimitsDeclared;
  return {
    qos,
    cpuShares: shares,
    quotaDisabled,
    cpuWeight: cpuSharesToCpuWeight(shares),
    ...(withQuota ? { cpuQuota: quota, cpuPeriod: period, cpuMax: cpuMax(quota, period) } : {}),
  };
}
