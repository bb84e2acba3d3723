/**
 * The topology and CPU managers' admission lines of 1.18-1.20, printed with Go's %v of a
 * TopologyHint ({NUMANodeAffinity Preferred}: the BitMask's String() or <nil>, then the bool)
 * and of a provider's map[string][]TopologyHint, at the file:line of each release. The expected
 * lines are the format strings of v1.18.6, v1.19.10 and v1.20.9 filled in by hand:
 * topologymanager/topology_manager.go (1.18 :180 :199 :233 :258, 1.19 :182 :201 :235 :260),
 * 1.20 topology_manager.go:187, scope_container.go :54 :59 :77 :85 and scope_pod.go :53 :59 :77
 * :85; cpumanager/policy_static.go (1.18/1.19 :220 :231 :258 :293, TopologyHints generated
 * :350/:351; 1.20 :221 :232 :259 :294 :379 :437) and state/state_mem.go :80 :88. Also the merge
 * of 1.18-1.23 (policy.go mergeFilteredHints before 1.24's compareHints).
 */
import { describe, expect, it } from 'vitest';
import { formatKlog, logsAt, parseScenario, simulate } from '../../../src/sim/index';
import { goHint, goHintsMap } from '../../../src/sim/versions/v1_18/topologyPrintf';

const UID = '11111111-1111-1111-1111-111111111111';
const FPOD = `wide_default(${UID})`;

/** Two NUMA nodes of 8 CPUs with 4 GPUs each; one pod asking 2 CPUs and 6 GPUs. */
function run(version: string, policy: string, scope = 'container', gpus = 6) {
  const yaml = `
apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: t }
seed: 1
horizon: 20s
node:
  name: node-1
  kubeletVersion: '${version}'
  topology: { sockets: 2, coresPerSocket: 4, threadsPerCore: 2 }
  memory: { perNumaNode: 64Gi }
  devices:
    - { resource: nvidia.com/gpu, numaNode: 0, count: 4 }
    - { resource: nvidia.com/gpu, numaNode: 1, count: 4 }
  kubelet:
    cpuManagerPolicy: static
    reservedSystemCPUs: '0'
    topologyManagerPolicy: ${policy}
    topologyManagerScope: ${scope}
  images:
    - { name: app:1, present: true }
pods:
  - at: 0s
    manifest:
      apiVersion: v1
      kind: Pod
      metadata: { name: wide, namespace: default, uid: ${UID} }
      spec:
        containers:
          - name: app
            image: app:1
            resources: { limits: { cpu: '2', memory: 1Gi, nvidia.com/gpu: ${gpus} } }
`;
  const p = parseScenario(yaml);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  const r = simulate(p.scenario);
  // The admission's lines: file:line and text, without the header's time and pid.
  return logsAt(r.trace.logs, r.trace.steps.t.length, 4)
    .map(formatKlog)
    .filter((l) => /\[(topologymanager|cpumanager)\]/.test(l))
    .map((l) => l.replace(/^I\d{4} [\d:.]+ +\d+ /, ''));
}

describe("Go's %v of topology hints", () => {
  it('prints a hint as {mask bool}: the BitMask String() padded to pairs of bits, or <nil>', () => {
    expect(goHint('{"NUMANodeAffinity":1,"Preferred":true}')).toBe('{01 true}');
    expect(goHint('{"NUMANodeAffinity":3,"Preferred":false}')).toBe('{11 false}');
    expect(goHint('{"NUMANodeAffinity":null,"Preferred":false}')).toBe('{<nil> false}');
    // bitmask.go String(): the width grows only when the mask is greater than 1<<shift, so
    // NUMA node 2 alone (4) prints "100" with "%02b", and nodes 0 and 2 (5) "0101".
    expect(goHint('{"NUMANodeAffinity":4,"Preferred":true}')).toBe('{100 true}');
    expect(goHint('{"NUMANodeAffinity":5,"Preferred":true}')).toBe('{0101 true}');
    expect(goHint('{"NUMANodeAffinity":16,"Preferred":true}')).toBe('{10000 true}');
  });

  it('prints a provider map with its keys sorted, a nil map as map[] and a nil list as []', () => {
    expect(goHintsMap('null')).toBe('map[]');
    expect(goHintsMap('{}')).toBe('map[]');
    expect(goHintsMap('{"cpu":null}')).toBe('map[cpu:[]]');
    expect(
      goHintsMap(
        '{"nvidia.com/gpu":[{"NUMANodeAffinity":2,"Preferred":true}],"nvidia.com/nic":[]}',
      ),
    ).toBe('map[nvidia.com/gpu:[{10 true}] nvidia.com/nic:[]]');
  });
});

