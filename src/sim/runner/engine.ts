/**
 * The discrete-event loop. It owns time: machines never see a clock, they run
 * through XState's pure `initialTransition`/`transition`, and the actions those
 * return are interpreted here as data:
 *   - `xstate.raise` with a delay  -> a queue entry at t + delay, keyed by its id (an `after`
 *                                     transition's delayed event, its delay resolved through
 *                                     the machine's setup({ delays }));
 *   - `xstate.raise` without delay -> already applied inside the macrostep, ignored;
 *   - `xstate.cancel`              -> removes the keyed queue entry (leaving a state with `after`);
 *   - any other named action       -> the machine kind's effect of that name.
 * Guards read the event, the context and, through runner/guardView.ts, the world as the step
 * begins. One popped queue entry is one step: one transition of one machine instance, or one
 * event handled by a plain process. Each step records the step that enqueued its event
 * (`cause`) and the guard that decided its transition (`guard`).
 */
import {
  initialTransition,
  type AnyEventObject,
  type AnyStateMachine,
  type MachineContext,
} from 'xstate';
import { clonePlain, cloneSharing } from '../core/clone';
import { freezeShared, shareAll, stopLogging } from '../core/cow';
import { copyTable, objectArray, table } from '../core/shapes';
import { nextId as nextCounterId } from '../core/ids';
import { createRng } from '../core/prng';
import {
  queueCancel,
  queueDropTarget,
  queueInOrder,
  queuePeek,
  queuePop,
  queuePush,
  type QueueEntry,
} from '../core/queue';
import type {
  KubeEvent,
  LogLine,
  Trace,
  TraceRecord,
  TraceRecordData,
  TraceRecordKind,
} from '../trace/types';
import { LogRecords, type LogForm } from '../trace/logRecords';
import { setGuardView } from './guardView';
import { domainOf, TableHistory, type DomainTables } from './tables';
import {
  cachedStep,
  initialContext,
  interpreted,
  recordDelay,
  recordGuard,
  type Interpret,
  type LeafRow,
  type ReplayedLeaf,
  type StepOutcome,
} from './transitionCache';
import type {
  AnySnapshot,
  EffectApi,
  EffectHandler,
  EngineSpec,
  ProcessKind,
  World,
} from './types';

export const INIT_EVENT = 'xstate.init';

/**
 * The guard that last evaluated true during the current transition. Module-wide, not per
 * engine: XState evaluates a snapshot's guards through the machine that made the snapshot,
 * which for a run resumed from another run's checkpoint is the other engine's wrapped machine.
 */
let decided = '';

/** Sequence numbers of `returned` events: below every ordinary entry of the same instant. */
const RETURNED_SEQ_BASE = -(2 ** 52);

interface ActorScope {
  actionExecutor: (a: unknown) => void;
}
const scopes = new WeakMap<AnyStateMachine, ActorScope>();

/**
 * One inert actor scope per machine, reused across calls: XState's pure `transition()` and
 * `initialTransition()` build a fresh actor on every call (which runs getInitialSnapshot
 * once more, eagerly, without input), and that was most of the cost of a step. The scope
 * only collects the actions; machines run here have no children, so nothing else in it
 * changes between calls. Made outside any transition the cache records.
 */
export function actorScopeOf(machine: AnyStateMachine): ActorScope {
  let scope = scopes.get(machine);
  if (!scope) {
    // Capture the inert scope xstate builds: the last getInitialSnapshot call is made with it.
    const probe = Object.create(machine) as AnyStateMachine;
    probe.getInitialSnapshot = ((s: ActorScope, input: unknown) => {
      scope = s;
      return machine.getInitialSnapshot(s as never, input);
    }) as never;
    initialTransition(probe, undefined);
    scopes.set(machine, scope!);
  }
  return scope!;
}

type Step = [AnySnapshot, { type: string; params?: unknown }[]];

/** XState's pure `transition()` through the machine's reused scope. */
export function pureTransition(
  machine: AnyStateMachine,
  snapshot: AnySnapshot,
  event: AnyEventObject,
): Step {
  const scope = actorScopeOf(machine);
  const actions: Step[1] = [];
  scope.actionExecutor = (a) => void actions.push(a as Step[1][number]);
  const next = machine.transition(snapshot, event, scope as never) as AnySnapshot;
  return [next, actions];
}

