/**
 * XState's pure transition, memoised per machine definition. For a state value and an event
 * type, what `machine.transition` does depends only on which guards hold (and, for a raise
 * with a delay, on the delay's value), as long as the transition assigns no context: the
 * first time a (state, event, guard outcomes) path is taken it runs through XState with the
 * guards and delays recorded, and the outcome (next state, actions) is kept in a decision tree
 * over the guards XState evaluated, in the order it evaluated them. Later steps walk that
 * tree, calling the same guards and delays with the same arguments, and rebuild the snapshot
 * and actions XState would return. The machines stay the model of record (definitions, guard
 * and delay implementations, action names); the tree only skips the interpreter's work.
 *
 * A path that assigns context keeps its assigns, in order among its guards and delays: replaying
 * it calls each assignment on the context as it stands at that point (as XState's resolveAssign
 * does), and later guards (of eventless transitions) and delays read the assigned context.
 *
 * Anything the tree could not reproduce runs through XState every time: a machine with an
 * inline (unnamed) guard, a path whose assign takes parameters
 * or does not give the context XState gave, that touches children or history, returns a
 * built-in action other than raise/cancel, or resolves a delay to something not a number.
 * transitionCache.test.ts checks it against `machine.transition` over every machine.
 */
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import type { AnySnapshot } from './types';

export interface StepAction {
  type: string;
  params?: unknown;
}

/** What the tree knows after following some guard outcomes from (state, event type). */
type Node = GuardNode | Leaf | typeof OPAQUE;

interface GuardNode {
  kind: 'guard';
  name: string;
  /** Assigns XState resolved since the previous guard: this one reads the context they give. */
  assigns?: Assignment[];
  /** Called with the implementation the snapshot's machine has (as XState does). */
  held?: Node;
  failed?: Node;
}

interface Leaf {
  kind: 'leaf';
  /** XState returned the snapshot it was given (no enabled transition). */
  same: boolean;
  /** The snapshot XState returned, for its value, status, nodes (context is replaced). */
  next: AnySnapshot;
  /** Actions in order; a raise with a delay names its delay, resolved again at each step. */
  actions: readonly LeafAction[];
  /** The path assigns context: each replay makes a new snapshot with the new context. */
  assigns: boolean;
  /** When every action is fixed: the one (frozen) list every replay returns, not a copy each. */
  fixed?: readonly StepAction[];
  /** Otherwise the (frozen) list last returned: returned again while no delay changed. */
  made?: readonly StepAction[];
  /** The engine's recorder's string indices of the step row this leaf fixes (see ReplayedLeaf). */
  row?: LeafRow;
}

/**
 * A trace's string indices of a step's event, states and deciding guard. A leaf fixes all four:
 * it is one (state, event type, guard outcomes) path, so its event, from- and to-state and last
 * guard that held are the same at every replay. `owner` stands for the recorder they index
 * into (a token of its own, so the leaf does not keep the recorder's trace alive).
 */
export interface LeafRow {
  owner: object;
  event: number;
  from: number;
  to: number;
  guard: number;
}

type LeafAction =
  | { kind: 'fixed'; action: StepAction }
  | {
      kind: 'delayed';
      delay: string;
      event: AnyEventObject;
      id: string | undefined;
      /** The raise last returned for it: returned again while its delay resolves the same. */
      last?: StepAction;
    }
  /** An assign, at its place among the delays (it emits no action). */
  | { kind: 'assign'; assignment: Assignment };

/** An assign action's argument: a function of ({ context, event }), or an object of such. */
type Assignment = ((args: AssignArgs, params: unknown) => object) | Record<string, unknown>;
interface AssignArgs {
  context: object;
  event: AnyEventObject;
  spawn: undefined;
  self: undefined;
  system: undefined;
}

/** What the engine may keep on the leaf a step was replayed from. */
export interface ReplayedLeaf {
  row?: LeafRow;
}

/**
 * Where cachedStep puts a transition's outcome: one object its caller reuses at every step (a
 * result array per step was a measurable share of a large run's allocation).
 */
export interface StepOutcome {
  next: AnySnapshot;
  actions: StepAction[];
  /** The leaf it was replayed from; undefined when it ran through XState. */
  leaf: ReplayedLeaf | undefined;
}

