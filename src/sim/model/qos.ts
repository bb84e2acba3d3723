/**
 * Pod QoS class exactly as Kubernetes computes it (pkg/apis/core/v1/helper/qos: ComputePodQOS,
 * GetPodQOS), on the pod as the kubelet receives it: API defaulting (SetDefaults_Pod) has copied
 * every limit without a request into the request, which {@link effectiveRequests} reproduces.
 *
 * Note the quirk kept from Go: requests and limits are SUMMED over all containers (init included)
 * before being compared, so Guaranteed means "every container has cpu and memory limits, and the
 * summed requests equal the summed limits".
 */
import {
  addQuantity,
  canonicalQuantity,
  compareQuantity,
  parseQuantity,
  type Quantity,
} from './quantity';

export type QOSClass = 'Guaranteed' | 'Burstable' | 'BestEffort';

/** Quantity text as it appears in YAML (`cpu: 2` is a number there). */
export type QuantityText = string | number;

export interface ResourceListLike {
  readonly [resource: string]: QuantityText | undefined;
}

export interface ResourceRequirementsLike {
  readonly requests?: ResourceListLike;
  readonly limits?: ResourceListLike;
}

/** The fields of a v1.Container the CPU manager and QoS read. */
export interface ContainerLike {
  readonly name: string;
  readonly resources?: ResourceRequirementsLike;
  /** "Always" on an init container makes it a restartable init container (a sidecar). */
  readonly restartPolicy?: string;
}

/** The fields of a v1.Pod the CPU manager and QoS read. */
export interface PodLike {
  readonly metadata?: {
    readonly uid?: string;
    readonly name?: string;
    readonly namespace?: string;
  };
  readonly spec: {
    readonly containers: readonly ContainerLike[];
    readonly initContainers?: readonly ContainerLike[];
    /** Pod-level resources (PodLevelResources feature). */
    readonly resources?: ResourceRequirementsLike;
  };
  readonly status?: { readonly qosClass?: QOSClass };
}

/** Options mirroring feature gates that change QoS. */
export interface QOSOptions {
  /** PodLevelResources gate: when on and spec.resources is set, pod-level resources decide. */
  readonly podLevelResources?: boolean;
  /**
   * PodLevelResourceManagers (1.36 alpha, with PodLevelResources): a container of a pod with
   * pod-level resources gets exclusive CPUs only if it is Guaranteed on its own.
   */
  readonly podLevelResourceManagers?: boolean;
}

const QOS_RESOURCES = ['cpu', 'memory'] as const;

/** podutil.IsRestartableInitContainer. */
export function isRestartableInitContainer(c: ContainerLike): boolean {
  return c.restartPolicy === 'Always';
}

/** Parses a quantity that scenario validation has already accepted; throws a clear error otherwise. */
export function quantityOf(text: QuantityText, where: string): Quantity {
  const q = parseQuantity(text);
  if (!q.ok)
    throw new Error(`${where}: invalid quantity ${JSON.stringify(String(text))}: ${q.error}`);
  return q.value;
}

/** Requests after API defaulting: every limit whose request is missing becomes the request. */
export function effectiveRequests(r: ResourceRequirementsLike | undefined): ResourceListLike {
  const out: Record<string, QuantityText> = {};
  for (const [k, v] of Object.entries(r?.limits ?? {})) if (v !== undefined) out[k] = v;
  for (const [k, v] of Object.entries(r?.requests ?? {})) if (v !== undefined) out[k] = v;
  return out;
}

/** Limits as given. */
export function effectiveLimits(r: ResourceRequirementsLike | undefined): ResourceListLike {
  const out: Record<string, QuantityText> = {};
  for (const [k, v] of Object.entries(r?.limits ?? {})) if (v !== undefined) out[k] = v;
  return out;
}

/** A request above its limit, both as the API server writes them (canonical). */
export interface OverLimit {
  readonly name: string;
  readonly request: string;
  readonly limit: string;
}

/**
 * ValidateResourceRequirements (pkg/apis/core/validation): each request at most its limit.
 * Only quantities that parse are compared (a malformed one is reported on its own).
 */