/** XState's pure `initialTransition()` through the machine's reused scope. */
export function pureInitialTransition(machine: AnyStateMachine, input: unknown): Step {
  const scope = actorScopeOf(machine);
  const actions: Step[1] = [];
  scope.actionExecutor = (a) => void actions.push(a as Step[1][number]);
  const next = machine.getInitialSnapshot(scope as never, input) as AnySnapshot;
  return [next, actions];
}

/**
 * What the transition cache needs of an instance before its initial transition: the machine
 * (whose guards and delays it calls) and the context XState will give it. Undefined when that
 * context cannot be computed outside XState.
 */
export function initialBefore(machine: AnyStateMachine, input: unknown): AnySnapshot | undefined {
  const context = initialContext(machine, input);
  if (!context) return undefined;
  const before: Pick<AnySnapshot, 'context'> & { machine: unknown } = { machine, context };
  return before as AnySnapshot;
}

/** stateString of each (immutable) object state value already seen: a step needs two. */
const stateStrings = new WeakMap<object, string>();

/** "a", or "a.b" for nested states, "a.b|c" for parallel regions. */
export function stateString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return '';
  const known = stateStrings.get(value);
  if (known !== undefined) return known;
  const s = stateStringOf(value);
  stateStrings.set(value, s);
  return s;
}

function stateStringOf(value: object): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const inner = stateString(v);
    parts.push(inner ? `${k}.${inner}` : k);
  }
  return parts.join('|');
}

/** Collects what the views need. Absent while replaying to a checkpoint (nothing is recorded twice). */
export class Recorder {
  readonly trace: Trace<World<unknown>>;
  /**
   * Changes to the world's machine map since the last checkpoint, as (id, instance) pairs, a
   * stopped instance as (id, undefined): checkpoints between full copies of the map keep these.
   */
  machineOps: unknown[] = objectArray();
  private stringIndex = new Map<string, number>();
  private entityIndex = new Map<string, number>();
  /** The index of '' (no guard decided), once interned. */
  private noGuard: number | undefined;
  /**
   * What names this recorder on the cache leaves' rows (leafRow): an empty object, not the
   * recorder, so the module-wide cache does not keep a dropped trace alive.
   */
  private readonly rowOwner = {};

  /**
   * A recorder that goes on from `prefix`: the trace of the steps before it, as a resumed run
   * would have recorded them (interned strings and entities in first-use order, so indices agree).
   */
  static resuming(prefix: Trace<World<unknown>>): Recorder {
    const r = new Recorder(prefix.checkpointEvery);
    Object.assign(r.trace, {
      steps: prefix.steps,
      strings: prefix.strings,
      entities: prefix.entities,
      events: prefix.events,
      logs: prefix.logs,
      records: prefix.records,
      checkpoints: prefix.checkpoints,
    });
    prefix.strings.forEach((s, i) => r.stringIndex.set(s, i));
    prefix.entities.forEach((e, i) => r.entityIndex.set(e.id, i));
    return r;
  }

  constructor(checkpointEvery: number) {
    this.trace = {
      steps: { t: [], entity: [], event: [], from: [], to: [], cause: [], guard: [] },
      strings: objectArray(),
      entities: objectArray(),
      events: objectArray(),
      logs: new LogRecords(),
      records: objectArray(),
      checkpoints: objectArray(),
      checkpointEvery,
      endT: 0,
      stopReason: 'idle',
    };
  }

  intern(s: string): number {
    let i = this.stringIndex.get(s);
    if (i === undefined) {
      i = this.trace.strings.length;
      this.trace.strings.push(s);
      this.stringIndex.set(s, i);
    }
    return i;
  }

  entity(id: string, kind: string, step: number): number {
    let i = this.entityIndex.get(id);
    if (i === undefined) {
      i = this.trace.entities.length;
      this.trace.entities.push({ id, kind, created: step });
      this.entityIndex.set(id, i);
    }
    return i;
  }

  row(
    t: number,
    entity: number,
    event: string,
    from: string,
    to: string,
    cause: number,
    guard: string,
  ): void {
    this.push(t, entity, this.indices(event, from, to, guard), cause);
  }

  /**
   * The row of a step replayed from a transition-cache leaf, whose event, states and guard the
   * leaf fixes: their indices, interned at its first replay, are kept on the leaf for this
   * recorder, sparing the four string lookups (and the to-state's string) of most steps.
   */
  leafRow(
    t: number,
    entity: number,
    leaf: ReplayedLeaf,
    cause: number,
    /** The step's event, states and guard, read only at the leaf's first row. */
    event: string,
    from: string,
    toValue: unknown,
    guard: string,
  ): void {
    let r = leaf.row;
    if (r === undefined || r.owner !== this.rowOwner)
      r = leaf.row = this.indices(event, from, stateString(toValue), guard);
    this.push(t, entity, r, cause);
  }

