/**
 * The transition cache against XState's own `machine.transition`, for every machine of every
 * kubelet version's catalog (machines added later are covered without changing this file).
 * Guards are scripted by call order and delays given chosen values, so every path through every
 * (state, event) pair can be reached: each machine is explored breadth-first from its initial
 * state over all its event types and all guard outcomes XState asks for, and each step found is
 * then taken through the cache in a random order (so a tree is filled path by path, then
 * replayed) and compared with XState: state value, status, context, actions, deciding guard.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assign,
  initialTransition,
  setup,
  transition,
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
} from 'xstate';
import { allMachines } from '../versions/all';
import {
  actorScopeOf,
  initialBefore,
  pureInitialTransition,
  pureTransition,
  recordingGuards,
  stateString,
} from './engine';
import { cachedTransition, type StepAction } from './transitionCache';
import type { AnySnapshot } from './types';

/** Guard outcomes by call index within one transition; guards not scripted fail. */
let script: readonly boolean[] = [];
let calls: string[] = [];
let delayMs: Readonly<Record<string, number>> = {};

/** The machine with scripted guards and delays, wrapped as the engine wraps it. */
function scripted(machine: AnyStateMachine): AnyStateMachine {
  const guards = Object.fromEntries(
    Object.keys(machine.implementations.guards).map((name) => [
      name,
      () => {
        const i = calls.length;
        calls.push(name);
        return script[i] ?? false;
      },
    ]),
  );
  const delays = Object.fromEntries(
    Object.keys(machine.implementations.delays).map((name) => [name, () => delayMs[name] ?? 0]),
  );
  const m = recordingGuards(machine.provide({ guards, delays }));
  actorScopeOf(m);
  return m;
}

/** Every event type some state of the machine handles (`after` events included), and one it does not. */
function eventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>(['NOT_HANDLED_ANYWHERE']);
  const stack: AnyStateNode[] = [machine.root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const t of node.transitions.keys()) types.add(t);
    stack.push(...(Object.values(node.states) as AnyStateNode[]));
  }
  return [...types].sort();
}

const inputOf = (c: Case): unknown => (c.event as { input?: unknown }).input;

const INPUT = {
  uid: 'u1',
  podKey: 'default/p',
  name: 'c',
  container: 'c',
  probe: 'liveness',
  workerStartedAt: 0,
};

interface Case {
  /** Unused for an initial transition. */
  from: AnySnapshot;
  /** The initial transition (event xstate.init with the input). */
  init?: boolean;
  event: AnyEventObject;
  script: boolean[];
}

/** XState's step with this guard script: the guards called and the result. */
function xstateStep(m: AnyStateMachine, c: Case) {
  script = c.script;
  calls = [];
  const [next, actions] = c.init
    ? pureInitialTransition(m, inputOf(c))
    : pureTransition(m, c.from, c.event);
  return { next, actions, calls: [...calls], decided: decidedBy(calls) };
}

/** The engine's deciding guard: the last one to hold. */
function decidedBy(called: readonly string[]): string {
  for (let i = called.length - 1; i >= 0; i--) if (script[i]) return called[i]!;
  return '';
}

/**
 * Every (reachable state, event, guard path) of the machine: for each, the guard scripts that
 * lead XState down each distinct path (a guard not yet scripted fails; each one that failed
 * is tried holding in turn).
 */
function explore(m: AnyStateMachine): Case[] {
  const cases: Case[] = [];
  const seen = new Set<string>();
  const queue: AnySnapshot[] = [];
  const visit = (s: AnySnapshot) => {
    const k = `${stateString(s.value)} ${s.status}`;
    if (seen.has(k)) return;
    seen.add(k);
    queue.push(s);
  };
  // The initial state may itself pass through guarded eventless transitions.
  const init = { type: 'xstate.init', input: INPUT };
  for (const path of paths((p) => {
    script = p;
    calls = [];
    pureInitialTransition(m, INPUT);
    return calls.length;
  })) {
    script = path;
    const first = pureInitialTransition(m, INPUT)[0];
    cases.push({ from: first, event: init, script: path, init: true });
    visit(first);
  }
  const types = eventTypes(m);
  while (queue.length > 0) {
    const from = queue.shift()!;
    if (from.status !== 'active') continue;
    for (const type of types) {
      const event = { type };
      for (const path of paths((p) => xstateStep(m, { from, event, script: p }).calls.length)) {
        cases.push({ from, event, script: path });
        visit(xstateStep(m, { from, event, script: path }).next);
      }
    }
  }
  return cases;
}

