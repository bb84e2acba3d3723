import { setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machines } from '../../sim';
import {
  activeStateIds,
  chartOf,
  resolveDelay,
  takenTransition,
  transitionLabel,
} from './chartModel';
import { elkGraph } from './elkGraph';

describe('chartOf on the engine machines', () => {
  const sc = chartOf(machines.startContainer!);
  const sp = chartOf(machines.syncPod!);

  it('lists every state, nested ones under their parent, with the initial states', () => {
    expect(sc.states.map((s) => s.path)).toContain('pullingImage');
    expect(sc.initial).toBe('startContainer.idle');
    const runtime = sp.states.find((s) => s.path === 'runtime')!;
    expect(runtime.type).toBe('compound');
    expect(runtime.initial).toBe('syncPod.runtime.computingActions');
    const sandbox = sp.states.find((s) => s.path === 'runtime.creatingSandbox')!;
    expect(sandbox.parent).toBe('syncPod.runtime');
    expect(sandbox.key).toBe('creatingSandbox');
  });

  it('reads each transition with its event, targets and guard', () => {
    const pulled = sc.transitions.find((t) => t.eventType === 'PULLED')!;
    expect(pulled.source).toBe('startContainer.pullingImage');
    expect(pulled.targets).toEqual(['startContainer.generatingConfig']);
    const started = sc.transitions.filter((t) => t.eventType === 'STARTED');
    expect(started.map((t) => t.targets[0])).toEqual([
      'startContainer.postStart',
      'startContainer.idle',
    ]);
    // The first branch has a guard (inline today, named once the machines name them).
    expect(started[0]!.guard).not.toBeNull();
    expect(started[1]!.guard).toBeNull();
    // A transition out of a nested state to the root's idle keeps its real target.
    const done = sp.transitions.find(
      (t) => t.source === 'syncPod.runtime.startingContainers' && t.eventType === 'CONTAINERS_DONE',
    )!;
    expect(done.targets).toEqual(['syncPod.idle']);
  });

  it('finds the active states and the transition a recorded step took', () => {
    expect([...activeStateIds(sp, 'runtime.startingInit')]).toEqual([
      'syncPod.runtime.startingInit',
      'syncPod.runtime',
    ]);
    const t = takenTransition(sc, { event: 'STARTED', from: 'starting', to: 'idle', guard: null });
    expect(t?.targets).toEqual(['startContainer.idle']);
    const h = takenTransition(sc, {
      event: 'STARTED',
      from: 'starting',
      to: 'postStart',
      guard: null,
    });
    expect(h?.targets).toEqual(['startContainer.postStart']);
    expect(takenTransition(sc, { event: 'PULLED', from: 'idle', to: 'idle', guard: null })).toBe(
      null,
    );
  });
});

describe('chartOf on a machine with named guards and delays', () => {
  const m = setup({
    types: { context: {} as { createMs: number }, input: {} as { createMs: number } },
    guards: { 'image present': () => true, 'has PostStart hook': () => false },
    delays: { createContainer: ({ context }) => context.createMs, relistPeriod: 1000 },
  }).createMachine({
    id: 'demo',
    context: ({ input }) => ({ createMs: input.createMs }),
    initial: 'ensuring',
    states: {
      ensuring: {
        on: { CHECK: [{ guard: 'image present', target: 'creating' }, { target: 'pulling' }] },
      },
      pulling: { after: { 120: 'creating' } },
      creating: { after: { createContainer: 'started' } },
      started: {
        initial: 'sleeping',
        states: { sleeping: { after: { relistPeriod: 'sleeping' } } },
      },
    },
  });
  const chart = chartOf(m);

  it('labels transitions "event [guard]" and delays "after N ms" or by name', () => {
    const labels = chart.transitions.map(transitionLabel);
    expect(labels).toEqual([
      'CHECK [image present]',
      'CHECK',
      'after 120 ms',
      'after createContainer',
      'after relistPeriod',
    ]);
  });

  it('resolves a named delay with an instance context, a constant one without', () => {
    const create = chart.transitions.find((t) => t.event === 'after createContainer')!;
    expect(resolveDelay(m, create.delay!, { createMs: 60 })).toBe(60);
    expect(resolveDelay(m, create.delay!, undefined)).toBeNull();
    const relist = chart.transitions.find((t) => t.event === 'after relistPeriod')!;
    expect(resolveDelay(m, relist.delay!, undefined)).toBe(1000);
  });

  it('matches a recorded guard to the branch it decided', () => {
    const t = takenTransition(chart, {
      event: 'CHECK',
      from: 'ensuring',
      to: 'creating',
      guard: 'image present',
    });
    expect(t?.guard).toBe('image present');
    const delayed = chart.transitions.find((t) => t.event === 'after 120 ms')!;
    expect(
      takenTransition(chart, {
        event: delayed.eventType,
        from: 'pulling',
        to: 'creating',
        guard: '',
      })?.id,
    ).toBe(delayed.id);
  });

  it('builds an ELK graph with compound states holding their children', () => {
    const g = elkGraph(chart);
    const started = g.children!.find((n) => n.id === 'demo.started')!;
    expect(started.children!.map((n) => n.id)).toEqual([
      'demo.started#initial',
      'demo.started.sleeping',
    ]);
    // The self-loop inside `started` is laid out inside it, labelled.
    expect(
      started.edges!.find((e) => e.sources[0] === 'demo.started.sleeping')?.labels?.[0]?.text,
    ).toBe('after relistPeriod');
    expect(g.edges!.some((e) => e.labels?.[0]?.text === 'CHECK [image present]')).toBe(true);
  });
});