  /**
   * A step's string indices, interned in this order (indices follow first use). Most steps stay
   * in their state or name no guard: those need no lookup.
   */
  private indices(event: string, from: string, to: string, guard: string): LeafRow {
    const e = this.intern(event);
    const f = this.intern(from);
    return {
      owner: this.rowOwner,
      event: e,
      from: f,
      to: to === from ? f : this.intern(to),
      guard: guard === '' ? (this.noGuard ??= this.intern('')) : this.intern(guard),
    };
  }

  private push(t: number, entity: number, r: LeafRow, cause: number): void {
    const s = this.trace.steps;
    s.t.push(t);
    s.entity.push(entity);
    s.event.push(r.event);
    s.from.push(r.from);
    s.to.push(r.to);
    s.cause.push(cause);
    s.guard.push(r.guard);
  }
}

export function createWorld<D>(seed: number, domain: D): World<D> {
  return worldOf(
    { t: 0, seq: 0, step: 0, rng: createRng(seed), ids: {}, queue: objectArray() },
    table(),
    domain,
  );
}

/**
 * A world object, made at this one place: every world (the run's, a checkpoint's, a seek's or a
 * re-run's copy) has one hidden class, so the engine's and the effects' reads of it stay
 * monomorphic. Copies built by spreads had classes of their own, so those reads turned
 * polymorphic once a process had run a re-run or a seek.
 */
function worldOf<D>(
  c: Omit<World<D>, 'machines' | 'domain'>,
  machines: World<D>['machines'],
  domain: D,
): World<D> {
  return {
    t: c.t,
    seq: c.seq,
    step: c.step,
    rng: c.rng,
    ids: c.ids,
    queue: c.queue,
    machines,
    domain,
  };
}

/** Queue entries in pop order, (t, seq): a sorted array is a valid heap. */
export function byTimeThenSeq<E>(a: QueueEntry<E>, b: QueueEntry<E>): number {
  return a.t - b.t || a.seq - b.seq;
}

type Machines = World<unknown>['machines'];

/**
 * A checkpoint's machine map kept as the changes since the previous checkpoint (the map has
 * ~900 instances on a 110-pod node, ~2,000 on a 250-pod one, and a copy of it was most of a
 * checkpoint's cost). A checkpoint holds a copy (a keyframe) only once the changes kept since
 * the last copy add up to the map's size: a copy every so many checkpoints made a step's cost
 * grow with the pod count, where this costs a step only what it changed. A seek still builds at
 * most about two maps' worth (the copy, then as many changes), and walks at most
 * MACHINE_CHAIN deltas.
 */
interface MachineDelta {
  prev: World<unknown>;
  ops: unknown[];
}
const machineDeltas = new WeakMap<object, MachineDelta>();
const MACHINE_CHAIN = 32;

/** How far a checkpoint is from its keyframe: the deltas since it, and their changes. */
interface SinceKeyframe {
  /** Instances in the keyframe's map. */
  size: number;
  /** Changes (id, instance pairs) kept in the deltas since. */
  changes: number;
  deltas: number;
}

function sinceKeyframe(w: World<unknown>): SinceKeyframe {
  let changes = 0;
  let deltas = 0;
  let at = w;
  for (let d = machineDeltas.get(at); d; d = machineDeltas.get(at)) {
    changes += d.ops.length / 2;
    deltas++;
    at = d.prev;
  }
  return { size: Object.keys(at.machines).length, changes, deltas };
}

/**
 * A new copy of a checkpoint's machine map: the last full copy before it, then the changes
 * after it in order (a stopped and respawned instance ends up last, as in the live map).
 */
function machinesOf(w: World<unknown>): Machines {
  const chain: MachineDelta[] = [];
  let at = w;
  for (let d = machineDeltas.get(at); d; d = machineDeltas.get(at)) {
    chain.push(d);
    at = d.prev;
  }
  const out = copyTable(at.machines);
  for (let i = chain.length - 1; i >= 0; i--) {
    const ops = chain[i]!.ops;
    for (let j = 0; j < ops.length; j += 2) {
      const id = ops[j] as string;
      const inst = ops[j + 1] as Machines[string] | undefined;
      if (inst) out[id] = inst;
      else delete out[id];
    }
  }
  return out;
}

