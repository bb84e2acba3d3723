/**
 * k8s.io/client-go/util/flowcontrol.Backoff as the kubelet uses it (no jitter):
 *   Next(id, eventTime): new entry at `initial` (or reset when expired), else double, capped;
 *                        lastUpdate = now.
 *   IsInBackOffSince(id, eventTime):       !expired(now) && now - eventTime < backoff
 *   IsInBackOffSinceUpdate(id, eventTime): !expired(eventTime) && eventTime - lastUpdate < backoff
 * Two instances: container restarts (10s..300s, HasExpiredFunc overridden in NewMainKubelet to
 * "eventTime - lastUpdate > 600s") and image pulls (10s..300s, default expiry 2*max).
 */
import type { BackOffReason } from '../machines/backOff.machine';
import type { EffectApi } from '../runner/types';
import type { ContainerDef, PodDef } from './config';
import { backOffId } from './ids';
import type { BackoffEntry, KubeletDomain } from './types';

export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
  expired(eventTime: number, lastUpdate: number): boolean;
}

/** klet.backOff: containerBackOffPeriod 10s, MaxContainerBackOff 300s, reset after 10 min. */
export const CONTAINER_BACKOFF: BackoffPolicy = {
  initialMs: 10_000,
  maxMs: 300_000,
  expired: (eventTime, lastUpdate) => eventTime - lastUpdate > 600_000,
};

/** A back-off's first window and cap, as plain data (the run's config crosses to the page). */
export interface BackoffLimits {
  readonly initialMs: number;
  readonly maxMs: number;
}

/**
 * kubelet.go newCrashLoopBackOff (1.33+; 1.32 read only the cap): ReduceDefaultCrashLoopBackOffDecay
 * makes it 1 s then at most 60 s; KubeletCrashLoopBackOffMax makes the cap
 * crashLoopBackOff.maxContainerRestartPeriod (defaulted to 300 s when the gate is on, so with
 * both gates on and no value the cap is 300 s again), and the first back-off no longer than it.
 */
export function crashLoopBackOff(
  gates: Readonly<Record<string, boolean>>,
  maxContainerRestartPeriodMs: number | undefined,
): BackoffLimits {
  let maxMs = CONTAINER_BACKOFF.maxMs;
  let initialMs = CONTAINER_BACKOFF.initialMs;
  if (gates.ReduceDefaultCrashLoopBackOffDecay) {
    maxMs = 60_000;
    initialMs = 1_000;
  }
  if (gates.KubeletCrashLoopBackOffMax) {
    maxMs = maxContainerRestartPeriodMs ?? CONTAINER_BACKOFF.maxMs;
    if (maxMs < initialMs) initialMs = maxMs;
  }
  return { initialMs, maxMs };
}

const containerPolicies = new WeakMap<BackoffLimits, BackoffPolicy>();

/** The container back-off with the run's limits (klet.backOff; reset after 10 min). */
export function containerBackOffPolicy(l: BackoffLimits): BackoffPolicy {
  let p = containerPolicies.get(l);
  if (!p) {
    p =
      l.initialMs === CONTAINER_BACKOFF.initialMs && l.maxMs === CONTAINER_BACKOFF.maxMs
        ? CONTAINER_BACKOFF
        : { ...CONTAINER_BACKOFF, initialMs: l.initialMs, maxMs: l.maxMs };
    containerPolicies.set(l, p);
  }
  return p;
}

/** The image manager's back-off key (and prevPullErrMsg's): "<pod uid>_<image>". */
export function imageBackOffKey(podUid: string, image: string): string {
  return `${podUid}_${image}`;
}

/** imageBackOff: imageBackOffPeriod 10s, MaxImageBackOff 300s, client-go default expiry. */
export const IMAGE_BACKOFF: BackoffPolicy = {
  initialMs: 10_000,
  maxMs: 300_000,
  expired: (eventTime, lastUpdate) => eventTime - lastUpdate > 2 * 300_000,
};

export type BackoffTable = Record<string, BackoffEntry>;

export function backoffNext(
  table: BackoffTable,
  id: string,
  eventTime: number,
  now: number,
  p: BackoffPolicy,
): void {
  const e = table[id];
  if (!e || p.expired(eventTime, e.lastUpdate)) {
    table[id] = { backoffMs: p.initialMs, lastUpdate: now };
  } else {
    table[id] = { backoffMs: Math.min(e.backoffMs * 2, p.maxMs), lastUpdate: now };
  }
}

export function isInBackOffSince(
  table: BackoffTable,
  id: string,
  eventTime: number,
  now: number,
  p: BackoffPolicy,
): boolean {
  const e = table[id];
  if (!e || p.expired(now, e.lastUpdate)) return false;
  return now - eventTime < e.backoffMs;
}

export function isInBackOffSinceUpdate(
  table: BackoffTable,
  id: string,
  eventTime: number,
  p: BackoffPolicy,
): boolean {
  const e = table[id];
  if (!e || p.expired(eventTime, e.lastUpdate)) return false;
  return eventTime - e.lastUpdate < e.backoffMs;
}

export function backoffGet(table: BackoffTable, id: string): number {
  return table[id]?.backoffMs ?? 0;
}

/** Backoff.GC: drop entries not updated for 2*max. */
export function backoffGC(table: BackoffTable, now: number, p: BackoffPolicy): void {
  for (const [id, e] of Object.entries(table)) {
    if (now - e.lastUpdate > 2 * p.maxMs) delete table[id];
  }
}

/** GetStableKey: the container back-off key (the spec hash makes a changed spec start fresh). */
export function stableKey(pod: PodDef, c: ContainerDef): string {
  return `${pod.name}_${pod.namespace}_${pod.uid}_${c.name}_${c.hash}`;
}

/**
 * The back-off window the kubelet just read or started, shown by the entry's backOff machine
 * (backOff.machine.ts): spawned on first use, told of each window after.
 */
export function showBackOff(
  api: EffectApi<KubeletDomain>,
  podKey: string,
  container: string,
  reason: BackOffReason,
  since: number,
  backoffMs: number,
): void {
  const id = backOffId(podKey, container, reason);
  if (api.has(id)) api.send(id, { type: 'BACK_OFF', since, backoffMs });
  else api.spawn('backOff', id, { reason, since, backoffMs });
}
