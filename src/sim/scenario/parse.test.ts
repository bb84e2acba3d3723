import { describe, expect, it } from 'vitest';
import { formatProblem, parseScenario } from './parse';

const hello = `apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: hello-pod, description: One pod, one container }
seed: 1
horizon: 10m
node:
  name: node-1
  topology: { sockets: 1, coresPerSocket: 4, threadsPerCore: 2 }
  kubelet:
    cpuManagerPolicy: none
    serializeImagePulls: true
  images:
    - { name: nginx:1.27, present: true }
    - { name: example.com/big:1, sizeBytes: 2000000000, pullTime: 90s }
  runtime: { createContainer: 50ms, startContainer: 100ms, runPodSandbox: 1s }
pods:
  - at: 0s
    manifest:
      apiVersion: v1
      kind: Pod
      metadata: { name: web, namespace: default }
      spec:
        containers:
          - name: app
            image: nginx:1.27
            resources: { requests: { cpu: 500m, memory: 128Mi }, limits: { cpu: 500m, memory: 128Mi } }
faults: []
actions: []
`;

const RESOURCES =
  '            resources: { requests: { cpu: 500m, memory: 128Mi }, limits: { cpu: 500m, memory: 128Mi } }\n';

describe('scenario parsing', () => {
  it('accepts the documented v1 example and applies defaults', () => {
    const r = parseScenario(hello);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.horizon).toBe(600_000);
    expect(r.scenario.node.runtime.createContainer).toBe(50);
    expect(r.scenario.node.images[1]!.pullTime).toBe(90_000);
    expect(r.scenario.node.images[1]!.present).toBe(false);
    expect(r.scenario.node.kubelet.maxPods).toBe(110);
    expect(r.scenario.node.kubelet.topologyManagerPolicy).toBe('none');
    expect(r.scenario.pods[0]!.manifest.metadata.namespace).toBe('default');
  });

  it('accepts JSON too', () => {
    const r = parseScenario(
      JSON.stringify({
        apiVersion: 'kubeletscope/v1',
        kind: 'Scenario',
        metadata: { name: 'x' },
        node: { topology: { preset: 'laptop' } },
        pods: [],
      }),
    );
    expect(r.ok).toBe(true);
  });

  it('names the field path and line of a schema error', () => {
    const r = parseScenario(
      hello.replace('image: nginx:1.27\n            resources', 'image: ""\n            resources'),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0]).toMatchObject({
      path: 'pods[0].manifest.spec.containers[0].image',
      line: 25,
    });
    expect(formatProblem(r.problems[0]!)).toContain('line 25');
  });

  it('points at the line of malformed YAML', () => {
    const r = parseScenario(hello.replace('  kubelet:\n', '  kubelet: [\n'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0]!.line).toBeGreaterThanOrEqual(9);
  });

  it('rejects a bad duration with the field path', () => {
    const r = parseScenario(hello.replace('horizon: 10m', 'horizon: ten minutes'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0]).toMatchObject({ path: 'horizon', line: 5 });
    expect(r.problems[0]!.message).toContain('not a duration');
  });

  it('rejects unknown top-level fields and unknown fault kinds', () => {
    const r = parseScenario(
      hello.replace('faults: []', 'faults: [{ kind: DiskFull, target: default/web }]\nextra: 1'),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const paths = r.problems.map((p) => p.path);
    expect(paths).toContain('faults[0].kind');
    expect(r.problems).toContainEqual({
      path: 'extra',
      message: 'unknown field "extra"',
      line: 28,
      column: 1,
    });
  });

  it('rejects unknown fields in a pod as kubectl apply --validate=strict does, at their line', () => {
    const r = parseScenario(
      hello.replace(
        '            image: nginx:1.27\n',
        '            image: nginx:1.27\n            startUpProbe:\n              exec: { command: [true] }\n',
      ),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      {
        path: 'pods[0].manifest.spec.containers[0].startUpProbe',
        message: 'unknown field "spec.containers[0].startUpProbe"',
        line: 26,
        column: 13,
      },
    ]);
    expect(formatProblem(r.problems[0]!)).toBe(
      'line 26:13: pods[0].manifest.spec.containers[0].startUpProbe: unknown field "spec.containers[0].startUpProbe"',
    );
  });

  it("refuses a request above its limit with the API server's message, at the request's line", () => {
    const r = parseScenario(
      hello.replace(
        RESOURCES,
        '            resources: { requests: { cpu: "4", memory: 128Mi }, limits: { cpu: 2000m, memory: 128Mi } }\n',
      ),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      {
        path: 'pods[0].manifest.spec.containers[0].resources.requests.cpu',
        message:
          'The Pod "web" is invalid: spec.containers[0].resources.requests: Invalid value: "4": must be less than or equal to cpu limit of 2',
        line: 26,
        column: 43,
      },
    ]);
    // Equal, or below, is fine.
    expect(
      parseScenario(
        hello.replace(
          RESOURCES,
          '            resources: { requests: { cpu: "1" }, limits: { cpu: 1000m } }\n',
        ),
      ).ok,
    ).toBe(true);
  });

  it('reports a mis-indented key at its own line, not at its parent', () => {
    // readinessProbe's periodSeconds slipped out of the probe into the container, and
    // a container field slipped out into the pod spec.
    const text = hello.replace(
      RESOURCES,
      [
        RESOURCES.trimEnd(),
        '            readinessProbe:',
        '              httpGet: { path: /, port: 80 }',
        '            periodSeconds: 5',
        '        imagePullPolicy: Always',
        '',
      ].join('\n'),
    );
    const r = parseScenario(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const lines = text.split('\n');
    const lineOf = (s: string) => lines.findIndex((l) => l.trimStart().startsWith(s)) + 1;
    expect(r.problems.map((p) => [p.message, p.line])).toEqual(
      expect.arrayContaining([
        ['unknown field "spec.containers[0].periodSeconds"', lineOf('periodSeconds')],
        ['unknown field "spec.imagePullPolicy"', lineOf('imagePullPolicy')],
      ]),
    );
  });

  it('accepts real Pod API fields it does not model, as kubectl does', () => {
    const r = parseScenario(
      hello.replace(
        RESOURCES,
        [
          RESOURCES.trimEnd(),
          '            ports: [{ containerPort: 80 }]',
          '            terminationMessagePath: /dev/termination-log',
          '            readinessProbe:',
          '              httpGet: { path: /, port: 80, httpHeaders: [] }',
          '              terminationGracePeriodSeconds: 5',
          '        dnsPolicy: ClusterFirst',
          '        tolerations: []',
          '',
        ].join('\n'),
      ),
    );
    expect(r.ok ? [] : r.problems.map(formatProblem)).toEqual([]);
  });

  it('rejects a fault naming a pod or container that is not in the scenario', () => {
    const r1 = parseScenario(
      hello.replace('faults: []', 'faults: [{ kind: ImagePullError, target: default/db }]'),
    );
    expect(r1.ok || r1.problems[0]).toMatchObject({
      path: 'faults[0].target',
      message: 'no pod "default/db" in this scenario',
    });
    const r2 = parseScenario(
      hello.replace('faults: []', 'faults: [{ kind: PostStartFail, target: default/web/sidecar }]'),
    );
    expect(r2.ok || r2.problems[0]!.message).toBe('pod default/web has no container "sidecar"');
    const r3 = parseScenario(
      hello.replace(
        'faults: []',
        'faults: [{ kind: PostStartFail, target: default/web/app, times: 2 }]',
      ),
    );
    expect(r3.ok).toBe(true);
  });

  it('refuses oversized and deeply nested documents with a clear message', () => {
    const big = parseScenario('x'.repeat(1_000_001));
    expect(big.ok || big.problems[0]!.message).toMatch(/at most 1 MB/);
    const deep = parseScenario(`${'['.repeat(60)}${']'.repeat(60)}`);
    expect(deep.ok).toBe(false);
  });
});

