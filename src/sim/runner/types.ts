import type { AnyEventObject, AnyStateMachine, MachineSnapshot, StateMachine } from 'xstate';
import type { IdCounters } from '../core/ids';
import type { Rng } from '../core/prng';
import type { Queue } from '../core/queue';
import type { LogForm } from '../trace/logRecords';
import type { KubeEvent, LogLine, TraceRecordData, TraceRecordKind } from '../trace/types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any machine's snapshot
export type AnySnapshot = MachineSnapshot<any, any, any, any, any, any, any, any>;

export interface MachineInstance {
  kind: string;
  snapshot: AnySnapshot;
}

/**
 * Everything that changes during a run. Machine snapshots are immutable XState values,
 * so a checkpoint copies the map by reference; only `domain` is deep-cloned.
 */
export interface World<D> {
  t: number;
  seq: number;
  step: number;
  rng: Rng;
  ids: IdCounters;
  queue: Queue<AnyEventObject>;
  machines: Record<string, MachineInstance>;
  domain: D;
}

/** What an effect handler may do: the runner's side of XState's "actions as data". */
export interface EffectApi<D> {
  readonly t: number;
  readonly step: number;
  /** The machine instance whose transition produced the action. */
  readonly self: string;
  readonly domain: D;
  readonly rng: Rng;
  /**
   * Whether this step is being recorded: false while a seek replays steps to a cursor, when
   * event, log and record drop what they are given (callers may skip building it).
   */
  readonly recording: boolean;
  /**
   * Queues `event` for `target`. Its recorded cause is this step, or `cause` when the event
   * carries out what an earlier step asked for (a pod worker picking up a pending update).
   */
  send(target: string, event: AnyEventObject, delayMs?: number, key?: string, cause?: number): void;
  /**
   * The synchronous call the effect models has returned: `event` reaches this instance as its
   * very next step, before anything else queued at this instant (the goroutine goes on at once).
   */
  returned(event: AnyEventObject): void;
  cancel(target: string, key: string): void;
  spawn(kind: string, id: string, input: unknown): void;
  stop(id: string): void;
  has(id: string): boolean;
  stateOf(id: string): string | undefined;
  nextId(prefix: string): string;
  event(e: Omit<KubeEvent, 'step' | 't'>): void;
  log(line: Omit<LogLine, 'step' | 't'>): void;
  /**
   * A line of a static form (one object per message): recorded as its message id and pairs,
   * with no line object. Absent where lines go through a release's message table.
   */
  logForm?(form: LogForm, kv: LogLine['kv']): void;
  record<K extends TraceRecordKind>(kind: K, data: TraceRecordData[K], entity?: string): void;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- matching any machine's type parameters */
type MachineParts<M> =
  M extends StateMachine<
    infer C,
    infer E,
    any,
    any,
    infer A,
    any,
    any,
    any,
    any,
    any,
    any,
    any,
    any,
    any,
    any
  >
    ? { context: C; event: E; action: A }
    : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The action names a machine declares in setup({ actions }). */
export type ActionNamesOf<M> = MachineParts<M>['action'] extends { type: infer T extends string }
  ? T
  : never;
export type EventOf<M> = MachineParts<M>['event'];
export type ContextOf<M> = MachineParts<M>['context'];

/**
 * An effect: runs when its machine's transition returns the action of that name, with the
 * event that caused the step and the instance's context after the transition.
 */
export type EffectHandler<D, E = AnyEventObject, C = unknown> = (
  api: EffectApi<D>,
  event: E,
  context: C,
) => void;

/**
 * The effect handlers of one machine kind: exactly one per action name of the machine,
 * so a missing or extra handler is a compile error.
 */
export type EffectsOf<M, D> = {
  readonly [A in ActionNamesOf<M>]: EffectHandler<D, EventOf<M>, ContextOf<M>>;
};

/** A machine kind: the XState machine and its effects. */
export interface MachineKind<D> {
  readonly machine: AnyStateMachine;
  readonly effects: Readonly<Record<string, EffectHandler<D, never, never>>>;
}

/**
 * A plain engine process: an event source with no states of its own (a config source, a
 * ticker-driven select loop). Each event it handles is still a step, recorded under `state`.
 */
export interface ProcessKind<D> {
  /** What the timeline shows for it ("serving", "select"). */
  readonly state: string;
  handle(api: EffectApi<D>, event: AnyEventObject): void;
}

/** Binds a machine to its effects; the effects' type is checked against the machine's actions. */
export function machineKind<D, M extends AnyStateMachine>(
  machine: M,
  effects: EffectsOf<M, D>,
): MachineKind<D> {
  return { machine, effects: effects };
}

export interface EngineSpec<D> {
  machines: Readonly<Record<string, MachineKind<D>>>;
  processes: Readonly<Record<string, ProcessKind<D>>>;
  /**
   * The read-only view guards and delays read (runner/guardView.ts), set before each
   * transition. Called once per step: update and return one object, do not copy the world.
   */
  guardView(world: World<D>): unknown;
  /**
   * The domain is written copy-on-write (core/cow.ts): checkpoints and seeks share it instead of
   * copying it. The top-level fields named in `inPlace` are written in place instead (small
   * records of work in flight): checkpoints and seeks copy them. `freeze` (for tests) freezes
   * what each checkpoint shares, so a write that does not copy first throws.
   */
  copyOnWrite?: {
    inPlace: readonly string[];
    /**
     * The big tables ("field" or "field.field" paths), written in place with their changes
     * logged: checkpoints keep the changes, not copies (runner/tables.ts).
     */
    tables?: readonly string[];
    freeze?: boolean;
  };
}
