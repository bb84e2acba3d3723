/**
 * The CPU manager as statecharts (cpuManager.machine.ts): each container's CPUs are decided at
 * admission (policy_static.go Allocate, called by the topology manager's admit handler), applied
 * where the cpuset reaches the container (PreCreateContainer now, PreStartContainer after
 * CreateContainer in v1.18), and released by removeStaleState once the pod is gone; the reconcile
 * loop runs every cpuManagerReconcilePeriod.
 */
import { describe, expect, it } from 'vitest';
import type { SimulationRun } from '../../../src/sim/index';
import { pod, runPreset, runText, scenario } from './helpers';

interface Step {
  i: number;
  t: number;
  event: string;
  from: string;
  to: string;
  guard: string;
}

function stepsOf(run: SimulationRun, id: string): Step[] {
  const { steps, strings, entities } = run.trace;
  const ent = entities.findIndex((e) => e.id === id);
  const out: Step[] = [];
  for (let i = 0; i < steps.t.length; i++)
    if (steps.entity[i] === ent)
      out.push({
        i,
        t: steps.t[i]!,
        event: strings[steps.event[i]!]!,
        from: strings[steps.from[i]!]!,
        to: strings[steps.to[i]!]!,
        guard: strings[steps.guard[i]!]!,
      });
  return out;
}

const path = (s: Step[]) => s.map((x) => `${x.to}${x.guard ? ` [${x.guard}]` : ''}`);

const GUARANTEED = (name: string, cpu: string) => `containers:
  - name: ${name}
    image: nginx:1.27
    resources:
      requests: { cpu: '${cpu}', memory: 64Mi }
      limits: { cpu: '${cpu}', memory: 64Mi }`;

describe('CPU manager statecharts', () => {
  it('static policy: Guaranteed integer CPUs are allocated at admission, applied at PreCreateContainer', () => {
    const run = runPreset('static-vs-none');
    const app = stepsOf(run, 'cpuContainer:default/web/app');
    expect(path(app)).toEqual(['admitting', 'exclusive.allocated [fits]', 'exclusive.applied']);
    // Allocated during the SyncLoop ADD that admitted the pod.
    const add = run.trace.logs.find((l) => l.msg === 'SyncLoop ADD')!;
    expect(app[1]!.t).toBe(add.t);
    // Applied when PreCreateContainer wrote its cpuset into the create config.
    const cpuset = run.trace.records.find(
      (r) => r.kind === 'cpuset' && r.data.container === 'app',
    )!;
    expect(cpuset.data).toMatchObject({ container: 'app' });
    expect((cpuset.data as { cpuset: string }).cpuset).not.toBe('');
    expect(app[2]!.t).toBe(cpuset.t);
    expect(path(stepsOf(run, 'cpuContainer:default/web/log-shipper'))).toEqual([
      'admitting',
      'sharedPool.assigned [not Guaranteed with integer CPU request]',
      'sharedPool.applied',
    ]);
  });

  it('v1.18: the cpuset is applied by PreStartContainer, after CreateContainer', () => {
    const run = runPreset('v1-18-prestart-cpuset');
    const app = stepsOf(run, 'cpuContainer:default/web/app');
    expect(path(app)).toEqual(['admitting', 'exclusive.allocated [fits]', 'exclusive.applied']);
    const created = stepsOf(run, 'startContainer:default/web/app').find((s) =>
      s.from.endsWith('creating'),
    )!;
    expect(app[2]!.t).toBeGreaterThanOrEqual(created.t);
  });

  it('a pod that does not fit fails its allocation; the next removeStaleState releases it', () => {
    const run = runPreset('numa-does-not-fit');
    const first = stepsOf(run, 'cpuContainer:default/db-6f9c7d8b5-x2kqp/postgres');
    expect(path(first)).toEqual(['admitting', 'allocationFailed', 'released']);
    expect(run.trace.events.some((e) => e.reason === 'TopologyAffinityError')).toBe(true);
  });

  it('a deleted pod is released at the first reconcile after its worker finished', () => {
    const run = runText(
      scenario({
        kubelet:
          "cpuManagerPolicy: static, reservedSystemCPUs: '0', cpuManagerReconcilePeriod: 10s",
        pods: pod('web', GUARANTEED('app', '2')),
        actions: '  - { kind: DeletePod, at: 12s, target: default/web, gracePeriodSeconds: 1 }',
      }),
    );
    const app = stepsOf(run, 'cpuContainer:default/web/app');
    expect(path(app)).toEqual([
      'admitting',
      'exclusive.allocated [fits]',
      'exclusive.applied',
      'released',
    ]);
    const loop = stepsOf(run, 'cpuManager');
    const reconciles = loop.filter((s) => s.to === 'reconciling').map((s) => s.t);
    // The reconcile loop: every period from the kubelet's start.
    expect(reconciles.slice(0, 3)).toEqual([10_000, 20_000, 30_000]);
    expect(reconciles).toContain(app[3]!.t);
    expect(app[3]!.t).toBeGreaterThan(12_000);
    const after = run.trace.records.filter((r) => r.kind === 'cpuAssignments' && r.t === app[3]!.t);
    expect(after.at(-1)?.data).toMatchObject({ assignments: {} });
  });

  it('after a kubelet restart the restored checkpoint is "already assigned"', () => {
    const run = runText(
      scenario({
        kubelet: "cpuManagerPolicy: static, reservedSystemCPUs: '0'",
        pods: pod('web', GUARANTEED('app', '2')),
        actions: '  - { kind: RestartKubelet, at: 20s }',
      }),
    );
    const app = stepsOf(run, 'cpuContainer:default/web/app');
    expect(path(app)).toContain('exclusive.allocated [already assigned]');
  });
});
