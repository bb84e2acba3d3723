/**
 * Scenario format v1: the one input of the engine, shared by the CLI, the page,
 * the presets and permalinks. Field names follow KubeletConfiguration and the v1 Pod API.
 */
import { z } from 'zod';
import { parseDuration } from '../core/time';
import { momentSchema } from './moment';
import { CURRENT_KUBELET_VERSION, KUBELET_VERSIONS } from '../versions/names';
import {
  CONTAINER_OTHER_FIELDS,
  GRPC_OTHER_FIELDS,
  HTTP_GET_OTHER_FIELDS,
  LIFECYCLE_OTHER_FIELDS,
  OBJECT_META_OTHER_FIELDS,
  POD_SPEC_OTHER_FIELDS,
  PROBE_OTHER_FIELDS,
  RESOURCES_OTHER_FIELDS,
  TCP_SOCKET_OTHER_FIELDS,
} from './podApiFields';
import { KUBELET_CONFIG_FIELDS } from './kubeletConfigFields';
import { KNOWN_GATES } from './knownGates';

export const SCENARIO_API_VERSION = 'kubeletscope/v1';

/** Hard limits, so a hostile file or link gets a clear message instead of a frozen tab. */
export const LIMITS = {
  maxBytes: 1_000_000,
  maxPods: 500,
  maxContainersPerPod: 20,
  maxFaults: 500,
  maxActions: 500,
  maxCpus: 1024,
  maxImages: 1000,
  maxHorizonMs: 6 * 3_600_000,
  maxDepth: 40,
} as const;

export const duration = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const ms = parseDuration(v);
  if (ms === null) {
    ctx.addIssue({
      code: 'custom',
      message: `"${String(v)}" is not a duration (use e.g. 90s, 1m30s, 250ms)`,
    });
    return z.NEVER;
  }
  return ms;
});

const quantity = z.union([z.string(), z.number()]).transform((v) => String(v));
const resourceList = z.record(z.string(), quantity);

// The pod manifest is strict, as `kubectl apply --validate=strict` is: a field the Pod API
// does not have is an error; real fields the simulation does not model are accepted
// (podApiFields.ts).
const execAction = z.strictObject({ command: z.array(z.string()) });
const httpGetAction = z.strictObject({
  path: z.string().optional(),
  port: z.union([z.number().int(), z.string()]),
  host: z.string().optional(),
  scheme: z.string().optional(),
  ...HTTP_GET_OTHER_FIELDS,
});
const tcpSocketAction = z.strictObject({
  port: z.union([z.number().int(), z.string()]),
  ...TCP_SOCKET_OTHER_FIELDS,
});

const handler = z.strictObject({
  exec: execAction.optional(),
  httpGet: httpGetAction.optional(),
  tcpSocket: tcpSocketAction.optional(),
  sleep: z.strictObject({ seconds: z.number().int().nonnegative() }).optional(),
});

const probe = z.strictObject({
  exec: execAction.optional(),
  httpGet: httpGetAction.optional(),
  tcpSocket: tcpSocketAction.optional(),
  grpc: z.strictObject({ port: z.number().int(), ...GRPC_OTHER_FIELDS }).optional(),
  initialDelaySeconds: z.number().int().nonnegative().optional(),
  periodSeconds: z.number().int().positive().optional(),
  timeoutSeconds: z.number().int().positive().optional(),
  successThreshold: z.number().int().positive().optional(),
  failureThreshold: z.number().int().positive().optional(),
  ...PROBE_OTHER_FIELDS,
});

const resourceRequirements = z.strictObject({
  requests: resourceList.optional(),
  limits: resourceList.optional(),
  ...RESOURCES_OTHER_FIELDS,
});

const containerName = z
  .string()
  .regex(
    /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/,
    'must be a DNS-1123 label (lower case letters, digits and -)',
  )
  .max(63);

