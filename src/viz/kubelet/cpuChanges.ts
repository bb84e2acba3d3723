/**
 * Per-CPU state over the run, as changes: which CPUs are exclusive to a container
 * (from the CPU manager's assignment records), reserved (static policy's reserved
 * set), in the shared pool while at least one container runs there, or idle. With
 * policy none every container's cpuset is the whole machine, so "shared" is every CPU
 * while anything runs.
 *
 * When the engine records cpu_manager_state snapshots, a CPU is exclusive to a container
 * only while that container runs on it: from PreCreateContainer (the cpuset record, where
 * the kubelet writes the cpuset into the CRI config) until the container exits. CPUs the
 * state assigns to a container that has not started yet, or has exited, are "assigned":
 * the static policy allocates every container of a pod at admission (Allocate from the
 * topology manager's admit handler), and an app container may be given CPUs that an init
 * container still runs on (the reusable set, policy_static.go updateCPUsToReuse).
 */
import { type Trace, type TraceRecord } from '../../sim';
import type { CpuChange, CpuStateValue, PoolChange } from '../topology/cpuHistory';
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

export interface CpuChangesResult {
  changes: CpuChange[];
  initial: CpuStateValue;
  /** Who runs in the shared pool, as it changes. */
  pool: PoolChange[];
}