/**
 * The same changes as `ops` with one instance per id: stops first (deleting a key the earlier
 * map lacks is a no-op), then each id's last instance in the order of its last insertion (a
 * respawned or new instance goes last, as in the live map; setting a kept key keeps its place).
 * The instances in between are dropped: a delta lives as long as the trace, and they were a
 * large share of what every step left for the garbage collector to promote.
 */
function compactOps(ops: unknown[]): unknown[] {
  const last = new Map<string, unknown>();
  const stopped = new Set<string>();
  for (let j = 0; j < ops.length; j += 2) {
    const id = ops[j] as string;
    const inst = ops[j + 1];
    if (inst === undefined) {
      last.delete(id);
      stopped.add(id);
    } else last.set(id, inst);
  }
  const out: unknown[] = [];
  for (const id of stopped) out.push(id, undefined);
  for (const [id, inst] of last) out.push(id, inst);
  return out;
}

/** `w` with `machines` read through its delta (a new copy at each read). */
function withMachineDelta<W extends World<unknown>>(w: W, delta: MachineDelta): W {
  machineDeltas.set(w, delta);
  // Redefined in place, so the key keeps its position (JSON of a checkpoint is unchanged).
  Object.defineProperty(w, 'machines', {
    get: () => machinesOf(w),
    enumerable: true,
    configurable: true,
  });
  return w;
}

/**
 * A checkpoint with some fields replaced (a re-run's remap), its machine map still kept as a
 * delta when it was one.
 */
export function checkpointWith<D>(w: World<D>, changes: Partial<World<D>>): World<D> {
  const delta = machineDeltas.get(w);
  const tables = domainTables.get(w);
  // Read field by field: a spread would build the machine map and the domain.
  const c: World<D> = {
    t: w.t,
    seq: w.seq,
    step: w.step,
    rng: w.rng,
    ids: w.ids,
    queue: w.queue,
    machines: delta ? (undefined as unknown as Machines) : w.machines,
    domain: tables ? (undefined as D) : w.domain,
    ...changes,
  };
  if (delta) withMachineDelta(c, delta);
  if (tables && !('domain' in changes)) withDomainTables(c, tables);
  return c;
}

/** The domain tables a checkpoint keeps as versions (runner/tables.ts), by checkpoint. */
const domainTables = new WeakMap<object, DomainTables>();

/** `w` with `domain` built from its kept tables (a new copy at each read). */
function withDomainTables<W extends World<unknown>>(w: W, kept: DomainTables): W {
  domainTables.set(w, kept);
  Object.defineProperty(w, 'domain', {
    get: (): unknown => domainOf(kept),
    enumerable: true,
    configurable: true,
  });
  return w;
}

/** A checkpoint's domain as it shares it, without building its tables. */
function sharedDomain<D>(w: World<D>): D {
  const kept = domainTables.get(w);
  return kept ? (kept.skeleton as D) : w.domain;
}

/**
 * The domain as a checkpoint or a seek holds it. A copy-on-write domain (EngineSpec.copyOnWrite)
 * is shared but for its root and its in-place fields (core/cow.ts: writers copy what they
 * change); any other is copied deeply, sharing with `prev` (the previous checkpoint's) what did
 * not change since.
 */
function copyDomain<D>(d: D, cow: EngineSpec<D>['copyOnWrite'], prev?: D): D {
  if (!cow) return prev === undefined ? clonePlain(d) : cloneSharing(d, prev);
  const src = d as Record<string, unknown>;
  const before = prev as Record<string, unknown> | undefined;
  // A spread keeps the live domain's hidden class (a copy key by key made another one, and the
  // effects' reads of the domain polymorphic); the in-place fields are then replaced by copies.
  const out: Record<string, unknown> = { ...src };
  for (const k of cow.inPlace)
    if (k in src)
      out[k] = before === undefined ? clonePlain(src[k]) : cloneSharing(src[k], before[k]);
  return out as D;
}

/**
 * A checkpoint: a copy of the world whose queue is in pop order, so two worlds that will
 * pop the same entries are equal whatever their heap layouts (a resumed run's and a full one's).
 * A copy-on-write domain is shared with the live world, which from now on copies what it
 * changes; with `freeze` on, what the checkpoint shares is frozen first, so a write that does
 * not copy throws.
 */