/** A key of a ConfigMap or Secret (env valueFrom), as the API writes it. */
const keySelector = z.looseObject({
  name: z.string().min(1),
  key: z.string().min(1),
  optional: z.boolean().optional(),
});
const objectRef = z.looseObject({ name: z.string().min(1), optional: z.boolean().optional() });
/** env: values, or keys of ConfigMaps and Secrets (other sources are accepted and ignored). */
const envVar = z.looseObject({
  name: z.string().min(1),
  value: z.string().optional(),
  valueFrom: z
    .looseObject({
      configMapKeyRef: keySelector.optional(),
      secretKeyRef: keySelector.optional(),
    })
    .optional(),
});
const envFromSource = z.looseObject({
  prefix: z.string().optional(),
  configMapRef: objectRef.optional(),
  secretRef: objectRef.optional(),
});

const containerRestartRule = z.strictObject({
  action: z.string(),
  exitCodes: z
    .strictObject({
      operator: z.string(),
      values: z
        .array(
          z
            .number()
            .int()
            .min(-(2 ** 31))
            .max(2 ** 31 - 1),
        )
        .max(10_000)
        .optional(),
    })
    .optional(),
});

export const containerSchema = z.strictObject({
  name: containerName,
  image: z.string().min(1, 'image is required'),
  imagePullPolicy: z.enum(['Always', 'IfNotPresent', 'Never']).optional(),
  command: z.array(z.string()).optional(),
  args: z.array(z.string()).optional(),
  resources: resourceRequirements.optional(),
  /**
   * Always on an init container makes it a native sidecar; on a regular container (and Never or
   * OnFailure anywhere) it is a container restart policy (ContainerRestartRules, KEP-5307). The
   * API's validation of each release is versionCheck.ts's (restartRules.ts).
   */
  restartPolicy: z.enum(['Always', 'OnFailure', 'Never']).optional(),
  /**
   * ContainerRestartRule: an action on the container's exit codes. Action and operator are
   * strings as the API's are, so a value the release does not support is refused with the API
   * server's words, not the schema's.
   */
  restartPolicyRules: z.array(containerRestartRule).max(1000).optional(),
  /**
   * ContainerResizePolicy: whether an in-place resize of the resource restarts the container
   * (computePodResizeAction; NotRequired when the resource names none).
   */
  resizePolicy: z
    .array(
      z.strictObject({
        resourceName: z.enum(['cpu', 'memory']),
        restartPolicy: z.enum(['NotRequired', 'RestartContainer']),
      }),
    )
    .max(2)
    .optional(),
  lifecycle: z
    .strictObject({
      postStart: handler.optional(),
      preStop: handler.optional(),
      ...LIFECYCLE_OTHER_FIELDS,
    })
    .optional(),
  startupProbe: probe.optional(),
  readinessProbe: probe.optional(),
  livenessProbe: probe.optional(),
  ...CONTAINER_OTHER_FIELDS,
  env: z.array(envVar).optional(),
  envFrom: z.array(envFromSource).optional(),
});

export const podManifestSchema = z.strictObject({
  apiVersion: z.literal('v1').default('v1'),
  kind: z.literal('Pod').default('Pod'),
  metadata: z.strictObject({
    name: containerName.or(
      z
        .string()
        .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/)
        .max(253),
    ),
    namespace: z.string().default('default'),
    uid: z.string().optional(),
    labels: z.record(z.string(), z.string()).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
    ...OBJECT_META_OTHER_FIELDS,
  }),
  spec: z.strictObject({
    initContainers: z.array(containerSchema).max(LIMITS.maxContainersPerPod).optional(),
    containers: z
      .array(containerSchema)
      .min(1, 'a pod needs at least one container')
      .max(LIMITS.maxContainersPerPod),
    restartPolicy: z.enum(['Always', 'OnFailure', 'Never']).optional(),
    terminationGracePeriodSeconds: z.number().int().nonnegative().optional(),
    hostNetwork: z.boolean().optional(),
    priorityClassName: z.string().optional(),
    nodeName: z.string().optional(),
    /** Pod-level resources (PodLevelResources). */
    resources: resourceRequirements.optional(),
    ...POD_SPEC_OTHER_FIELDS,
    /** The Secrets the kubelet pulls this pod's images with (and checks present images against). */
    imagePullSecrets: z.array(z.strictObject({ name: z.string().min(1) })).optional(),
  }),
  // PodStatus: GetPodQOS reads status.qosClass when it is set; the rest is what the
  // kubelet reports, not input, and is left alone.
  status: z
    .looseObject({ qosClass: z.enum(['Guaranteed', 'Burstable', 'BestEffort']).optional() })
    .optional(),
});

