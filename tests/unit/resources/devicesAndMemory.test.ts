/**
 * The device and memory managers in the kubelet's admission, through the whole engine: GPUs and
 * exclusive CPUs on one NUMA node, a pod whose GPUs cannot align refused with the kubelet's
 * event, hugepages on one NUMA node under the static memory manager and an impossible request
 * refused, the three topology policies on the same pods, devices and memory let go of only when
 * the kubelet cleans up stale state, and the checkpoint files of --format devices / memory.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatKlog, logsAt, parseScenario, type SimulationRun } from '../../../src/sim/index';
import { detailsOf } from '../../../src/sim/model/topology';
import { deviceStateFileHistory, memoryStateFileHistory } from '../../../src/sim/index';
import { runPreset, runText } from '../kubelet/helpers';
import { versionNotes } from '../../../src/sim/scenario/versionNotes';

const uidOf = (r: SimulationRun, name: string) =>
  Object.values(r.config.pods).find((p) => p.name === name)!.uid;

const events = (r: SimulationRun, reason: string) =>
  r.trace.events.filter((e) => e.reason === reason).map((e) => `${e.object} ${e.message}`);

/** At the run's end: the CPUs (from cpu_manager_state) and devices each container holds. */
function holdings(r: SimulationRun) {
  const d = r.stateAt(r.trace.steps.t.length).domain;
  const topo = r.config.generations[d.gen]!.resourceManagers!.topology;
  const numaOfCpus = (cpus: readonly number[]) => detailsOf(topo).keepOnly(cpus).numaNodes();
  const out: Record<string, { cpuNuma: readonly number[]; gpuNuma: number[]; gpus: string[] }> = {};
  for (const [uid, cs] of Object.entries(d.cpu!.state.assignments))
    for (const [c, cpus] of Object.entries(cs))
      out[`${r.config.pods[uid]!.name}/${c}`] = {
        cpuNuma: numaOfCpus(cpus),
        gpuNuma: [],
        gpus: [],
      };
  for (const e of d.cpu!.devices.entries) {
    const key = `${r.config.pods[e.podUID]!.name}/${e.containerName}`;
    out[key] ??= { cpuNuma: [], gpuNuma: [], gpus: [] };
    for (const [numa, ids] of Object.entries(e.deviceIDs)) {
      if (e.resourceName !== 'nvidia.com/gpu') continue;
      if (!out[key].gpuNuma.includes(Number(numa))) out[key].gpuNuma.push(Number(numa));
      out[key].gpus.push(...ids);
    }
  }
  return out;
}

