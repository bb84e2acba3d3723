import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  eventsAt,
  formatKlog,
  narrate,
  narrateEvent,
  parseScenario,
  podsAt,
  simulate,
} from '../../src/sim/index';

const HELLO = `apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: hello-pod }
seed: 1
horizon: 30s
node:
  name: node-1
  topology: { sockets: 1, coresPerSocket: 4, threadsPerCore: 2 }
  images:
    - { name: nginx:1.27, present: true }
  runtime: { createContainer: 50ms, startContainer: 100ms, runPodSandbox: 1s }
pods:
  - at: 0s
    manifest:
      metadata: { name: web, namespace: default }
      spec:
        containers:
          - name: app
            image: nginx:1.27
            resources: { requests: { cpu: 500m, memory: 128Mi }, limits: { cpu: 500m, memory: 128Mi } }
`;

function run(text = HELLO) {
  const p = parseScenario(text);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return simulate(p.scenario);
}

describe('hello pod', () => {
  const r = run();
  const steps = r.trace.steps.t.length;

  it('emits Pulled (already present), Created, Started from the kubelet, after the sandbox', () => {
    const ev = eventsAt(r.trace, steps);
    expect(ev.map((e) => [e.type, e.reason, e.message, e.fieldPath, e.source])).toEqual([
      // The scheduler's binding event heads the list (schedule_one.go).
      [
        'Normal',
        'Scheduled',
        'Successfully assigned default/web to node-1',
        null,
        'default-scheduler',
      ],
      [
        'Normal',
        'Pulled',
        'Container image "nginx:1.27" already present on machine and can be accessed by the pod',
        'spec.containers{app}',
        'kubelet',
      ],
      ['Normal', 'Created', 'Container created', 'spec.containers{app}', 'kubelet'],
      ['Normal', 'Started', 'Container started', 'spec.containers{app}', 'kubelet'],
    ]);
    // WaitForAttachAndMount 300 ms (kube-api-access mounted at 157 ms, seen at the next 300 ms
    // poll); runPodSandbox takes 1 s; create 50 ms; start 100 ms.
    expect(ev.map((e) => e.firstSeen)).toEqual([0, 1300, 1350, 1450]);
  });

  it('reports the pod Running and Ready once the PLEG has seen the container', () => {
    const rows = podsAt(r, steps);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'web',
      ready: '1/1',
      status: 'Running',
      restarts: '0',
      qosClass: 'Guaranteed',
    });
    expect(rows[0]!.conditions.map((c) => [c.type, c.status])).toEqual([
      ['PodReadyToStartContainers', 'True'],
      ['Initialized', 'True'],
      ['Ready', 'True'],
      ['ContainersReady', 'True'],
      ['PodScheduled', 'True'],
    ]);
    // Right after the start, before the PLEG relist, kubectl still shows ContainerCreating.
    const started = r.trace.events.find((e) => e.reason === 'Started')!.step;
    expect(podsAt(r, started + 1)[0]).toMatchObject({ status: 'ContainerCreating', ready: '0/1' });
  });

  it('formats klog lines exactly', () => {
    const add = r.trace.logs.find((l) => l.msg === 'SyncLoop ADD')!;
    expect(formatKlog(add)).toBe(
      'I1122 10:00:00.000000    1234 kubelet.go:2724] "SyncLoop ADD" source="api" pods=["default/web"]',
    );
  });

  it("narrates the latest step in the kubelet's words, with its Event apart", () => {
    const started = r.trace.events.find((e) => e.reason === 'Started')!.step;
    expect(narrate(r, started + 1)).toBe(
      '1.45 s: CRI StartContainer returned after 100 ms: app runs (Started); no PostStart hook, so startContainer returns and SyncPod goes on.',
    );
    expect(narrateEvent(r, started + 1)).toBe('container app started');
  });

  it('is deterministic', () => {
    const strip = (x: ReturnType<typeof run>) => JSON.stringify({ ...x.trace, checkpoints: 0 });
    expect(strip(run())).toBe(strip(r));
  });

  it('the hello-pod preset validates and runs', () => {
    const text = readFileSync('presets/hello-pod.yaml', 'utf8');
    const p = run(text);
    expect(
      eventsAt(p.trace, p.trace.steps.t.length)
        .map((e) => e.reason)
        .slice(0, 4),
    ).toEqual(['Scheduled', 'Pulled', 'Created', 'Started']);
  });
});
