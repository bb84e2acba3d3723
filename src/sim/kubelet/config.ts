/**
 * The immutable side of a run, derived once from the scenario: kubelet configuration with
 * the real defaults (pkg/kubelet/apis/config/v1beta1/defaults.go), runtime latencies, the
 * image table, and every pod the scenario will ever send (manifests with API defaulting).
 */
import { hashString } from '../core/prng';
import type {
  ContainerRestartRuleSpec,
  ContainerSpec,
  Fault,
  HandlerSpec,
  PodManifest,
  ProbeSpec,
  Scenario,
} from '../scenario/schema';
import { memoryAvailableThreshold } from './deviceMemoryManagers';
import {
  newResourceManagers,
  podQOS,
  type QOSClass,
  type ResourceManagers,
} from './cpuManagerBridge';
import { bytes, defaultPodLevelRequests, milliCpu, podRequests, type Res } from './resources';
import { crashLoopBackOff, type BackoffLimits } from './backoff';
import { pullCredentialsConfig, type PullCredentialsConfig } from './pullCredentials';
import { effectiveGates, profileOf } from '../versions/changelog/profile';
import type { Behaviours, DescribeEra } from '../versions/changelog/types';
import type { KubeletVersionName } from '../versions/names';
import type { ContainerKind, ProbeType } from './types';
import type { ContainerRestartPolicy } from './restartRules';

export interface ProbeDef {
  type: ProbeType;
  handler: 'httpGet' | 'tcpSocket' | 'exec' | 'grpc';
  /** What the probe targets, for failure messages. */
  port: string;
  path: string;
  initialDelayMs: number;
  periodMs: number;
  timeoutMs: number;
  successThreshold: number;
  failureThreshold: number;
}

export interface HookDef {
  kind: 'exec' | 'httpGet' | 'sleep' | 'tcpSocket';
  /** exec command as Go prints a []string: [sh -c echo hi] */
  command: string;
  path: string;
  sleepMs: number;
}

export interface ContainerDef {
  name: string;
  kind: ContainerKind;
  /** Index in spec.initContainers or spec.containers. */
  index: number;
  /** The image as written in the spec. */
  image: string;
  /** After applyDefaultImageTag. */
  imageRef: string;
  pullPolicy: 'Always' | 'IfNotPresent' | 'Never';
  /** kubecontainer.HashContainer, hex. */
  hash: string;
  /** "spec.containers{app}" */
  fieldPath: string;
  postStart?: HookDef;
  preStop?: HookDef;
  probes: Partial<Record<ProbeType, ProbeDef>>;
  spec: ContainerSpec;
  /**
   * A regular container's restartPolicy and restartPolicyRules as the kubelet gets them: the API
   * server drops both when ContainerRestartRules is off (dropContainerRestartRules,
   * pkg/api/pod/util.go), and then the pod's restartPolicy decides.
   */
  restartPolicy?: ContainerRestartPolicy;
  restartRules: readonly ContainerRestartRuleSpec[];
}

export interface PodDef {
  uid: string;
  key: string;
  name: string;
  namespace: string;
  /** When the API server sends it (scenario `at`). */
  at: number;
  manifest: PodManifest;
  init: ContainerDef[];
  containers: ContainerDef[];
  /** By name, init and regular. */
  byName: Record<string, ContainerDef>;
  restartPolicy: 'Always' | 'OnFailure' | 'Never';
  /**
   * The kubelet's ContainerRestartRules and RestartAllContainersOnContainerExits gates, as
   * ShouldContainerBeRestarted, getPhase and the prober read them (utilfeature.DefaultFeatureGate).
   */
  restartRulesGate: boolean;
  restartAllContainersGate: boolean;
  terminationGraceSeconds: number;
  hostNetwork: boolean;
  qos: QOSClass;
  requests: Res;
}

export interface ImageDef {
  present: boolean;
  sizeBytes: number;
  pullMs: number;
}

export interface Latencies {
  runPodSandbox: number;
  createContainer: number;
  startContainer: number;
  stopContainer: number;
  /** CRI UpdateContainerResources (an in-place resize's cgroup write). */
  updateContainerResources: number;
  hook: number;
  pullBytesPerSecond: number;
  /** How long a regular init container runs before it exits 0 (no scenario fault). */
  initContainerRun: number;
  /** How long a failing pull takes before the registry error comes back. */
  pullError: number;
}