/** This path (or machine) runs through XState every time. */
const OPAQUE = 'opaque' as const;

/** Guard and delay calls of the XState transition being recorded (null when not recording). */
export interface Recording {
  guards: { name: string; held: boolean }[];
  delays: { name: string; value: unknown }[];
  /** Assigns and delays in the order XState resolved them (guards too, to see one after an assign). */
  order: ({ kind: 'guard' | 'delay' } | { kind: 'assign'; assignment: Assignment })[];
  /** A guard, delay or assign was called with parameters the tree does not keep. */
  params: boolean;
}
let recording: Recording | null = null;

/** Called by the engine's guard and delay wrappers (runner/engine.ts). */
export function recordGuard(name: string, held: boolean, params: unknown): void {
  if (!recording) return;
  recording.guards.push({ name, held });
  recording.order.push(GUARD);
  if (params !== undefined) recording.params = true;
}
export function recordDelay(name: string, value: unknown, params: unknown): void {
  if (!recording) return;
  recording.delays.push({ name, value });
  recording.order.push(DELAY);
  if (params !== undefined) recording.params = true;
}
const GUARD = { kind: 'guard' } as const;
const DELAY = { kind: 'delay' } as const;

/** XState's assign action (a function object carrying its assignment and resolver). */
interface AssignAction {
  type: 'xstate.assign';
  assignment: Assignment;
  resolve: (...args: unknown[]) => unknown;
  recorded?: true;
}

/**
 * Makes the machine's assign actions report themselves while a transition is recorded: their
 * resolver is wrapped (once per action object) to note the assignment, then resolve as before.
 */
function recordAssigns(machine: AnyStateMachine): void {
  const wrap = (a: unknown) => {
    if (typeof a !== 'function') return;
    const act = a as unknown as AssignAction;
    if (act.type !== 'xstate.assign' || act.recorded || typeof act.resolve !== 'function') return;
    const resolve = act.resolve;
    act.resolve = (...args: unknown[]) => {
      if (recording) {
        recording.order.push({ kind: 'assign', assignment: act.assignment });
        if (args[3] !== undefined) recording.params = true;
      }
      return resolve(...args);
    };
    act.recorded = true;
  };
  const stack = [machine.root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const a of [...node.entry, ...node.exit]) wrap(a);
    for (const list of [...node.transitions.values(), node.always ?? []])
      for (const t of list) for (const a of t.actions) wrap(a);
    stack.push(...Object.values(node.states));
  }
}

/** State value string -> event type -> tree, per machine definition. */
type Table = Map<string, Map<string, Node>>;
const tables = new WeakMap<AnyStateMachine, Table | typeof OPAQUE>();

/** Whether every guard of the machine is named: inline guards would be invisible to the tree. */
function namedGuardsOnly(machine: AnyStateMachine): boolean {
  const stack = [machine.root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const lists = [...node.transitions.values(), node.always ?? []];
    for (const list of lists)
      for (const t of list) if (t.guard !== undefined && typeof t.guard !== 'string') return false;
    stack.push(...Object.values(node.states));
  }
  return true;
}

function tableOf(machine: AnyStateMachine): Table | typeof OPAQUE {
  let t = tables.get(machine);
  if (t === undefined) {
    t = namedGuardsOnly(machine) ? new Map() : OPAQUE;
    if (t !== OPAQUE) recordAssigns(machine);
    tables.set(machine, t);
  }
  return t;
}

export type Interpret = (
  snapshot: AnySnapshot,
  event: AnyEventObject,
) => [AnySnapshot, StepAction[]];

/**
 * The transition of `snapshot` on `event`: from the tree when this path was seen before,
 * else from `interpret` (XState's transition through `machine`, guards and delays wrapped
 * to call recordGuard/recordDelay). `stateKey` is the snapshot's state value as a string.
 * Replaying calls the snapshot machine's guards as XState would, so their wrappers see the
 * same calls in the same order (the engine's "which guard decided" included).
 */
export function cachedTransition(
  machine: AnyStateMachine,
  stateKey: string,
  snapshot: AnySnapshot,
  event: AnyEventObject,
  interpret: Interpret,
  /** An initial transition: `snapshot` only carries the machine and the input as context. */
  initial = false,
): [AnySnapshot, StepAction[]] {
  const out: StepOutcome = { next: snapshot, actions: [], leaf: undefined };
  cachedStep(out, machine, stateKey, snapshot, event, interpret, initial);
  return [out.next, out.actions];
}

