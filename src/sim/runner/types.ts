import type { AnyEventObject, AnyStateMachine, MachineSnapshot } from 'xstate';
import type { IdCounters } from '../core/ids';
import type { Rng } from '../core/prng';
import type { Queue } from '../core/queue';
import type { KubeEvent, LogLine } from '../trace/types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
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
  send(target: string, event: AnyEventObject, delayMs?: number, key?: string): void;
  cancel(target: string, key: string): void;
  spawn(kind: string, id: string, input: unknown): void;
  stop(id: string): void;
  has(id: string): boolean;
  stateOf(id: string): string | undefined;
  nextId(prefix: string): string;
  event(e: Omit<KubeEvent, 'step' | 't'>): void;
  log(line: Omit<LogLine, 'step' | 't'>): void;
  record(kind: string, data: Record<string, unknown>, entity?: string): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EffectHandler<D> = (api: EffectApi<D>, params: any, event: AnyEventObject) => void;

export interface EngineSpec<D> {
  kinds: Record<string, AnyStateMachine>;
  effects: Record<string, EffectHandler<D>>;
}
