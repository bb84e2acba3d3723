/**
 * Row 10 of the second fidelity round: GenericPLEG's order within one relist, the
 * ContainerID struct as klog prints it, and HandleError's caller as the source.
 */
import { describe, expect, it } from 'vitest';
import { formatKlog, logsAt } from '../../../src/sim/index';
import { plegEffects } from '../../../src/sim/kubelet/effects/pleg';
import { pod, runPreset, runText, scenario } from './helpers';

describe('GenericPLEG.relist: getContainersFromPods(oldPod, pod)', () => {
  it('reports the containers of a pod before its sandboxes', () => {
    const r = runPreset('hello-pod');
    const app = r.trace.records.find((x) => x.kind === 'containerStarted')!;
    // The first relist after the start sees the sandbox and the container, both new.
    const t = r.trace.logs.find((l) => l.msg === 'GenericPLEG' && l.t >= app.t)!.t;
    const ids = r.trace.logs
      .filter((l) => l.msg === 'GenericPLEG' && l.t === t)
      .map((l) => JSON.parse(l.kv[1]![1]) as string);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(app.data.id);
    // The events go to the sync loop in the same order.
    const events = r.trace.logs
      .filter((l) => l.msg === 'SyncLoop (PLEG): event for pod' && l.t === t)
      .map((l) => (JSON.parse(l.kv[1]![1]) as { Data: string }).Data);
    expect(events).toEqual(ids);
  });

  it("puts the old record's containers first: a removed container before a new one", () => {
    // One relist, driven directly: the old record had c-old (exited) and the sandbox; the
    // runtime now lists c-new (running) and the sandbox, c-old having been removed.
    const logs: { msg: string; kv: [string, string][] }[] = [];
    const domain = {
      pleg: { seen: { u: { 'c-old': 'exited', s: 'running' } }, dirty: { u: true } },
      runtime: {
        podContainers: { u: ['c-new'] },
        podSandboxes: { u: ['s'] },
        containers: { 'c-new': { state: 'RUNNING' } },
        sandboxes: { s: { state: 'SANDBOX_READY' } },
      },
      cache: { pods: {}, timestamp: 0 },
      cacheWaiters: {},
    };
    const api = {
      domain,
      t: 5000,
      log: (l: { msg: string; kv: [string, string][] }) => logs.push(l),
      send: () => {},
      returned: () => {},
    };
    const relist = plegEffects({ cfg: { pods: {} } } as never).relist as unknown as (
      a: typeof api,
    ) => void;
    relist(api);
    const order = logs
      .filter((l) => l.msg === 'GenericPLEG')
      .map((l) => JSON.parse(l.kv[1]![1]) as string);
    expect(order).toEqual(['c-old', 'c-new']);
    // The current pod becomes the old record: containers, then sandboxes.
    expect(Object.keys(domain.pleg.seen.u)).toEqual(['c-new', 's']);
  });
});

describe('klog renderings', () => {
  it('"Message for Container of pod" prints the ContainerID struct as JSON', () => {
    const r = runText(
      scenario({
        pods: pod(
          'web',
          'containers:\n  - name: app\n    image: nginx:1.27\n    livenessProbe: { httpGet: { path: /healthz, port: 80 }, periodSeconds: 5 }',
        ),
        faults: '  - { kind: LivenessProbeFail, target: default/web/app, times: 3 }',
      }),
    );
    const line = r.trace.logs.find((l) => l.msg === 'Message for Container of pod')!;
    const id = r.trace.records.find((x) => x.kind === 'containerStarted')!.data.id;
    expect(line.kv.find(([k]) => k === 'containerStatusID')![1]).toBe(
      `{"Type":"containerd","ID":"${id}"}`,
    );
  });

  it('"Unhandled Error" names its caller, kuberuntime_manager.go, with logger="UnhandledError"', () => {
    const r = runPreset('poststart-failure');
    const text = logsAt(r.trace.logs, r.trace.steps.t.length, 0).map(formatKlog);
    const l = text.find((x) => x.includes('"Unhandled Error"'))!;
    expect(l).toMatch(/^E\d{4} [\d:.]+ +\d+ kuberuntime_manager\.go:\d+\] "Unhandled Error" err=/);
    expect(l).toMatch(/ logger="UnhandledError"$/);
  });
});