const cpuList = z.object({
  cpu: z.number().int().nonnegative(),
  core: z.number().int().nonnegative(),
  socket: z.number().int().nonnegative(),
  numa: z.number().int().nonnegative(),
  uncoreCache: z.number().int().nonnegative().optional(),
});

/** CPUs a topology declares, counted without building it (undefined for a named preset). */
function cpuCount(
  t:
    | { sockets: number; coresPerSocket: number; threadsPerCore: number }
    | { lscpu: string }
    | { hwloc: string }
    | object,
): number | undefined {
  if ('sockets' in t) return t.sockets * t.coresPerSocket * t.threadsPerCore;
  if ('hwloc' in t) return (t.hwloc.match(/type="PU"/g) ?? []).length;
  if ('lscpu' in t) {
    let n = 0;
    for (const line of t.lscpu.split('\n')) {
      const l = line.trim();
      if (l !== '' && !l.startsWith('#')) n++;
    }
    return n;
  }
  return undefined;
}

export const topologySchema = z
  .union([
    z.strictObject({ preset: z.string().min(1) }),
    z.strictObject({ lscpu: z.string().min(1) }),
    /** `lstopo --of xml` output: CPUs, NUMA memory, distances and PCI devices. */
    z.strictObject({ hwloc: z.string().min(1) }),
    z.strictObject({
      cpus: z.array(cpuList).min(1).max(LIMITS.maxCpus, `at most ${LIMITS.maxCpus} CPUs`),
    }),
    z.strictObject({
      sockets: z.number().int().min(1).max(16),
      numaNodesPerSocket: z.number().int().min(1).max(16).optional(),
      coresPerSocket: z.number().int().min(1).max(512),
      threadsPerCore: z.number().int().min(1).max(8),
      uncoreCachesPerSocket: z.number().int().min(1).max(64).optional(),
    }),
  ])
  // Bounded before any topology is built: the engine handles at most LIMITS.maxCpus CPUs.
  .superRefine((t, ctx) => {
    const n = cpuCount(t);
    if (n === undefined || n <= LIMITS.maxCpus) return;
    const what =
      'sockets' in t
        ? `${n.toLocaleString('en')} CPUs (${t.sockets} sockets × ${t.coresPerSocket} cores × ${t.threadsPerCore} threads)`
        : 'hwloc' in t
          ? `${n.toLocaleString('en')} CPUs in the lstopo XML`
          : `${n.toLocaleString('en')} CPU lines`;
    ctx.addIssue({ code: 'custom', message: `${what}; at most ${LIMITS.maxCpus} CPUs` });
  });

export const cpuManagerPolicyOption = z.enum([
  'full-pcpus-only',
  'distribute-cpus-across-numa',
  'align-by-socket',
  'distribute-cpus-across-cores',
  'strict-cpu-reservation',
  'prefer-align-cpus-by-uncorecache',
]);

/** KubeletConfiguration's MemoryReservation: a NUMA node's reserved memory and hugepages. */
const memoryReservation = z.strictObject({
  numaNode: z.number().int().nonnegative(),
  limits: resourceList,
});

/**
 * The KubeletConfiguration fields the model reads. Any other real field (KUBELET_CONFIG_FIELDS)
 * is accepted and listed once as not modelled (modelledKubeletFields' complement); a name that
 * is no KubeletConfiguration field is refused with its path.
 */
