/**
 * What the rebuild keeps of what people paste: containers no record names (Events before 1.15
 * carry the image, not the container), pods killed as a whole, 1.36's startup-duration line,
 * status fragments, and a current describe with an init container, a sidecar and two containers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayText } from '../../../src/replay';
import { diffRecords } from '../../../src/replay/compare';
import { replayOfRun } from '../../../src/replay/fromTrace';
import { reconstructScenario } from '../../../src/replay/scenario';
import { simulate, validateScenario } from '../../../src/sim';

// The layout of `kubectl describe pod` Events before 1.15 (From "kubelet, <node>"), as pasted in
// public issue threads of 2018 (e.g. google/trillian#1182); names changed.
const EVENTS = `Events:
  Type    Reason     Age   From                 Message
  ----    ------     ----  ----                 -------
  Normal  Scheduled  36s   default-scheduler    Successfully assigned web-5d8f7 to node-a
  Normal  Pulling    32s   kubelet, node-a      pulling image "registry.example/web:1.2"
  Normal  Created    30s   kubelet, node-a      Created container`;

describe('an excerpt that names no container', () => {
  it('its one placeholder container runs the image the pull Events name, pulled, not present', () => {
    const r = replayText(EVENTS, { year: 2018 });
    const { input, yaml } = reconstructScenario(r, { source: 'x' });
    const v = validateScenario(input);
    if (!v.ok) throw new Error(JSON.stringify(v.problems));
    expect(v.scenario.pods[0]!.manifest.spec.containers.map((c) => c.image)).toEqual([
      'registry.example/web:1.2',
    ]);
    expect(v.scenario.node.images).toEqual([
      expect.objectContaining({ name: 'registry.example/web:1.2', present: false }),
    ]);
    expect(yaml).toMatch(/no container named in the input/);
    expect(yaml).not.toMatch(/unknown-image/);
  });
});

// A 1.29 kubelet's log of a pod killed as a whole, without the SyncLoop DELETE that caused it
// (the shape of kubernetes/kubernetes#125050's excerpt; names changed).
const KILLED = [
  'I0523 09:50:58.441583     268 kubelet.go:2415] "SyncLoop ADD" source="api" pods=["default/job-0-abcde"]',
  'I0523 09:51:39.975762     268 kuberuntime_container.go:770] "Killing container with a grace period" pod="default/job-0-abcde" podUID="4a2edca4-0000-41ee-94c6-170d1498fe93" containerName="worker" containerID="containerd://1726" gracePeriod=30',
  'I0523 09:51:39.975894     268 event.go:376] "Event occurred" object="default/job-0-abcde" fieldPath="spec.containers{worker}" kind="Pod" apiVersion="v1" type="Normal" reason="Killing" message="Stopping container worker"',
].join('\n');

describe('a pod the kubelet killed as a whole', () => {
  it('is rebuilt deleted at the kill, with its grace period, and the model kills it too', () => {
    const r = replayText(KILLED, { year: 2024 });
    const { input, yaml } = reconstructScenario(r, { source: 'x' });
    const v = validateScenario(input);
    if (!v.ok) throw new Error(JSON.stringify(v.problems));
    expect(v.scenario.actions).toEqual([
      expect.objectContaining({
        kind: 'DeletePod',
        target: 'default/job-0-abcde',
        gracePeriodSeconds: 30,
      }),
    ]);
    expect(yaml).toMatch(/killed the whole pod \("Stopping container …"\)/);
    const d = diffRecords(r, replayOfRun(simulate(v.scenario)));
    expect(d.diffs.filter((x) => x.kind === 'only-in-input').map((x) => x.what)).toEqual([]);
  });
});

describe('"Observed pod startup duration" of 1.36 (totalImagesPullingTime, no pull window)', () => {
  const line = (total: string) =>
    `I0301 10:00:05.123456    1234 pod_startup_latency_tracker.go:148] "Observed pod startup duration" pod="default/web-1" podStartSLOduration=1.2 podStartE2EDuration="5.1s" totalImagesPullingTime="${total}" totalInitContainerRuntime="0s" isStatefulPod=false podCreationTimestamp="2024-03-01 10:00:00 +0000 UTC" imagePullSessionsCount=1 imagePullSessionsStartsCount=1 observedRunningTime="2024-03-01 10:00:05.1 +0000 UTC" watchObservedRunningTime="2024-03-01 10:00:05.123 +0000 UTC"`;
  it('tells 1.36 and rebuilds the pull it took, or no pull when it took none', () => {
    const pulled = replayText(line('3.9s'), { year: 2026 });
    expect(pulled.version.label).toBe('≥ 1.36');
    const a = validateScenario(reconstructScenario(pulled, { source: 'x' }).input);
    if (!a.ok) throw new Error(JSON.stringify(a.problems));
    expect(a.scenario.node.images).toEqual([
      expect.objectContaining({ present: false, pullTime: 3900 }),
    ]);
    const none = replayText(line('0s'), { year: 2026 });
    const b = validateScenario(reconstructScenario(none, { source: 'x' }).input);
    if (!b.ok) throw new Error(JSON.stringify(b.problems));
    expect(b.scenario.node.images).toEqual([expect.objectContaining({ present: true })]);
  });
});

// A containerStatuses fragment of `kubectl get pod -o yaml` (the form of the API's PodStatus).
const STATUS = `  containerStatuses:
  - containerID: containerd://4c1e
    image: docker.io/library/nginx:1.25
    lastState:
      terminated:
        exitCode: 137
        finishedAt: "2024-03-01T10:02:11Z"
        reason: OOMKilled
        startedAt: "2024-03-01T10:01:50Z"
    name: nginx
    ready: false
    restartCount: 4
    state:
      waiting:
        reason: CrashLoopBackOff`;

describe('a status fragment', () => {
  it('its crash loop runs as long as its restart count says, not to the horizon cap', () => {
    const r = replayText(STATUS, { year: 2024 });
    const { input } = reconstructScenario(r, { source: 'x' });
    const v = validateScenario(input);
    if (!v.ok) throw new Error(JSON.stringify(v.problems));
    expect(v.scenario.faults).toEqual([
      expect.objectContaining({ kind: 'ContainerExit', exitCode: 137, afterSeconds: 21 }),
    ]);
    const d = diffRecords(r, replayOfRun(simulate(v.scenario)));
    expect(d.diffs.map((x) => [x.kind, x.what])).toEqual([]);
  });
});

describe('a current describe with an init container, a sidecar and two containers', () => {
  // Written in the layout kubectl 1.32-1.34 prints (tests/fixtures/replay is the invented corpus).
  const text = readFileSync(
    join(import.meta.dirname, '../../fixtures/replay/describe-sidecar-v134.txt'),
    'utf8',
  );
  it('keeps every container and its kind, finds the pull Events by image, and compares equal', () => {
    const r = replayText(text, { year: 2025 });
    const { input, yaml } = reconstructScenario(r, { source: 'x' });
    const v = validateScenario(input);
    if (!v.ok) throw new Error(JSON.stringify(v.problems));
    const spec = v.scenario.pods[0]!.manifest.spec;
    expect(spec.initContainers?.map((c) => [c.name, c.restartPolicy ?? null])).toEqual([
      ['migrate', null],
      ['log-shipper', 'Always'],
    ]);
    expect(spec.containers.map((c) => c.name)).toEqual(['app', 'metrics']);
    expect(yaml).toMatch(/log-shipper: an init container running beside the containers/);
    // The init container's image was pulled (its Events name the image, not the container).
    expect(v.scenario.node.images.find((i) => i.name === 'registry.example/migrate:2.1')).toEqual(
      expect.objectContaining({ present: false, pullTime: 2900, sizeBytes: 12345678 }),
    );
    const d = diffRecords(r, replayOfRun(simulate(v.scenario)));
    expect(d.diffs.map((x) => [x.kind, x.what])).toEqual([]);
    expect(d.notCompared).toBe(0);
  });
});

describe('a liveness kill in a current describe (Unhealthy x3, Killing, Last State 137)', () => {
  const text = readFileSync(
    join(import.meta.dirname, '../../fixtures/replay/describe-liveness-v134.txt'),
    'utf8',
  );
  it('fails the probe as often as one kill needs, ignores SIGTERM, and compares equal', () => {
    const r = replayText(text, { year: 2025 });
    const { input } = reconstructScenario(r, { source: 'x' });
    const v = validateScenario(input);
    if (!v.ok) throw new Error(JSON.stringify(v.problems));
    expect(v.scenario.faults).toEqual([
      expect.objectContaining({ kind: 'LivenessProbeFail', times: 3 }),
      expect.objectContaining({ kind: 'IgnoreSIGTERM' }),
    ]);
    const d = diffRecords(r, replayOfRun(simulate(v.scenario)));
    expect(d.diffs.map((x) => [x.kind, x.what])).toEqual([]);
    expect(d.notCompared).toBe(0);
  });
});

describe('kubectl get pods rows', () => {
  it('READY 1/2 rebuilds two containers, one crash-looping, as the row shows', () => {
    const r = replayText(
      [
        'NAME    READY   STATUS             RESTARTS      AGE',
        'db-1    1/2     CrashLoopBackOff   7 (2m ago)    20m',
      ].join('\n'),
      { year: 2025 },
    );
    const { input, yaml } = reconstructScenario(r, { source: 'x' });
    const v = validateScenario(input);
    if (!v.ok) throw new Error(JSON.stringify(v.problems));
    expect(v.scenario.pods[0]!.manifest.spec.containers.map((c) => c.name)).toEqual([
      'unnamed',
      'unnamed-2',
    ]);
    expect(yaml).toMatch(/READY 1\/2 counts 2 containers/);
    const model = replayOfRun(simulate(v.scenario)).events.filter((e) => e.what === 'PodRow');
    expect(model[model.length - 1]?.data?.ready).toBe('1/2');
  });
});

describe('a status fragment without metadata', () => {
  // The fragment above pasted under a log of its kubelet (a 1.29 line naming the pod) and next
  // to another pod's describe: the fragment is the pod whose container it names.
  const LOG =
    'I0301 10:01:40.000000    2817 kubelet.go:2415] "SyncLoop ADD" source="api" pods=["shop/cart-7d9f-abcde"]';
  it("takes its pod's name from the log line that names it", () => {
    const r = replayText(`${LOG}\n${STATUS}`, { year: 2024 });
    expect([...r.pods.keys()]).toEqual(['shop/cart-7d9f-abcde']);
    expect(r.events.filter((e) => e.what === 'ContainerRestartCount').map((e) => e.pod)).toEqual([
      'shop/cart-7d9f-abcde',
    ]);
    const { yaml } = reconstructScenario(r, { source: 'x' });
    expect(yaml).not.toMatch(/unnamed-pod/);
  });
  it('goes to the one pod whose containers include its own', () => {
    const other =
      'I0301 10:01:41.000000    2817 kuberuntime_container.go:770] "Killing container with a grace period" pod="shop/db-0" podUID="4a2edca4-0000-41ee-94c6-170d1498fe93" containerName="postgres" containerID="containerd://1726" gracePeriod=30';
    const mine =
      'I0301 10:01:42.000000    2817 kuberuntime_container.go:770] "Killing container with a grace period" pod="shop/cart-7d9f-abcde" podUID="5b2edca4-0000-41ee-94c6-170d1498fe93" containerName="nginx" containerID="containerd://1727" gracePeriod=30';
    const r = replayText(`${other}\n${mine}\n${STATUS}`, { year: 2024 });
    expect(r.events.find((e) => e.what === 'ContainerRestartCount')?.pod).toBe(
      'shop/cart-7d9f-abcde',
    );
  });
  it('alone, says its pod is not named', () => {
    const { yaml } = reconstructScenario(replayText(STATUS, { year: 2024 }), { source: 'x' });
    expect(yaml).toMatch(/default\/unnamed-pod: the pod's name is not in the input/);
  });
});