describe('1.18-1.20 topology manager and CPU manager admission lines', () => {
  const cpuAllocated18 = (socket: string, hint: string, pod = 'wide', uid = UID) => [
    `policy_static.go:220] [cpumanager] static policy: Allocate (pod: ${pod}, container: app)`,
    `policy_static.go:231] [cpumanager] Pod ${uid}, Container app Topology Affinity is: ${hint}`,
    `policy_static.go:258] [cpumanager] allocateCpus: (numCPUs: 2, socket: ${socket})`,
    'state_mem.go:88] [cpumanager] updated default cpuset: "0,2-8,10-15"',
    'policy_static.go:293] [cpumanager] allocateCPUs: returning "1,9"',
    `state_mem.go:80] [cpumanager] updated desired cpuset (pod: ${UID}, container: app, cpuset: "1,9")`,
  ];

  it('1.18, none: no hints; the CPU manager reads the zero hint {<nil> false}', () => {
    expect(run('1.18', 'none')).toEqual([
      'topology_manager.go:233] [topologymanager] Topology Admit Handler',
      ...cpuAllocated18('<nil>', '{<nil> false}'),
    ]);
  });

  it('1.18, restricted: the providers’ maps, the merged hint, its affinity for the CPUs', () => {
    // 1.18's merge: {01 true} from the CPU's {01 true} and the GPUs' {11 true} (all preferred).
    expect(run('1.18', 'restricted')).toEqual([
      'topology_manager.go:233] [topologymanager] Topology Admit Handler',
      "topology_manager.go:180] [topologymanager] TopologyHints for pod 'wide', container 'app': map[nvidia.com/gpu:[{11 true}]]",
      "policy_static.go:350] [cpumanager] TopologyHints generated for pod 'wide', container 'app': [{01 true} {10 true} {11 false}]",
      "topology_manager.go:180] [topologymanager] TopologyHints for pod 'wide', container 'app': map[cpu:[{01 true} {10 true} {11 false}]]",
      'topology_manager.go:199] [topologymanager] ContainerTopologyHint: {01 true}',
      `topology_manager.go:258] [topologymanager] Topology Affinity for (pod: ${UID} container: app): {01 true}`,
      ...cpuAllocated18('01', '{01 true}'),
    ]);
  });

  it('1.18, best-effort admits as restricted does here', () => {
    expect(run('1.18', 'best-effort')).toEqual(run('1.18', 'restricted'));
  });

  it('1.19, single-numa-node: no single-NUMA hint for 6 GPUs, so {<nil> false} and no admission', () => {
    expect(run('1.19', 'single-numa-node')).toEqual([
      'topology_manager.go:235] [topologymanager] Topology Admit Handler',
      "topology_manager.go:182] [topologymanager] TopologyHints for pod 'wide', container 'app': map[nvidia.com/gpu:[{11 true}]]",
      "policy_static.go:351] [cpumanager] TopologyHints generated for pod 'wide', container 'app': [{01 true} {10 true} {11 false}]",
      "topology_manager.go:182] [topologymanager] TopologyHints for pod 'wide', container 'app': map[cpu:[{01 true} {10 true} {11 false}]]",
      'topology_manager.go:201] [topologymanager] ContainerTopologyHint: {<nil> false}',
    ]);
  });

  it('1.19, single-numa-node with 2 GPUs: aligned on NUMA node 0', () => {
    const lines = run('1.19', 'single-numa-node', 'container', 2);
    expect(lines).toContain(
      "topology_manager.go:182] [topologymanager] TopologyHints for pod 'wide', container 'app': map[nvidia.com/gpu:[{01 true} {10 true} {11 false}]]",
    );
    expect(lines).toContain(
      'topology_manager.go:201] [topologymanager] ContainerTopologyHint: {01 true}',
    );
    expect(lines).toContain(
      `topology_manager.go:260] [topologymanager] Topology Affinity for (pod: ${UID} container: app): {01 true}`,
    );
  });

  it('1.20, container scope: scope_container.go, format.Pod, and the Best TopologyHint line', () => {
    expect(run('1.20', 'restricted')).toEqual([
      'topology_manager.go:187] [topologymanager] Topology Admit Handler',
      `scope_container.go:77] [topologymanager] TopologyHints for pod '${FPOD}', container 'app': map[nvidia.com/gpu:[{11 true}]]`,
      `policy_static.go:379] [cpumanager] TopologyHints generated for pod '${FPOD}', container 'app': [{01 true} {10 true} {11 false}]`,
      `scope_container.go:77] [topologymanager] TopologyHints for pod '${FPOD}', container 'app': map[cpu:[{01 true} {10 true} {11 false}]]`,
      'scope_container.go:85] [topologymanager] ContainerTopologyHint: {01 true}',
      `scope_container.go:54] [topologymanager] Best TopologyHint for (pod: ${FPOD} container: app): {01 true}`,
      `scope_container.go:59] [topologymanager] Topology Affinity for (pod: ${FPOD} container: app): {01 true}`,
      `policy_static.go:221] [cpumanager] static policy: Allocate (pod: ${FPOD}, container: app)`,
      `policy_static.go:232] [cpumanager] Pod ${FPOD}, Container app Topology Affinity is: {01 true}`,
      'policy_static.go:259] [cpumanager] allocateCpus: (numCPUs: 2, socket: 01)',
      'state_mem.go:88] [cpumanager] updated default cpuset: "0,2-8,10-15"',
      'policy_static.go:294] [cpumanager] allocateCPUs: returning "1,9"',
      `state_mem.go:80] [cpumanager] updated desired cpuset (pod: ${UID}, container: app, cpuset: "1,9")`,
    ]);
  });

  it('1.20, single-numa-node: Best TopologyHint is printed before the refusal', () => {
    expect(run('1.20', 'single-numa-node').slice(-2)).toEqual([
      'scope_container.go:85] [topologymanager] ContainerTopologyHint: {<nil> false}',
      `scope_container.go:54] [topologymanager] Best TopologyHint for (pod: ${FPOD} container: app): {<nil> false}`,
    ]);
  });

  it('1.20, pod scope: scope_pod.go and GetPodTopologyHints’ own line', () => {
    expect(run('1.20', 'best-effort', 'pod').slice(0, 7)).toEqual([
      'topology_manager.go:187] [topologymanager] Topology Admit Handler',
      `scope_pod.go:77] [topologymanager] TopologyHints for pod '${FPOD}': map[nvidia.com/gpu:[{11 true}]]`,
      `policy_static.go:437] [cpumanager] TopologyHints generated for pod '${FPOD}' : [{01 true} {10 true} {11 false}]`,
      `scope_pod.go:77] [topologymanager] TopologyHints for pod '${FPOD}': map[cpu:[{01 true} {10 true} {11 false}]]`,
      'scope_pod.go:85] [topologymanager] PodTopologyHint: {01 true}',
      `scope_pod.go:53] [topologymanager] Best TopologyHint for (pod: ${FPOD}): {01 true}`,
      `scope_pod.go:59] [topologymanager] Topology Affinity for (pod: ${FPOD} container: app): {01 true}`,
    ]);
  });
});

