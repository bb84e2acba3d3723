/**
 * Scenario faults: whether an operation that begins now is perturbed. A fault names a pod
 * ("ns/pod": every container of it) or one container ("ns/pod/ctr"), is armed from `at`, and
 * fires `times` times (default: always). Firing consumes one hit, recorded in the domain so
 * checkpoints and replays agree.
 */
import type { Fault } from '../scenario/schema';
import type { KubeletRun } from './config';
import type { KubeletDomain } from './types';
import { own } from '../core/cow';

export type FaultKind = Fault['kind'];

function find<K extends FaultKind>(
  cfg: KubeletRun,
  d: Pick<KubeletDomain, 'faultHits'> | { readonly faultHits: readonly number[] },
  t: number,
  kind: K,
  podKey: string,
  container?: string,
): { index: number; fault: Extract<Fault, { kind: K }> } | undefined {
  const keys = container !== undefined ? [`${podKey}/${container}`, podKey] : [podKey];
  for (const key of keys) {
    for (const i of cfg.faultsByTarget[key] ?? []) {
      const f = cfg.faults[i]!;
      if (f.kind !== kind) continue;
      if (f.at !== undefined && t < f.at) continue;
      if ('times' in f && f.times !== undefined && (d.faultHits[i] ?? 0) >= f.times) continue;
      return { index: i, fault: f as Extract<Fault, { kind: K }> };
    }
  }
  return undefined;
}

/** The fault that applies now, consuming one of its hits. */
export function takeFault<K extends FaultKind>(
  cfg: KubeletRun,
  d: KubeletDomain,
  t: number,
  kind: K,
  podKey: string,
  container?: string,
): Extract<Fault, { kind: K }> | undefined {
  const hit = find(cfg, d, t, kind, podKey, container);
  if (!hit) return undefined;
  own(d, 'faultHits')[hit.index] = (d.faultHits[hit.index] ?? 0) + 1;
  return hit.fault;
}

/**
 * The fault that would apply now, without consuming it: for guards and delays, which decide
 * from it in the same step as the effect that then takes it.
 */
export function peekFault<K extends FaultKind>(
  cfg: KubeletRun,
  d: { readonly faultHits: readonly number[] },
  t: number,
  kind: K,
  podKey: string,
  container?: string,
): Extract<Fault, { kind: K }> | undefined {
  return find(cfg, d, t, kind, podKey, container)?.fault;
}
