/**
 * The topology and CPU managers' admission lines of 1.18-1.20 (klog v1 Infof, printf with %v),
 * printed from the structured lines the shared admission logs (kubelet/cpuManagerLines.ts).
 * Read in v1.18.6, v1.19.10 and v1.20.9:
 *   - topologymanager/topology_manager.go (1.18/1.19) Admit "[topologymanager] Topology Admit
 *     Handler" (1.18 :233, 1.19 :235; 1.20 :187), accumulateProvidersHints "TopologyHints for
 *     pod '%v', container '%v': %v" (pod.Name; :180/:182), calculateAffinity "ContainerTopologyHint:
 *     %v" (:199/:201), Admit "Topology Affinity for (pod: %v container: %v): %v" (pod.UID;
 *     :258/:260); 1.20 moved them to scope_container.go (:77, :85, :59, format.Pod) and added
 *     "Best TopologyHint for (pod: %v container: %v): %v" (:54), and scope_pod.go's pod-scope
 *     forms ("TopologyHints for pod '%v': %v" :77, "PodTopologyHint: %v" :85, "Best TopologyHint
 *     for (pod: %v): %v" :53, "Topology Affinity for (pod: %v container: %v): %v" :59);
 *   - cpumanager/policy_static.go GetTopologyHints "[cpumanager] TopologyHints generated for pod
 *     '%v', container '%v': %v" (1.18 :350, 1.19 :351, 1.20 :379; 1.20's GetPodTopologyHints
 *     "TopologyHints generated for pod '%v' : %v" :437), "Regenerating TopologyHints for CPUs
 *     already allocated to (pod %v, container %v)" (string(pod.UID); 1.20 format.Pod :364, pod
 *     scope "... to pod %v" :419), Allocate "static policy: Allocate (pod: %s, container: %s)"
 *     (pod.Name; 1.20 format.Pod), "static policy: container already present in state, skipping
 *     (...)", "Pod %v, Container %v Topology Affinity is: %v" (pod.UID; 1.20 format.Pod),
 *     allocateCPUs "allocateCpus: (numCPUs: %d, socket: %v)" and "allocateCPUs: returning \"%v\"";
 *   - cpumanager/state/state_mem.go :80 "updated desired cpuset (pod: %s, container: %s, cpuset:
 *     \"%s\")", :88 "updated default cpuset: \"%s\"", :107 V(2) "deleted cpuset assignment (pod:
 *     %s, container: %s)" (the checkpoint state calls the memory state's setters).
 * A TopologyHint prints with %v as Go prints the struct {NUMANodeAffinity bitmask.BitMask;
 * Preferred bool}: the field's String() (a *bitMask: "%0Nb" of the mask, bitmask.go) or <nil>,
 * then the bool: {01 true}, {<nil> false}. A map[string][]TopologyHint prints with its keys
 * sorted, a nil map as map[] and a nil list as []: map[cpu:[{01 true} {10 true} {11 false}]].
 */
import { formatPod } from '../../kubelet/format';
import type { PodDef } from '../../kubelet/config';
import { maskString } from '../../policies/topologymanager/bitmask';
import { P, type KlogKey, type LineArgs, type PrintfLine } from '../messages';

/** The bits of a mask's uint64 value (its JSON form). */
function bitsOf(value: string): number[] {
  const out: number[] = [];
  let v = BigInt(value);
  for (let b = 0; v > 0n; b++, v >>= 1n) if (v & 1n) out.push(b);
  return out;
}

const HINT = /\{"NUMANodeAffinity":(null|\d+),"Preferred":(true|false)\}/g;

/** The hints of a JSON value (a hint, a list, or a provider's map), in order, as %v prints them. */
function goHints(json: string): string[] {
  return [...json.matchAll(HINT)].map(
    ([, mask, preferred]) =>
      `{${mask === 'null' ? '<nil>' : maskString(bitsOf(mask!))} ${preferred}}`,
  );
}

/** One TopologyHint (its klog JSON) as %v prints it. */
export function goHint(json: string | undefined): string {
  return goHints(json ?? '')[0] ?? '{<nil> false}';
}

/** A []TopologyHint (its klog JSON) as %v prints it. */
export function goHintList(json: string | undefined): string {
  return `[${goHints(json ?? '').join(' ')}]`;
}

/** A map[string][]TopologyHint (its klog JSON, keys sorted; null for nil) as %v prints it. */
export function goHintsMap(json: string | undefined): string {
  if (json === undefined || json === 'null') return 'map[]';
  // Each entry: "resource":[...] or "resource":null (a nil list prints as []).
  const entries = [...json.matchAll(/"([^"]+)":(null|\[[^\]]*\])/g)].map(
    ([, resource, list]) => `${resource}:${list === 'null' ? '[]' : goHintList(list)}`,
  );
  return `map[${entries.join(' ')}]`;
}

/** The pod of a line: format.Pod from 1.20, else its name or UID as 1.18/1.19 printed it. */
function podName(a: LineArgs, before20: (p: PodDef) => string): string {
  if (!a.pod) return a.kv.pod ?? '';
  return a.minor >= 20 ? formatPod(a.pod) : before20(a.pod);
}
const byName = (a: LineArgs) => podName(a, (p) => p.name);
const byUID = (a: LineArgs) => podName(a, (p) => p.uid);

const tm = (text: string) => `[topologymanager] ${text}`;
const cm = (text: string) => `[cpumanager] ${text}`;