const kubeletConfigShape = {
  cpuManagerPolicy: z.enum(['none', 'static']).default('none'),
  /** KubeletConfiguration's map[string]string: { "full-pcpus-only": "true" }. */
  cpuManagerPolicyOptions: z
    .partialRecord(cpuManagerPolicyOption, z.enum(['true', 'false']))
    .optional(),
  cpuManagerReconcilePeriod: duration.optional(),
  reservedSystemCPUs: z.string().optional(),
  kubeReserved: resourceList.optional(),
  systemReserved: resourceList.optional(),
  topologyManagerPolicy: z
    .enum(['none', 'best-effort', 'restricted', 'single-numa-node'])
    .default('none'),
  topologyManagerScope: z.enum(['container', 'pod']).default('container'),
  /** KubeletConfiguration's map[string]string: { "prefer-closest-numa-nodes": "true" }. */
  topologyManagerPolicyOptions: z.record(z.string(), z.string()).optional(),
  /** "None" (the default) or "Static"; "BestEffort" exists for Windows only. */
  memoryManagerPolicy: z.enum(['None', 'Static', 'BestEffort']).default('None'),
  /** Per NUMA node, the memory and hugepages kept from the static memory manager's pods. */
  reservedMemory: z.array(memoryReservation).max(64).optional(),
  /** Hard eviction thresholds, e.g. { "memory.available": "100Mi" } (the default when unset). */
  evictionHard: z.record(z.string(), z.string()).optional(),
  serializeImagePulls: z.boolean().optional(),
  maxParallelImagePulls: z.number().int().min(1).max(100).optional(),
  maxPods: z
    .number()
    .int()
    .min(1)
    .max(LIMITS.maxPods * 2)
    .default(110),
  syncFrequency: duration.optional(),
  /** featuregate.Set as KubeletConfiguration.featureGates: gate name -> on. */
  featureGates: z.record(z.string(), z.boolean()).optional(),
  /** crashLoopBackOff (1.32+, KubeletCrashLoopBackOffMax): the restart back-off's cap. */
  crashLoopBackOff: z.strictObject({ maxContainerRestartPeriod: duration.optional() }).optional(),
  /** Which present images a pod must prove its pull credentials for (KubeletEnsureSecretPulledImages). */
  imagePullCredentialsVerificationPolicy: z
    .enum([
      'NeverVerify',
      'NeverVerifyPreloadedImages',
      'NeverVerifyAllowlistedImages',
      'AlwaysVerify',
    ])
    .optional(),
  /** Image names (no tag) or "<prefix>/*" exempt under NeverVerifyAllowlistedImages. */
  preloadedImagesVerificationAllowlist: z.array(z.string()).max(256).optional(),
};

/** KubeletConfiguration's TypeMeta: a pasted whole file carries them; they set nothing. */
const TYPE_META = new Set(['apiVersion', 'kind']);

/** The fields of node.kubelet the model reads. */
export const MODELLED_KUBELET_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(kubeletConfigShape),
);

/**
 * Fields the schema checks (their shape is known) whose behaviour the model does not have yet:
 * listed as not modelled.
 */
export const NOT_YET_MODELLED_KUBELET_FIELDS: ReadonlySet<string> = new Set<string>();

/** Edit distance at most 2 (suggestions for a misspelt field). */
function near(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 2) return false;
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let prev = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++)
      cur[j] = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    prev = cur;
  }
  return prev[y.length]! <= 2;
}

function suggestion(name: string, known: Iterable<string>): string {
  for (const k of known) if (near(name, k)) return ` (did you mean ${k}?)`;
  return '';
}

export const kubeletConfigSchema = z.looseObject(kubeletConfigShape).superRefine((k, ctx) => {
  for (const key of Object.keys(k)) {
    if (key in kubeletConfigShape || key in KUBELET_CONFIG_FIELDS || TYPE_META.has(key)) continue;
    ctx.addIssue({
      code: 'custom',
      path: [key],
      message: `${key} is not a KubeletConfiguration field${suggestion(key, Object.keys(KUBELET_CONFIG_FIELDS))}`,
    });
  }
  for (const gate of Object.keys(k.featureGates ?? {}))
    if (!KNOWN_GATES.has(gate))
      ctx.addIssue({
        code: 'custom',
        path: ['featureGates', gate],
        message: `unrecognized feature gate: ${gate}${suggestion(gate, KNOWN_GATES)}`,
      });
});

