/**
 * The resource managers' klog lines during a pod's admission, as the current kubelet prints
 * them (the cpumanager's contextual logger, 1.35+, puts pod, podUID and containerName first and
 * names its state logger; older forms are the changelog's), in the order the admit handler runs
 * (AdmissionStep):
 *   - topologymanager scope_container.go / scope_pod.go Admit (topology policy other than none):
 *     per provider (device, CPU, memory manager) its GetTopologyHints lines and the scope's
 *     "TopologyHints" with the provider's map; the policy's filterProvidersHints lines ("Hint
 *     Provider has no preference ..."), "ContainerTopologyHint" / "PodTopologyHint", "Best
 *     TopologyHint", then "Topology Affinity" before the container's allocation; the CPU static
 *     policy's own hint lines are "TopologyHints generated" (or "Regenerating TopologyHints for
 *     CPUs already allocated");
 *   - policy_static.go Allocate: "Allocate start", "Static policy: Allocate", "Static policy: container already
 *     present in state, skipping" or "Topology Affinity" (the stored affinity), allocateCPUs'
 *     "AllocateCPUs" (numCPUs, socket), state_mem.go SetDefaultCPUSet "Updated default CPUSet",
 *     SetCPUSet "Updated desired CPUSet", V(4) "Allocated exclusive CPUs" and the deferred V(2)
 *     "Allocate end";
 *   - the device and memory managers' lines (deviceMemoryLines.ts).
 * Values print as klog does: a Stringer (CPUSet, BitMask) quoted, anything else as JSON
 * (TopologyHint: {"NUMANodeAffinity":<uint64 or null>,"Preferred":…}; a hints map with its
 * keys sorted, null for a nil map).
 * Not printed: allocateCPUs' "AllocateCPUs" result line (its topology.Allocation alignment is
 * not modelled).
 */
import { difference, formatCPUSet, type CPUSet } from '../model/cpuset';
import { guaranteedCPUs } from '../policies/cpumanager/guaranteedCPUs';
import { skipsPodLevelResources } from '../policies/cpumanager/staticPolicy';
import { maskString, type BitMask } from '../policies/topologymanager/bitmask';
import type { TopologyHint } from '../policies/topologymanager/hint';
import type { ProviderHints } from '../policies/topologymanager/hint';
import type { KubeletRun, PodDef } from './config';
import type { AdmissionStep, AllocationTrace, StaleRemoval } from './cpuManagerBridge';
import {
  deviceAllocateLines,
  deviceHintLines,
  devicesGCLine,
  filterProvidersHintsLines,
  memoryAllocateLines,
  memoryHintLines,
  memoryStaleLines,
} from './deviceMemoryLines';
import { q, type KlogMsg, type KV } from './klog';
import type { KubeletDomain } from './types';