export function checkpointOf<D>(
  w: World<D>,
  prev?: World<D>,
  cow?: EngineSpec<D>['copyOnWrite'],
  /** The machine map's changes since `prev`: kept instead of a copy of the map. */
  machineOps?: unknown[],
  /** The run's logged tables: their versions are kept instead of the live tables. */
  tables?: TableHistory,
): World<D> {
  const versions = tables?.checkpoint(w.domain as object);
  if (cow?.freeze) {
    const d = w.domain as Record<string, unknown>;
    for (const k in d) if (!cow.inPlace.includes(k)) freezeShared(d[k]);
    if (tables && versions) {
      tables.freeze(d, versions);
      tables.verify(d, versions);
    }
  }
  const c: World<D> = worldOf(
    copyClock(w, queueInOrder(w.queue)),
    machineOps ? (undefined as unknown as Machines) : copyTable(w.machines),
    copyDomain(w.domain, cow, prev && sharedDomain(prev)),
  );
  if (cow) shareAll();
  if (machineOps && prev) withMachineDelta(c, { prev: prev, ops: machineOps });
  if (tables && versions)
    withDomainTables(c, { skeleton: c.domain as object, paths: tables.paths, versions });
  return c;
}

/** The world's clock, random stream, id counters and queue, copied (or the queue given). */
function copyClock<D>(
  w: World<D>,
  // Queue entries are never changed in place (the heap only moves them; a re-run's remap
  // builds new ones), so the copy shares them: a seek copies one array, not ~200 objects.
  queue: World<D>['queue'] = w.queue.slice(),
): Omit<World<D>, 'machines' | 'domain'> {
  return {
    t: w.t,
    seq: w.seq,
    step: w.step,
    rng: { state: w.rng.state },
    ids: { ...w.ids },
    queue,
  };
}

/**
 * The effect API for one step. A class rather than an object of closures: a step creates one,
 * and closures per step were a measurable share of a large run.
 */
class StepApi<D> implements EffectApi<D> {
  t!: number;
  step!: number;
  domain!: D;
  rng!: World<D>['rng'];
  private world!: World<D>;
  self!: string;
  recording!: boolean;
  private rec!: Recorder | null;
  /** The step index its sends are caused by; -1 while bootstrapping. */
  private cause!: number;

  constructor(world: World<D>, self: string, rec: Recorder | null, cause: number) {
    this.bind(world, self, rec, cause);
  }

  /**
   * Points this API at another step: the engine keeps one for all its steps (an object per
   * step was a measurable share of a large run's allocation). Effects use it only while called.
   */
  bind(world: World<D>, self: string, rec: Recorder | null, cause: number): this {
    this.world = world;
    this.self = self;
    this.rec = rec;
    this.recording = rec !== null;
    this.cause = cause;
    this.t = world.t;
    this.step = world.step;
    this.domain = world.domain;
    this.rng = world.rng;
    return this;
  }

  send(
    target: string,
    event: AnyEventObject,
    delay = 0,
    key?: string,
    cause: number = this.cause,
  ): void {
    const w = this.world;
    queuePush(w.queue, {
      t: w.t + Math.max(0, Math.round(delay)),
      seq: w.seq++,
      target,
      event,
      key,
      cause,
    });
  }

  returned(event: AnyEventObject): void {
    const w = this.world;
    queuePush(w.queue, {
      t: w.t,
      seq: RETURNED_SEQ_BASE + w.seq++,
      target: this.self,
      event,
      // As send's entries have it (one hidden class for the queue's entries).
      key: undefined,
      cause: this.cause,
    });
  }

  cancel(target: string, key: string): void {
    queueCancel(this.world.queue, target, key);
  }

  spawn(kind: string, id: string, input: unknown): void {
    const w = this.world;
    if (w.machines[id]) throw new Error(`machine instance "${id}" already exists`);
    // The instance exists from now on; its initial transition is its first step.
    const inst = { kind, snapshot: null as unknown as AnySnapshot };
    w.machines[id] = inst;
    this.rec?.machineOps.push(id, inst);
    this.send(id, { type: INIT_EVENT, input });
  }

  stop(id: string): void {
    delete this.world.machines[id];
    this.rec?.machineOps.push(id, undefined);
    queueDropTarget(this.world.queue, id);
  }

  has(id: string): boolean {
    return id in this.world.machines;
  }

