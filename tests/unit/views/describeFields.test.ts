/**
 * kubectl describe pod's fields as kubectl 1.34's describe.go prints them: Container ID for
 * every container with a status, ports (named, host ports, plural), each command line on its
 * own line, requests defaulted key by key from limits, canonical quantities, the probe's
 * scheme/host and gRPC service, the service account, the node's host IP only once the kubelet
 * generated a status, and the projected volume's "Optional:".
 */
import { describe, expect, it } from 'vitest';
import { describePod, type SimulationRun } from '../../../src/sim/index';
import { pod, rejectedByMaxPods, runText, scenario } from '../kubelet/helpers';

/** The first step at or after `t`. */
function stepAt(run: SimulationRun, t: number): number {
  const i = run.trace.steps.t.findIndex((x) => x >= t);
  return i < 0 ? run.trace.steps.t.length : i + 1;
}

const web = runText(
  scenario({
    pods: pod(
      'web',
      [
        'serviceAccountName: builder',
        'containers:',
        '  - name: app',
        '    image: nginx:1.27',
        '    command: [sh, -c, "echo one\\necho two"]',
        '    ports:',
        '      - { containerPort: 8080, name: http }',
        '      - { containerPort: 9090, hostPort: 19090, protocol: UDP }',
        '    resources:',
        '      limits: { cpu: 1000m, memory: 1024Mi }',
        '      requests: { memory: 512Mi }',
        '    readinessProbe:',
        '      httpGet: { path: /healthz, port: 8443, scheme: HTTPS, host: 10.1.2.3 }',
        '    livenessProbe:',
        '      grpc: { port: 9000 }',
      ].join('\n'),
    ),
  }),
);
const end = describePod(web, 'default/web', web.trace.steps.t.length);

describe('kubectl describe pod, field by field', () => {
  it('names the ports, their host ports, in the plural when several', () => {
    expect(end).toMatch(/\n {4}Ports: +8080\/TCP \(http\), 9090\/UDP\n/);
    expect(end).toMatch(/\n {4}Host Ports: +0\/TCP \(http\), 19090\/UDP\n/);
  });

  it('prints each line of a multi-line command entry indented', () => {
    expect(end).toMatch(/\n {4}Command:\n {6}sh\n {6}-c\n {6}echo one\n {6}echo two\n/);
  });

  it('defaults each missing request from its limit, in canonical quantities', () => {
    expect(end).toMatch(/\n {4}Limits:\n {6}cpu: +1\n {6}memory: +1Gi\n/);
    expect(end).toMatch(/\n {4}Requests:\n {6}cpu: +1\n {6}memory: +512Mi\n/);
  });

  it("prints the probe's scheme and host, and gRPC's empty service", () => {
    expect(end).toMatch(/Readiness: +http-get https:\/\/10\.1\.2\.3:8443\/healthz delay=0s/);
    expect(end).toMatch(/Liveness: +grpc <pod>:9000 {2}delay=0s/);
  });

  it('names the service account and prints the projected ConfigMap as Optional', () => {
    expect(end).toMatch(/\nService Account: +builder\n/);
    expect(end).toMatch(/\n {4}ConfigMapName: +kube-root-ca\.crt\n {4}Optional: +false\n/);
    expect(end).not.toContain('ConfigMapOptional');
  });

  it('has a Container ID line, empty, while the container is being created', () => {
    const creating = describePod(web, 'default/web', stepAt(web, 900));
    expect(creating).toMatch(/\n {6}Reason: +ContainerCreating\n/);
    expect(creating).toMatch(/\n {2}app:\n {4}Container ID: *\n {4}Image: +nginx:1\.27\n/);
  });
});

describe("the node's host IP", () => {
  it('is in Node once the kubelet generated a status', () => {
    expect(end).toMatch(/\nNode: +node-1\/10\.0\.0\.10\n/);
  });

  it('is not in a rejected pod\'s status: "Node: node-1/"', () => {
    const r = rejectedByMaxPods();
    const text = describePod(r, 'default/b', r.trace.steps.t.length);
    expect(text).toMatch(/\nStatus: +Failed\n/);
    expect(text).toMatch(/\nNode: +node-1\/\n/);
    const patch = r.trace.logs.find(
      (l) =>
        l.msg === 'Patch status for pod' &&
        l.kv.some(([k, v]) => k === 'pod' && v === '"default/b"'),
    );
    expect(patch?.kv.find(([k]) => k === 'patch')?.[1]).not.toContain('hostIP');
  });
});