describe('device manager: GPUs beside CPUs', () => {
  it('single-numa-node: 2 GPUs and 4 CPUs on one NUMA node; 3 GPUs refused with 4 free', () => {
    const r = runPreset('gpus-aligned-single-numa');
    expect(events(r, 'TopologyAffinityError')).toEqual([
      'default/train-3gpu Resources cannot be allocated with Topology locality',
    ]);
    const h = holdings(r);
    expect(h['train-2gpu/trainer']).toEqual({
      cpuNuma: [0],
      gpuNuma: [0],
      gpus: ['gpu-0', 'gpu-1'],
    });
    expect(h['infer-2gpu/server']).toEqual({
      cpuNuma: [1],
      gpuNuma: [1],
      gpus: ['gpu-2', 'gpu-3'],
    });
    // The refusal is the topology manager's: the device manager's hint for 3 GPUs was both nodes.
    const refused = r.trace.records.find(
      (x) => x.kind === 'topologyAdmission' && x.data.uid === uidOf(r, 'train-3gpu'),
    );
    expect(
      refused?.kind === 'topologyAdmission' && refused.data.decisions[0]!.providerHints[0],
    ).toEqual({
      provider: 'devices',
      hints: { 'nvidia.com/gpu': [{ numaNodeAffinity: [0, 1], preferred: true }] },
    });
  });

  it('restricted: TopologyAffinityError with 13 CPUs and a GPU free, on different NUMA nodes', () => {
    const r = runPreset('topology-affinity-error-free-cpus');
    expect(events(r, 'TopologyAffinityError')).toEqual([
      'default/infer-b Resources cannot be allocated with Topology locality',
    ]);
    const at = r.trace.events.find((e) => e.reason === 'TopologyAffinityError')!.step;
    const cpu = r.stateAt(at).domain.cpu!;
    expect(cpu.state.defaultCpuSet.length).toBe(14); // 13 free and reserved CPU 0
    expect(cpu.devices.allocated['nvidia.com/gpu']).toEqual(['gpu-0']);
    // The Inspector's why names each provider's hints and the verdict.
    const rec = r.trace.records.find((x) => x.kind === 'topologyAdmission' && !x.data.admit);
    expect(rec?.kind).toBe('topologyAdmission');
  });

  it('best-effort admits the same pod with its GPU and CPUs on different NUMA nodes', () => {
    const r = runText(
      readPreset('topology-affinity-error-free-cpus').replace(
        'topologyManagerPolicy: restricted',
        'topologyManagerPolicy: best-effort',
      ),
    );
    expect(events(r, 'TopologyAffinityError')).toEqual([]);
    expect(holdings(r)['infer-b/server']).toEqual({ cpuNuma: [0], gpuNuma: [1], gpus: ['gpu-1'] });
  });

  it.each([
    ['best-effort', [], { six: [0, 1], split: [1] }],
    ['restricted', ['default/split'], { six: [0, 1] }],
    ['single-numa-node', ['default/six-gpus'], { split: [0] }],
  ] as const)('%s: the three policies on the same two pods', (policy, refused, gpuNuma) => {
    const r = runText(
      readPreset('same-pod-three-topology-policies').replace(
        'topologyManagerPolicy: best-effort',
        `topologyManagerPolicy: ${policy}`,
      ),
    );
    expect(
      r.trace.events.filter((e) => e.reason === 'TopologyAffinityError').map((e) => e.object),
    ).toEqual(refused);
    const h = holdings(r);
    const got: Record<string, number[]> = {};
    if (h['six-gpus/trainer']) got.six = h['six-gpus/trainer'].gpuNuma.sort();
    if (h['split/worker']) got.split = h['split/worker'].gpuNuma;
    expect(got).toEqual(gpuNuma);
  });

  it('without a topology policy, too few devices is an UnexpectedAdmissionError from Allocate', () => {
    const r = runText(gpuScenario('none', ['1', '2']));
    expect(events(r, 'UnexpectedAdmissionError')).toEqual([
      'default/b Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 2, Available: 1, which is unexpected',
    ]);
  });

  it("a deleted pod's devices go only when the next device admission cleans up", () => {
    const r = runText(
      gpuScenario(
        'single-numa-node',
        ['1', '1'],
        'actions:\n  - { kind: DeletePod, at: 3s, target: default/a, gracePeriodSeconds: 0 }',
      ),
    );
    const b = uidOf(r, 'b');
    // Until b's admission at 10 s the checkpoint still lists a's devices.
    const files = deviceStateFileHistory(r).map((f) => ({
      t: f.t,
      ids: JSON.parse(f.json) as DeviceFile,
    }));
    expect(
      files.map((f) => [f.t, (f.ids.Data.PodDeviceEntries ?? []).map((e) => e.PodUID)]),
    ).toEqual([
      [0, []],
      [0, [uidOf(r, 'a')]],
      [10_000, [b]],
    ]);
    expect(r.trace.logs.some((l) => l.msg === 'Pods to be removed' && l.t === 10_000)).toBe(true);
  });
});

interface DeviceFile {
  Data: { PodDeviceEntries: { PodUID: string }[] | null };
}

function readPreset(name: string): string {
  return readFileSync(`presets/${name}.yaml`, 'utf8');
}

/** 1 NUMA-0 GPU and 1 NUMA-1 GPU on 2 × 4 CPUs; pods a (at 0 s) and b (at 10 s) ask for GPUs. */
function gpuScenario(policy: string, gpus: [string, string], extra = ''): string {
  const pod = (name: string, n: string, at: string) => `  - at: ${at}
    manifest:
      metadata: { name: ${name} }
      spec:
        containers:
          - { name: c, image: x:1, resources: { limits: { cpu: '1', memory: 1Gi, nvidia.com/gpu: ${n} } } }`;
  return `apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: t }
horizon: 30s
node:
  topology: { sockets: 2, coresPerSocket: 4, threadsPerCore: 1 }
  devices:
    - { resource: nvidia.com/gpu, numaNode: 0, count: 1 }
    - { resource: nvidia.com/gpu, numaNode: 1, count: 1 }
  kubelet: { cpuManagerPolicy: static, reservedSystemCPUs: '0', topologyManagerPolicy: ${policy} }
  images: [{ name: x:1, present: true }]
pods:
${pod('a', gpus[0], '0s')}
${pod('b', gpus[1], '10s')}
${extra}
`;
}