  stateOf(id: string): string | undefined {
    const inst = this.world.machines[id];
    return inst?.snapshot ? stateString(inst.snapshot.value) : inst ? '' : undefined;
  }

  nextId(prefix: string): string {
    return nextCounterId(this.world.ids, prefix);
  }

  event(e: Omit<KubeEvent, 'step' | 't'>): void {
    if (!this.rec) return;
    // Stamped like a log line (every caller passes an event of its own): a spread of it was
    // a couple of microseconds an event.
    const event = e as KubeEvent;
    event.step = this.step;
    event.t = this.world.t;
    this.rec.trace.events.push(event);
  }

  log(l: Omit<LogLine, 'step' | 't'>): void {
    if (!this.rec) return;
    this.rec.trace.logs.add(l, this.step, this.world.t);
  }

  logForm(form: LogForm, kv: LogLine['kv']): void {
    if (!this.rec) return;
    this.rec.trace.logs.addForm(form, kv, this.step, this.world.t);
  }

  record<K extends TraceRecordKind>(kind: K, data: TraceRecordData[K], entity?: string): void {
    if (!this.rec) return;
    const r = { step: this.step, t: this.world.t, kind, entity: entity ?? this.self, data };
    this.rec.trace.records.push(r as TraceRecord);
  }
}

/** A machine kind as the engine runs it: guards wrapped to tell which one decided. */
interface RunnableKind<D> {
  /** The machine as defined: the transition cache is kept per definition. */
  definition: AnyStateMachine;
  machine: AnyStateMachine;
  /** XState's transition through `machine`, for the cache's misses (one closure per kind). */
  interpret: Interpret;
  effects: Readonly<Record<string, EffectHandler<D, AnyEventObject, MachineContext>>>;
}

/** One wrapped machine per definition, shared by every engine: the cache's snapshots hold it. */
const wrappedMachines = new WeakMap<AnyStateMachine, AnyStateMachine>();

/**
 * The machine with each named guard wrapped: the first guard of a transition list that
 * holds decides the transition, so the last one to hold in a step is the step's guard.
 * Guards and delays also report their calls to the transition cache while it records.
 */
export function recordingGuards(machine: AnyStateMachine): AnyStateMachine {
  const known = wrappedMachines.get(machine);
  if (known) return known;
  const { guards, delays } = machine.implementations;
  const wrapped: typeof guards = {};
  for (const [name, g] of Object.entries(guards)) {
    if (typeof g !== 'function') continue;
    const fn = g as (args: unknown, params: unknown) => boolean;
    wrapped[name] = (args: unknown, params: unknown) => {
      const held = fn(args, params);
      if (held) decided = name;
      recordGuard(name, held, params);
      return held;
    };
  }
  const timed: typeof delays = {};
  for (const [name, d] of Object.entries(delays)) {
    const fn = d as unknown;
    timed[name] = (args: unknown, params: unknown) => {
      const v: unknown =
        typeof fn === 'function' ? (fn as (a: unknown, p: unknown) => unknown)(args, params) : fn;
      recordDelay(name, v, params);
      return v as number;
    };
  }
  const provided = machine.provide({ guards: wrapped, delays: timed });
  wrappedMachines.set(machine, provided);
  return provided;
}

export class Engine<D> {
  private readonly machines: Record<string, RunnableKind<D>> = {};
  private readonly processes: Record<string, ProcessKind<D>>;
  private readonly view: (world: World<D>) => unknown;
  private readonly copyOnWrite: EngineSpec<D>['copyOnWrite'];
  /** The effect API every step is given, re-bound at each (see StepApi.bind). */
  private stepApi: StepApi<D> | undefined;
  /** Where each step's transition is written (read out before its effects run). */
  private readonly outcome: StepOutcome = {
    next: undefined as unknown as AnySnapshot,
    actions: [],
    leaf: undefined,
  };

  constructor(spec: EngineSpec<D>) {
    this.processes = { ...spec.processes };
    this.copyOnWrite = spec.copyOnWrite;
    this.view = (world) => spec.guardView(world);
    for (const [kind, k] of Object.entries(spec.machines)) {
      if (kind in this.processes) throw new Error(`kind "${kind}" is both a machine and a process`);
      const machine = recordingGuards(k.machine);
      actorScopeOf(machine);
      this.machines[kind] = {
        definition: k.machine,
        machine,
        interpret: (snap, e) => pureTransition(machine, snap, e),
        effects: k.effects as RunnableKind<D>['effects'],
      };
    }
  }