export interface AdmissionLine {
  msg: KlogMsg;
  /** The message when it differs from the table's key (the same text from another file). */
  text?: string;
  kv: KV;
  /** An error line's err. */
  err?: string;
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

/**
 * state_mem.go's logger (1.35+): NewCheckpointState names it "CPUManager state checkpoint" and
 * hands it to NewMemoryState, which adds "CPUManager state memory"; klog's logger joins the names
 * with "." and prints them first, as logger="…" (k8s.io/klog/v2 klogr.go WithName).
 */
const STATE_MEMORY: [string, string] = [
  'logger',
  q('CPUManager state checkpoint.CPUManager state memory'),
];

/**
 * cpu_manager.go removeStaleState's lines (the 1.34 tree: V(2), no longer ErrorS as ~1.28
 * printed them): per stale assignment "RemoveStaleState: removing container", then the static
 * policy's RemoveContainer ("Static policy: RemoveContainer"), state_mem.go Delete ("Deleted
 * CPUSet assignment", V2) and SetDefaultCPUSet ("Updated default CPUSet" with the pool its CPUs
 * went back to); per containerMap entry left over "RemoveStaleState: containerMap: removing
 * container" and, under static, the policy's RemoveContainer (nothing to release). The none
 * policy's RemoveContainer prints nothing.
 */
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

/** A provider's hints as klog prints the map (JSON: nil map null, keys sorted, nil lists null). */
export function hintsMapJSON(h: ProviderHints): string {
  if (h === null) return 'null';
  return `{${Object.keys(h)
    .sort()
    .map((r) => {
      const list = h[r];
      return `${JSON.stringify(r)}:${list === null || list === undefined ? 'null' : `[${list.map(hintJSON).join(',')}]`}`;
    })
    .join(',')}}`;
}

/**
 * The allocate handler's lines, step by step in the order the kubelet ran them (see
 * AdmissionStep): the providers' clean-ups and hints, the scope's lines around each merge, and
 * each provider's Allocate.
 */
export function allocationLines(
  cfg: KubeletRun,
  d: KubeletDomain,
  pod: PodDef,
  trace: AllocationTrace,
): AdmissionLine[] {
  const rm = cfg.generations[d.gen]?.resourceManagers;
  if (!rm) return [];
  const policy = rm.cpuPolicy;
  const scope = rm.topologyManager.scope;
  // GetPodTopologyHints / GetTopologyHints / Allocate log through klog.LoggerWithValues(logger,
  // "pod", klog.KObj(pod), "podUID", pod.UID[, "containerName", container.Name]) (1.35+): those
  // pairs come first. The topology manager's scopes name pod and container themselves.
  const podKey: KV = [['pod', q(pod.key)]];
  const podValues: KV = [...podKey, ['podUID', q(pod.uid)]];
  const named = (c: string): KV => [...podKey, ['containerName', q(c)]];
  const values = (c: string): KV => [...podValues, ['containerName', q(c)]];
  const out: AdmissionLine[] = [];
  let defaultSet: CPUSet | undefined;

  /** The CPU static policy's own hint lines (GetTopologyHints / GetPodTopologyHints). */
  const cpuHintLines = (step: Extract<AdmissionStep, { kind: 'hints' }>) => {
    if (policy.name !== 'static' || !step.cpuRequested) return;
    if (skipsPodLevelResources(policy, pod.manifest)) {
      // 1.36's container-scope call: its logger's pod, podUID and containerName (no own pairs).
      out.push(
        step.container === undefined
          ? { msg: 'CPU Manager pod hint generation skipped (pod-level resources)', kv: podValues }
          : {
              msg: 'CPU Manager hint generation skipped (pod-level resources)',
              kv: values(step.container),
            },
      );
      return;
    }
    const kv = step.container === undefined ? podValues : values(step.container);
    if (step.cpuRegenerated) {
      out.push({ msg: 'Regenerating TopologyHints for CPUs already allocated', kv });
      return;
    }
    const hints = step.hints?.cpu ?? [];
    out.push({
      msg: 'TopologyHints generated',
      kv: [...kv, ['cpuHints', `[${hints.map(hintJSON).join(',')}]`]],
    });
  };

  /** policy_static.go Allocate for one container. */
  const cpuAllocate = (step: Extract<AdmissionStep, { kind: 'cpuAllocate' }>) => {
    if (policy.name !== 'static') return;
    const c = step.container;
    const n = guaranteedCPUs(pod.manifest, pod.byName[c]!.spec, policy.qos);
    const kv = values(c);
    // "Allocate start" comes before guaranteedCPUs; "Allocate end" is deferred (V(2)).
    out.push({ msg: 'Allocate start', kv });
    const end = () => void out.push({ msg: 'Allocate end', kv });
    if (n === 0) return end();
    if (skipsPodLevelResources(policy, pod.manifest)) {
      // The contextual pairs, then the call's own pod and podUID (klog keeps the later ones).
      out.push({
        msg: 'CPU Manager allocation skipped (pod-level resources)',
        kv: [['containerName', q(c)], ...podValues],
      });
      return end();
    }
    out.push({ msg: 'Static policy: Allocate', kv });
    // full-pcpus-only: the SMT alignment checks return before the state is read.
    if (step.error?.type === 'SMTAlignmentError') return end();
    if (step.before.assignments[pod.uid]?.[c] !== undefined) {
      out.push({ msg: 'Static policy: container already present in state, skipping', kv });
      return end();
    }
    const affinity = step.affinity;
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
    const set = step.after.assignments[pod.uid]?.[c];
    if (set === undefined || step.error) return end();
    defaultSet = difference(defaultSet ?? step.before.defaultCpuSet, set);
    out.push({
      msg: 'Updated default CPUSet',
      kv: [STATE_MEMORY, ['cpuSet', q(formatCPUSet(defaultSet))]],
    });
    out.push({ msg: 'allocateCPUs: returning', kv: [...kv, ['result', q(formatCPUSet(set))]] });
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
  };

  for (const step of trace.steps) {
    switch (step.kind) {
      case 'cpuStale':
        out.push(...staleStateLines(policy.name === 'static', step.removals));
        break;
      case 'memStale':
        out.push(...memoryStaleLines(rm.memory.policy === 'Static', step.removals));
        break;
      case 'devicesGC':
        out.push(devicesGCLine(step.podUIDs));
        break;
      case 'hints': {
        if (step.provider === 'cpu') cpuHintLines(step);
        if (step.provider === 'devices') out.push(...deviceHintLines(pod, step));
        if (step.provider === 'memory') out.push(...memoryHintLines(pod, step));
        out.push({
          msg: step.container === undefined ? 'TopologyHints (pod scope)' : 'TopologyHints',
          text: 'TopologyHints',
          kv: [
            ['hints', hintsMapJSON(step.hints)],
            ...(step.container === undefined ? podKey : named(step.container)),
          ],
        });
        break;
      }
      case 'merged': {
        const dec = step.decision;
        out.push(...filterProvidersHintsLines(dec.providerHints.map((p) => p.hints)));
        const kv: KV = [
          ['bestHint', hintJSON(dec.best)],
          ...(dec.container === undefined ? podKey : named(dec.container)),
        ];
        out.push({
          msg: dec.container === undefined ? 'PodTopologyHint' : 'ContainerTopologyHint',
          kv,
        });
        out.push({
          msg: dec.container === undefined ? 'Best TopologyHint (pod scope)' : 'Best TopologyHint',
          text: 'Best TopologyHint',
          kv,
        });
        break;
      }
      case 'affinity':
        out.push({
          msg:
            scope === 'pod'
              ? 'Topology Affinity (pod scope)'
              : 'Topology Affinity (container scope)',
          text: 'Topology Affinity',
          kv: [['bestHint', hintJSON(step.hint)], ...named(step.container)],
        });
        break;
      case 'deviceAllocate':
        out.push(...deviceAllocateLines(pod, step));
        break;
      case 'cpuAllocate':
        cpuAllocate(step);
        break;
      case 'memAllocate':
        if (rm.memory.policy === 'Static') out.push(...memoryAllocateLines(pod, step));
        break;
    }
  }
  return out;
}