/**
 * Devices a device plugin registered: `count` devices of `resource` on NUMA node `numaNode`
 * (omitted: the plugin reports no NUMA node). Ids are `ids`, or `<short name>-<n>` numbered per
 * resource across entries (nvidia.com/gpu → gpu-0, gpu-1, …).
 */
export const deviceSpecSchema = z.strictObject({
  resource: z
    .string()
    .regex(
      /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?\/[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/,
      'a device plugin resource is "<vendor domain>/<name>", e.g. nvidia.com/gpu',
    ),
  numaNode: z.number().int().min(0).max(63).optional(),
  count: z.number().int().min(1).max(256),
  ids: z.array(z.string().min(1).max(128)).optional(),
});

/** Each NUMA node's memory as cAdvisor reports it: regular memory and pre-allocated hugepages. */
export const nodeMemorySchema = z.strictObject({
  perNumaNode: quantity,
  hugepages2MiPerNumaNode: z.number().int().nonnegative().max(1_000_000).optional(),
  hugepages1GiPerNumaNode: z.number().int().nonnegative().max(10_000).optional(),
});

/**
 * The kubelet's record of a present image's earlier pull (KubeletEnsureSecretPulledImages, the
 * ImagePulledRecord under /var/lib/kubelet/image_manager/pulled): `node` when it was pulled with
 * credentials every pod on the node has (NodePodsAccessible: none, or the node's own), else the
 * Secrets that pulled it. Left out, the image was never pulled by the kubelet (preloaded).
 */
const pulledWith = z.union([
  z.literal('node'),
  z.strictObject({
    secrets: z
      .array(z.strictObject({ name: z.string().min(1), namespace: z.string().default('default') }))
      .min(1)
      .max(16),
  }),
]);

const imageSchema = z.strictObject({
  name: z.string().min(1),
  present: z.boolean().default(false),
  sizeBytes: z.number().int().nonnegative().optional(),
  pullTime: duration.optional(),
  pulledWith: pulledWith.optional(),
});

const runtimeSchema = z
  .strictObject({
    runPodSandbox: duration.optional(),
    createContainer: duration.optional(),
    startContainer: duration.optional(),
    stopContainer: duration.optional(),
    /** CRI UpdateContainerResources: an in-place resize applied to a running container. */
    updateContainerResources: duration.optional(),
    /** Registry throughput used when an image gives sizeBytes but no pullTime. */
    pullBytesPerSecond: z.number().positive().optional(),
    /** Time of a PostStart or PreStop hook that does not hang. */
    hook: duration.optional(),
    /** How long a regular init container runs before it exits 0 when no fault says otherwise. */
    initContainerRun: duration.optional(),
  })
  .prefault({});

const target = z
  .string()
  .regex(
    /^[^/\s]+\/[^/\s]+(\/[^/\s]+)?$/,
    'a target is "<namespace>/<pod>" or "<namespace>/<pod>/<container>"',
  );

const faultBase = {
  target,
  /**
   * From when the fault is armed: operations that begin at or after this simulated time
   * are affected. A perturbation made at the cursor sets it, so the past stays unchanged.
   */
  at: duration.optional(),
  times: z.number().int().positive().optional(),
  message: z.string().max(1000).optional(),
};

export const faultSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('ImagePullError'), ...faultBase }),
  z.strictObject({
    kind: z.literal('ImagePullSlow'),
    ...faultBase,
    seconds: z.number().positive(),
  }),
  z.strictObject({ kind: z.literal('SandboxError'), ...faultBase }),
  /**
   * The pod's sandbox (its pause process and network namespace) dies `afterSeconds` after
   * RunPodSandbox returned: the next relist sees it exited and the kubelet re-creates it.
   */
  z.strictObject({
    kind: z.literal('SandboxDied'),
    ...faultBase,
    afterSeconds: z.number().nonnegative().default(0),
  }),
  z.strictObject({ kind: z.literal('CreateContainerError'), ...faultBase }),
  /** CRI StartContainer fails (default: the command's executable is not in the image). */
  z.strictObject({ kind: z.literal('StartContainerError'), ...faultBase }),
  z.strictObject({
    kind: z.literal('ContainerExit'),
    ...faultBase,
    afterSeconds: z.number().nonnegative().default(0),
    exitCode: z.number().int().min(0).max(255).default(1),
    reason: z.enum(['Error', 'Completed', 'OOMKilled']).optional(),
  }),
  z.strictObject({
    kind: z.literal('PostStartHang'),
    ...faultBase,
    seconds: z.number().positive(),
  }),
  z.strictObject({ kind: z.literal('PostStartFail'), ...faultBase }),
  z.strictObject({ kind: z.literal('StartupProbeFail'), ...faultBase }),
  z.strictObject({ kind: z.literal('ReadinessProbeFail'), ...faultBase }),
  z.strictObject({ kind: z.literal('LivenessProbeFail'), ...faultBase }),
  /**
   * Not a failure but how the container's process meets a kill: it ignores SIGTERM, so CRI
   * StopContainer SIGKILLs it when the grace period runs out (exit 137, not 143). Applies to
   * kills from `at` on, every time (no `times`).
   */
  z.strictObject({ kind: z.literal('IgnoreSIGTERM'), target, at: duration.optional() }),
]);

