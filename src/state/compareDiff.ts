/**
 * Compare's diff of two runs, per container (and per pod for the pod's own Events):
 * when it first started in A and in B and the difference, the cpuset it got when it
 * started, and the Events (as `kubectl describe` lists them) found in only one run.
 * Events match on type, reason, object and message, counting repeats; times are
 * ignored, and so are durations inside a message ("pulled in 1.2s").
 */
import {
  correlatorOptions,
  eventsAt,
  formatCPUSet,
  type SimulationRun,
  type EventRow as SimEvent,
} from '../sim';
import { cpuStateAt } from '../viz/topology/cpuHistory';
import type { RunView } from './types';

export interface DiffEvent {
  readonly type: string;
  readonly reason: string;
  /** "<pod>" or "<pod>/<container>" as the Events table names it. */
  readonly object: string;
  readonly message: string;
  /** How many more times this run has it (a restart repeats Pulled, Created, Started). */
  readonly count: number;
}

export interface ContainerDiff {
  /** "ns/pod/container", or "ns/pod" for the pod's own Events. */
  readonly key: string;
  readonly isPod: boolean;
  /** First start (the kubelet's "Started" Event), ms, or null when it never started. */
  readonly startA: number | null;
  readonly startB: number | null;
  /** B − A, ms, when both started. */
  readonly delta: number | null;
  /** The cpuset it ran on when it first started ("2-3", or the shared pool), or null. */
  readonly cpusetA: CpusetAt | null;
  readonly cpusetB: CpusetAt | null;
  readonly onlyA: readonly DiffEvent[];
  readonly onlyB: readonly DiffEvent[];
}

export interface CpusetAt {
  readonly cpus: string;
  readonly exclusive: boolean;
}

type KRun = RunView<SimulationRun>;

/** "spec.containers{app}" → "app". */
function containerOf(fieldPath: string | null): string | null {
  return fieldPath ? (/\{(.+)\}/.exec(fieldPath)?.[1] ?? null) : null;
}

/** A message with its durations blanked, so "pulled in 1.2s" matches "pulled in 900ms". */
export function messageShape(m: string): string {
  return m.replace(/\b\d+(?:\.\d+)?(?:ns|µs|us|ms|s|m|h)(?:\d+(?:\.\d+)?(?:ms|s|m))*\b/g, '…');
}

const keyOf = (e: DiffEvent) =>
  `${e.type}\u0000${e.reason}\u0000${e.object}\u0000${messageShape(e.message)}`;

function eventsByOwner(r: SimulationRun): Map<string, SimEvent[]> {
  const out = new Map<string, SimEvent[]>();
  for (const e of eventsAt(r.trace, r.trace.steps.t.length, undefined, correlatorOptions(r))) {
    const c = containerOf(e.fieldPath);
    const owner = c ? `${e.object}/${c}` : e.object;
    let list = out.get(owner);
    if (!list) out.set(owner, (list = []));
    list.push(e);
  }
  return out;
}

function toDiffEvent(e: SimEvent): DiffEvent {
  const c = containerOf(e.fieldPath);
  const pod = e.object.slice(e.object.indexOf('/') + 1);
  return {
    type: e.type,
    reason: e.reason,
    object: c ? `${pod}/${c}` : pod,
    message: e.message,
    count: e.count,
  };
}

/**
 * Events of `a` beyond those of `b`, counting repeats (an Event row seen 3 times in A
 * and once in B is 2 more in A); in `a`'s order.
 */
function minus(a: readonly DiffEvent[], b: readonly DiffEvent[]): DiffEvent[] {
  const inB = new Map<string, number>();
  for (const e of b) inB.set(keyOf(e), (inB.get(keyOf(e)) ?? 0) + e.count);
  const out: DiffEvent[] = [];
  for (const e of a) {
    const k = keyOf(e);
    const left = inB.get(k) ?? 0;
    inB.set(k, Math.max(0, left - e.count));
    if (e.count > left) out.push({ ...e, count: e.count - left });
  }
  return out;
}

/** The step and time of the container's first "Started" Event (kubelet's StartedContainer). */
function firstStart(r: SimulationRun, key: string): { t: number; step: number } | null {
  for (const e of r.trace.events) {
    if (e.reason !== 'Started') continue;
    const c = containerOf(e.fieldPath);
    if (c !== null && `${e.object}/${c}` === key) return { t: e.t, step: e.step };
  }
  return null;
}

/** The container's cpuset once the step that started it is applied. */
function cpusetAt(run: KRun, key: string, step: number): CpusetAt {
  const cursor = step + 1;
  const mine: number[] = [];
  const shared: number[] = [];
  for (const { id } of run.topology.cpus) {
    const st = cpuStateAt(run.cpus, id, cursor);
    if ((st.kind === 'exclusive' || st.kind === 'assigned') && st.owner === key) mine.push(id);
    // Shared containers run on the default cpuset, which keeps the reserved CPUs
    // (policy_static.go: reserved CPUs stay in the default set; only exclusive ones leave it).
    else if (st.kind === 'shared' || st.kind === 'reserved' || st.kind === 'idle') shared.push(id);
  }
  return mine.length > 0
    ? { cpus: formatCPUSet(mine), exclusive: true }
    : { cpus: formatCPUSet(shared), exclusive: false };
}

/** Container keys of a run in spec order (init containers first), pods in order of arrival. */
function ownersOf(r: SimulationRun): { key: string; isPod: boolean }[] {
  const out: { key: string; isPod: boolean }[] = [];
  const pods = Object.values(r.config.pods).sort((a, b) => a.at - b.at);
  for (const p of pods) {
    out.push({ key: p.key, isPod: true });
    for (const c of [...p.init, ...p.containers])
      out.push({ key: `${p.key}/${c.name}`, isPod: false });
  }
  return out;
}

export function diffRuns(runA: RunView, runB: RunView): ContainerDiff[] {
  const a = runA as KRun;
  const b = runB as KRun;
  const evA = eventsByOwner(a.raw);
  const evB = eventsByOwner(b.raw);
  const seen = new Set<string>();
  const owners = [...ownersOf(a.raw), ...ownersOf(b.raw)].filter(
    (o) => !seen.has(o.key) && (seen.add(o.key), true),
  );
  return owners.map(({ key, isPod }) => {
    const sA = isPod ? null : firstStart(a.raw, key);
    const cA = sA ? cpusetAt(a, key, sA.step) : null;
    const sB = isPod ? null : firstStart(b.raw, key);
    const cB = sB ? cpusetAt(b, key, sB.step) : null;
    const listA = (evA.get(key) ?? []).map(toDiffEvent);
    const listB = (evB.get(key) ?? []).map(toDiffEvent);
    return {
      key,
      isPod,
      startA: sA?.t ?? null,
      startB: sB?.t ?? null,
      delta: sA && sB ? sB.t - sA.t : null,
      cpusetA: cA,
      cpusetB: cB,
      onlyA: minus(listA, listB),
      onlyB: minus(listB, listA),
    };
  });
}