/** cachedTransition, its outcome written into `out`. */
export function cachedStep(
  out: StepOutcome,
  machine: AnyStateMachine,
  stateKey: string,
  snapshot: AnySnapshot,
  event: AnyEventObject,
  interpret: Interpret,
  initial = false,
): void {
  out.leaf = undefined;
  const table = tableOf(machine);
  if (table === OPAQUE) return interpreted(out, interpret(snapshot, event));
  let byEvent = table.get(stateKey);
  if (!byEvent) table.set(stateKey, (byEvent = new Map<string, Node>()));
  const root = byEvent.get(event.type);
  if (root !== undefined && replay(root, snapshot, event, out)) return;
  // Not seen (or opaque): through XState, recording.
  const rec: Recording = { guards: [], delays: [], order: [], params: false };
  recording = rec;
  let result: [AnySnapshot, StepAction[]];
  try {
    result = interpret(snapshot, event);
  } finally {
    recording = null;
  }
  if (root !== OPAQUE) byEvent.set(event.type, insert(root, rec, snapshot, event, result, initial));
  interpreted(out, result);
}

/** An outcome that came through XState (no cache leaf). */
export function interpreted(out: StepOutcome, [next, actions]: [AnySnapshot, StepAction[]]): void {
  out.next = next;
  out.actions = actions;
  out.leaf = undefined;
}

/**
 * The guards' argument while a path is replayed, one for every step (they are pure reads and
 * keep nothing): its context is what an eventless transition's guards see, earlier assigns
 * applied. Emptied after each replay, so it holds on to no context.
 */
const guardArgs: { context: unknown; event: AnyEventObject | undefined } = {
  context: undefined,
  event: undefined,
};

/**
 * Writes the outcome the tree gives into `out`; false when the path leaves the tree (or is
 * opaque): guards evaluated on the way are pure reads of the step's view, so evaluating them
 * again through XState gives the same answers.
 */
function replay(
  root: Node,
  snapshot: AnySnapshot,
  event: AnyEventObject,
  out: StepOutcome,
): boolean {
  const done = replayLeaf(root, snapshot, event, out);
  guardArgs.context = undefined;
  guardArgs.event = undefined;
  return done;
}

function replayLeaf(
  root: Node,
  snapshot: AnySnapshot,
  event: AnyEventObject,
  out: StepOutcome,
): boolean {
  let node: Node | undefined = root;
  const context: unknown = snapshot.context;
  const impl = snapshot.machine.implementations;
  const args = guardArgs;
  args.context = context;
  args.event = event;
  while (node !== undefined && node !== OPAQUE && node.kind === 'guard') {
    const g = impl.guards[node.name] as (args: unknown, params: unknown) => boolean;
    if (node.assigns)
      for (const a of node.assigns) args.context = applyAssign(a, args.context as object, event);
    // The wrapper records; outside a recording it only reports the guard that held.
    node = g(args, undefined) ? node.held : node.failed;
  }
  if (node === undefined || node === OPAQUE) return false;
  let actions = node.fixed;
  // The context as XState's actions see it: assigns replace it in order.
  let ctx = context;
  if (!actions) {
    // Whether a raise differs from the one in the list last returned (then a new list).
    let changed = node.made === undefined;
    for (const a of node.actions) {
      if (a.kind === 'fixed') continue;
      if (a.kind === 'assign') {
        ctx = applyAssign(a.assignment, ctx as object, event);
        continue;
      }
      const d = (impl.delays as Record<string, unknown>)[a.delay];
      let delay: unknown = d;
      if (typeof d === 'function') {
        args.context = ctx;
        delay = (d as (x: unknown, p: unknown) => unknown)(args, undefined);
      }
      // XState raises a non-number delay at once, inside the macrostep: let it do so (and the
      // list is rebuilt next time, an earlier raise having perhaps been replaced).
      if (typeof delay !== 'number') {
        node.made = undefined;
        return false;
      }
      // Delays mostly resolve to the same value step after step: one raise per value, not per step
      // (nothing changes a returned action).
      const raise = a.last;
      if (raise === undefined || (raise.params as { delay: number }).delay !== delay) {
        a.last = { type: 'xstate.raise', params: { event: a.event, id: a.id, delay } };
        changed = true;
      }
    }
    if (changed) node.made = Object.freeze(actionsOf(node.actions));
    actions = node.made!;
  }
  out.actions = actions as StepAction[];
  out.leaf = node;
  const next = node.next as AnySnapshot & { _nodes: unknown };
  if (node.same && !node.assigns) out.next = snapshot;
  // Back in the state it was in, context unchanged (a prober's tick): the snapshot given is the
  // one a spread would make, its state nodes (so value and tags), status and context the same.
  else if (
    (snapshot as typeof next)._nodes === next._nodes &&
    snapshot.context === ctx &&
    snapshot.status === next.status
  )
    out.next = snapshot;
  // Otherwise a new snapshot: a spread of the leaf's is a few tens of nanoseconds, where a
  // per-context WeakMap of made snapshots cost ten times that (and its ephemerons slowed GC).
  else out.next = { ...next, context: ctx } as AnySnapshot;
  return true;
}