/** The guard scripts giving every distinct path, given how many guards a script makes XState call. */
function paths(callsWith: (script: boolean[]) => number): boolean[][] {
  const out: boolean[][] = [];
  const todo: boolean[][] = [[]];
  while (todo.length > 0) {
    const prefix = todo.pop()!;
    const n = callsWith(prefix);
    const full = Array.from({ length: n }, (_, i) => prefix[i] ?? false);
    out.push(full);
    for (let i = prefix.length; i < n; i++) todo.push([...full.slice(0, i), true]);
  }
  return out;
}

/** What the engine reads of a step: state, status, context and actions. */
function observable(next: AnySnapshot, actions: readonly StepAction[], decided: string) {
  return {
    value: next.value as unknown,
    status: next.status,
    context: next.context as unknown,
    decided,
    actions: actions.map((a) => {
      const p = a.params as
        { delay?: number; id?: string; event?: AnyEventObject; sendId?: string } | undefined;
      if (a.type === 'xstate.raise')
        return { type: a.type, delay: p?.delay, id: p?.id, event: p?.event?.type };
      if (a.type === 'xstate.cancel') return { type: a.type, sendId: p?.sendId };
      return { type: a.type };
    }),
  };
}

// Each distinct machine once (most versions share most machines), named by the first
// version that has it.
const seen = new Set<unknown>();
const kinds = Object.entries(allMachines()).flatMap(([version, catalog]) =>
  Object.entries(catalog)
    .filter(([, machine]) => !seen.has(machine) && seen.add(machine))
    .map(([kind, machine]) => ({ version, kind, machine })),
);

describe('transition cache agrees with machine.transition', () => {
  it('covers every machine of every catalog', () => {
    expect(kinds.length).toBeGreaterThan(8);
  });

  it.each(kinds)(
    '$version $kind: the reused actor scope gives what XState gives',
    ({ machine }) => {
      const m = scripted(machine);
      let compared = 0;
      for (const c of explore(m)) {
        // XState's initialTransition builds an actor that asks the guards once more, without
        // input: a scripted initial path would be consumed twice, so only unguarded ones compare.
        if (c.init && c.script.length > 0) continue;
        script = c.script;
        calls = [];
        const [want, wantActions] = c.init
          ? initialTransition(m, inputOf(c))
          : transition(m, c.from, c.event);
        script = c.script;
        calls = [];
        const [got, gotActions] = c.init
          ? pureInitialTransition(m, inputOf(c))
          : pureTransition(m, c.from, c.event);
        expect(observable(got, gotActions, '')).toEqual(
          observable(want as AnySnapshot, wantActions as StepAction[], ''),
        );
        compared++;
      }
      expect(compared).toBeGreaterThan(0);
    },
  );

  it.each(kinds)('$version $kind: every reachable state, event and guard path', ({ machine }) => {
    const m = scripted(machine);
    const cases = explore(m);
    const delayNames = Object.keys(machine.implementations.delays);
    expect(cases.length).toBeGreaterThan(0);
    let replayed = 0;
    const secondPassInterpreted: string[] = [];
    /** Of those, the ones whose transition assigned no context (the tree could have kept them). */
    const secondPassNotAssigning: string[] = [];
    fc.assert(
      fc.property(
        // Indices, not cases: a counterexample is printed, and a snapshot holds its machine.
        fc.shuffledSubarray(
          cases.map((_, i) => i),
          { minLength: cases.length, maxLength: cases.length },
        ),
        fc.integer(),
        (order, seed) => {
          // A fresh cache per run: the key is the tree's machine, so use a new one.
          const key = machine.provide({});
          // Twice through: the first pass fills the tree, the second replays all of it.
          const twice = [...order, ...order];
          for (const [n, i] of twice.entries()) {
            // Another instance in the same state: its own context must come through.
            const at = cases[i]!;
            const context = { ...(at.from.context as object), instance: replayed };
            const c: Case = at.init
              ? { ...at, event: { type: 'xstate.init', input: { ...INPUT, instance: replayed } } }
              : { ...at, from: { ...at.from, context } as AnySnapshot };
            // Delays change from step to step: a replay must resolve them again.
            delayMs = Object.fromEntries(
              delayNames.map((n, j) => [
                n,
                (Math.imul(seed ^ (replayed * 31 + j), 2654435761) >>> 0) % 90_000,
              ]),
            );
            const want = xstateStep(m, c);
            script = c.script;
            calls = [];
            const [next, actions] = cachedTransition(
              key,
              c.init ? '' : stateString(c.from.value),
              c.init ? initialBefore(m, inputOf(c))! : c.from,
              c.event,
              // A miss may have walked part of the tree first: XState's calls start afresh
              // (in the engine guards are pure reads of the step, so asking twice is harmless).
              (s, e) => {
                calls = [];
                const out = c.init ? pureInitialTransition(m, inputOf(c)) : pureTransition(m, s, e);
                // Second pass: only what the tree must leave to XState (an assign) gets here.
                if (n >= order.length) {
                  secondPassInterpreted.push(c.init ? 'init' : c.event.type);
                  if (c.init || out[0].context === s.context)
                    secondPassNotAssigning.push(c.init ? 'init' : c.event.type);
                }
                return out;
              },
              c.init,
            );
            expect(calls).toEqual(want.calls);
            expect(observable(next, actions, decidedBy(calls))).toEqual(
              observable(want.next, want.actions, want.decided),
            );
            replayed++;
          }
        },
      ),
      { numRuns: 12 },
    );
    expect(replayed).toBe(cases.length * 2 * 12);
    // The tree is used: initial transitions and most steps never reach XState once seen.
    expect(secondPassInterpreted).not.toContain('init');
    // Of the paths the tree does not keep (guards after an assign, …), few assign no context.
    expect(secondPassNotAssigning.length).toBeLessThan((cases.length * 12) / 4);
  });
});