export interface KubeletGeneration {
  /** When the previous kubelet stops (the first: never ran) and when this one starts. */
  stopAt: number;
  startAt: number;
  /** CPU and topology managers (NewContainerManager); undefined when the kubelet cannot start. */
  resourceManagers?: ResourceManagers;
  /** Why the kubelet exits at start-up, if it does. */
  startError?: string;
  /** The operator removed /var/lib/kubelet/cpu_manager_state before this start. */
  removeStateFile: boolean;
}

/** A kubelet stop/start takes this long unless the scenario says (systemd restart). */
export const DEFAULT_RESTART_DOWNTIME_MS = 1000;

export interface DeleteAction {
  at: number;
  uid: string;
  graceSeconds?: number;
}

/**
 * The eviction manager evicting a pod: its message as evictionMessage (eviction/helpers.go)
 * writes it, "The node was low on resource: <r>. Threshold quantity: <q>, available: <a>. "
 * (the containers' usage sentences it adds need the pod's stats, which are not modelled).
 */
export interface EvictAction {
  at: number;
  uid: string;
  message: string;
}

/** A `resize` subresource patch: the containers' resources the API server's spec takes. */
export interface ResizeAction {
  at: number;
  uid: string;
  containers: { name: string; resources: NonNullable<ContainerSpec['resources']> }[];
}

/**
 * One run's inputs, compiled from the scenario: the node, its kubelet's starts (generations),
 * latencies, images, every pod it will ever see, arrivals, deletions and faults. Immutable:
 * what changes during the run lives in the world's KubeletDomain.
 */
export interface KubeletRun {
  /** The kubelet release that runs the node (node.kubeletVersion). */
  version: KubeletVersionName;
  /**
   * Its feature gates: every gate the release declares, at its default or as the scenario's
   * featureGates set it (versions/changelog/profile.ts). Effects read them as the kubelet reads
   * utilfeature.DefaultFeatureGate.
   */
  gates: Readonly<Record<string, boolean>>;
  /** The gates the release declares (a gate it does not know yet is read as off in `gates`). */
  declaredGates: ReadonlySet<string>;
  /** What that release does where no gate says (versions/changelog/behaviours.ts). */
  behaviours: Behaviours;
  /** How the kubectl of that release describes a pod (versions/changelog/describe.ts). */
  describe: DescribeEra;
  /** The container restart back-off (CrashLoopBackOff): its gates and crashLoopBackOff. */
  containerBackOff: BackoffLimits;
  nodeName: string;
  seed: number;
  horizon: number;
  syncFrequencyMs: number;
  serializeImagePulls: boolean;
  /** Unlimited when undefined. */
  maxParallelImagePulls?: number;
  maxPods: number;
  allocatable: Res & { pods: number };
  cpuCount: number;
  /** Each start of the kubelet: at 0, then after each RestartKubelet/ChangeCpuManagerPolicy. */
  generations: KubeletGeneration[];
  cpuManagerReconcileMs: number;
  latencies: Latencies;
  images: Record<string, ImageDef>;
  pods: Record<string, PodDef>;
  /** "ns/name" -> uid */
  byKey: Record<string, string>;
  /** Arrival order: scenario pods then AddPod actions, sorted by time (stable). */
  arrivals: { at: number; uid: string }[];
  deletions: DeleteAction[];
  evictions: EvictAction[];
  resizes: ResizeAction[];
  faults: Fault[];
  /** The API server's ConfigMaps and Secrets: "ns/name" -> their keys. */
  configMaps: Record<string, string[]>;
  secrets: Record<string, string[]>;
  /** KubeletEnsureSecretPulledImages: the policy, its allowlist and the node's pulled records. */
  pullCredentials: PullCredentialsConfig;
  /** Fault indices by target ("ns/pod" or "ns/pod/ctr"). */
  faultsByTarget: Record<string, number[]>;
}

export const DEFAULTS = {
  syncFrequencyMs: 60_000,
  runPodSandbox: 500,
  createContainer: 50,
  startContainer: 100,
  stopContainer: 200,
  updateContainerResources: 30,
  hook: 100,
  pullBytesPerSecond: 25_000_000,
  initContainerRun: 1000,
  pullError: 800,
  imageSizeBytes: 50_000_000,
  memoryCapacity: '32Gi',
} as const;

/** applyDefaultImageTag: no tag and no digest -> ":latest". */
export function defaultImageTag(image: string): string {
  if (image.includes('@')) return image;
  const last = image.slice(image.lastIndexOf('/') + 1);
  return last.includes(':') ? image : `${image}:latest`;
}

/** API defaulting of imagePullPolicy: Always for ":latest" (or no tag), else IfNotPresent. */
export function defaultPullPolicy(image: string): 'Always' | 'IfNotPresent' {
  if (image.includes('@')) return 'IfNotPresent';
  return defaultImageTag(image).endsWith(':latest') ? 'Always' : 'IfNotPresent';
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0').slice(-width);
}