/** A leaf's actions as returned: fixed ones as they are, delayed raises as last resolved. */
function actionsOf(leaf: readonly LeafAction[]): StepAction[] {
  const out: StepAction[] = [];
  for (const a of leaf)
    if (a.kind === 'fixed') out.push(a.action);
    else if (a.kind === 'delayed') out.push(a.last!);
  return out;
}

/** The tree with the recorded path added (the prefix it walked is the tree's own). */
function insert(
  root: Node | undefined,
  rec: Recording,
  before: AnySnapshot,
  event: AnyEventObject,
  [next, actions]: [AnySnapshot, StepAction[]],
  initial: boolean,
): Node {
  const leaf = leafOf(rec, before, event, next, actions, initial);
  const assignsAt = assignsBeforeGuards(rec);
  const build = (i: number): Node => {
    if (i === rec.guards.length) return leaf;
    const g = rec.guards[i]!;
    // Every field from the start: one hidden class for all guard nodes (replay reads them
    // at every step; nodes grown field by field had several, and those reads went megamorphic).
    const n: GuardNode = {
      kind: 'guard',
      name: g.name,
      assigns: assignsAt[i]!.length > 0 ? assignsAt[i] : undefined,
      held: undefined,
      failed: undefined,
    };
    if (g.held) n.held = build(i + 1);
    else n.failed = build(i + 1);
    return n;
  };
  if (root === undefined) return build(0);
  let node: Node = root;
  for (let i = 0; ; i++) {
    if (node === OPAQUE || node.kind === 'leaf') return root; // seen meanwhile: nothing to add
    const g = rec.guards[i];
    // The tree and XState disagree on which guard comes next: keep XState for this event.
    if (g === undefined || g.name !== node.name) return OPAQUE;
    if (!sameAssigns(node.assigns ?? [], assignsAt[i]!)) return OPAQUE;
    const child = g.held ? node.held : node.failed;
    if (child === undefined) {
      if (g.held) node.held = build(i + 1);
      else node.failed = build(i + 1);
      return root;
    }
    node = child;
  }
}

/** For each recorded guard, the assigns resolved between the previous guard and it. */
function assignsBeforeGuards(rec: Recording): Assignment[][] {
  const out: Assignment[][] = [];
  let pending: Assignment[] = [];
  for (const o of rec.order) {
    if (o.kind === 'assign') pending.push(o.assignment);
    else if (o.kind === 'guard') {
      out.push(pending);
      pending = [];
    }
  }
  return out;
}