export function requestsOverLimits(r: ResourceRequirementsLike | undefined): OverLimit[] {
  const out: OverLimit[] = [];
  for (const [name, req] of Object.entries(r?.requests ?? {})) {
    const lim = r?.limits?.[name];
    if (req === undefined || lim === undefined) continue;
    const a = parseQuantity(req);
    const b = parseQuantity(lim);
    if (a.ok && b.ok && compareQuantity(a.value, b.value) > 0)
      out.push({ name, request: canonicalQuantity(req), limit: canonicalQuantity(lim) });
  }
  return out;
}

/** The API server's field error for it ("must be less than or equal to cpu limit of 500m"). */
export function overLimitMessage(o: OverLimit): string {
  return `must be less than or equal to ${o.name} limit of ${o.limit}`;
}

/** Every problem with the pod's resource quantities (for scenario validation); empty when valid. */
export function validatePodResources(pod: PodLike): string[] {
  const problems: string[] = [];
  const check = (list: ResourceListLike | undefined, where: string): void => {
    for (const [k, v] of Object.entries(list ?? {})) {
      if (v === undefined) continue;
      const q = parseQuantity(v);
      if (!q.ok) problems.push(`${where}.${k}: ${JSON.stringify(String(v))}: ${q.error}`);
    }
  };
  const all = [...(pod.spec.initContainers ?? []), ...pod.spec.containers];
  for (const c of all) {
    check(c.resources?.requests, `container ${c.name} requests`);
    check(c.resources?.limits, `container ${c.name} limits`);
  }
  check(pod.spec.resources?.requests, 'pod requests');
  check(pod.spec.resources?.limits, 'pod limits');
  return problems;
}

type Sums = Map<string, Quantity>;

function addPositive(sums: Sums, list: ResourceListLike, where: string): Set<string> {
  const found = new Set<string>();
  for (const name of QOS_RESOURCES) {
    const v = list[name];
    if (v === undefined) continue;
    const q = quantityOf(v, `${where} ${name}`);
    if (q.nanos <= 0n) continue; // only quantities > 0 count
    found.add(name);
    const cur = sums.get(name);
    sums.set(name, cur === undefined ? q : addQuantity(cur, q));
  }
  return found;
}