/** A stable UUID-shaped UID from the pod's namespace/name (so new pods shift nothing). */
export function podUid(key: string, seed: number): string {
  const a = hashString(`${seed}:${key}:a`);
  const b = hashString(`${seed}:${key}:b`);
  const c = hashString(`${seed}:${key}:c`);
  const d = hashString(`${seed}:${key}:d`);
  return `${hex(a, 8)}-${hex(b >>> 16, 4)}-4${hex(b, 3)}-${hex(8 + (c & 3), 1)}${hex(c >>> 8, 3)}-${hex(d, 8)}${hex(c, 4)}`;
}

function probeDef(type: ProbeType, p: ProbeSpec | undefined): ProbeDef | undefined {
  if (!p) return undefined;
  const handler = p.httpGet ? 'httpGet' : p.tcpSocket ? 'tcpSocket' : p.grpc ? 'grpc' : 'exec';
  const port = String(p.httpGet?.port ?? p.tcpSocket?.port ?? p.grpc?.port ?? '');
  return {
    type,
    handler,
    port,
    path: p.httpGet?.path ?? '/',
    // SetDefaults_Probe: timeout 1, period 10, success 1, failure 3; initialDelay not defaulted.
    initialDelayMs: (p.initialDelaySeconds ?? 0) * 1000,
    periodMs: (p.periodSeconds ?? 10) * 1000,
    timeoutMs: (p.timeoutSeconds ?? 1) * 1000,
    successThreshold: p.successThreshold ?? 1,
    failureThreshold: p.failureThreshold ?? 3,
  };
}

function hookDef(h: HandlerSpec | undefined): HookDef | undefined {
  if (!h) return undefined;
  if (h.exec)
    return { kind: 'exec', command: `[${h.exec.command.join(' ')}]`, path: '', sleepMs: 0 };
  if (h.httpGet) return { kind: 'httpGet', command: '', path: h.httpGet.path ?? '/', sleepMs: 0 };
  if (h.sleep) return { kind: 'sleep', command: '', path: '', sleepMs: h.sleep.seconds * 1000 };
  return { kind: 'tcpSocket', command: '', path: '', sleepMs: 0 };
}

function containerDef(
  c: ContainerSpec,
  kind: ContainerKind,
  index: number,
  rules: boolean,
): ContainerDef {
  const list = kind === 'regular' ? 'containers' : 'initContainers';
  const probes: Partial<Record<ProbeType, ProbeDef>> = {};
  const startup = probeDef('startup', c.startupProbe);
  const readiness = probeDef('readiness', c.readinessProbe);
  const liveness = probeDef('liveness', c.livenessProbe);
  // Probes of regular init containers are ignored (validation forbids them); sidecars keep theirs.
  if (kind !== 'init') {
    if (startup) probes.startup = startup;
    if (readiness) probes.readiness = readiness;
    if (liveness) probes.liveness = liveness;
  }
  return {
    name: c.name,
    kind,
    index,
    image: c.image,
    imageRef: defaultImageTag(c.image),
    pullPolicy: c.imagePullPolicy ?? defaultPullPolicy(c.image),
    hash: hex(hashString(JSON.stringify(c)), 8),
    fieldPath: `spec.${list}{${c.name}}`,
    postStart: hookDef(c.lifecycle?.postStart),
    preStop: hookDef(c.lifecycle?.preStop),
    probes,
    spec: c,
    // A sidecar's Always stays when the gate is off; the rest goes with the gate.
    ...(rules
      ? { restartPolicy: c.restartPolicy, restartRules: c.restartPolicyRules ?? [] }
      : { restartPolicy: kind === 'sidecar' ? 'Always' : undefined, restartRules: [] }),
  };
}

/**
 * The pod as the API server stores it: with PodLevelResources off (or on a release before it)
 * dropDisabledPodFields removes spec.resources (the scenario's note says so); with it on,
 * defaulting fills the pod-level requests. The kubelet reads the result.
 */
export function storedPod(manifest: PodManifest, podLevelResources: boolean): PodManifest {
  if (manifest.spec.resources === undefined) return manifest;
  if (!podLevelResources) {
    const { resources: _dropped, ...spec } = manifest.spec;
    return { ...manifest, spec };
  }
  return defaultPodLevelRequests(manifest);
}