describe('the topology manager’s merge before and from 1.24', () => {
  it('1.23 admits {01 true} under restricted; 1.24 merges {11 false} and refuses', () => {
    // The CPU's {01 true} with the GPUs' {11 true}: preferred before 1.24 (all hints are);
    // from 1.24 only if the masks are equal, and compareHints then keeps {11 false}.
    const structured = (v: string) =>
      simulate(
        (() => {
          const p = parseScenario(
            `apiVersion: kubeletscope/v1\nkind: Scenario\nmetadata: { name: t }\nseed: 1\nhorizon: 20s\nnode:\n  name: n\n  kubeletVersion: '${v}'\n  topology: { sockets: 2, coresPerSocket: 4, threadsPerCore: 2 }\n  devices:\n    - { resource: nvidia.com/gpu, numaNode: 0, count: 4 }\n    - { resource: nvidia.com/gpu, numaNode: 1, count: 4 }\n  kubelet: { cpuManagerPolicy: static, reservedSystemCPUs: '0', topologyManagerPolicy: restricted }\n  images: [{ name: app:1, present: true }]\npods:\n  - at: 0s\n    manifest:\n      apiVersion: v1\n      kind: Pod\n      metadata: { name: wide, namespace: default }\n      spec: { containers: [{ name: app, image: app:1, resources: { limits: { cpu: '2', memory: 1Gi, nvidia.com/gpu: 6 } } }] }\n`,
          );
          if (!p.ok) throw new Error(JSON.stringify(p.problems));
          return p.scenario;
        })(),
      ).trace.events.map((e) => e.reason);
    expect(structured('1.23')).not.toContain('TopologyAffinityError');
    expect(structured('1.24')).toContain('TopologyAffinityError');
  });
});
