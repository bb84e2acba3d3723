/**
 * The CPU and topology managers' klog lines during a pod's admission, as the current kubelet
 * (klog.InfoS; the cpumanager moved to contextual logging only after 1.34) prints them, in the
 * order the admit handler runs:
 *   - topologymanager scope_container.go / scope_pod.go Admit (topology policy other than none):
 *     policy_static.go GetTopologyHints / GetPodTopologyHints "TopologyHints generated" (or
 *     "Regenerating TopologyHints for CPUs already allocated"), "Best TopologyHint", then
 *     "Topology Affinity" before the container's allocation;
 *   - policy_static.go Allocate: "Static policy: Allocate", "Static policy: container already
 *     present in state, skipping" or "Topology Affinity" (the stored affinity), allocateCPUs'
 *     "AllocateCPUs" (numCPUs, socket), state_mem.go SetDefaultCPUSet "Updated default CPUSet",
 *     SetCPUSet "Updated desired CPUSet", and V(4) "Allocated exclusive CPUs".
 * Values print as klog does: a Stringer (CPUSet, BitMask) quoted, a struct as JSON
 * (TopologyHint: {"NUMANodeAffinity":<uint64 or null>,"Preferred":…}).
 * Not printed: scope_container.go's per-provider "TopologyHints" and "ContainerTopologyHint"
 * (they list the memory and device managers' hints too, which are not modelled), and
 * allocateCPUs' "AllocateCPUs" result line (its topology.Allocation alignment is not modelled).
 */
import { difference, formatCPUSet, type CPUSet } from '../model/cpuset';
import { guaranteedCPUs, podGuaranteedCPUs } from '../policies/cpumanager/guaranteedCPUs';
import { maskString, type BitMask } from '../policies/topologymanager/bitmask';
import { EMPTY_HINT, type TopologyHint } from '../policies/topologymanager/hint';
import type { AdmitDecision } from '../policies/topologymanager/scope';
import type { KubeletRun, PodDef } from './config';
import type { AllocationTrace, StaleRemoval } from './cpuManagerBridge';
import { q, type KlogMsg, type KV } from './klog';
import type { KubeletDomain } from './types';

export interface AdmissionLine {
  msg: KlogMsg;
  /** The message when it differs from the table's key (the same text from another file). */
  text?: string;
  kv: KV;
}

/** The uint64 Go stores for a mask, as encoding/json prints it. */
function maskValue(m: BitMask): string {
  let v = 0n;
  for (const b of m) v |= 1n << BigInt(b);
  return v.toString();
}

/** A TopologyHint as JSON (klog serialises structs without a String method so). */
export function hintJSON(h: TopologyHint): string {
  const affinity = h.numaNodeAffinity === null ? 'null' : maskValue(h.numaNodeAffinity);
  return `{"NUMANodeAffinity":${affinity},"Preferred":${h.preferred}}`;
}

function cpuHints(d: AdmitDecision): readonly TopologyHint[] | null {
  const hints = d.providerHints.find((p) => p.provider === 'cpu')?.hints;
  return hints?.cpu ?? null;
}

/**
 * cpu_manager.go removeStaleState's lines (the 1.34 tree: V(2), no longer ErrorS as ~1.28
 * printed them): per stale assignment "RemoveStaleState: removing container", then the static
 * policy's RemoveContainer ("Static policy: RemoveContainer"), state_mem.go Delete ("Deleted
 * CPUSet assignment", V2) and SetDefaultCPUSet ("Updated default CPUSet" with the pool its CPUs
 * went back to); per containerMap entry left over "RemoveStaleState: containerMap: removing
 * container" and, under static, the policy's RemoveContainer (nothing to release). The none
 * policy's RemoveContainer prints nothing.
 */
/**
 * state_mem.go's logger (1.35+): NewCheckpointState names it "CPUManager state checkpoint" and
 * hands it to NewMemoryState, which adds "CPUManager state memory"; klog's logger joins the names
 * with "." and prints them first, as logger="…" (k8s.io/klog/v2 klogr.go WithName).
 */
const STATE_MEMORY: [string, string] = [
  'logger',
  q('CPUManager state checkpoint.CPUManager state memory'),
];

export function staleStateLines(
  staticPolicy: boolean,
  removals: readonly StaleRemoval[],
): AdmissionLine[] {
  const out: AdmissionLine[] = [];
  for (const r of removals) {
    const kv: KV = [
      ['podUID', q(r.podUid)],
      ['containerName', q(r.container)],
    ];
    out.push({
      msg:
        r.via === 'state'
          ? 'RemoveStaleState: removing container'
          : 'RemoveStaleState: containerMap: removing container',
      kv,
    });
    if (staticPolicy) out.push({ msg: 'Static policy: RemoveContainer', kv });
    if (r.via === 'state') {
      out.push({ msg: 'Deleted CPUSet assignment', kv: [STATE_MEMORY, ...kv] });
      if (r.defaultAfter)
        out.push({
          msg: 'Updated default CPUSet',
          kv: [STATE_MEMORY, ['cpuSet', q(formatCPUSet(r.defaultAfter))]],
        });
    }
    if (staticPolicy) out.push({ msg: 'Static policy: RemoveContainer (deferred)', kv });
  }
  return out;
}

