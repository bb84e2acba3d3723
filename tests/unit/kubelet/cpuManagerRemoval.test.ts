/**
 * Row 8, the removal side: cpu_manager.go removeStaleState (reconcile loop, and before
 * GetTopologyHints / Allocate at admission) lets go of containers no active pod has. The 1.34
 * tree prints V(2) "RemoveStaleState: removing container" for each stale assignment, then the
 * static policy's RemoveContainer ("Static policy: RemoveContainer"), state_mem.go Delete
 * ("Deleted CPUSet assignment", V2) and SetDefaultCPUSet ("Updated default CPUSet", the CPUs back
 * in the pool); then V(2) "RemoveStaleState: containerMap: removing container" for a container
 * that had no exclusive CPUs. 1.18 printed klog.Errorf "[cpumanager] removeStaleState: removing
 * (pod …, container: …)" and walked no containerMap.
 */
import { describe, expect, it } from 'vitest';
import { formatKlog, type SimulationRun } from '../../../src/sim/index';
import { runText } from './helpers';

const text = (policy: string, version = '1.34') => `apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: t }
horizon: 45s
node:
  kubeletVersion: "${version}"
  topology: { sockets: 1, coresPerSocket: 4, threadsPerCore: 2 }
  kubelet: { cpuManagerPolicy: ${policy}, reservedSystemCPUs: "0" }
  images:
    - { name: nginx:1.27, present: true }
pods:
  - manifest:
      metadata: { name: a }
      spec:
        containers:
          - { name: app, image: nginx:1.27, resources: { limits: { cpu: "2", memory: 128Mi } } }
          - { name: side, image: nginx:1.27, resources: { limits: { cpu: 500m, memory: 64Mi } } }
  - at: 30s
    manifest:
      metadata: { name: b }
      spec:
        containers:
          - { name: app, image: nginx:1.27, resources: { limits: { cpu: "2", memory: 128Mi } } }
actions:
  - { kind: DeletePod, at: 10s, target: default/a, gracePeriodSeconds: 1 }
`;

const lines = (r: SimulationRun) =>
  r.trace.logs.map((l) => `V${l.v} ${formatKlog(l).replace(/^(\w)\S+ \S+ +\d+ /, '$1 ')}`);

