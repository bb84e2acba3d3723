/**
 * fast-check generators of whole scenarios (ScenarioInput objects, before validation): random
 * pods of every QoS class with init containers, native sidecars, hooks and probes; every fault
 * kind with `times` and `at`; timed actions; shape and named topologies; both CPU manager
 * policies with reserved CPUs and every topology manager policy. Every value they make passes
 * validateScenario (faults and actions only name pods and containers that exist).
 */
import fc from 'fast-check';
import type { ScenarioInput } from '../../../src/sim/index';

type Qos = 'guaranteed' | 'guaranteed-frac' | 'burstable' | 'besteffort';

/** Images: some present, some pulled (slowly or quickly). */
export const IMAGES = [
  { name: 'nginx:1.27', present: true },
  { name: 'busybox:1.36', present: false, pullTime: '2s' },
  { name: 'redis:7.4', present: false, pullTime: '6s' },
  { name: 'python:3.13-slim', present: true },
] as const;

const imageName = fc.constantFrom(...IMAGES.map((i) => i.name));

export const FAULT_KINDS = [
  'ImagePullError',
  'ImagePullSlow',
  'SandboxError',
  'CreateContainerError',
  'StartContainerError',
  'ContainerExit',
  'PostStartHang',
  'PostStartFail',
  'StartupProbeFail',
  'ReadinessProbeFail',
  'LivenessProbeFail',
] as const;

/** Named machines small enough for many runs (the big ones cost nothing more per step). */
const TOPOLOGY_PRESETS = ['laptop', 'intel-2s-16c-ht', 'intel-2s-20c-snc2', 'amd-epyc-64c-8ccd'];

const shapeArb = fc
  .record({
    sockets: fc.integer({ min: 1, max: 2 }),
    numa: fc.constantFrom(1, 2),
    uncore: fc.constantFrom(1, 2),
    units: fc.integer({ min: 1, max: 3 }),
    threads: fc.integer({ min: 1, max: 2 }),
  })
  // coresPerSocket must be a multiple of both NUMA nodes and uncore caches per socket.
  .map((s) => ({
    sockets: s.sockets,
    numaNodesPerSocket: s.numa,
    uncoreCachesPerSocket: s.uncore,
    coresPerSocket: Math.max(s.numa, s.uncore) * s.units * 2,
    threadsPerCore: s.threads,
  }));

export const topologyArb = fc.oneof(
  { weight: 3, arbitrary: shapeArb },
  { weight: 1, arbitrary: fc.constantFrom(...TOPOLOGY_PRESETS).map((preset) => ({ preset })) },
);

const probe = (periodSeconds: number) => ({ tcpSocket: { port: 8080 }, periodSeconds });

const containerArb = fc.record({
  image: imageName,
  cpus: fc.integer({ min: 1, max: 3 }),
  hook: fc.boolean(),
  startup: fc.boolean(),
  readiness: fc.boolean(),
  liveness: fc.boolean(),
});
type ContainerGen = typeof containerArb extends fc.Arbitrary<infer T> ? T : never;

const initArb = fc.record({ sidecar: fc.boolean(), c: containerArb });

const podArb = fc.record({
  at: fc.integer({ min: 0, max: 20 }),
  qos: fc.constantFrom<Qos>(
    'guaranteed',
    'guaranteed',
    'guaranteed-frac',
    'burstable',
    'besteffort',
  ),
  restartPolicy: fc.constantFrom<'Always' | 'OnFailure' | 'Never'>(
    'Always',
    'Always',
    'OnFailure',
    'Never',
  ),
  grace: fc.constantFrom(undefined, 0, 5, 30),
  init: fc.array(initArb, { maxLength: 2 }),
  containers: fc.array(containerArb, { minLength: 1, maxLength: 3 }),
});
type PodGen = typeof podArb extends fc.Arbitrary<infer T> ? T : never;

function resources(qos: Qos, cpus: number) {
  if (qos === 'besteffort') return {};
  // Fractional CPU: 1500m etc., so Guaranteed pods without exclusive CPUs are covered too.
  const cpu = qos === 'guaranteed' ? String(cpus) : `${cpus * 1000 - 500}m`;
  const list = { cpu, memory: '64Mi' };
  return qos === 'burstable' ? { requests: list } : { requests: list, limits: list };
}

function container(name: string, qos: Qos, c: ContainerGen, sidecar = false) {
  return {
    name,
    image: c.image,
    resources: resources(qos, c.cpus),
    ...(sidecar ? { restartPolicy: 'Always' as const } : {}),
    ...(c.hook ? { lifecycle: { postStart: { exec: { command: ['sh', '-c', 'true'] } } } } : {}),
    ...(c.startup && (sidecar || name.startsWith('c')) ? { startupProbe: probe(2) } : {}),
    ...(c.readiness && !name.startsWith('i') ? { readinessProbe: probe(3) } : {}),
    ...(c.liveness && !name.startsWith('i') ? { livenessProbe: probe(5) } : {}),
  };
}

/** Init containers are i0, i1 (sidecars among them); app containers are c0, c1, c2. */
function containerNames(p: PodGen): string[] {
  return [...p.init.map((_, i) => `i${i}`), ...p.containers.map((_, i) => `c${i}`)];
}

function manifest(name: string, p: PodGen) {
  return {
    apiVersion: 'v1' as const,
    kind: 'Pod' as const,
    metadata: { name, namespace: 'default' },
    spec: {
      restartPolicy: p.restartPolicy,
      ...(p.grace === undefined ? {} : { terminationGracePeriodSeconds: p.grace }),
      initContainers: p.init.map((c, i) => container(`i${i}`, p.qos, c.c, c.sidecar)),
      containers: p.containers.map((c, i) => container(`c${i}`, p.qos, c)),
    },
  };
}

