/**
 * Row 8: the CPU and topology managers' klog lines at admission, at their verbosity (klog.InfoS,
 * V0, except V(4) "Allocated exclusive CPUs"): policy_static.go Allocate/allocateCPUs and
 * GetTopologyHints, state_mem.go's CPUSet updates, topologymanager scope_container.go Admit
 * ("TopologyHints" per provider: the device manager's {}, the CPU manager's, the None memory
 * manager's null), policy.go filterProvidersHints; and the device manager's V(3) "Looking for
 * needed resources" for every limit of every container (manager.go allocateContainerResources,
 * before its device plugin resource check).
 */
import { describe, expect, it } from 'vitest';
import { formatKlog, type SimulationRun } from '../../../src/sim/index';
import { runPreset } from './helpers';

/** The lines between the pod's admission check and its admit result. */
function admissionLines(run: SimulationRun, pod: string): string[] {
  const logs = run.trace.logs;
  const start = logs.findIndex(
    (l) => l.msg === 'Topology manager admission check' && l.kv.some(([, v]) => v === `"${pod}"`),
  );
  const end = logs.findIndex((l, i) => i > start && l.msg === 'Pod Admit Result');
  return logs.slice(start + 1, end).map((l) => `V${l.v} ${formatKlog(l).replace(/^.*\] /, '')}`);
}

describe('CPU and topology manager klog lines', () => {
  it('static policy: Allocate, the stored affinity, allocateCPUs and the state updates', () => {
    const run = runPreset('static-vs-none');
    const uid = run.trace.logs
      .find((l) => l.msg === 'Updated desired CPUSet')!
      .kv.find(([k]) => k === 'podUID')![1];
    // 1.35+ (contextual logging): Allocate's logger carries pod, podUID and containerName,
    // "Allocate start" opens and a deferred V(2) "Allocate end" closes each container's turn;
    // state_mem.go prints through the checkpoint state's named logger.
    const who = `pod="default/web" podUID=${uid}`;
    const state = 'logger="CPUManager state checkpoint.CPUManager state memory"';
    expect(admissionLines(run, 'default/web')).toEqual([
      `V3 "Looking for needed resources" resourceName="cpu" pod="default/web" containerName="app" needed=2`,
      `V3 "Looking for needed resources" resourceName="memory" pod="default/web" containerName="app" needed=1073741824`,
      `V0 "Allocate start" ${who} containerName="app"`,
      `V0 "Topology Affinity" ${who} containerName="app" affinity={"NUMANodeAffinity":null,"Preferred":false}`,
      `V0 "AllocateCPUs" ${who} containerName="app" numCPUs=2 socket=null`,
      `V0 "Updated default CPUSet" ${state} cpuSet="0,2-8,10-15"`,
      `V0 "Updated desired CPUSet" ${state} podUID=${uid} containerName="app" cpuSet="1,9"`,
      `V4 "Allocated exclusive CPUs" ${who} containerName="app" cpuset="1,9"`,
      `V2 "Allocate end" ${who} containerName="app"`,
      `V3 "Looking for needed resources" resourceName="cpu" pod="default/web" containerName="log-shipper" needed=1`,
      `V3 "Looking for needed resources" resourceName="memory" pod="default/web" containerName="log-shipper" needed=134217728`,
      `V0 "Allocate start" ${who} containerName="log-shipper"`,
      `V2 "Allocate end" ${who} containerName="log-shipper"`,
    ]);
    // The default set printed is the one the CPU manager holds after the admission.
    const snap = run.trace.records.find(
      (r) => r.kind === 'cpuAssignments' && r.entity === 'syncLoop',
    )!;
    expect((snap.data as { defaultCpuSet: string }).defaultCpuSet).toBe('0,2-8,10-15');
  });

  it('single-numa-node: the hints, then the best hint that rejects the pod', () => {
    const run = runPreset('numa-does-not-fit');
    const who = 'pod="default/db-6f9c7d8b5-x2kqp" containerName="postgres"';
    expect(admissionLines(run, 'default/db-6f9c7d8b5-x2kqp')).toEqual([
      `V0 "TopologyHints" hints={} ${who}`,
      `V0 "TopologyHints generated" pod="default/db-6f9c7d8b5-x2kqp" podUID="f676f6a5-f376-41ec-b6f3-f176eec6f37f" containerName="postgres" cpuHints=[{"NUMANodeAffinity":3,"Preferred":false}]`,
      `V0 "TopologyHints" hints={"cpu":[{"NUMANodeAffinity":3,"Preferred":false}]} ${who}`,
      `V0 "TopologyHints" hints=null ${who}`,
      'V0 "Hint Provider has no preference for NUMA affinity with any resource"',
      'V0 "Hint Provider has no preference for NUMA affinity with any resource"',
      `V0 "ContainerTopologyHint" bestHint={"NUMANodeAffinity":null,"Preferred":false} ${who}`,
      `V0 "Best TopologyHint" bestHint={"NUMANodeAffinity":null,"Preferred":false} ${who}`,
    ]);
  });

  it('full-pcpus-only: an SMT alignment error returns right after "Allocate start"', () => {
    const run = runPreset('odd-cpus-on-smt');
    expect(
      admissionLines(run, 'default/three-cpus').map((l) => l.replace(/podUID="[^"]+" /, '')),
    ).toEqual([
      'V3 "Looking for needed resources" resourceName="cpu" pod="default/three-cpus" containerName="haproxy" needed=3',
      'V3 "Looking for needed resources" resourceName="memory" pod="default/three-cpus" containerName="haproxy" needed=1073741824',
      'V0 "Allocate start" pod="default/three-cpus" containerName="haproxy"',
      'V2 "Allocate end" pod="default/three-cpus" containerName="haproxy"',
    ]);
  });

  it('kubelet 1.18 keeps its own printf lines, not these', () => {
    const run = runPreset('v1-18-prestart-cpuset');
    const text = run.trace.logs.map((l) => l.text ?? l.msg).join('\n');
    expect(text).toContain('[cpumanager] static policy: Allocate (pod: web, container: app)');
    expect(text).not.toContain('Static policy: Allocate"');
    // state_mem.go's setters printed too (v1.18.6 state_mem.go:88), in klog v1's printf form.
    expect(
      run.trace.logs.filter((l) => l.msg === 'Updated default CPUSet').map((l) => l.text),
    ).toEqual(['[cpumanager] updated default cpuset: "0,2-4,6-7"']);
  });
});