describe('CPU manager lines when a container lets go of its CPUs', () => {
  it('static, 1.34: the reconcile loop removes the stale assignment, then the containerMap entry', () => {
    const r = runText(text('static'));
    const uid = Object.values(r.config.pods).find((p) => p.name === 'a')!.uid;
    const kv = `podUID="${uid}" containerName=`;
    const got = lines(r).filter(
      (l) =>
        // (not the topology manager scope's "RemoveContainer": scope.go)
        (/RemoveStale|RemoveContainer|Deleted CPUSet/.test(l) && !l.includes('scope.go')) ||
        (l.includes('Updated default CPUSet') && l.includes('"0-7"')),
    );
    expect(got).toEqual([
      `V2 I cpu_manager.go:388] "RemoveStaleState: removing container" ${kv}"app"`,
      `V0 I policy_static.go:433] "Static policy: RemoveContainer" ${kv}"app"`,
      `V2 I state_mem.go:107] "Deleted CPUSet assignment" ${kv}"app"`,
      'V0 I state_mem.go:88] "Updated default CPUSet" cpuSet="0-7"',
      `V2 I cpu_manager.go:401] "RemoveStaleState: containerMap: removing container" ${kv}"side"`,
      `V0 I policy_static.go:433] "Static policy: RemoveContainer" ${kv}"side"`,
      // The memory manager's own containerMap (None policy): let go of at b's admission, when
      // its Allocate runs its removeStaleState.
      `V2 I memory_manager.go:368] "RemoveStaleState removing state" ${kv}"app"`,
      `V2 I memory_manager.go:368] "RemoveStaleState removing state" ${kv}"side"`,
    ]);
    // After the pod's termination (it is no longer active), at the loop's next 10 s tick.
    const at = r.trace.logs.find((l) =>
      formatKlog(l).includes('"RemoveStaleState: removing container"'),
    )!.t;
    expect(at).toBe(20_000);
    // The freed CPUs are back in the pool the views show.
    const snap = r.trace.records.filter((x) => x.kind === 'cpuAssignments' && x.t === at);
    expect(snap.map((s) => (s.data as { defaultCpuSet: string }).defaultCpuSet)).toEqual(['0-7']);
  });

  it('none: only the containerMap entries go, at the next admission (Allocate runs removeStaleState)', () => {
    const r = runText(text('none'));
    const got = lines(r).filter(
      (l) => /RemoveStale|RemoveContainer|Deleted CPUSet/.test(l) && !l.includes('scope.go'),
    );
    expect(got.map((l) => l.replace(/podUID="[^"]+" /, ''))).toEqual([
      'V2 I cpu_manager.go:401] "RemoveStaleState: containerMap: removing container" containerName="app"',
      'V2 I cpu_manager.go:401] "RemoveStaleState: containerMap: removing container" containerName="side"',
      'V2 I memory_manager.go:368] "RemoveStaleState removing state" containerName="app"',
      'V2 I memory_manager.go:368] "RemoveStaleState removing state" containerName="side"',
    ]);
    const admitB = r.trace.logs.findIndex(
      (l) =>
        l.msg === 'Topology manager admission check' && l.kv.some(([, v]) => v === '"default/b"'),
    );
    // (the model's message is today's, "containerMap: removing container"; 1.34 printed this)
    const first = r.trace.logs.findIndex((l) =>
      formatKlog(l).includes('"RemoveStaleState: containerMap: removing container"'),
    );
    // scope_none.go admitPolicyNone: the device manager's Allocate for b's container (one
    // "Looking for needed resources" per limit), then the CPU manager's, which cleans up first.
    expect(r.trace.logs.slice(admitB + 1, first).map((l) => l.msg)).toEqual([
      'Looking for needed resources',
      'Looking for needed resources',
    ]);
  });

  it("1.37: contextual logging (1.35): the values before the message's, the state's named logger", () => {
    const r = runText(text('static', '1.37'));
    const got = lines(r).filter(
      (l) =>
        (/removing container|RemoveContainer|Deleted CPUSet/.test(l) && !l.includes('scope.go')) ||
        (l.includes('Updated default CPUSet') && l.includes('"0-7"')),
    );
    const state = 'logger="CPUManager state checkpoint.CPUManager state memory"';
    expect(got.map((l) => l.replace(/[0-9a-f-]{36}/, 'UID'))).toEqual([
      'V2 I cpu_manager.go:427] "removing container" podUID="UID" containerName="app"',
      'V0 I policy_static.go:654] "RemoveContainer start" podUID="UID" containerName="app"',
      `V2 I state_mem.go:161] "Deleted CPUSet assignment" ${state} podUID="UID" containerName="app"`,
      `V0 I state_mem.go:123] "Updated default CPUSet" ${state} cpuSet="0-7"`,
      // RemoveContainer's deferred V(4) line repeats the message ("RemoveContainer start")
      'V4 I policy_static.go:655] "RemoveContainer start" podUID="UID" containerName="app"',
      'V2 I cpu_manager.go:441] "containerMap: removing container" podUID="UID" containerName="side"',
      'V0 I policy_static.go:654] "RemoveContainer start" podUID="UID" containerName="side"',
      'V4 I policy_static.go:655] "RemoveContainer start" podUID="UID" containerName="side"',
    ]);
  });

  it('1.18: klog.Errorf "[cpumanager] removeStaleState: removing (pod …)", no containerMap pass', () => {
    const r = runText(text('static', '1.18'));
    const got = lines(r).filter((l) => /removeStaleState|RemoveContainer/.test(l));
    expect(got.map((l) => l.replace(/[0-9a-f-]{36}/, 'UID'))).toEqual([
      'V0 E cpu_manager.go:342] [cpumanager] removeStaleState: removing (pod UID, container: app)',
      'V0 I policy_static.go:248] [cpumanager] static policy: RemoveContainer (pod: UID, container: app)',
    ]);
  });
});