function sameAssigns(a: readonly Assignment[], b: readonly Assignment[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

const REPLAYABLE = new Set(['xstate.raise', 'xstate.cancel']);

function leafOf(
  rec: Recording,
  before: AnySnapshot,
  event: AnyEventObject,
  next: AnySnapshot,
  actions: StepAction[],
  initial: boolean,
): Leaf | typeof OPAQUE {
  if (rec.params) return OPAQUE;
  const same = !initial && next === before;
  const firstAssign = rec.order.findIndex((o) => o.kind === 'assign');
  const assigns = firstAssign >= 0;
  // An initial transition's context comes from initialContext, with no assign on entry.
  if (assigns && initial) return OPAQUE;
  if (!same) {
    if (initial) {
      // The context initialContext computed is the one XState made (no assign on entry).
      if (!shallowEqual(next.context, before.context)) return OPAQUE;
      if (!isEmpty(next.children) || !isEmpty(next.historyValue)) return OPAQUE;
    } else {
      if (!assigns && next.context !== before.context) return OPAQUE;
      if (next.children !== before.children) return OPAQUE;
      if (next.historyValue !== before.historyValue) return OPAQUE;
    }
  }
  // The assigns, applied as replay will apply them, give the context XState gave.
  let ctx = before.context as object;
  if (assigns) {
    try {
      for (const o of rec.order)
        if (o.kind === 'assign') ctx = applyAssign(o.assignment, ctx, event);
    } catch {
      return OPAQUE;
    }
    if (!shallowEqual(ctx, next.context)) return OPAQUE;
  }
  const out: LeafAction[] = [];
  let delays = 0;
  for (const a of actions) {
    if (a.type.startsWith('xstate.') && !REPLAYABLE.has(a.type)) return OPAQUE;
    const p = a.params as { delay?: unknown; event?: AnyEventObject; id?: string } | undefined;
    if (a.type === 'xstate.raise' && p?.delay !== undefined) {
      // Each delayed raise resolved its named delay once, in order.
      const d = rec.delays[delays++];
      if (d === undefined || d.value !== p.delay) return OPAQUE;
      out.push({ kind: 'delayed', delay: d.name, event: p.event!, id: p.id, last: undefined });
    } else out.push({ kind: 'fixed', action: { type: a.type, params: a.params } });
  }
  if (delays !== rec.delays.length) return OPAQUE;
  return {
    kind: 'leaf',
    same,
    next,
    actions: assigns ? withAssigns(out, rec.order) : out,
    assigns,
    fixed:
      !assigns && out.every((a) => a.kind === 'fixed')
        ? Object.freeze(out.map((a) => (a as { action: StepAction }).action))
        : undefined,
    // Set later, present from the start (one hidden class for all leaves).
    made: undefined,
    row: undefined,
  };
}

/**
 * The leaf's actions with each assign placed before the first delayed raise XState resolved
 * after it (fixed actions do not read the context; the effects get the final one).
 */
function withAssigns(actions: LeafAction[], order: Recording['order']): LeafAction[] {
  const out: LeafAction[] = [];
  let next = 0; // the next entry of `order` to place
  const placeUpToDelay = () => {
    while (next < order.length) {
      const o = order[next++]!;
      if (o.kind === 'delay') return;
      if (o.kind === 'assign') out.push({ kind: 'assign', assignment: o.assignment });
    }
  };
  for (const a of actions) {
    if (a.kind === 'delayed') placeUpToDelay();
    out.push(a);
  }
  placeUpToDelay();
  return out;
}

/** resolveAssign: the assignment's partial update over a copy of the context. */
function applyAssign(assignment: Assignment, context: object, event: AnyEventObject): object {
  const args: AssignArgs = { context, event, spawn: undefined, self: undefined, system: undefined };
  let partial: Record<string, unknown>;
  if (typeof assignment === 'function')
    partial = assignment(args, undefined) as Record<string, unknown>;
  else {
    partial = {};
    for (const key of Object.keys(assignment)) {
      const v = assignment[key];
      partial[key] =
        typeof v === 'function'
          ? (v as (a: AssignArgs, p: unknown) => unknown)(args, undefined)
          : v;
    }
  }
  return Object.assign({}, context, partial);
}

function isEmpty(o: unknown): boolean {
  return typeof o === 'object' && o !== null && Object.keys(o).length === 0;
}

function shallowEqual(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k, i) =>
      k === kb[i] && (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k],
  );
}

/**
 * The context XState's initial transition gives a machine for `input`: its context factory's
 * result copied into a new object (the assign XState runs), or its static context. Undefined
 * when the factory needs what a pure transition does not have (spawn, self): XState then.
 */
export function initialContext(machine: AnyStateMachine, input: unknown): object | undefined {
  const c = machine.config.context as unknown;
  if (typeof c !== 'function') return (c as object | undefined) ?? {};
  try {
    const made = (c as (a: unknown) => unknown)({ input, spawn: undefined, self: undefined });
    return typeof made === 'object' && made !== null ? { ...made } : undefined;
  } catch {
    return undefined;
  }
}
