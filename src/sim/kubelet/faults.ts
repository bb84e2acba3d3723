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

/** "pod/container" keys by pod key and container: built once, not at every probe tick. */
const containerKeys = new Map<string, Map<string, string>>();
function containerKey(podKey: string, container: string): string {
  let byContainer = containerKeys.get(podKey);
  if (!byContainer) containerKeys.set(podKey, (byContainer = new Map<string, string>()));
  let key = byContainer.get(container);
  if (key === undefined) byContainer.set(container, (key = `${podKey}/${container}`));
  return key;
}

/** The first fault of `kind` in `list` (indices into cfg.faults) armed and not used up, or -1. */
function firstArmed(
  cfg: KubeletRun,
  d: { readonly faultHits: readonly number[] },
  t: number,
  kind: FaultKind,
  list: readonly number[] | undefined,
): number {
  if (list === undefined) return -1;
  for (let j = 0; j < list.length; j++) {
    const i = list[j]!;
    const f = cfg.faults[i]!;
    if (f.kind !== kind) continue;
    if (f.at !== undefined && t < f.at) continue;
    if ('times' in f && f.times !== undefined && (d.faultHits[i] ?? 0) >= f.times) continue;
    return i;
  }
  return -1;
}

/**
 * The index (in cfg.faults) of the fault that applies: the container's own first, then the
 * pod's; -1 for none. Called at every probe tick, so it builds no arrays or results.
 */
function find(
  cfg: KubeletRun,
  d: { readonly faultHits: readonly number[] },
  t: number,
  kind: FaultKind,
  podKey: string,
  container?: string,
): number {
  if (cfg.faults.length === 0) return -1;
  const byTarget = cfg.faultsByTarget;
  if (container !== undefined) {
    const i = firstArmed(cfg, d, t, kind, byTarget[containerKey(podKey, container)]);
    if (i >= 0) return i;
  }
  return firstArmed(cfg, d, t, kind, byTarget[podKey]);
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
  const i = find(cfg, d, t, kind, podKey, container);
  if (i < 0) return undefined;
  own(d, 'faultHits')[i] = (d.faultHits[i] ?? 0) + 1;
  return cfg.faults[i] as Extract<Fault, { kind: K }>;
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
  const i = find(cfg, d, t, kind, podKey, container);
  return i < 0 ? undefined : (cfg.faults[i] as Extract<Fault, { kind: K }>);
}
