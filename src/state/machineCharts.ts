/**
 * The statechart of each machine kind, read from the engine's XState definitions (through
 * the engine's public surface), and each entity's place in it at any cursor from the trace
 * columns: its active state, the transition its last step took and the guard that decided it
 * (trace.steps.guard, when the engine records it), and its named delays resolved with the
 * instance's context.
 */
import type { AnyStateMachine } from 'xstate';
import { type SimulationRun, machinesOf, namedDelayMs } from '../sim';
import {
  activeStateIds,
  chartOf,
  delayLabel,
  takenPath,
  transitionLabel,
  type StateChart,
} from '../viz/statechart/chartModel';
import { upperBound } from '../viz/timeline/windowQuery';
import { cachedStateAt } from './podsCache';

const chartCache = new WeakMap<AnyStateMachine, StateChart>();

/** The chart of one machine definition (built once per definition). */
export function chartOfMachine(machine: AnyStateMachine): StateChart {
  let c = chartCache.get(machine);
  if (!c) chartCache.set(machine, (c = chartOf(machine)));
  return c;
}

/** Every state path of each machine kind the run used, in definition order. */
export function chartsOf(run: SimulationRun): Map<string, StateChart> {
  const m = new Map<string, StateChart>();
  for (const [kind, machine] of Object.entries(machinesOf(run)))
    m.set(kind, chartOfMachine(machine));
  return m;
}

/** Per entity: its step indices (ascending). Built once per run. */
const stepsCache = new WeakMap<SimulationRun, Int32Array[]>();

export function entitySteps(run: SimulationRun): Int32Array[] {
  let s = stepsCache.get(run);
  if (!s) {
    const lists: number[][] = run.trace.entities.map(() => []);
    const ent = run.trace.steps.entity;
    for (let i = 0; i < ent.length; i++) lists[ent[i]!]?.push(i);
    s = lists.map((l) => Int32Array.from(l));
    stepsCache.set(run, s);
  }
  return s;
}

/** The entity's last step before `cursor` (index into trace.steps), or -1. */
export function lastStepOf(run: SimulationRun, entity: number, cursor: number): number {
  const list = entitySteps(run)[entity];
  if (!list) return -1;
  const k = upperBound(list, cursor - 1) - 1;
  return k < 0 ? -1 : list[k]!;
}

/** The entity's state after `cursor` steps and the time it entered it, or nulls. */
export function entityStateAt(
  run: SimulationRun,
  entity: number,
  cursor: number,
): { state: string | null; since: number | null } {
  const list = entitySteps(run)[entity];
  if (!list) return { state: null, since: null };
  const k = upperBound(list, cursor - 1) - 1;
  if (k < 0) return { state: null, since: null };
  const { steps, strings } = run.trace;
  const state = strings[steps.to[list[k]!]!] ?? null;
  // Walk back over self-transitions to when the state was entered.
  let j = k;
  while (j > 0 && strings[steps.from[list[j]!]!] === state) j--;
  return { state, since: steps.t[list[j]!] ?? null };
}

/** The guard the engine recorded for a step ('' or absent: none, or not recorded). */
export function stepGuard(run: SimulationRun, step: number): string | null {
  const col = (run.trace.steps as { guard?: ArrayLike<number> }).guard;
  if (!col) return null;
  const g = run.trace.strings[col[step] ?? -1];
  return g ? g : null;
}

export interface TakenView {
  readonly step: number;
  readonly t: number;
  readonly event: string;
  readonly from: string;
  readonly to: string;
  /** The declared transition it matches, if any (the event's; see `path`). */
  readonly transition: string | null;
  /** Every declared transition the step went through (the event's, then eventless ones). */
  readonly path: readonly string[];
  /** The guard that decided it: recorded by the engine, else the matched transition's. */
  readonly guard: string | null;
  /** True when the guard comes from the trace rather than from matching the definition. */
  readonly guardRecorded: boolean;
}

export interface EntityChart {
  readonly chart: StateChart;
  readonly active: ReadonlySet<string>;
  readonly taken: TakenView | null;
  /** Transition id → label with its named delay resolved for this instance. */
  readonly labels: ReadonlyMap<string, string>;
}

/**
 * Named delays labelled by a duration in the instance's context rather than by the delay's
 * value at the cursor. backOff's delay is what is left of the window (since + backoffMs - now,
 * so 0 once it expired); its label is the window's length, the entry's duration in
 * flowcontrol.Backoff (Backoff.Get): "after 10 s", "after 20 s", ... up to 300 s.
 */
const DURATION_DELAYS: Readonly<Record<string, (context: unknown) => number | null>> = {
  // machine id . delay name
  'backOff.backOff': (context) => {
    const ms = (context as { backoffMs?: unknown } | null)?.backoffMs;
    return typeof ms === 'number' && Number.isFinite(ms) ? ms : null;
  },
};

function instanceContext(world: ReturnType<typeof cachedStateAt>, instanceId: string): unknown {
  return (world.machines[instanceId] as { snapshot?: { context?: unknown } } | undefined)?.snapshot
    ?.context;
}

/** Where one machine instance stands in its chart after `cursor` steps. */
export function entityChartAt(run: SimulationRun, entity: number, cursor: number): EntityChart {
  const info = run.trace.entities[entity];
  const machine = info ? machinesOf(run)[info.kind] : undefined;
  const chart = machine
    ? chartOfMachine(machine)
    : { machineId: '', initial: null, states: [], transitions: [] };
  const { steps, strings } = run.trace;
  const step = lastStepOf(run, entity, cursor);
  let taken: TakenView | null = null;
  if (step >= 0) {
    const recorded = stepGuard(run, step);
    const s = {
      event: strings[steps.event[step]!] ?? '',
      from: strings[steps.from[step]!] ?? '',
      to: strings[steps.to[step]!] ?? '',
      guard: recorded,
    };
    const path = takenPath(chart, s);
    const decided = path.find((t) => t.guard !== null);
    taken = {
      step,
      t: steps.t[step]!,
      ...s,
      transition: path[0]?.id ?? null,
      path: path.map((t) => t.id),
      guard: recorded ?? decided?.guard ?? null,
      guardRecorded: recorded !== null,
    };
  }
  const labels = new Map<string, string>();
  const named = chart.transitions.filter((t) => t.delay?.kind === 'named');
  if (info && named.length > 0 && step >= 0) {
    const world = cachedStateAt(run, cursor);
    for (const t of named) {
      if (t.delay?.kind !== 'named') continue;
      const duration = DURATION_DELAYS[`${chart.machineId}.${t.delay.name}`];
      const ms = duration
        ? duration(instanceContext(world, info.id))
        : namedDelayMs(run, world, info.id, t.delay.name);
      if (ms !== null)
        labels.set(t.id, transitionLabel({ ...t, event: delayLabel({ kind: 'ms', ms }) }));
    }
  }
  return {
    chart,
    active: activeStateIds(chart, strings[steps.to[step] ?? -1] ?? null),
    taken,
    labels,
  };
}