export function cpuChanges(trace: Trace, ctx: CpuContext): CpuChangesResult {
  if (trace.records.some((r) => r.kind === 'cpuAssignments')) return fromSnapshots(trace, ctx);
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
  /** Running containers by runtime id: who is in the shared pool (everyone not exclusive). */
  const liveIds = new Map<string, string>();
  const pool: PoolChange[] = [];
  const podKeyOf = ctx.podKeyOf ?? (() => undefined);
  const poolNow = (): string[] => {
    const held = new Set(exclusive.values());
    return [...new Set(liveIds.values())].filter((k) => !held.has(k)).sort();
  };
  const notePool = (step: number, t: number) => {
    const members = poolNow();
    const last = pool[pool.length - 1]?.members;
    if (last && last.length === members.length && last.every((m, i) => m === members[i])) return;
    pool.push({ step, t, members });
  };
  // Without snapshots of the CPU manager's state (fromSnapshots reads them: a kubelet with no
  // CPU manager, such as 1.3, records none), the per-container cpuset records say who holds
  // which CPUs, and every running container without its own is in the shared pool.
  for (const r of trace.records) {
    let touched = false;
    if (r.kind === 'containerStarted') {
      const id = typeof r.data.id === 'string' ? r.data.id : `${r.step}`;
      if (!liveIds.has(id)) {
        liveIds.set(id, `${podKeyOf(str(r.data.uid)) ?? str(r.data.uid)}/${str(r.data.container)}`);
        running++;
        touched = true;
      }
    } else if (r.kind === 'containerExited') {
      const id = typeof r.data.id === 'string' ? r.data.id : '';
      if (liveIds.delete(id)) {
        running--;
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
    if (touched) {
      emit(r.step, r.t);
      notePool(r.step, r.t);
    }
  }
  return { changes, initial: idle, pool };
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Kinds of the snapshot path's per-CPU state, as small integers while scanning. */
const IDLE = 0;
const SHARED = 1;
const RESERVED = 2;
const ASSIGNED = 3;
const EXCLUSIVE = 4;
const KIND_NAMES: readonly CpuStateValue['kind'][] = [
  'idle',
  'shared',
  'reserved',
  'assigned',
  'exclusive',
];

/**
 * The snapshot path: cpu_manager_state says who may run where; cpuset and exit records say who does.
 * Built once per run over every CPU at every record (a 256-CPU node has ~1,200 such records), so
 * the scan keeps each CPU's state as a kind number and an owner and allocates only for changes;
 * the pool's membership is updated for the one container a record names (all of it at a snapshot).
 */
function fromSnapshots(trace: Trace, ctx: CpuContext): CpuChangesResult {
  const reserved = new Set(ctx.policy === 'static' ? ctx.reserved : []);
  const podKeyOf = ctx.podKeyOf ?? (() => undefined);
  const parse = memoParse();
  /** cpu → containers the state assigns it to, in the state's order. */
  let assignedTo = new Map<number, string[]>();
  let assignedKeys = new Set<string>();
  /**
   * Containers whose cpuset is applied and that have not exited: exclusive (from
   * PreCreateContainer), or in the shared pool (counted from their start: a shared
   * container holds no CPU of its own before its process runs).
   */
  const applied = new Map<string, 'exclusive' | 'shared' | 'created'>();
  const exited = new Set<string>();
  const keyOfId = new Map<string, string>();
  const changes: CpuChange[] = [];
  const pool: PoolChange[] = [];
  const idle: CpuStateValue = { kind: 'idle' };
  const cpus = ctx.cpus;
  const curKind = new Uint8Array(cpus.length);
  const curOwner: (string | undefined)[] = new Array<string | undefined>(cpus.length);
  const isReserved = cpus.map((c) => reserved.has(c));
  /** Who runs in the shared pool now, and the list last reported. */
  const members = new Set<string>();
  /** Set when the membership may differ from `sorted`; true at first so the first emit reports. */
  let membersDirty = true;
  let sorted: string[] = [];
  /** `sorted` as a set, and the containers whose membership flipped since it was made. */
  const reported = new Set<string>();
  const flipped = new Set<string>();
  const inPool = (k: string): boolean => {
    const how = applied.get(k);
    return how === 'shared' || (how === 'exclusive' && !assignedKeys.has(k));
  };
  const updateMember = (k: string): void => {
    const now = inPool(k);
    if (now === members.has(k)) return;
    if (now) members.add(k);
    else members.delete(k);
    flipped.add(k);
    membersDirty = true;
  };
  /** This snapshot's CPUs (indices into ctx.cpus, ascending) of each container it assigns. */
  let cpusOf = new Map<string, number[]>();
  /** Whether the pool had members at the last emit (idle and shared CPUs swap when it changes). */
  let wasShared = false;
  /**
   * `touched`: the CPUs whose state the record may have changed (those of the one container
   * it is about), or null for all of them. Each CPU's state is a function of its owners'
   * applied/exited state, the snapshot and whether the pool is empty, so the others keep theirs:
   * rescanning every CPU at every record was most of this function's time on a 256-CPU node.
   */
  const emit = (step: number, t: number, touched: readonly number[] | null) => {
    if (membersDirty) {
      membersDirty = false;
      const next = nextPool(sorted, members, flipped, reported);
      flipped.clear();
      if (pool.length === 0 || next !== sorted) pool.push({ step, t, members: (sorted = next) });
    }
    const sharers = sorted.length;
    const groups = new Map<string, { state: CpuStateValue; cpus: number[] }>();
    const rescan = (i: number) => {
      const cpu = cpus[i]!;
      const owners = assignedTo.get(cpu);
      let kind: number = IDLE;
      let owner: string | undefined;
      if (owners !== undefined && owners.length > 0) {
        for (const o of owners)
          if (applied.get(o) === 'exclusive') {
            kind = EXCLUSIVE;
            owner = o;
            break;
          }
        if (kind !== EXCLUSIVE) {
          kind = ASSIGNED;
          for (const o of owners)
            if (!exited.has(o)) {
              owner = o;
              break;
            }
          owner ??= owners[0];
        }
      } else if (isReserved[i]) kind = RESERVED;
      else if (sharers > 0) kind = SHARED;
      if (curKind[i] === kind && curOwner[i] === owner) return;
      curKind[i] = kind;
      curOwner[i] = owner;
      const gk = `${kind}:${owner ?? ''}`;
      let g = groups.get(gk);
      if (!g) {
        const state: CpuStateValue =
          kind === IDLE
            ? idle
            : kind === EXCLUSIVE || kind === ASSIGNED
              ? { kind: KIND_NAMES[kind]!, owner }
              : { kind: KIND_NAMES[kind]! };
        g = { state, cpus: [] };
        groups.set(gk, g);
      }
      g.cpus.push(cpu);
    };
    if (touched === null || sharers > 0 !== wasShared)
      for (let i = 0; i < cpus.length; i++) rescan(i);
    else for (const i of touched) rescan(i);
    wasShared = sharers > 0;
    for (const g of groups.values()) changes.push({ step, t, cpus: g.cpus, state: g.state });
  };
  emit(-1, 0, null);
  const keyOf = (data: { uid: string; container: string }) =>
    `${podKeyOf(str(data.uid)) ?? str(data.uid)}/${str(data.container)}`;
  const none: readonly number[] = [];
  const nobody: readonly string[] = [];
  /** The last snapshot's assignments: the engine records the same object while they stay. */
  let lastAssignments: unknown = undefined;
  for (const r of trace.records) {
    let touched: readonly number[] | null;
    if (r.kind === 'cpuAssignments') {
      // Every CPU's state is a function of the snapshot and of what the other records changed,
      // which the partial rescans below kept up to date: an unchanged snapshot changes nothing
      // (a snapshot at each pod's admission under policy none, each a rescan of every CPU).
      if (r.data.assignments === lastAssignments) continue;
      lastAssignments = r.data.assignments;
      assignedTo = new Map();
      assignedKeys = new Set();
      for (const [cpu, owners] of readSnapshotOwners(r, podKeyOf, parse)) {
        assignedTo.set(cpu, owners);
        for (const o of owners) assignedKeys.add(o);
      }
      cpusOf = new Map();
      for (let i = 0; i < cpus.length; i++)
        for (const o of assignedTo.get(cpus[i]!) ?? nobody) {
          const list = cpusOf.get(o);
          if (list) list.push(i);
          else cpusOf.set(o, [i]);
        }
      for (const k of applied.keys()) updateMember(k);
      touched = null;
    } else if (r.kind === 'cpuset') {
      const key = keyOf(r.data);
      applied.set(key, assignedKeys.has(key) ? 'exclusive' : 'created');
      exited.delete(key);
      updateMember(key);
      touched = cpusOf.get(key) ?? none;
    } else if (r.kind === 'containerStarted') {
      const key = keyOf(r.data);
      keyOfId.set(str(r.data.id), key);
      if (applied.get(key) !== 'exclusive') applied.set(key, 'shared');
      exited.delete(key);
      updateMember(key);
      touched = cpusOf.get(key) ?? none;
    } else if (r.kind === 'containerExited') {
      const key = keyOfId.get(str(r.data.id));
      if (!key) continue;
      applied.delete(key);
      exited.add(key);
      updateMember(key);
      touched = cpusOf.get(key) ?? none;
    } else continue;
    emit(r.step, r.t, touched);
  }
  return { changes, initial: idle, pool };
}

/**
 * `members` sorted as [...members].sort() sorts them, from `prev` (sorted, the set `reported`)
 * and the containers whose membership `flipped` since: `prev` itself when nothing changed, else
 * prev without those that left merged with those that came (and `reported` updated). Sorting
 * the whole pool (~900 names on the 110-pod node) at each of ~1,200 records was most of
 * fromSnapshots' time.
 */
function nextPool(
  prev: string[],
  members: ReadonlySet<string>,
  flipped: ReadonlySet<string>,
  reported: Set<string>,
): string[] {
  const came: string[] = [];
  const left = new Set<string>();
  for (const k of flipped) {
    const now = members.has(k);
    if (now && !reported.has(k)) came.push(k);
    else if (!now && reported.has(k)) left.add(k);
  }
  if (came.length === 0 && left.size === 0) return prev;
  came.sort();
  // Sized once (~600 changes of up to ~900 names on the 110-pod node): no regrowth copies.
  const next = new Array<string>(prev.length - left.size + came.length);
  let at = 0;
  let j = 0;
  for (const m of prev) {
    if (left.size > 0 && left.has(m)) continue;
    // Code-unit order, as sort() without a comparator orders strings.
    while (j < came.length && came[j]! < m) next[at++] = came[j++]!;
    next[at++] = m;
  }
  while (j < came.length) next[at++] = came[j++]!;
  for (const k of left) reported.delete(k);
  for (const k of came) reported.add(k);
  return next;
}

/** parseList for one run: snapshots repeat the same cpuset texts (read-only results). */
function memoParse(): (v: unknown) => readonly number[] {
  const seen = new Map<string, number[]>();
  return (v) => {
    if (typeof v !== 'string') return parseList(v) ?? [];
    let out = seen.get(v);
    if (!out) seen.set(v, (out = parseList(v) ?? []));
    return out;
  };
}

/** Every container the snapshot assigns each CPU to (an app may share CPUs with its init container). */
function readSnapshotOwners(
  r: Extract<TraceRecord, { kind: 'cpuAssignments' }>,
  podKeyOf: (uid: string) => string | undefined,
  parse: (v: unknown) => readonly number[],
): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const a = r.data.assignments;
  if (a === null || typeof a !== 'object') return out;
  for (const [uid, ctrs] of Object.entries(a as Record<string, unknown>)) {
    if (ctrs === null || typeof ctrs !== 'object') continue;
    const pod = podKeyOf(uid) ?? uid;
    for (const [name, set] of Object.entries(ctrs as Record<string, unknown>))
      for (const cpu of parse(set)) {
        const list = out.get(cpu) ?? [];
        list.push(`${pod}/${name}`);
        out.set(cpu, list);
      }
  }
  return out;
}