describe('memory manager: hugepages on one NUMA node', () => {
  it('places each pod on one NUMA node and refuses 20Gi of hugepages', () => {
    const r = runPreset('hugepages-memory-manager');
    const m = r.stateAt(r.trace.steps.t.length).domain.cpu!.memory;
    const blocks = (name: string) =>
      (m.assignments[uidOf(r, name)]?.testpmd ?? []).map(
        (b) => `${b.type} ${b.size / 2 ** 30}Gi on ${b.numaAffinity.join('+')}`,
      );
    expect(blocks('dpdk-a')).toEqual(['hugepages-1Gi 6Gi on 0', 'memory 4Gi on 0']);
    expect(blocks('dpdk-b')).toEqual(['hugepages-1Gi 6Gi on 1', 'memory 4Gi on 1']);
    expect(events(r, 'UnexpectedAdmissionError')).toEqual([
      'default/dpdk-c Allocate failed due to [memorymanager] failed to find NUMA nodes to extend the current topology hint, which is unexpected',
    ]);
    // cpuset.mems: GetMemoryNUMANodes at PreCreateContainer.
    expect(
      r.trace.logs
        .filter((l) => l.msg === 'Memory affinity')
        .map((l) => l.kv.find(([k]) => k === 'numaNodes')![1]),
    ).toEqual(['{"0":{}}', '{"1":{}}']);
    // The free hugepages the file reports.
    const last = JSON.parse(memoryStateFileHistory(r).at(-1)!.json) as {
      machineState: Record<string, { memoryMap: Record<string, { free: number }> }>;
    };
    expect(last.machineState['0']!.memoryMap['hugepages-1Gi']!.free).toBe(2 * 2 ** 30);
  });

  it('refuses to start when reservedMemory does not add up to the node allocatable reservation', () => {
    const r = runText(
      readPreset('hugepages-memory-manager').replace('memory: 1124Mi', 'memory: 1Gi'),
    );
    expect(r.config.generations[0]!.startError).toBe(
      'the total amount "1Gi" of type "memory" is not equal to the value "1124Mi" determined by Node Allocatable feature',
    );
  });

  it("a regular init container's memory goes back at the app container's AddContainer", () => {
    const text = readPreset('hugepages-memory-manager').replace(
      /pods:[\s\S]*faults:/,
      `pods:
  - at: 0s
    manifest:
      metadata: { name: p }
      spec:
        initContainers:
          - { name: init, image: dpdk-testpmd:23.11, resources: { limits: { cpu: '2', memory: 2Gi, hugepages-1Gi: 4Gi } } }
        containers:
          - { name: app, image: dpdk-testpmd:23.11, resources: { limits: { cpu: '2', memory: 2Gi, hugepages-1Gi: 3Gi } } }
faults:`,
    );
    const r = runText(text);
    const uid = uidOf(r, 'p');
    const admitted = r.trace.records.find(
      (x) => x.kind === 'resourceAssignments' && x.entity === 'syncLoop',
    )!;
    const after = r.stateAt(admitted.step + 1).domain.cpu!.memory;
    // Allocate: app reuses 3Gi of init's 4Gi of hugepages (its block shrinks to 1Gi).
    expect(after.assignments[uid]!.init!.map((b) => [b.type, b.size / 2 ** 30])).toEqual([
      ['hugepages-1Gi', 1],
      ['memory', 0],
    ]);
    const end = r.stateAt(r.trace.steps.t.length).domain.cpu!.memory;
    expect(Object.keys(end.assignments[uid]!)).toEqual(['app']);
  });
});