function podDef(
  given: PodManifest,
  at: number,
  seed: number,
  gates: Readonly<Record<string, boolean>>,
): PodDef {
  const podLevel = gates.PodLevelResources === true;
  const manifest = storedPod(given, podLevel);
  const rules = gates.ContainerRestartRules === true;
  const key = `${manifest.metadata.namespace}/${manifest.metadata.name}`;
  const init = (manifest.spec.initContainers ?? []).map((c, i) =>
    containerDef(c, c.restartPolicy === 'Always' ? 'sidecar' : 'init', i, rules),
  );
  const containers = manifest.spec.containers.map((c, i) => containerDef(c, 'regular', i, rules));
  const byName: Record<string, ContainerDef> = {};
  for (const c of [...init, ...containers]) byName[c.name] = c;
  return {
    uid: manifest.metadata.uid ?? podUid(key, seed),
    key,
    name: manifest.metadata.name,
    namespace: manifest.metadata.namespace,
    at,
    manifest,
    init,
    containers,
    byName,
    restartPolicy: manifest.spec.restartPolicy ?? 'Always',
    restartRulesGate: rules,
    restartAllContainersGate: gates.RestartAllContainersOnContainerExits === true,
    terminationGraceSeconds: manifest.spec.terminationGracePeriodSeconds ?? 30,
    hostNetwork: manifest.spec.hostNetwork ?? false,
    qos: podQOS(manifest, podLevel),
    requests: podRequests(manifest),
  };
}

