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