describe('kubelet releases', () => {
  it('1.18 refuses the memory manager (1.21) and topology manager options (1.26)', () => {
    const p = parseScenario(
      readPreset('hugepages-memory-manager')
        .replace('topology: { sockets: 2', 'kubeletVersion: "1.18"\n  topology: { sockets: 2')
        .replace(
          'topologyManagerPolicy: single-numa-node',
          'topologyManagerPolicy: single-numa-node\n    topologyManagerPolicyOptions: { prefer-closest-numa-nodes: "true" }',
        ),
    );
    expect(!p.ok && p.problems.map((x) => `${x.path}: ${x.message}`)).toEqual([
      'node.kubelet.topologyManagerPolicyOptions: kubelet 1.18 does not have this: topologyManagerPolicyOptions arrived in 1.26',
      'node.kubelet.memoryManagerPolicy: kubelet 1.18 does not have this: the memory manager arrived in 1.21',
      'node.kubelet.reservedMemory: kubelet 1.18 does not have this: reservedMemory arrived with the memory manager in 1.21',
    ]);
  });

  it('1.21 makes the memory manager only with its alpha gate: otherwise the policy is not read', () => {
    const on121 = (gates: string) =>
      readPreset('hugepages-memory-manager')
        .replace('topology: { sockets: 2', 'kubeletVersion: "1.21"\n  topology: { sockets: 2')
        .replace('memoryManagerPolicy: Static', `memoryManagerPolicy: Static${gates}`);
    const hintLines = (r: SimulationRun) =>
      r.trace.logs.filter((l) => formatKlog(l).includes('] "TopologyHints" hints=')).length;
    const off = parseScenario(on121(''));
    if (!off.ok) throw new Error(JSON.stringify(off.problems));
    expect(versionNotes(off.scenario)).toContain(
      'node.kubelet.memoryManagerPolicy is ignored: kubelet 1.21 makes the memory manager only with the feature gate MemoryManager (alpha, off by default): set node.kubelet.featureGates.MemoryManager: true',
    );
    const rOff = runText(on121(''));
    const rOn = runText(on121('\n    featureGates: { MemoryManager: true }'));
    // Without the gate the memory manager is no hint provider: two TopologyHints lines per
    // container (devices, CPU) instead of three, and no memory is pinned.
    expect(hintLines(rOn) / hintLines(rOff)).toBe(3 / 2);
    const memoryOf = (r: SimulationRun) =>
      Object.keys(r.stateAt(r.trace.steps.t.length).domain.cpu!.memory.assignments).length;
    expect(memoryOf(rOff)).toBe(0);
    expect(memoryOf(rOn)).toBeGreaterThan(0);
  });

  it('the device manager prints 1.20’s printf lines, 1.21’s structured ones', () => {
    const lines = (v: string) => {
      const r = runText(
        gpuScenario('best-effort', ['1', '1']).replace(
          'topology: { sockets: 2',
          `kubeletVersion: "${v}"\n  topology: { sockets: 2`,
        ),
      );
      return logsAt(r.trace.logs, r.trace.steps.t.length, 4)
        .map((l) => formatKlog(l).replace(/^.*?\.go:\d+\] /, ''))
        .filter((l) => /needs|Need|allocation request/i.test(l));
    };
    const uid = /pod "([0-9a-f-]{36})"/;
    const at120 = lines('1.20');
    expect(at120).toContain('needs 1 nvidia.com/gpu');
    expect(at120.find((l) => l.startsWith('Needs to allocate'))).toMatch(
      /^Needs to allocate 1 "nvidia.com\/gpu" for pod "[0-9a-f-]{36}" container "c"$/,
    );
    expect(at120.some((l) => uid.test(l))).toBe(true);
    const at121 = lines('1.21');
    expect(at121).toContain(
      '"Looking for needed resources" needed=1 resourceName="nvidia.com/gpu"',
    );
    expect(at121.some((l) => l.startsWith('needs '))).toBe(false);
    // policy.go filterProvidersHints: the device manager has no hints for a pod without devices.
    const merge = (v: string) =>
      runPreset('numa-does-not-fit', v)
        .trace.logs.map((l) => formatKlog(l).replace(/^.*?\.go:\d+\] /, ''))
        .filter((l) => l.includes('Hint Provider'));
    expect(merge('1.20')[0]).toBe(
      '[topologymanager] Hint Provider has no preference for NUMA affinity with any resource',
    );
    expect(merge('1.21')[0]).toBe(
      '"Hint Provider has no preference for NUMA affinity with any resource"',
    );
  });

  it('1.3 registers no devices: a GPU pod runs without them, and a note says so', () => {
    const text = gpuScenario('none', ['1', '1']).replace(
      'topology: { sockets: 2',
      'kubeletVersion: "1.3"\n  topology: { sockets: 2',
    );
    const p = parseScenario(text);
    if (!p.ok) throw new Error(JSON.stringify(p.problems));
    expect(versionNotes(p.scenario)).toContain(
      'node.devices is ignored: kubelet 1.3 has no device plugins (they arrived in 1.8): the devices are not registered',
    );
    const r = runText(text);
    expect(r.stateAt(r.trace.steps.t.length).domain.cpu?.devices.entries ?? []).toEqual([]);
  });
});

describe('node hardware in the scenario', () => {
  it('checks devices against the topology', () => {
    const bad = parseScenario(
      gpuScenario('none', ['1', '1']).replace(
        'numaNode: 1, count: 1',
        'numaNode: 3, count: 2, ids: [a]',
      ),
    );
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'node.devices[1].numaNode: NUMA node 3 does not exist: the topology has NUMA nodes 0, 1',
      'node.devices[1].ids: 1 id for count 2',
    ]);
  });
});
