/**
 * The statechart of each machine kind, as a flat list of state paths in definition
 * order ("runtime", "runtime.creatingSandbox"), read from the engine's XState
 * definitions, and each entity's state at any cursor from the trace columns.
 */
import type { AnyStateMachine } from 'xstate';
import type { SimulationRun } from '../sim';
import { machines } from '../sim';
import { upperBound } from '../viz/timeline/windowQuery';

interface StateNodeLike {
  readonly key: string;
  readonly states: Readonly<Record<string, StateNodeLike>>;
}

function walk(node: StateNodeLike, prefix: string, out: string[]): void {
  for (const child of Object.values(node.states)) {
    const path = prefix ? `${prefix}.${child.key}` : child.key;
    out.push(path);
    walk(child, path, out);
  }
}

export function chartStates(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  walk(machine.root, '', out);
  return out;
}

const chartCache = new WeakMap<SimulationRun, Map<string, string[]>>();

export function chartsOf(run: SimulationRun): Map<string, string[]> {
  let m = chartCache.get(run);
  if (!m) {
    m = new Map();
    for (const [kind, machine] of Object.entries(machines)) m.set(kind, chartStates(machine));
    chartCache.set(run, m);
  }
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
