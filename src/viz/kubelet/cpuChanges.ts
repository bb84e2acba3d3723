/**
 * Per-CPU state over the run, as changes: which CPUs are exclusive to a container
 * (from the CPU manager's assignment records), reserved (static policy's reserved
 * set), in the shared pool while at least one container runs there, or idle. With
 * policy none every container's cpuset is the whole machine, so "shared" is every CPU
 * while anything runs.
 */
import type { Trace, TraceRecord } from '../../sim/trace/types';
import type { CpuChange, CpuStateValue } from '../topology/cpuHistory';
import { parseEntityId } from './entityNames';

export interface CpuContext {
  readonly cpus: readonly number[];
  readonly policy: 'none' | 'static';
  /** CPUs the static policy keeps out of exclusive use (reservedSystemCPUs). */
  readonly reserved: readonly number[];
  /** "<namespace>/<pod>" of a pod UID, for the CPU manager's checkpoint-shaped snapshots. */
  readonly podKeyOf?: (uid: string) => string | undefined;
}

/**
 * The CPU manager's state as cpu_manager_state stores it: the default (shared) set and
 * each container's exclusive set, by pod UID and container name.
 */
export function readSnapshot(
  r: TraceRecord,
  podKeyOf: (uid: string) => string | undefined,
): Map<number, string> | null {
  if (r.kind !== 'cpuAssignments') return null;
  const out = new Map<number, string>();
  const a = r.data.assignments;
  if (a === null || typeof a !== 'object') return out;
  for (const [uid, ctrs] of Object.entries(a as Record<string, unknown>)) {
    if (ctrs === null || typeof ctrs !== 'object') continue;
    const pod = podKeyOf(uid) ?? uid;
    for (const [name, set] of Object.entries(ctrs as Record<string, unknown>))
      for (const cpu of parseList(set) ?? []) out.set(cpu, `${pod}/${name}`);
  }
  return out;
}

/** A container's cpuset as PreCreateContainer wrote it. */
export interface Assignment {
  readonly container: string;
  /** null: the container's exclusive CPUs were released. */
  readonly cpus: readonly number[] | null;
  /** What the record says, if it says: exclusive CPUs or the shared pool's cpuset. */
  readonly exclusive: boolean | undefined;
}

function parseList(v: unknown): number[] | null {
  if (Array.isArray(v)) return v.filter((x): x is number => typeof x === 'number');
  if (typeof v !== 'string') return null;
  const out: number[] = [];
  for (const part of v.split(',')) {
    const m = /^\s*(\d+)(?:-(\d+))?\s*$/.exec(part);
    if (!m) continue;
    const a = Number(m[1]);
    const b = m[2] !== undefined ? Number(m[2]) : a;
    for (let i = a; i <= b && i - a < 4096; i++) out.push(i);
  }
  return out;
}

/** Reads a PreCreateContainer cpuset record (the container is its startContainer instance's). */
export function readAssignment(r: TraceRecord): Assignment | null {
  if (r.kind !== 'cpuset') return null;
  const container = parseEntityId(r.entity, '').container;
  if (!container) return null;
  const cpus = parseList(r.data.cpuset);
  return cpus && cpus.length > 0 ? { container, cpus, exclusive: undefined } : null;
}

/**
 * Under the static policy PreCreateContainer writes a cpuset for every container:
 * its exclusive CPUs, or the shared pool (every CPU not exclusive to someone else).
 * A record that does not say which is exclusive when it is not the whole pool.
 */
function isExclusive(
  a: Assignment,
  held: ReadonlyMap<number, string>,
  all: readonly number[],
): boolean {
  if (a.exclusive !== undefined) return a.exclusive;
  const cpus = new Set(a.cpus ?? []);
  const pool = all.filter((c) => !held.has(c) || held.get(c) === a.container);
  return !(pool.length === cpus.size && pool.every((c) => cpus.has(c)));
}

export function cpuChanges(
  trace: Trace,
  ctx: CpuContext,
): { changes: CpuChange[]; initial: CpuStateValue } {
  const reserved = new Set(ctx.policy === 'static' ? ctx.reserved : []);
  const exclusive = new Map<number, string>();
  let running = 0;
  const changes: CpuChange[] = [];
  const idle: CpuStateValue = { kind: 'idle' };
  let current = new Map<number, CpuStateValue>(ctx.cpus.map((c) => [c, idle]));
  const stateOf = (cpu: number): CpuStateValue => {
    const owner = exclusive.get(cpu);
    if (owner) return { kind: 'exclusive', owner };
    if (reserved.has(cpu)) return { kind: 'reserved' };
    return running > 0 ? { kind: 'shared' } : { kind: 'idle' };
  };
  const emit = (step: number, t: number) => {
    const next = new Map<number, CpuStateValue>();
    const groups = new Map<string, { state: CpuStateValue; cpus: number[] }>();
    for (const cpu of ctx.cpus) {
      const s = stateOf(cpu);
      next.set(cpu, s);
      const prev = current.get(cpu);
      if (prev && prev.kind === s.kind && prev.owner === s.owner) continue;
      const key = `${s.kind}:${s.owner ?? ''}`;
      const g = groups.get(key) ?? { state: s, cpus: [] };
      g.cpus.push(cpu);
      groups.set(key, g);
    }
    for (const g of groups.values()) changes.push({ step, t, cpus: g.cpus, state: g.state });
    current = next;
  };
  // Reserved CPUs are reserved from the start (step -1 applies before any step).
  emit(-1, 0);
  const liveIds = new Set<string>();
  // Snapshots of the CPU manager's state, when the engine records them, are the truth;
  // per-container cpuset records are read only without them.
  const hasSnapshots = trace.records.some((r) => r.kind === 'cpuAssignments');
  const podKeyOf = ctx.podKeyOf ?? (() => undefined);
  for (const r of trace.records) {
    let touched = false;
    if (r.kind === 'containerStarted') {
      const id = typeof r.data.id === 'string' ? r.data.id : `${r.step}`;
      if (!liveIds.has(id)) {
        liveIds.add(id);
        running++;
        touched = true;
      }
    } else if (r.kind === 'containerExited') {
      const id = typeof r.data.id === 'string' ? r.data.id : '';
      if (liveIds.delete(id)) {
        running--;
        touched = true;
      }
    } else if (hasSnapshots) {
      const snap = readSnapshot(r, podKeyOf);
      if (snap) {
        exclusive.clear();
        for (const [cpu, owner] of snap) exclusive.set(cpu, owner);
        touched = true;
      }
    } else {
      const a = readAssignment(r);
      if (a) {
        for (const [cpu, owner] of [...exclusive]) if (owner === a.container) exclusive.delete(cpu);
        if (a.cpus && isExclusive(a, exclusive, ctx.cpus))
          for (const cpu of a.cpus) exclusive.set(cpu, a.container);
        touched = true;
      }
    }
    if (touched) emit(r.step, r.t);
  }
  return { changes, initial: idle };
}