describe('transition cache: paths that assign context', () => {
  /**
   * GO assigns the wait from the event; an eventless choice reads it (a guard of the assigned
   * context), and the state it enters waits that long (a delay of the assigned context).
   */
  const waiter = setup({
    types: {
      context: {} as { wait: number; count: number },
      events: {} as { type: 'GO'; wait: number },
    },
    guards: { 'a long wait': ({ context }) => context.wait > 1000 },
    delays: { waitDelay: ({ context }) => context.wait },
  }).createMachine({
    context: { wait: 0, count: 0 },
    initial: 'idle',
    states: {
      idle: {
        on: {
          GO: {
            target: 'deciding',
            actions: [
              assign({ wait: ({ event }) => event.wait }),
              assign(({ context }) => ({ count: context.count + 1 })),
            ],
          },
        },
      },
      deciding: {
        always: [{ guard: 'a long wait', target: 'waitingLong' }, { target: 'waiting' }],
      },
      waiting: { after: { waitDelay: 'idle' } },
      waitingLong: { after: { waitDelay: 'idle' } },
    },
  });

  it('replays the assigns; later guards and delays read the assigned context', () => {
    const m = recordingGuards(waiter);
    actorScopeOf(m);
    const key = waiter.provide({});
    let interpreted = 0;
    const interpret = (s: AnySnapshot, e: AnyEventObject) => {
      interpreted++;
      return pureTransition(m, s, e);
    };
    const start = (wait: number, count: number) =>
      ({ ...initialTransition(m)[0], context: { wait, count } }) as AnySnapshot;
    for (const [wait, count] of [
      [100, 0],
      [2500, 7],
      [40, 1],
      [5000, 2],
    ] as const) {
      const from = start(0, count);
      const event = { type: 'GO', wait };
      const [want, wantActions] = transition(m, from, event);
      const [got, gotActions] = cachedTransition(key, 'idle', from, event, interpret);
      expect(got.context).toEqual({ wait, count: count + 1 });
      expect(got.context).toEqual(want.context);
      expect(got.value).toEqual(want.value);
      expect(got.value).toBe(wait > 1000 ? 'waitingLong' : 'waiting');
      const delays = (xs: unknown[]) =>
        xs.map((a) => (a as { params?: { delay?: number } }).params?.delay).filter(Boolean);
      expect(delays(gotActions)).toEqual([wait]);
      expect(delays(gotActions)).toEqual(delays(wantActions));
    }
    // Only the first GO of each guard outcome went through XState: the others came from the tree.
    expect(interpreted).toBe(2);
  });
});
