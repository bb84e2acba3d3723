/**
 * Minimal resource arithmetic for admission and QoS: quantities to millicores and bytes,
 * pod requests with init-container and sidecar semantics (resourcehelper.PodRequests).
 * Stands in until src/sim/model/{quantity,qos}.ts are committed; kept deliberately small.
 */
import type { ContainerSpec, PodManifest } from '../scenario/schema';

const BINARY: Record<string, number> = {
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};
const DECIMAL: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
};

/** resource.Quantity's value as a number of base units (cores or bytes); NaN when unreadable. */
export function quantityToNumber(text: string | number): number {
  if (typeof text === 'number') return text;
  const m =
    /^([+-]?\d+(?:\.\d*)?|[+-]?\.\d+)(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])?)$/.exec(
      text.trim(),
    );
  if (!m) return NaN;
  const base = Number(m[1]);
  if (m[2]) return base * 10 ** Number(m[2].slice(1));
  const suffix = m[3] ?? '';
  return base * (BINARY[suffix] ?? DECIMAL[suffix] ?? NaN);
}

export function milliCpu(text: string | number | undefined): number {
  if (text === undefined) return 0;
  const v = quantityToNumber(text);
  return Number.isFinite(v) ? Math.ceil(v * 1000 - 1e-9) : 0;
}

export function bytes(text: string | number | undefined): number {
  if (text === undefined) return 0;
  const v = quantityToNumber(text);
  return Number.isFinite(v) ? Math.ceil(v - 1e-9) : 0;
}

export interface Res {
  cpu: number;
  memory: number;
}

/** Requests default to limits (API defaulting) when only limits are given. */
export function containerRequests(c: ContainerSpec): Res {
  const req = c.resources?.requests ?? {};
  const lim = c.resources?.limits ?? {};
  return {
    cpu: milliCpu(req.cpu ?? lim.cpu),
    memory: bytes(req.memory ?? lim.memory),
  };
}

export function isSidecar(c: ContainerSpec): boolean {
  return c.restartPolicy === 'Always';
}

/**
 * resourcehelper.PodRequests: max(sum(regular) + sum(sidecars), for each init container its
 * request plus the sidecars started before it).
 */
export function podRequests(m: PodManifest): Res {
  const agg = aggregateContainerRequests(m);
  // PodRequests: pod-level requests (PodLevelResources) replace the containers' sum for the
  // resources they name. The field reaches the kubelet only with the gate on (compileRun).
  const pod = m.spec.resources?.requests;
  if (!pod) return agg;
  return {
    cpu: pod.cpu !== undefined ? milliCpu(pod.cpu) : agg.cpu,
    memory: pod.memory !== undefined ? bytes(pod.memory) : agg.memory,
  };
}

/**
 * SetDefaults_Pod's defaultPodRequests (pkg/apis/core/v1/defaults.go, PodLevelResources on):
 * when spec.resources has limits, each pod-level request left out defaults to the containers'
 * aggregated request for it (cpu and memory, the overcommittable ones), else to its pod-level
 * limit. The pod's requests and QoS class are read after it, as the API server stores the pod.
 */
export function defaultPodLevelRequests(m: PodManifest): PodManifest {
  const r = m.spec.resources;
  if (!r?.limits || Object.keys(r.limits).length === 0) return m;
  const reqs: Record<string, string> = { ...(r.requests ?? {}) };
  const agg = aggregateContainerRequests(m);
  const has = (name: 'cpu' | 'memory') =>
    [...m.spec.containers, ...(m.spec.initContainers ?? [])].some(
      (c) => (c.resources?.requests?.[name] ?? c.resources?.limits?.[name]) !== undefined,
    );
  if (reqs.cpu === undefined && has('cpu')) reqs.cpu = `${agg.cpu}m`;
  if (reqs.memory === undefined && has('memory')) reqs.memory = String(agg.memory);
  for (const [k, v] of Object.entries(r.limits))
    if (reqs[k] === undefined && v !== undefined && isPodLevelName(k)) reqs[k] = String(v);
  if (Object.keys(reqs).length === 0) return m;
  return { ...m, spec: { ...m.spec, resources: { ...r, requests: reqs } } };
}

function isPodLevelName(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name.startsWith('hugepages-');
}

/** resourcehelper.AggregateContainerRequests: the containers' requests, sidecars included. */
function aggregateContainerRequests(m: PodManifest): Res {
  const sum: Res = { cpu: 0, memory: 0 };
  for (const c of m.spec.containers) {
    const r = containerRequests(c);
    sum.cpu += r.cpu;
    sum.memory += r.memory;
  }
  const sidecars: Res = { cpu: 0, memory: 0 };
  const initMax: Res = { cpu: 0, memory: 0 };
  for (const c of m.spec.initContainers ?? []) {
    const r = containerRequests(c);
    if (isSidecar(c)) {
      sidecars.cpu += r.cpu;
      sidecars.memory += r.memory;
      sum.cpu += r.cpu;
      sum.memory += r.memory;
      initMax.cpu = Math.max(initMax.cpu, sidecars.cpu);
      initMax.memory = Math.max(initMax.memory, sidecars.memory);
    } else {
      initMax.cpu = Math.max(initMax.cpu, r.cpu + sidecars.cpu);
      initMax.memory = Math.max(initMax.memory, r.memory + sidecars.memory);
    }
  }
  return { cpu: Math.max(sum.cpu, initMax.cpu), memory: Math.max(sum.memory, initMax.memory) };
}