  /**
   * A copy of a world (a checkpoint) to run or replay on, sharing what a copy-on-write domain
   * lets it share; the original is left as it was.
   */
  copyWorld(w: World<D>, seek = false): World<D> {
    // A checkpoint kept as a delta builds a new map: no second copy of it.
    const machines = machineDeltas.has(w) ? machinesOf(w) : copyTable(w.machines);
    // The map is built once: reading a delta checkpoint's `machines` would build it again.
    if (!this.copyOnWrite) return worldOf(copyClock(w), machines, clonePlain(w.domain));
    shareAll();
    // A seek shares the checkpoint's kept tables where it can (runner/tables.ts): it logs
    // nothing, so it copies what it writes. A run from a checkpoint writes its tables in place.
    const kept = seek ? domainTables.get(w) : undefined;
    const domain = kept ? domainOf<D>(kept, true) : w.domain;
    return worldOf(copyClock(w), machines, copyDomain(domain, this.copyOnWrite));
  }

  /** An effect API bound to a world, for bootstrapping (self = "engine", cause -1). */
  api(world: World<D>, self: string, rec: Recorder | null): EffectApi<D> {
    return new StepApi(world, self, rec, -1);
  }

  /**
   * Processes queue entries until one step (a transition) happened or nothing is left
   * at or before `horizon`. Returns false when the run is over.
   */
  step(world: World<D>, horizon: number, rec: Recorder | null): boolean {
    for (;;) {
      const head = queuePeek(world.queue);
      if (!head || head.t > horizon) return false;
      queuePop(world.queue);
      const inst = world.machines[head.target];
      // Events for instances that stopped (or finished) are dropped, as a Go channel
      // nobody reads would drop them; they are not steps.
      if (!inst) continue;
      if (inst.snapshot && inst.snapshot.status !== 'active') continue;
      world.t = head.t;
      this.apply(world, head.target, head.event, head.cause, rec, inst);
      return true;
    }
  }

  private apply(
    world: World<D>,
    id: string,
    event: AnyEventObject,
    cause: number,
    rec: Recorder | null,
    /** The instance, as step() looked it up already. */
    inst: World<D>['machines'][string] = world.machines[id]!,
  ): void {
    const api = this.stepApi
      ? this.stepApi.bind(world, id, rec, world.step)
      : (this.stepApi = new StepApi(world, id, rec, world.step));
    const proc = this.processes[inst.kind];
    if (proc) {
      if (rec) {
        const ent = rec.entity(id, inst.kind, world.step);
        rec.row(world.t, ent, event.type, proc.state, proc.state, cause, '');
      }
      proc.handle(api, event);
      world.step++;
      return;
    }
    const kind = this.machines[inst.kind];
    if (!kind) throw new Error(`unknown machine kind "${inst.kind}"`);
    const before = inst.snapshot ? stateString(inst.snapshot.value) : '';
    decided = '';
    setGuardView(this.view(world));
    const input = (event as AnyEventObject & { input?: unknown }).input;
    const initial = event.type === INIT_EVENT ? initialBefore(kind.machine, input) : undefined;
    const out = this.outcome;
    if (event.type !== INIT_EVENT)
      cachedStep(out, kind.definition, before, inst.snapshot, event, kind.interpret);
    else if (initial)
      cachedStep(
        out,
        kind.definition,
        '',
        initial,
        event,
        () => pureInitialTransition(kind.machine, input),
        true,
      );
    // Through XState: this machine's initial context cannot be computed outside it.
    else interpreted(out, pureInitialTransition(kind.machine, input));
    const { next, actions, leaf } = out;
    setGuardView(undefined);
    // A new instance object (checkpoints share the old one by reference), unless the snapshot
    // is the one it holds: nothing changed, and the map and its delta stay as they are.
    if (next !== inst.snapshot) {
      const updated = { kind: inst.kind, snapshot: next };
      world.machines[id] = updated;
      rec?.machineOps.push(id, updated);
    }
    if (rec) {
      const ent = rec.entity(id, inst.kind, world.step);
      if (leaf) rec.leafRow(world.t, ent, leaf, cause, event.type, before, next.value, decided);
      else rec.row(world.t, ent, event.type, before, stateString(next.value), cause, decided);
    }
    const context = next.context as MachineContext;
    for (let i = 0; i < actions.length; i++) {
      const a = actions[i]!;
      switch (a.type) {
        case 'xstate.raise': {
          const p = a.params as { delay?: number; event: AnyEventObject; id?: string };
          if (p.delay !== undefined) api.send(id, p.event, p.delay, p.id);
          break;
        }
        case 'xstate.cancel': {
          // Leaving a state through its own `after` event: that entry was just popped.
          const sendId = (a.params as { sendId: string }).sendId;
          if (sendId !== event.type) api.cancel(id, sendId);
          break;
        }
        case 'xstate.assign':
          break;
        default: {
          const handler = kind.effects[a.type];
          if (!handler)
            throw new Error(
              `machine "${inst.kind}" returned action "${a.type}" with no effect handler`,
            );
          handler(api, event, context);
        }
      }
    }
    world.step++;
  }