const faultArb = fc.record({
  kind: fc.constantFrom(...FAULT_KINDS),
  pod: fc.nat(),
  container: fc.option(fc.nat(), { nil: undefined }),
  // Faults without `times` fire forever: pods still waiting at the horizon.
  times: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined, freq: 2 }),
  at: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
  seconds: fc.integer({ min: 1, max: 40 }),
  exitCode: fc.constantFrom(0, 1, 137),
  reason: fc.constantFrom(undefined, 'Error', 'Completed', 'OOMKilled'),
});

const actionArb = fc.oneof(
  fc.record({
    kind: fc.constant('AddPod' as const),
    at: fc.integer({ min: 0, max: 60 }),
    pod: podArb,
  }),
  fc.record({
    kind: fc.constant('DeletePod' as const),
    at: fc.integer({ min: 0, max: 90 }),
    pod: fc.nat(),
    grace: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('RestartKubelet' as const),
    at: fc.integer({ min: 1, max: 90 }),
    downtime: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('ChangeCpuManagerPolicy' as const),
    at: fc.integer({ min: 1, max: 90 }),
    policy: fc.constantFrom('none' as const, 'static' as const),
    removeStateFile: fc.boolean(),
  }),
);

const kubeletArb = fc.record({
  cpuManagerPolicy: fc.constantFrom('none' as const, 'static' as const, 'static' as const),
  // No reservation under static makes the kubelet refuse to start: a path worth covering, rarely.
  reservedSystemCPUs: fc.constantFrom(undefined, '0', '0', '0,1', '1'),
  topologyManagerPolicy: fc.constantFrom(
    'none' as const,
    'best-effort' as const,
    'restricted' as const,
    'single-numa-node' as const,
  ),
  topologyManagerScope: fc.constantFrom('container' as const, 'pod' as const),
  serializeImagePulls: fc.boolean(),
});

export const scenarioArb: fc.Arbitrary<ScenarioInput> = fc
  .record({
    seed: fc.integer({ min: 0, max: 10_000 }),
    horizonMin: fc.constantFrom(3, 3, 8),
    topology: topologyArb,
    kubelet: kubeletArb,
    pods: fc.array(podArb, { minLength: 1, maxLength: 4 }),
    faults: fc.array(faultArb, { maxLength: 4 }),
    actions: fc.array(actionArb, { maxLength: 3 }),
  })
  .map((g): ScenarioInput => {
    const added = g.actions.filter((a) => a.kind === 'AddPod');
    // All pods that exist somewhere in the scenario, with their container names.
    const all = [
      ...g.pods.map((p, i) => ({ name: `p${i}`, p })),
      ...added.map((a, i) => ({ name: `added${i}`, p: a.pod })),
    ];
    let addedIndex = 0;
    const actions = g.actions.map((a) => {
      switch (a.kind) {
        case 'AddPod':
          return {
            kind: a.kind,
            at: `${a.at}s`,
            manifest: manifest(`added${addedIndex++}`, a.pod),
          };
        case 'DeletePod':
          return {
            kind: a.kind,
            at: `${a.at}s`,
            target: `default/${all[a.pod % all.length]!.name}`,
            ...(a.grace === undefined ? {} : { gracePeriodSeconds: a.grace }),
          };
        case 'RestartKubelet':
          return {
            kind: a.kind,
            at: `${a.at}s`,
            ...(a.downtime === undefined ? {} : { downtime: `${a.downtime}s` }),
          };
        case 'ChangeCpuManagerPolicy':
          return {
            kind: a.kind,
            at: `${a.at}s`,
            policy: a.policy,
            removeStateFile: a.removeStateFile,
          };
      }
    });
    const faults = g.faults.map((f) => {
      const target = all[f.pod % all.length]!;
      const names = containerNames(target.p);
      // SandboxError is about the pod; the rest name a container, or (sometimes) the whole pod.
      const ctr =
        f.kind === 'SandboxError' || f.container === undefined
          ? undefined
          : names[f.container % names.length];
      const base = {
        target: `default/${target.name}${ctr === undefined ? '' : `/${ctr}`}`,
        ...(f.times === undefined ? {} : { times: f.times }),
        ...(f.at === undefined ? {} : { at: `${f.at}s` }),
      };
      switch (f.kind) {
        case 'ImagePullSlow':
        case 'PostStartHang':
          return { kind: f.kind, ...base, seconds: f.seconds };
        case 'ContainerExit':
          return {
            kind: f.kind,
            ...base,
            afterSeconds: f.seconds % 10,
            exitCode: f.exitCode,
            ...(f.reason === undefined ? {} : { reason: f.reason }),
          };
        default:
          return { kind: f.kind, ...base };
      }
    });
    const { reservedSystemCPUs, ...kubelet } = g.kubelet;
    return {
      apiVersion: 'kubeletscope/v1',
      kind: 'Scenario',
      metadata: { name: 'random' },
      seed: g.seed,
      horizon: `${g.horizonMin}m`,
      node: {
        name: 'node-1',
        topology: g.topology,
        kubelet: {
          ...kubelet,
          ...(reservedSystemCPUs === undefined ? {} : { reservedSystemCPUs }),
        },
        images: IMAGES.map((i) => ({ ...i })),
        runtime: {
          runPodSandbox: '500ms',
          createContainer: '50ms',
          startContainer: '100ms',
          stopContainer: '200ms',
          hook: '200ms',
          initContainerRun: '1s',
        },
      },
      pods: g.pods.map((p, i) => ({ at: `${p.at}s`, manifest: manifest(`p${i}`, p) })),
      faults,
      actions,
    };
  });