describe('defaults of omitted blocks', () => {
  it('fills KubeletConfiguration defaults when the kubelet block is omitted', () => {
    const r = parseScenario(
      JSON.stringify({
        apiVersion: 'kubeletscope/v1',
        kind: 'Scenario',
        metadata: { name: 'x' },
        node: { topology: { sockets: 1, coresPerSocket: 2, threadsPerCore: 1 } },
        pods: [],
      }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.node.kubelet).toMatchObject({
      cpuManagerPolicy: 'none',
      topologyManagerPolicy: 'none',
      topologyManagerScope: 'container',
      maxPods: 110,
    });
    expect(r.scenario.node.runtime).toEqual({});
  });

  it('reads runtime.initContainerRun as a duration', () => {
    const r = parseScenario(
      hello.replace('runPodSandbox: 1s }', 'runPodSandbox: 1s, initContainerRun: 2.5s }'),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.node.runtime.initContainerRun).toBe(2500);
  });
});

describe('FAULT_KINDS', () => {
  it('lists every fault kind the schema accepts, and only those', async () => {
    const { FAULT_KINDS, faultSchema } = await import('./schema');
    expect([...FAULT_KINDS].sort()).toEqual(
      [
        'ContainerExit',
        'CreateContainerError',
        'IgnoreSIGTERM',
        'ImagePullError',
        'ImagePullSlow',
        'LivenessProbeFail',
        'PostStartFail',
        'PostStartHang',
        'ReadinessProbeFail',
        'SandboxDied',
        'SandboxError',
        'StartupProbeFail',
        'StartContainerError',
      ].sort(),
    );
    // Each kind parses, with its required amount where it has one (strict objects refuse extras).
    const parses = (kind: string) =>
      faultSchema.safeParse({ kind, target: 'a/b' }).success ||
      faultSchema.safeParse({ kind, target: 'a/b', seconds: 1 }).success;
    for (const kind of FAULT_KINDS) expect(parses(kind), kind).toBe(true);
    expect(parses('NoSuchFault')).toBe(false);
  });
});