export const actionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('AddPod'), at: duration, manifest: podManifestSchema }),
  z.strictObject({
    kind: z.literal('DeletePod'),
    at: duration,
    target,
    gracePeriodSeconds: z.number().int().nonnegative().optional(),
  }),
  z.strictObject({
    kind: z.literal('RestartKubelet'),
    at: duration,
    downtime: duration.optional(),
  }),
  /**
   * The pod's `resize` subresource (kubectl patch --subresource resize): each named container's
   * resources become the spec's; the kubelet answers with PodResizePending or PodResizeInProgress.
   */
  z.strictObject({
    kind: z.literal('ResizePod'),
    at: duration,
    target,
    containers: z
      .array(z.strictObject({ name: z.string().min(1), resources: resourceRequirements }))
      .min(1)
      .max(64),
  }),
  /**
   * The eviction manager's synchronize finds a threshold met (the node low on `resource`) and
   * picks this pod: evictPod (eviction_manager.go) records the Evicted Event and kills it at
   * once; the pod ends Failed with reason Evicted and the message. What pressure built up (the
   * stats, the ranking) is not modelled: the action says that it did and whom it hit.
   */
  z.strictObject({
    kind: z.literal('EvictPod'),
    at: duration,
    target,
    resource: z.enum(['memory', 'ephemeral-storage', 'pids']).default('memory'),
    /** The threshold met and what was left, as the message prints them ("1Gi", "0"). */
    threshold: z.string().min(1).max(40).optional(),
    available: z.string().min(1).max(40).optional(),
  }),
  z.strictObject({
    kind: z.literal('ChangeCpuManagerPolicy'),
    at: duration,
    policy: z.enum(['none', 'static']),
    /** Whether the operator removes /var/lib/kubelet/cpu_manager_state before the restart. */
    removeStateFile: z.boolean().default(false),
  }),
]);

/** A ConfigMap or Secret: its name, namespace and keys (values are not modelled). */
const apiDataObject = z.strictObject({
  name: z.string().min(1),
  namespace: z.string().default('default'),
  data: z.record(z.string(), z.string()).default({}),
});

