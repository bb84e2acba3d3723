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
