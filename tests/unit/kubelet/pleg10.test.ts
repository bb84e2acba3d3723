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

describe('GenericPLEG.relist: "Generic (PLEG): container finished"', () => {
  const r = runPreset('crashloop-backoff');
  const finished = r.trace.logs.filter((l) => l.msg === 'Generic (PLEG): container finished');
  const died = r.trace.logs.filter(
    (l) => l.msg === 'SyncLoop (PLEG): event for pod' && l.kv[1]![1].includes('"ContainerDied"'),
  );

  it('logs the exit code of each container that died, at V(2), before the sync loop sees it', () => {
    expect(finished.length).toBeGreaterThan(0);
    const line = formatKlog(finished[0]!);
    expect(line).toMatch(
      /generic\.go:\d+\] "Generic \(PLEG\): container finished" podID="[0-9a-f-]{36}" containerID="[0-9a-f]{64}" exitCode=1$/,
    );
    expect(finished[0]!.v).toBe(2);
    for (const f of finished) {
      const id = JSON.parse(f.kv[1]![1]) as string;
      const event = died.find((d) => d.kv[1]![1].includes(id))!;
      expect(event.step).toBeGreaterThan(f.step);
      const exited = r.trace.records.find((x) => x.kind === 'containerStarted' && x.data.id === id);
      expect(exited).toBeDefined();
    }
  });

  it('says nothing for a sandbox that stopped (not in the cached container statuses)', () => {
    const d = runPreset('delete-grace-period');
    const sandbox = d.trace.records.find((x) => x.kind === 'sandboxCreated')!.data.id;
    const diedIds = d.trace.logs
      .filter(
        (l) =>
          l.msg === 'SyncLoop (PLEG): event for pod' && l.kv[1]![1].includes('"ContainerDied"'),
      )
      .map((l) => (JSON.parse(l.kv[1]![1]) as { Data: string }).Data);
    // The sandbox's death is an event like the container's; only the container's is logged.
    expect(diedIds).toContain(sandbox);
    const logged = d.trace.logs
      .filter((l) => l.msg === 'Generic (PLEG): container finished')
      .map((l) => JSON.parse(l.kv[1]![1]) as string);
    expect(logged).toHaveLength(1);
    expect(logged).not.toContain(sandbox);
  });
});