/** ComputePodQOS: the class from the pod's resources, ignoring status. */
export function computePodQOS(pod: PodLike, opts: QOSOptions = {}): QOSClass {
  const requests: Sums = new Map();
  const limits: Sums = new Map();
  let isGuaranteed = true;
  const podRes = pod.spec.resources;
  const podLevel =
    opts.podLevelResources === true &&
    podRes !== undefined &&
    (Object.keys(podRes.requests ?? {}).length > 0 || Object.keys(podRes.limits ?? {}).length > 0);
  if (podLevel) {
    addPositive(requests, podRes.requests ?? {}, 'pod requests');
    if (Object.keys(podRes.limits ?? {}).length > 0) {
      const present = QOS_RESOURCES.filter((n) => podRes.limits?.[n] !== undefined);
      if (present.length < QOS_RESOURCES.length) isGuaranteed = false;
      addPositive(limits, podRes.limits ?? {}, 'pod limits');
    }
  } else {
    // Go walks containers, then init containers; the order does not change sums.
    for (const c of [...pod.spec.containers, ...(pod.spec.initContainers ?? [])]) {
      addPositive(requests, effectiveRequests(c.resources), `container ${c.name} requests`);
      const found = addPositive(limits, effectiveLimits(c.resources), `container ${c.name} limits`);
      if (!found.has('cpu') || !found.has('memory')) isGuaranteed = false;
    }
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (isGuaranteed) {
    for (const [name, req] of requests) {
      const lim = limits.get(name);
      if (lim === undefined || compareQuantity(lim, req) !== 0) {
        isGuaranteed = false;
        break;
      }
    }
  }
  return isGuaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}

/** GetPodQOS: status.qosClass when already set (QoS is immutable), else ComputePodQOS. */
export function getPodQOS(pod: PodLike, opts: QOSOptions = {}): QOSClass {
  return pod.status?.qosClass ?? computePodQOS(pod, opts);
}

function text(v: QuantityText | undefined): string {
  return v === undefined ? 'unset' : String(v);
}

/**
 * A plain-English reason for the pod's QoS class, naming the first container and resource that
 * decided it, e.g. `container "app": memory request 128Mi differs from limit 256Mi`.
 */
export function explainPodQOS(
  pod: PodLike,
  opts: QOSOptions = {},
): { qos: QOSClass; reason: string } {
  const qos = getPodQOS(pod, opts);
  if (pod.status?.qosClass !== undefined)
    return { qos, reason: `status.qosClass is already ${qos}` };
  const r = pod.spec.resources;
  if (opts.podLevelResources === true && r && (r.requests || r.limits)) {
    if (qos === 'Guaranteed')
      return { qos, reason: 'spec.resources sets cpu and memory limits equal to its requests' };
    if (qos === 'Burstable')
      return {
        qos,
        reason: 'spec.resources lacks a cpu or memory limit, or a request differs from its limit',
      };
  }
  if (qos === 'BestEffort')
    return { qos, reason: 'no container sets a cpu or memory request or limit' };
  if (qos === 'Guaranteed')
    return { qos, reason: 'every container sets cpu and memory limits, and requests equal limits' };
  const all = [...(pod.spec.initContainers ?? []), ...pod.spec.containers];
  for (const c of all) {
    const lim = effectiveLimits(c.resources);
    for (const n of QOS_RESOURCES) {
      const v = lim[n];
      if (v === undefined || quantityOf(v, `container ${c.name} limits ${n}`).nanos <= 0n)
        return { qos, reason: `container "${c.name}" has no ${n} limit` };
    }
  }
  for (const c of all) {
    const req = effectiveRequests(c.resources);
    const lim = effectiveLimits(c.resources);
    for (const n of QOS_RESOURCES) {
      const r = req[n];
      const l = lim[n];
      const rq = r === undefined ? undefined : quantityOf(r, `container ${c.name} requests ${n}`);
      const lq = l === undefined ? undefined : quantityOf(l, `container ${c.name} limits ${n}`);
      if (rq?.nanos !== lq?.nanos)
        return {
          qos,
          reason: `container "${c.name}": ${n} request ${text(r)} differs from limit ${text(l)}`,
        };
    }
  }
  return { qos, reason: 'the summed requests differ from the summed limits' };
}

/**
 * resourcehelper.IsSupportedPodLevelResource (component-helpers/resource/helpers.go): cpu and
 * memory (1.32), and hugepages-* (1.33 on).
 */
export function isSupportedPodLevelResource(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name.startsWith('hugepages-');
}

/**
 * resourcehelper.IsPodLevelResourcesSet: spec.resources names a supported resource in its
 * requests or limits. The policies that do not handle pod-level resources skip such a pod.
 */
export function isPodLevelResourcesSet(pod: PodLike): boolean {
  const r = pod.spec.resources;
  if (!r) return false;
  const names = [...Object.keys(r.requests ?? {}), ...Object.keys(r.limits ?? {})];
  return names.some(isSupportedPodLevelResource);
}

/**
 * cm/qos IsContainerEquivalentQOSGuaranteed (v1.36.3 pkg/kubelet/cm/qos/helpers.go:27): the
 * container's cpu and memory requests are set (non-zero) and equal their limits.
 */
export function isContainerEquivalentQOSGuaranteed(c: ContainerLike): boolean {
  const requests = effectiveRequests(c.resources);
  const limits = c.resources?.limits ?? {};
  for (const name of QOS_RESOURCES) {
    const req = requests[name];
    const lim = limits[name];
    if (req === undefined || lim === undefined) return false;
    const r = parseQuantity(req);
    const l = parseQuantity(lim);
    if (!r.ok || !l.ok || r.value.nanos === 0n || compareQuantity(r.value, l.value) !== 0)
      return false;
  }
  return true;
}
