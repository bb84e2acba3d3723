/**
 * Kubelet.canAdmitPod (pkg/kubelet/kubelet.go) over the admit handlers in NewMainKubelet's
 * order: eviction (no node pressure modelled: admits), sysctl allowlist (admits), the
 * resource-allocation handler (topology/CPU manager, via the bridge), then the predicate
 * handler (lifecycle/predicate.go): scheduler.AdmissionCheck's resource fit against the node's
 * allocatable, reporting only the first insufficient resource as OutOfpods/OutOfcpu/OutOfmemory
 * with "Node didn't have enough resource: %s, requested: %d, used: %d, capacity: %d".
 */
import { admit as allocationAdmit, cpuSnapshot, type AllocationTrace } from './cpuManagerBridge';
import { allocationLines, type AdmissionLine } from './cpuManagerLines';
import type { KubeletRun, PodDef } from './config';
import { q } from './klog';
import type { KubeletDomain } from './types';
import { own } from '../core/cow';

export type Admission = ({ ok: true } | { ok: false; reason: string; message: string }) & {
  /** What the resource-allocation admit handler did (absent without resource managers). */
  allocation?: AllocationTrace;
};

/** GetActivePods: admitted pods whose workers have not finished terminating. */
export function activePods(cfg: KubeletRun, d: KubeletDomain): PodDef[] {
  return allocatedPods(cfg, d, '');
}

/** getAllocatedPods minus this pod: admitted pods whose workers have not finished. */
export function allocatedPods(cfg: KubeletRun, d: KubeletDomain, except: string): PodDef[] {
  const out: PodDef[] = [];
  for (const uid of d.podOrder) {
    if (uid === except) continue;
    const w = d.workers[uid];
    if (!w || w.terminatedAt !== undefined) continue;
    out.push(cfg.pods[uid]!);
  }
  return out;
}

export function canAdmitPod(cfg: KubeletRun, d: KubeletDomain, pod: PodDef): Admission {
  void cpuSnapshot;
  const others = allocatedPods(cfg, d, pod.uid);
  // The predicate's sums, taken in one walk before the list gains this pod for the allocator.
  const count = others.length;
  let usedCpu = 0;
  let usedMem = 0;
  for (const p of others) {
    usedCpu += p.requests.cpu;
    usedMem += p.requests.memory;
  }
  const rm = cfg.generations[d.gen]?.resourceManagers;
  let alloc: ReturnType<typeof allocationAdmit> | undefined;
  if (rm && d.cpu) {
    others.push(pod);
    alloc = allocationAdmit(rm, own(d, 'cpu')!, pod, others);
    if (!alloc.admit)
      return { ok: false, reason: alloc.reason, message: alloc.message, allocation: alloc.trace };
  }
  const allocation = alloc?.trace;
  const insufficient = (name: string, requested: number, used: number, capacity: number) => ({
    allocation,
    ok: false as const,
    reason: `OutOf${name}`,
    message: `Node didn't have enough resource: ${name}, requested: ${requested}, used: ${used}, capacity: ${capacity}`,
  });
  const a = cfg.allocatable;
  if (count + 1 > a.pods) return insufficient('pods', 1, count, a.pods);
  if (pod.requests.cpu > 0 && pod.requests.cpu > a.cpu - usedCpu)
    return insufficient('cpu', pod.requests.cpu, usedCpu, a.cpu);
  if (pod.requests.memory > 0 && pod.requests.memory > a.memory - usedMem)
    return insufficient('memory', pod.requests.memory, usedMem, a.memory);
  return { ok: true, allocation };
}

/**
 * The topology manager's admit handler lines (cm/topologymanager/topology_manager.go
 * manager.Admit, ~v1.28 on): V(4) "Topology manager admission check" before its scope's Admit
 * and V(4) "Pod Admit Result" with the result's message after it ("" when admitted; the
 * predicate handler's OutOf* rejections come later and are not its result). Older kubelets
 * printed V(0) "Topology Admit Handler" here instead.
 */
export function topologyAdmitLogs(
  cfg: KubeletRun,
  d: KubeletDomain,
  pod: PodDef,
  adm: Admission,
): AdmissionLine[] {
  if (!cfg.generations[d.gen]?.resourceManagers || !d.cpu) return [];
  const message = !adm.ok && !adm.reason.startsWith('OutOf') ? adm.message : '';
  return [
    { msg: 'Topology manager admission check', kv: [['pod', q(pod.key)]] },
    ...(adm.allocation ? allocationLines(cfg, d, pod, adm.allocation) : []),
    {
      msg: 'Pod Admit Result',
      kv: [
        ['Message', q(message)],
        ['pod', q(pod.key)],
      ],
    },
  ];
}