export function compileRun(s: Scenario): KubeletRun {
  const k = s.node.kubelet;
  const rt = s.node.runtime;
  const profile = profileOf(s.node.kubeletVersion);
  const gates = effectiveGates(profile, k.featureGates);
  const pods: Record<string, PodDef> = {};
  const arrivals: { at: number; uid: string }[] = [];
  const byKey: Record<string, string> = {};
  const add = (manifest: PodManifest, at: number) => {
    const p = podDef(manifest, at, s.seed, gates);
    pods[p.uid] = p;
    byKey[p.key] = p.uid;
    arrivals.push({ at, uid: p.uid });
  };
  for (const p of s.pods) add(p.manifest, p.at);
  const deletions: DeleteAction[] = [];
  for (const a of s.actions) if (a.kind === 'AddPod') add(a.manifest, a.at);
  for (const a of s.actions) {
    if (a.kind === 'DeletePod' && byKey[a.target])
      deletions.push({ at: a.at, uid: byKey[a.target]!, graceSeconds: a.gracePeriodSeconds });
  }
  const evictions: EvictAction[] = [];
  for (const a of s.actions)
    if (a.kind === 'EvictPod' && byKey[a.target])
      evictions.push({
        at: a.at,
        uid: byKey[a.target]!,
        message:
          `The node was low on resource: ${a.resource}. ` +
          (a.threshold !== undefined && a.available !== undefined
            ? `Threshold quantity: ${a.threshold}, available: ${a.available}. `
            : ''),
      });
  const resizes: ResizeAction[] = [];
  for (const a of s.actions)
    if (a.kind === 'ResizePod' && byKey[a.target])
      resizes.push({ at: a.at, uid: byKey[a.target]!, containers: a.containers });
  arrivals.sort((a, b) => a.at - b.at);

  const images: Record<string, ImageDef> = {};
  const pullBps = rt.pullBytesPerSecond ?? DEFAULTS.pullBytesPerSecond;
  for (const img of s.node.images) {
    const size = img.sizeBytes ?? DEFAULTS.imageSizeBytes;
    images[defaultImageTag(img.name)] = {
      present: img.present,
      sizeBytes: size,
      pullMs: img.pullTime ?? Math.round((size / pullBps) * 1000),
    };
  }

  const rm = newResourceManagers(s);
  const cpus = rm.ok ? rm.value.topology.cpus.length : 1;
  const generations: KubeletGeneration[] = [
    {
      stopAt: 0,
      startAt: 0,
      resourceManagers: rm.ok ? rm.value : undefined,
      startError: rm.ok ? undefined : rm.error,
      removeStateFile: false,
    },
  ];
  let policy = k.cpuManagerPolicy;
  const restarts = s.actions
    .filter((a) => a.kind === 'RestartKubelet' || a.kind === 'ChangeCpuManagerPolicy')
    .sort((a, b) => a.at - b.at);
  for (const a of restarts) {
    if (a.kind === 'ChangeCpuManagerPolicy') policy = a.policy;
    const next = newResourceManagers({
      ...s,
      node: { ...s.node, kubelet: { ...k, cpuManagerPolicy: policy } },
    });
    generations.push({
      stopAt: a.at,
      startAt:
        a.at +
        (a.kind === 'RestartKubelet'
          ? (a.downtime ?? DEFAULT_RESTART_DOWNTIME_MS)
          : DEFAULT_RESTART_DOWNTIME_MS),
      resourceManagers: next.ok ? next.value : undefined,
      startError: next.ok ? undefined : next.error,
      removeStateFile: a.kind === 'ChangeCpuManagerPolicy' && a.removeStateFile,
    });
  }
  const reservedCpu = k.reservedSystemCPUs
    ? k.reservedSystemCPUs.split(',').reduce((n, part) => {
        const [a, b] = part.split('-').map(Number);
        return n + (b !== undefined ? b - a! + 1 : 1);
      }, 0) * 1000
    : milliCpu(k.kubeReserved?.cpu) + milliCpu(k.systemReserved?.cpu);
  // cAdvisor's memory capacity is what the NUMA nodes add up to (node.memory, a named machine,
  // lstopo), unless the scenario gives capacity.memory.
  const hardware = rm.ok ? rm.value.hardware : undefined;
  const memCapacity = bytes(
    s.node.capacity?.memory ?? hardware?.memoryCapacity ?? DEFAULTS.memoryCapacity,
  );
  const threshold = memoryAvailableThreshold(s);
  const evictionMem =
    threshold === undefined
      ? 0
      : threshold.trim().endsWith('%')
        ? Math.trunc((memCapacity * Number(threshold.trim().slice(0, -1))) / 100)
        : bytes(threshold);
  // setters.go MachineInfo: every hugepage size's capacity comes off allocatable memory.
  let hugepages = 0;
  for (const n of hardware?.memory ?? [])
    for (const hp of n.hugePages) hugepages += hp.numPages * hp.pageSize * 1024;
  const reservedMem =
    bytes(k.kubeReserved?.memory) + bytes(k.systemReserved?.memory) + evictionMem + hugepages;

  const faultsByTarget: Record<string, number[]> = {};
  s.faults.forEach((f, i) => (faultsByTarget[f.target] ??= []).push(i));

  // defaults.go: SerializeImagePulls defaults to true unless MaxParallelImagePulls >= 2.
  const serialize =
    k.serializeImagePulls ?? !(k.maxParallelImagePulls && k.maxParallelImagePulls >= 2);
  return {
    version: s.node.kubeletVersion,
    gates,
    declaredGates: new Set(Object.keys(profile.gates)),
    containerBackOff: crashLoopBackOff(gates, k.crashLoopBackOff?.maxContainerRestartPeriod),
    behaviours: profile.behaviours,
    describe: profile.describe,
    nodeName: s.node.name,
    seed: s.seed,
    horizon: s.horizon,
    syncFrequencyMs: k.syncFrequency ?? DEFAULTS.syncFrequencyMs,
    serializeImagePulls: serialize,
    maxParallelImagePulls: serialize ? 1 : k.maxParallelImagePulls,
    maxPods: k.maxPods,
    allocatable: {
      cpu: cpus * 1000 - reservedCpu,
      memory: Math.max(0, memCapacity - reservedMem),
      pods: k.maxPods,
    },
    cpuCount: cpus,
    generations,
    cpuManagerReconcileMs: k.cpuManagerReconcilePeriod ?? 10_000,
    latencies: {
      runPodSandbox: rt.runPodSandbox ?? DEFAULTS.runPodSandbox,
      createContainer: rt.createContainer ?? DEFAULTS.createContainer,
      startContainer: rt.startContainer ?? DEFAULTS.startContainer,
      stopContainer: rt.stopContainer ?? DEFAULTS.stopContainer,
      updateContainerResources: rt.updateContainerResources ?? DEFAULTS.updateContainerResources,
      hook: rt.hook ?? DEFAULTS.hook,
      pullBytesPerSecond: pullBps,
      initContainerRun: rt.initContainerRun ?? DEFAULTS.initContainerRun,
      pullError: DEFAULTS.pullError,
    },
    images,
    pods,
    byKey,
    arrivals,
    deletions,
    evictions,
    resizes,
    faults: s.faults,
    configMaps: keysOf(s.configMaps ?? []),
    secrets: keysOf(s.secrets ?? []),
    pullCredentials: pullCredentialsConfig(
      s,
      profile.behaviours.allowlistMatchesUntaggedName,
      defaultImageTag,
    ),
    faultsByTarget,
  };
}

function keysOf(objs: { name: string; namespace: string; data: Record<string, string> }[]) {
  return Object.fromEntries(objs.map((o) => [`${o.namespace}/${o.name}`, Object.keys(o.data)]));
}