export const scenarioSchema = z.strictObject({
  apiVersion: z.literal(SCENARIO_API_VERSION),
  kind: z.literal('Scenario'),
  metadata: z.looseObject({
    name: z.string().min(1).max(200),
    description: z.string().max(5000).optional(),
    caption: z.string().max(500).optional(),
    /** The scenario's interesting moment, as a simulated time (its bookmark). */
    openAt: duration.optional(),
    /** The same moment named by what happens at it (an Event, a state, a cpuset written). */
    moment: momentSchema.optional(),
  }),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .default(1),
  horizon: duration
    .pipe(
      z.number().max(LIMITS.maxHorizonMs, `horizon is at most ${LIMITS.maxHorizonMs / 3_600_000}h`),
    )
    .default(600_000),
  node: z.strictObject({
    name: z.string().min(1).default('node-1'),
    /** Which kubelet runs the node: its machines and message tables (src/sim/versions). */
    kubeletVersion: z
      .preprocess(
        // YAML reads `1.18` as a number: take it as the version it spells.
        (v) => (typeof v === 'number' ? String(v) : v),
        z.enum(KUBELET_VERSIONS, {
          message: `kubeletVersion is one of ${KUBELET_VERSIONS.map((v) => `"${v}"`).join(', ')}`,
        }),
      )
      .default(CURRENT_KUBELET_VERSION),
    topology: topologySchema,
    /**
     * NUMA distance rows (/sys/devices/system/node/nodeN/distance), one per NUMA node in id
     * order: prefer-closest-numa-nodes reads them. A named machine or lstopo XML carries its own.
     */
    numaDistances: z
      .array(z.array(z.number().int().min(1).max(255)).max(64))
      .max(64)
      .optional(),
    /** Devices the node's device plugins registered (GPUs, MIG slices, SR-IOV VFs). */
    devices: z.array(deviceSpecSchema).max(64).optional(),
    /** Memory and hugepages per NUMA node (default: the memory capacity split evenly, no hugepages). */
    memory: nodeMemorySchema.optional(),
    kubelet: kubeletConfigSchema.prefault({}),
    capacity: z
      .looseObject({ memory: quantity.optional(), pods: z.number().int().optional() })
      .optional(),
    images: z
      .array(imageSchema)
      .max(LIMITS.maxImages, `at most ${LIMITS.maxImages} images`)
      .default([]),
    runtime: runtimeSchema,
  }),
  pods: z
    .array(z.strictObject({ at: duration.default(0), manifest: podManifestSchema }))
    .max(LIMITS.maxPods, `at most ${LIMITS.maxPods} pods`),
  /**
   * The ConfigMaps and Secrets the API server has (their keys): a container's env or envFrom
   * naming one that is missing fails with CreateContainerConfigError.
   */
  configMaps: z.array(apiDataObject).max(LIMITS.maxPods).default([]),
  secrets: z.array(apiDataObject).max(LIMITS.maxPods).default([]),
  faults: z
    .array(faultSchema)
    .max(LIMITS.maxFaults, `at most ${LIMITS.maxFaults} faults`)
    .default([]),
  actions: z
    .array(actionSchema)
    .max(LIMITS.maxActions, `at most ${LIMITS.maxActions} actions`)
    .default([]),
});

export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;
export type PodManifest = z.output<typeof podManifestSchema>;
export type ContainerSpec = z.output<typeof containerSchema>;
export type ContainerRestartRuleSpec = z.output<typeof containerRestartRule>;
export type Fault = z.output<typeof faultSchema>;
export type ScenarioAction = z.output<typeof actionSchema>;
export type KubeletConfig = z.output<typeof kubeletConfigSchema>;
export type TopologyInput = z.output<typeof topologySchema>;
export type DeviceSpec = z.output<typeof deviceSpecSchema>;
export type NodeMemory = z.output<typeof nodeMemorySchema>;
export type ProbeSpec = z.output<typeof probe>;
export type HandlerSpec = z.output<typeof handler>;

/** The fault kinds, in the schema's order (for pickers). */
export const FAULT_KINDS = faultSchema.options.map((o) => o.shape.kind.value);
