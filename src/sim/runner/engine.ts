/**
 * The discrete-event loop. It owns time: machines never see a clock, they run
 * through XState's pure `initialTransition`/`transition`, and the actions those
 * return are interpreted here as data:
 *   - `xstate.raise` with a delay  -> a queue entry at t + delay, keyed by its id;
 *   - `xstate.raise` without delay -> already applied inside the macrostep, ignored;
 *   - `xstate.cancel`              -> removes the keyed queue entry;
 *   - `send`                       -> a queue entry for another instance (same t unless delayed);
 *   - any other named action       -> the effect handler of that name (pure reducers on the domain).
 * One popped queue entry is one step: one transition of one machine instance.
 */
import { initialTransition, transition, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { nextId as nextCounterId } from '../core/ids';
import { createRng } from '../core/prng';
import { queueCancel, queueDropTarget, queuePeek, queuePop, queuePush } from '../core/queue';
import type { KubeEvent, LogLine, Trace, TraceRecord } from '../trace/types';
import type { AnySnapshot, EffectApi, EngineSpec, World } from './types';

export const INIT_EVENT = 'xstate.init';

interface CachedScope {
  scope: unknown;
  actions: unknown[];
}
const scopes = new WeakMap<AnyStateMachine, CachedScope>();

/**
 * XState's pure `transition()`, with one inert actor scope per machine reused across calls:
 * `transition()` builds a fresh actor (and runs getInitialSnapshot) on every call, which was
 * most of the cost of a step. The scope only collects the actions; machines run here have no
 * children, so nothing else in it changes between calls.
 */
function pureTransition(
  machine: AnyStateMachine,
  snapshot: AnySnapshot,
  event: AnyEventObject,
): [AnySnapshot, { type: string; params?: unknown }[]] {
  let c = scopes.get(machine);
  if (!c) {
    const cached: CachedScope = { scope: undefined, actions: [] };
    // Capture the inert scope xstate builds, by transitioning once through a wrapper.
    const probe = Object.create(machine) as AnyStateMachine;
    probe.transition = ((s: AnySnapshot, e: AnyEventObject, scope: { actionExecutor: unknown }) => {
      cached.scope = scope;
      return machine.transition(s, e, scope as never);
    }) as never;
    transition(probe, snapshot, { type: 'xstate.kubeletscope.probe' });
    c = cached;
    scopes.set(machine, c);
  }
  const actions: { type: string; params?: unknown }[] = [];
  const scope = c.scope as { actionExecutor: (a: unknown) => void };
  scope.actionExecutor = (a) => void actions.push(a as { type: string; params?: unknown });
  const next = machine.transition(snapshot, event, scope as never) as AnySnapshot;
  return [next, actions];
}
const ENGINE = 'engine';

/** "a", or "a.b" for nested states, "a.b|c" for parallel regions. */
export function stateString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return '';
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
  private stringIndex = new Map<string, number>();
  private entityIndex = new Map<string, number>();

  constructor(checkpointEvery: number) {
    this.trace = {
      steps: { t: [], entity: [], event: [], from: [], to: [] },
      strings: [],
      entities: [],
      events: [],
      logs: [],
      records: [],
      checkpoints: [],
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

  row(t: number, entity: number, event: string, from: string, to: string): void {
    const s = this.trace.steps;
    s.t.push(t);
    s.entity.push(entity);
    s.event.push(this.intern(event));
    s.from.push(this.intern(from));
    s.to.push(this.intern(to));
  }
}

export function createWorld<D>(seed: number, domain: D): World<D> {
  return { t: 0, seq: 0, step: 0, rng: createRng(seed), ids: {}, queue: [], machines: {}, domain };
}

/** A copy of the world that shares nothing mutable with it. */
export function cloneWorld<D>(w: World<D>): World<D> {
  return {
    t: w.t,
    seq: w.seq,
    step: w.step,
    rng: { state: w.rng.state },
    ids: { ...w.ids },
    queue: w.queue.map((e) => ({ ...e })),
    // Snapshots are immutable: sharing them is safe.
    machines: { ...w.machines },
    domain: structuredClone(w.domain),
  };
}

/**
 * The effect API for one step. A class rather than an object of closures: a step creates one,
 * and closures per step were a measurable share of a large run.
 */
class StepApi<D> implements EffectApi<D> {
  readonly t: number;
  readonly step: number;
  readonly domain: D;
  readonly rng: World<D>['rng'];

  constructor(
    private readonly world: World<D>,
    readonly self: string,
    private readonly rec: Recorder | null,
  ) {
    this.t = world.t;
    this.step = world.step;
    this.domain = world.domain;
    this.rng = world.rng;
  }

  send(target: string, event: AnyEventObject, delay = 0, key?: string): void {
    const w = this.world;
    queuePush(w.queue, {
      t: w.t + Math.max(0, Math.round(delay)),
      seq: w.seq++,
      target,
      event,
      key,
    });
  }

  cancel(target: string, key: string): void {
    queueCancel(this.world.queue, target, key);
  }

  spawn(kind: string, id: string, input: unknown): void {
    const w = this.world;
    if (w.machines[id]) throw new Error(`machine instance "${id}" already exists`);
    // The instance exists from now on; its initial transition is its first step.
    w.machines[id] = { kind, snapshot: null as unknown as AnySnapshot };
    this.send(id, { type: INIT_EVENT, input });
  }

  stop(id: string): void {
    delete this.world.machines[id];
    queueDropTarget(this.world.queue, id);
  }

  has(id: string): boolean {
    return id in this.world.machines;
  }

  stateOf(id: string): string | undefined {
    const inst = this.world.machines[id];
    return inst?.snapshot ? stateString(inst.snapshot.value) : undefined;
  }

  nextId(prefix: string): string {
    return nextCounterId(this.world.ids, prefix);
  }

  event(e: Omit<KubeEvent, 'step' | 't'>): void {
    this.rec?.trace.events.push({ ...e, step: this.step, t: this.world.t });
  }

  log(l: Omit<LogLine, 'step' | 't'>): void {
    this.rec?.trace.logs.push({ ...l, step: this.step, t: this.world.t });
  }

  record(kind: string, data: Record<string, unknown>, entity?: string): void {
    const r: TraceRecord = {
      step: this.step,
      t: this.world.t,
      kind,
      entity: entity ?? this.self,
      data,
    };
    this.rec?.trace.records.push(r);
  }
}

export class Engine<D> {
  constructor(readonly spec: EngineSpec<D>) {}

  private machine(kind: string): AnyStateMachine {
    const m = this.spec.kinds[kind];
    if (!m) throw new Error(`unknown machine kind "${kind}"`);
    return m;
  }

  /** An effect API bound to a world, for bootstrapping (self = "engine") and for handlers. */
  api(world: World<D>, self: string, rec: Recorder | null): EffectApi<D> {
    return new StepApi(world, self, rec);
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
      this.apply(world, head.target, head.event, rec);
      return true;
    }
  }

  private apply(world: World<D>, id: string, event: AnyEventObject, rec: Recorder | null): void {
    const inst = world.machines[id]!;
    const machine = this.machine(inst.kind);
    const before = inst.snapshot ? stateString(inst.snapshot.value) : '';
    const [next, actions] =
      event.type === INIT_EVENT
        ? initialTransition(machine, (event as AnyEventObject & { input: unknown }).input)
        : pureTransition(machine, inst.snapshot, event);
    // A new instance object: checkpoints share the old one by reference.
    world.machines[id] = { kind: inst.kind, snapshot: next };
    if (rec) {
      const ent = rec.entity(id, inst.kind, world.step);
      rec.row(world.t, ent, event.type, before, stateString(next.value));
    }
    const api = this.api(world, id, rec);
    for (const a of actions) {
      const params = a.params as Record<string, unknown> | undefined;
      switch (a.type) {
        case 'xstate.raise': {
          const delay = params?.delay as number | undefined;
          if (delay !== undefined) {
            api.send(
              id,
              params!.event as AnyEventObject,
              delay,
              (params!.id as string | undefined) ?? undefined,
            );
          }
          break;
        }
        case 'xstate.cancel':
          api.cancel(id, params!.sendId as string);
          break;
        case 'xstate.assign':
        case 'xstate.emit':
          break;
        case 'send': {
          const p = params as { to: string; event: AnyEventObject; delay?: number; key?: string };
          api.send(p.to, p.event, p.delay ?? 0, p.key);
          break;
        }
        default: {
          const handler = this.spec.effects[a.type];
          if (!handler)
            throw new Error(
              `machine "${inst.kind}" returned action "${a.type}" with no effect handler`,
            );
          handler(api, params ?? {}, event);
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
    opts: { checkpointEvery?: number; maxSteps?: number } = {},
  ): Trace<World<D>> {
    const every = opts.checkpointEvery ?? 256;
    const maxSteps = opts.maxSteps ?? 2_000_000;
    const rec = new Recorder(every);
    const trace = rec.trace as Trace<World<D>>;
    trace.checkpoints.push(cloneWorld(world));
    let reason: Trace['stopReason'] = 'idle';
    while (this.step(world, horizon, rec)) {
      if (world.step % every === 0) trace.checkpoints.push(cloneWorld(world));
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
    const world = cloneWorld(trace.checkpoints[ci]!);
    while (world.step < target && this.step(world, horizon, null)) {
      /* replay */
    }
    return world;
  }
}

export { ENGINE };