export function allocationLines(
  cfg: KubeletRun,
  d: KubeletDomain,
  pod: PodDef,
  trace: AllocationTrace,
): AdmissionLine[] {
  const rm = cfg.generations[d.gen]?.resourceManagers;
  if (!rm) return [];
  const policy = rm.cpuPolicy;
  const qos = policy.name === 'static' ? policy.qos : {};
  const scope = rm.topologyManager.scope;
  // GetPodTopologyHints / GetTopologyHints / Allocate log through klog.LoggerWithValues(logger,
  // "pod", klog.KObj(pod), "podUID", pod.UID[, "containerName", container.Name]) (1.35+): those
  // pairs come first. The topology manager's scopes name pod and container themselves.
  const podKey: KV = [['pod', q(pod.key)]];
  const podValues: KV = [...podKey, ['podUID', q(pod.uid)]];
  const named = (c: string): KV => [...podKey, ['containerName', q(c)]];
  const values = (c: string): KV => [...podValues, ['containerName', q(c)]];
  // GetTopologyHints or Allocate, whichever the scope calls first, runs removeStaleState.
  const out: AdmissionLine[] = staleStateLines(policy.name === 'static', trace.stale);
  const containers = [...pod.init, ...pod.containers];
  let defaultSet: CPUSet = trace.before.defaultCpuSet;

  /** GetTopologyHints / GetPodTopologyHints of the static policy (none gives no hints). */
  const hintLines = (decision: AdmitDecision, container?: string) => {
    if (policy.name !== 'static') return;
    const kv = container === undefined ? podValues : values(container);
    const requested =
      container === undefined
        ? podGuaranteedCPUs(pod.manifest, qos)
        : guaranteedCPUs(pod.manifest, pod.byName[container]!.spec, qos);
    if (requested === 0) return;
    const held =
      container === undefined
        ? Object.values(trace.before.assignments[pod.uid] ?? {}).reduce((n, s) => n + s.length, 0)
        : (trace.before.assignments[pod.uid]?.[container]?.length ?? 0);
    if (held === requested) {
      out.push({ msg: 'Regenerating TopologyHints for CPUs already allocated', kv });
      return;
    }
    const hints = cpuHints(decision) ?? [];
    out.push({
      msg: 'TopologyHints generated',
      kv: [...kv, ['cpuHints', `[${hints.map(hintJSON).join(',')}]`]],
    });
  };

  // The scope's own lines: the same texts from scope_container.go or scope_pod.go.
  const best = (decision: AdmitDecision, container?: string) =>
    out.push({
      msg: container === undefined ? 'Best TopologyHint (pod scope)' : 'Best TopologyHint',
      text: 'Best TopologyHint',
      kv: [
        ['bestHint', hintJSON(decision.best)],
        ...(container === undefined ? podKey : named(container)),
      ],
    });
  const scopeAffinity = (decision: AdmitDecision, container: string) =>
    out.push({
      msg:
        scope === 'pod' ? 'Topology Affinity (pod scope)' : 'Topology Affinity (container scope)',
      text: 'Topology Affinity',
      kv: [['bestHint', hintJSON(decision.best)], ...named(container)],
    });

  /** policy_static.go Allocate for one container; false when it failed. */
  const allocate = (c: string): boolean => {
    if (policy.name !== 'static') return true;
    const n = guaranteedCPUs(pod.manifest, pod.byName[c]!.spec, qos);
    const kv = values(c);
    // "Allocate start" comes before guaranteedCPUs; "Allocate end" is deferred (V(2)).
    out.push({ msg: 'Allocate start', kv });
    const end = () => void out.push({ msg: 'Allocate end', kv });
    if (n === 0) {
      end();
      return true;
    }
    out.push({ msg: 'Static policy: Allocate', kv });
    // full-pcpus-only: the SMT alignment checks return before the state is read.
    if (trace.failed?.container === c && trace.failed.reason === 'SMTAlignmentError') {
      end();
      return false;
    }
    if (trace.before.assignments[pod.uid]?.[c] !== undefined) {
      out.push({ msg: 'Static policy: container already present in state, skipping', kv });
      end();
      return true;
    }
    const affinity = trace.affinity[c] ?? EMPTY_HINT;
    out.push({ msg: 'Topology Affinity', kv: [...kv, ['affinity', hintJSON(affinity)]] });
    out.push({
      msg: 'AllocateCPUs',
      kv: [
        ...kv,
        ['numCPUs', String(n)],
        [
          'socket',
          affinity.numaNodeAffinity === null ? 'null' : q(maskString(affinity.numaNodeAffinity)),
        ],
      ],
    });
    const set = trace.after.assignments[pod.uid]?.[c];
    if (set === undefined) {
      end();
      return false;
    }
    defaultSet = difference(defaultSet, set);
    out.push({
      msg: 'Updated default CPUSet',
      kv: [STATE_MEMORY, ['cpuSet', q(formatCPUSet(defaultSet))]],
    });
    out.push({
      msg: 'Updated desired CPUSet',
      kv: [
        STATE_MEMORY,
        ['podUID', q(pod.uid)],
        ['containerName', q(c)],
        ['cpuSet', q(formatCPUSet(set))],
      ],
    });
    out.push({ msg: 'Allocated exclusive CPUs', kv: [...kv, ['cpuset', q(formatCPUSet(set))]] });
    end();
    return true;
  };

  if (scope === 'none') {
    for (const c of containers) if (!allocate(c.name)) break;
    return out;
  }
  if (scope === 'pod') {
    const decision = trace.decisions[0];
    if (!decision) return out;
    hintLines(decision);
    best(decision);
    if (!decision.admit) return out;
    for (const c of containers) {
      scopeAffinity(decision, c.name);
      if (!allocate(c.name)) break;
    }
    return out;
  }
  for (const decision of trace.decisions) {
    const c = decision.container!;
    hintLines(decision, c);
    best(decision, c);
    if (!decision.admit) break;
    scopeAffinity(decision, c);
    if (!allocate(c)) break;
  }
  return out;
}