/** 1.20's pod-scope calls print from their own lines (the tables' sources are the container scope's). */
const podScope = (a: LineArgs) => a.kv.containerName === undefined;

export const TOPOLOGY_PRINTF = {
  'Topology manager admission check': P('topology_manager.go:233', 0, () =>
    tm('Topology Admit Handler'),
  ),
  TopologyHints: P('topology_manager.go:180', 0, (a) =>
    tm(
      `TopologyHints for pod '${byName(a)}', container '${a.kv.containerName ?? ''}': ${goHintsMap(a.kv.hints)}`,
    ),
  ),
  'TopologyHints (pod scope)': P('scope_pod.go:77', 0, (a) =>
    tm(`TopologyHints for pod '${fpodOf(a)}': ${goHintsMap(a.kv.hints)}`),
  ),
  ContainerTopologyHint: P('topology_manager.go:199', 0, (a) =>
    tm(`ContainerTopologyHint: ${goHint(a.kv.bestHint)}`),
  ),
  PodTopologyHint: P('scope_pod.go:85', 0, (a) => tm(`PodTopologyHint: ${goHint(a.kv.bestHint)}`)),
  'Best TopologyHint': P('scope_container.go:54', 0, (a) =>
    tm(
      `Best TopologyHint for (pod: ${fpodOf(a)} container: ${a.kv.containerName ?? ''}): ${goHint(a.kv.bestHint)}`,
    ),
  ),
  'Best TopologyHint (pod scope)': P('scope_pod.go:53', 0, (a) =>
    tm(`Best TopologyHint for (pod: ${fpodOf(a)}): ${goHint(a.kv.bestHint)}`),
  ),
  'Topology Affinity (container scope)': P('topology_manager.go:258', 0, (a) =>
    tm(
      `Topology Affinity for (pod: ${byUID(a)} container: ${a.kv.containerName ?? ''}): ${goHint(a.kv.bestHint)}`,
    ),
  ),
  'Topology Affinity (pod scope)': P('scope_pod.go:59', 0, (a) =>
    tm(
      `Topology Affinity for (pod: ${fpodOf(a)} container: ${a.kv.containerName ?? ''}): ${goHint(a.kv.bestHint)}`,
    ),
  ),
  'TopologyHints generated': {
    ...P('policy_static.go:350', 0, (a) =>
      podScope(a)
        ? cm(`TopologyHints generated for pod '${fpodOf(a)}' : ${goHintList(a.kv.cpuHints)}`)
        : cm(
            `TopologyHints generated for pod '${byName(a)}', container '${a.kv.containerName}': ${goHintList(a.kv.cpuHints)}`,
          ),
    ),
    at: (a) => (podScope(a) ? 'policy_static.go:437' : undefined),
  },
  'Regenerating TopologyHints for CPUs already allocated': {
    ...P('policy_static.go:339', 0, (a) =>
      podScope(a)
        ? cm(`Regenerating TopologyHints for CPUs already allocated to pod ${fpodOf(a)}`)
        : cm(
            `Regenerating TopologyHints for CPUs already allocated to (pod ${byUID(a)}, container ${a.kv.containerName})`,
          ),
    ),
    at: (a) => (podScope(a) ? 'policy_static.go:419' : undefined),
  },
  'Static policy: Allocate': P('policy_static.go:220', 0, (a) =>
    cm(`static policy: Allocate (pod: ${byName(a)}, container: ${a.kv.containerName ?? ''})`),
  ),
  'Static policy: container already present in state, skipping': P('policy_static.go:225', 0, (a) =>
    cm(
      `static policy: container already present in state, skipping (pod: ${byName(a)}, container: ${a.kv.containerName ?? ''})`,
    ),
  ),
  'Topology Affinity': P('policy_static.go:231', 0, (a) =>
    cm(
      `Pod ${byUID(a)}, Container ${a.kv.containerName ?? ''} Topology Affinity is: ${goHint(a.kv.affinity)}`,
    ),
  ),
  // numaAffinity is a bitmask.BitMask: its String(), or <nil>.
  AllocateCPUs: P('policy_static.go:258', 0, (a) =>
    cm(
      `allocateCpus: (numCPUs: ${a.kv.numCPUs ?? ''}, socket: ${a.kv.socket === 'null' || a.kv.socket === undefined ? '<nil>' : a.kv.socket})`,
    ),
  ),
  'Updated default CPUSet': P('state_mem.go:88', 0, (a) =>
    cm(`updated default cpuset: "${a.kv.cpuSet ?? ''}"`),
  ),
  'allocateCPUs: returning': P('policy_static.go:293', 0, (a) =>
    cm(`allocateCPUs: returning "${a.kv.result ?? ''}"`),
  ),
  'Updated desired CPUSet': P('state_mem.go:80', 0, (a) =>
    cm(
      `updated desired cpuset (pod: ${a.kv.podUID ?? ''}, container: ${a.kv.containerName ?? ''}, cpuset: "${a.kv.cpuSet ?? ''}")`,
    ),
  ),
  'Deleted CPUSet assignment': P('state_mem.go:107', 2, (a) =>
    cm(
      `deleted cpuset assignment (pod: ${a.kv.podUID ?? ''}, container: ${a.kv.containerName ?? ''})`,
    ),
  ),
} satisfies Partial<Record<KlogKey, PrintfLine>>;

/** format.Pod of the line's pod (the 1.20-only lines). */
function fpodOf(a: LineArgs): string {
  return a.pod ? formatPod(a.pod) : (a.kv.pod ?? '');
}
