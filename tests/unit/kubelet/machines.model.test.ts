/**
 * Model tests of every machine of the kubelet with xstate/graph. Guards read the kubelet's state
 * inside an engine step; here each one is replaced by "the event says this guard holds", so a
 * walk can take every branch: each event type a state handles (its `after` delays included) is
 * offered once per guard of the machine and once with none holding. From the initial state,
 * every state node of the machine must be reached, and every reachable state is final or
 * handles an event (no dead end).
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyStateMachine, AnyStateNode } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { machines } from '../../../src/sim/index';
import { stateString } from '../../../src/sim/runner/engine';

/** Sample inputs by kind (contexts are not read with guards replaced). */
const INPUTS: Record<string, unknown> = {
  podWorker: { uid: 'u', rng: 1, resyncMs: 60_000 },
  syncPod: { uid: 'u' },
  startContainer: { uid: 'u', podKey: 'default/p', name: 'c' },
  prober: { uid: 'u', container: 'c', probe: 'readiness', workerStartedAt: 0 },
  cpuContainer: { uid: 'u', container: 'c', assignedBefore: false },
  imagePull: { id: 1, requester: 'r', image: 'i', pullMs: 1 },
  killContainer: { uid: 'u', worker: 'w', name: 'c', id: 'i', grace: 30, hookMs: 1 },
  backOff: { reason: 'CrashLoopBackOff', since: 0, backoffMs: 10_000 },
};

function allNodes(node: AnyStateNode, out: AnyStateNode[] = []): AnyStateNode[] {
  out.push(node);
  for (const child of Object.values(node.states)) allNodes(child as AnyStateNode, out);
  return out;
}

/** Every (event type, guard that holds) pair the machine can be offered. */
function offers(machine: AnyStateMachine): AnyEventObject[] {
  const guards = Object.keys(machine.implementations.guards);
  const types = new Set<string>();
  for (const node of allNodes(machine.root))
    for (const t of node.transitions.keys()) if (t !== '') types.add(t);
  const out: AnyEventObject[] = [];
  for (const type of types)
    for (const g of [undefined, ...guards]) out.push({ type, holds: g, ms: 0, ok: true });
  return out;
}

/**
 * The machine with each named guard answered by the event's `holds` (the initial transition's
 * eventless guards by its input's `holds`).
 */
function byEvent(machine: AnyStateMachine): AnyStateMachine {
  const guards: Record<
    string,
    (a: { event: { holds?: string; input?: { holds?: string } } }) => boolean
  > = {};
  for (const name of Object.keys(machine.implementations.guards))
    guards[name] = ({ event }) => (event.holds ?? event.input?.holds) === name;
  const delays: Record<string, number> = {};
  for (const name of Object.keys(machine.implementations.delays)) delays[name] = 1;
  return machine.provide({ guards, delays } as never);
}

describe('machine models', () => {
  for (const [kind, original] of Object.entries(machines)) {
    it(`${kind}: every state is reachable, and none is a dead end`, () => {
      const machine = byEvent(original);
      const events = offers(machine);
      // One exploration per guard the initial transition may find holding.
      const paths = [undefined, ...Object.keys(machine.implementations.guards)].flatMap((holds) =>
        getShortestPaths(machine, {
          events,
          input: { ...(INPUTS[kind] as object), holds },
          serializeState: (s: { value: unknown }) => JSON.stringify(s.value),
        } as never),
      );
      const reached = new Set<string>();
      for (const p of paths) {
        const snap = p.state;
        reached.add(stateString(snap.value));
        if (snap.status === 'done') continue;
        expect(
          events.some((e) => snap.can(e)),
          `${kind} is stuck in ${stateString(snap.value)}`,
        ).toBe(true);
      }
      // Every atomic state node (transient ones are passed through within a step, not rested in).
      const atomic = allNodes(machine.root).filter(
        (n) => n.type === 'atomic' || n.type === 'final',
      );
      const resting = atomic.filter((n) => !n.always || n.always.length === 0);
      for (const n of resting) {
        const path = n.path.join('.');
        expect(
          // A parallel machine's state is its regions' states joined by '|'.
          [...reached].some((r) => r.split('|').includes(path)),
          `${kind}: ${path} is never reached`,
        ).toBe(true);
      }
    });
  }
});
