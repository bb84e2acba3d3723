/**
 * Who holds each CPU at any step, from the trace's CPU assignment changes. Built
 * once per run (per CPU, the steps at which its state changed), then queried by
 * binary search, so scrubbing never folds the whole history again.
 */
import { upperBound } from '../timeline/windowQuery';

/** "assigned": cpu_manager_state gives it to a container that does not run (yet, or any more). */
export type CpuStateKind = 'idle' | 'shared' | 'reserved' | 'exclusive' | 'assigned';

export interface CpuStateValue {
  readonly kind: CpuStateKind;
  /** "<namespace>/<pod>/<container>" for exclusive and assigned CPUs. */
  readonly owner?: string | undefined;
}

/** One change: from trace step `step` (applied when the cursor passes it) these CPUs are `state`. */
export interface CpuChange {
  readonly step: number;
  readonly t: number;
  readonly cpus: readonly number[];
  readonly state: CpuStateValue;
}

/** From step `step` these containers run in the shared pool. */
export interface PoolChange {
  readonly step: number;
  readonly t: number;
  readonly members: readonly string[];
}

export interface CpuState extends CpuStateValue {
  /** Simulated ms and step since which the CPU has been in this state (0/-1: from the start). */
  readonly since: number;
  readonly sinceStep: number;
}

export interface CpuHistory {
  /** Per CPU id: the steps of its changes (ascending) and the states. */
  readonly steps: ReadonlyMap<number, Int32Array>;
  readonly states: ReadonlyMap<number, readonly CpuState[]>;
  readonly initial: CpuStateValue;
  /** Container keys that ever held an exclusive CPU, in order of first appearance. */
  readonly owners: readonly string[];
  /** Who runs in the shared pool, by step (ascending); empty when unknown. */
  readonly pool: readonly PoolChange[];
}

export function buildCpuHistory(
  changes: readonly CpuChange[],
  initial: CpuStateValue = { kind: 'idle' },
  pool: readonly PoolChange[] = [],
): CpuHistory {
  const steps = new Map<number, number[]>();
  const states = new Map<number, CpuState[]>();
  const owners: string[] = [];
  const sorted = [...changes].sort((a, b) => a.step - b.step);
  for (const ch of sorted) {
    if (ch.state.owner !== undefined && !owners.includes(ch.state.owner))
      owners.push(ch.state.owner);
    for (const cpu of ch.cpus) {
      let s = steps.get(cpu);
      let v = states.get(cpu);
      if (!s || !v) {
        steps.set(cpu, (s = []));
        states.set(cpu, (v = []));
      }
      const prev = v[v.length - 1];
      // A repeated state is not a change: "since" keeps the first time.
      if (prev && prev.kind === ch.state.kind && prev.owner === ch.state.owner) continue;
      s.push(ch.step);
      v.push({ ...ch.state, since: ch.t, sinceStep: ch.step });
    }
  }
  const typed = new Map<number, Int32Array>();
  for (const [cpu, s] of steps) typed.set(cpu, Int32Array.from(s));
  return { steps: typed, states, initial, owners, pool };
}

/** The containers running in the shared pool once `cursor` steps have been applied. */
export function poolAt(h: CpuHistory, cursor: number): readonly string[] {
  let lo = 0;
  let hi = h.pool.length - 1;
  let ans = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (h.pool[mid]!.step < cursor) {
      ans = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return ans < 0 ? [] : h.pool[ans]!.members;
}

/** State of `cpu` once `cursor` steps have been applied (changes at steps < cursor). */
export function cpuStateAt(h: CpuHistory, cpu: number, cursor: number): CpuState {
  const s = h.steps.get(cpu);
  const v = h.states.get(cpu);
  if (!s || !v) return { ...h.initial, since: 0, sinceStep: -1 };
  const i = upperBound(s, cursor - 1) - 1;
  return i < 0 ? { ...h.initial, since: 0, sinceStep: -1 } : v[i]!;
}

/**
 * The accessible name contract: "CPU 3: exclusive to default/web/app". A reserved CPU is part
 * of the shared pool (the static policy keeps reservedSystemCPUs out of exclusive use, not out
 * of the pool): `pooled` says containers run in the pool now, so they run there too.
 */
export function describeCpuState(cpu: number, s: CpuStateValue, pooled = false): string {
  const what =
    s.kind === 'exclusive'
      ? `exclusive to ${s.owner ?? 'unknown'}`
      : s.kind === 'assigned'
        ? `idle, assigned to ${s.owner ?? 'unknown'}`
        : s.kind === 'reserved'
          ? pooled
            ? 'reserved, in the shared pool'
            : 'reserved'
          : s.kind;
  return `CPU ${cpu}: ${what}`;
}

/** What reservedSystemCPUs means for each kind of container, for the legend and tooltips. */
export const RESERVED_MEANING =
  'reservedSystemCPUs: never given to a container exclusively (Guaranteed pods with whole CPUs get other CPUs), but part of the shared pool, so Burstable, BestEffort and fractional-CPU containers run on them with the system daemons.';