describe('what the manifest says, as describe prints it', () => {
  const r = runText(
    scenario({
      pods: pod(
        'shop',
        [
          'priorityClassName: system-node-critical',
          'nodeSelector: { disktype: ssd }',
          'tolerations: [{ key: dedicated, operator: Equal, value: gpu, effect: NoSchedule }]',
          'containers:',
          '  - name: app',
          '    image: nginx:1.27',
          '    envFrom: [{ configMapRef: { name: settings }, prefix: CFG_ }]',
          '    env:',
          '      - { name: MODE, value: "prod\\nfast" }',
          '      - { name: POD, valueFrom: { fieldRef: { fieldPath: metadata.name } } }',
          '      - { name: PASS, valueFrom: { secretKeyRef: { name: db, key: password, optional: true } } }',
          '      - { name: LEVEL, valueFrom: { configMapKeyRef: { name: settings, key: level } } }',
          '      - { name: NODE, valueFrom: { fieldRef: { fieldPath: spec.nodeName } } }',
          '      - { name: CPUS, valueFrom: { resourceFieldRef: { resource: limits.cpu } } }',
          '      - { name: MEM, valueFrom: { resourceFieldRef: { resource: limits.memory } } }',
          '      - { name: REQ_MI, valueFrom: { resourceFieldRef: { resource: requests.memory, divisor: 1Mi } } }',
          '    resources: { limits: { cpu: 1500m }, requests: { memory: 100Mi } }',
        ].join('\n'),
      ).replace(
        'metadata: { name: shop, namespace: default }',
        'metadata: { name: shop, namespace: default, annotations: { team: payments, a.example/note: "one\\ntwo" }, ownerReferences: [{ apiVersion: apps/v1, kind: ReplicaSet, name: shop-7f9c, uid: u1, controller: true }] }',
      ),
    }),
  );
  const text = describePod(r, 'default/shop', r.trace.steps.t.length);

  it('prints the priority class and its priority', () => {
    expect(text).toMatch(/\nPriority: +2000001000\nPriority Class Name: +system-node-critical\n/);
  });

  it('prints annotations sorted, a multi-line value under its key', () => {
    expect(text).toMatch(/\nAnnotations: +a\.example\/note:\n +one\n +two\n +team: payments\n/);
  });

  it('names the controller after the IPs', () => {
    expect(text).toMatch(/\n {2}IP: +10\.244\.\d+\.\d+\nControlled By: +ReplicaSet\/shop-7f9c\n/);
  });

  it("lists node selectors and tolerations, the admission's two defaults sorted in", () => {
    expect(text).toMatch(/\nNode-Selectors: +disktype=ssd\n/);
    expect(text).toMatch(
      /\nTolerations: +dedicated=gpu:NoSchedule\n +node\.kubernetes\.io\/not-ready:NoExecute op=Exists for 300s\n +node\.kubernetes\.io\/unreachable:NoExecute op=Exists for 300s\n/,
    );
  });

  it('prints the environment: sources, values line by line, references and fields', () => {
    expect(text).toMatch(
      /\n {4}Environment Variables from:\n {6}settings +ConfigMap with prefix 'CFG_' +Optional: false\n/,
    );
    expect(text).toMatch(/\n {4}Environment:\n {6}MODE: +prod\n {6} +fast\n/);
    expect(text).toMatch(/\n {6}POD: +shop \(v1:metadata\.name\)\n/);
    expect(text).toMatch(
      /\n {6}PASS: +<set to the key 'password' in secret 'db'> +Optional: true\n/,
    );
    expect(text).toMatch(
      /\n {6}LEVEL: +<set to the key 'level' of config map 'settings'> +Optional: false\n/,
    );
    // kubectl resolves only the pod's name and namespace; other fields print empty.
    expect(text).toMatch(/\n {6}NODE: + \(v1:spec\.nodeName\)\n/);
    // Resources: CPU rounded up to whole cores, a limit not set as the node's allocatable,
    // memory over its divisor.
    expect(text).toMatch(/\n {6}CPUS: +2 \(limits\.cpu\)\n/);
    expect(text).toMatch(/\n {6}MEM: +node allocatable \(limits\.memory\)\n/);
    expect(text).toMatch(/\n {6}REQ_MI: +100 \(requests\.memory\)\n/);
  });

  it('adds no default toleration a pod already has (an empty key tolerates every taint)', () => {
    const all = runText(
      scenario({
        pods: pod(
          'any',
          'tolerations: [{ operator: Exists }]\ncontainers:\n  - { name: app, image: nginx:1.27 }',
        ),
      }),
    );
    expect(describePod(all, 'default/any', all.trace.steps.t.length)).toMatch(
      /\nTolerations: +op=Exists\nEvents:/,
    );
  });
});