  /**
   * Runs to the horizon, recording the trace and a checkpoint of the world every
   * `checkpointEvery` steps (checkpoint i is the world after i*K steps).
   */
  run(
    world: World<D>,
    horizon: number,
    opts: {
      checkpointEvery?: number;
      maxSteps?: number;
      /** Goes on recording into this (Recorder.resuming): `world` is its last checkpoint's. */
      recorder?: Recorder;
    } = {},
  ): Trace<World<D>> {
    const rec = opts.recorder ?? new Recorder(opts.checkpointEvery ?? 256);
    const every = rec.trace.checkpointEvery;
    const maxSteps = opts.maxSteps ?? 2_000_000;
    const trace = rec.trace as Trace<World<D>>;
    const cow = this.copyOnWrite;
    // Whatever the world holds may be shared (a resumed run's is a checkpoint's).
    if (cow) shareAll();
    const tables = cow?.tables ? new TableHistory(cow.tables) : undefined;
    try {
      return this.recordRun(world, horizon, rec, every, maxSteps, trace, tables, !opts.recorder);
    } finally {
      // The tables are the run's: a later writer (a seek's replay) copies as usual.
      stopLogging();
    }
  }

  private recordRun(
    world: World<D>,
    horizon: number,
    rec: Recorder,
    every: number,
    maxSteps: number,
    trace: Trace<World<D>>,
    tables: TableHistory | undefined,
    first: boolean,
  ): Trace<World<D>> {
    const cow = this.copyOnWrite;
    if (first) trace.checkpoints.push(checkpointOf(world, undefined, cow, undefined, tables));
    // A resumed run logs its tables from here on (its first checkpoint keeps copies of them).
    else tables?.checkpoint(world.domain as object);
    // Where the last checkpoint stands against its keyframe (a resumed run's is a prefix's).
    const since = sinceKeyframe(trace.checkpoints[trace.checkpoints.length - 1]!);
    let reason: Trace['stopReason'] = 'idle';
    rec.machineOps = objectArray();
    while (this.step(world, horizon, rec)) {
      if (world.step % every === 0) {
        const n = trace.checkpoints.length;
        let delta: unknown[] | undefined = compactOps(rec.machineOps);
        since.changes += delta.length / 2;
        if (since.changes >= since.size || ++since.deltas > MACHINE_CHAIN) delta = undefined;
        const c = checkpointOf(world, trace.checkpoints[n - 1], cow, delta, tables);
        if (!delta) {
          // A keyframe: the map was copied whole.
          since.size = Object.keys(c.machines).length;
          since.changes = 0;
          since.deltas = 0;
        }
        trace.checkpoints.push(c);
        rec.machineOps = objectArray();
      }
      if (world.step >= maxSteps) {
        reason = 'step-limit';
        break;
      }
    }
    if (reason !== 'step-limit') {
      const head = queuePeek(world.queue);
      reason = head && head.t > horizon ? 'horizon' : 'idle';
    }
    trace.endT = reason === 'horizon' ? horizon : world.t;
    trace.stopReason = reason;
    return trace;
  }

  /** The world after `n` steps, from the nearest checkpoint at or before it. */
  stateAt(trace: Trace<World<D>>, n: number, horizon: number): World<D> {
    const total = trace.steps.t.length;
    const target = Math.max(0, Math.min(n, total));
    const ci = Math.min(Math.floor(target / trace.checkpointEvery), trace.checkpoints.length - 1);
    const world = this.copyWorld(trace.checkpoints[ci]!, true);
    while (world.step < target && this.step(world, horizon, null)) {
      /* replay */
    }
    return world;
  }
}
