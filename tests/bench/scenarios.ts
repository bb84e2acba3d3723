/**
 * The scenarios the bench runs, as validated engine input. The pod node is the one
 * issue 16's budgets name: 256 CPUs, pods of an init container, a native sidecar with
 * a startup probe and two containers, mixed faults, 30 simulated minutes. It takes the
 * pod count, so the scaling table can run 1, 10, 50 and 110 pods of exactly the same shape.
 */
import { readFileSync } from 'node:fs';
import {
  parseScenario,
  validateScenario,
  type Scenario,
  type SimulationRun,
} from '../../src/sim/index';
import { perturb } from '../../src/state/perturbations';

function valid(input: unknown): Scenario {
  const v = validateScenario(input);
  if (!v.ok) throw new Error(`bench scenario does not validate: ${JSON.stringify(v.problems)}`);
  return v.scenario;
}

export function presetScenario(id: string): Scenario {
  const r = parseScenario(readFileSync(`presets/${id}.yaml`, 'utf8'));
  if (!r.ok) throw new Error(`presets/${id}.yaml does not parse`);
  return r.scenario;
}

/** Pod i of the node: init container, native sidecar (startup probe), two app containers. */
function nodePod(i: number) {
  const app = (name: string) => ({
    name,
    image: 'nginx:1.27',
    resources: { requests: { cpu: '10m', memory: '10Mi' } },
  });
  return {
    at: `${i * 100}ms`,
    manifest: {
      metadata: { name: `p${i}`, namespace: 'default' },
      spec: {
        initContainers: [
          { name: 'init', image: 'busybox:1.36' },
          {
            name: 'sidecar',
            image: 'envoyproxy/envoy:v1.31.0',
            restartPolicy: 'Always',
            startupProbe: { tcpSocket: { port: 9901 } },
          },
        ],
        containers: [app('a'), app('b')],
      },
    },
  };
}

/**
 * Faults spread over the node so the run exercises back-off, restarts and events,
 * not only the happy path: crash loops, an OOM kill, sandbox and create failures.
 * Targets wrap modulo the pod count, so small nodes still get some of them.
 */
function mixedFaults(pods: number): unknown[] {
  const pod = (i: number) => `default/p${i % pods}`;
  return [
    { kind: 'ContainerExit', target: `${pod(5)}/a`, afterSeconds: 5, exitCode: 1, times: 6 },
    { kind: 'ContainerExit', target: `${pod(17)}/b`, afterSeconds: 30, reason: 'OOMKilled' },
    { kind: 'SandboxError', target: pod(23), times: 2 },
    { kind: 'CreateContainerError', target: `${pod(31)}/a`, times: 2 },
    { kind: 'ContainerExit', target: `${pod(47)}/sidecar`, afterSeconds: 60, times: 3 },
    { kind: 'ContainerExit', target: `${pod(88)}/b`, afterSeconds: 10, exitCode: 2 },
  ];
}

export interface PodNodeOptions {
  faults?: boolean;
  /** 256 (2 sockets × 64 cores × 2 threads, the default) or 512 (4 sockets). */
  cpus?: 256 | 512;
  /** Extra faults, e.g. a perturbation armed mid-run. */
  extraFaults?: unknown[];
}

export function podNodeInput(pods: number, opts: PodNodeOptions = {}): Record<string, unknown> {
  return {
    apiVersion: 'kubeletscope/v1',
    kind: 'Scenario',
    metadata: { name: `node-${pods}` },
    horizon: '30m',
    node: {
      topology: { sockets: opts.cpus === 512 ? 4 : 2, coresPerSocket: 64, threadsPerCore: 2 },
      kubelet: { maxPods: Math.max(110, pods) },
      images: [
        { name: 'busybox:1.36', present: true },
        { name: 'envoyproxy/envoy:v1.31.0', present: true },
        { name: 'nginx:1.27', present: true },
      ],
    },
    pods: Array.from({ length: pods }, (_, i) => nodePod(i)),
    faults: [...(opts.faults ? mixedFaults(pods) : []), ...(opts.extraFaults ?? [])],
  };
}

export function podNode(pods: number, opts: PodNodeOptions = {}): Scenario {
  return valid(podNodeInput(pods, opts));
}

/**
 * "An edit at 25 min": the app's own "Delete the pod here" on one pod of the node at
 * 25 simulated minutes, made by the same function the UI calls, so the edit is armed
 * exactly as a person would arm it at the cursor.
 */
export const EDIT_AT_MS = 25 * 60_000;

export function editedAt25Min(base: Scenario, run: SimulationRun): Scenario {
  const pod = `default/p${base.pods.length >> 1}`;
  return perturb(base, 'DeletePod', { pod }, EDIT_AT_MS, run);
}

/** Topology shapes for the CPU scaling rows: sockets x cores x 2 threads = cpus. */
const SHAPES: Record<number, { sockets: number; coresPerSocket: number }> = {
  8: { sockets: 1, coresPerSocket: 4 },
  64: { sockets: 2, coresPerSocket: 16 },
  256: { sockets: 2, coresPerSocket: 64 },
  512: { sockets: 4, coresPerSocket: 64 },
};

/**
 * A static-policy node of `cpus` CPUs running the same small Guaranteed workload
 * (3 pods of 2 exclusive CPUs, CPU 0 reserved), so growth with CPUs is the cost of
 * the CPU count itself: cpusets, topology and the CPU manager's bookkeeping.
 */
export function guaranteedNode(cpus: number): Scenario {
  const shape = SHAPES[cpus];
  if (!shape) throw new Error(`no topology shape for ${cpus} CPUs`);
  const pods = Array.from({ length: 3 }, (_, i) => ({
    at: `${i}s`,
    manifest: {
      metadata: { name: `g${i}`, namespace: 'default' },
      spec: {
        containers: [
          {
            name: 'app',
            image: 'nginx:1.27',
            resources: {
              requests: { cpu: '2', memory: '1Gi' },
              limits: { cpu: '2', memory: '1Gi' },
            },
          },
        ],
      },
    },
  }));
  return valid({
    apiVersion: 'kubeletscope/v1',
    kind: 'Scenario',
    metadata: { name: `static-${cpus}` },
    horizon: '30m',
    node: {
      topology: { ...shape, threadsPerCore: 2 },
      kubelet: { cpuManagerPolicy: 'static', reservedSystemCPUs: '0' },
      images: [{ name: 'nginx:1.27', present: true }],
    },
    pods,
  });
}
