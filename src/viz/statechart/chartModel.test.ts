import { setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machines } from '../../sim';
import { activeStateIds, chartOf, takenPath, takenTransition, transitionLabel } from './chartModel';
import { elkGraph } from './elkGraph';

describe('the named delays of the clock machines, as the charts label them', () => {
  const labels = (kind: string) =>
    chartOf(machines[kind]!).transitions.map((t) => `${t.source} ${transitionLabel(t)}`);

  it('the sync loop: its select and two tickers, as parallel regions', () => {
    const chart = chartOf(machines.syncLoop!);
    expect(chart.states.filter((s) => s.parent === null).map((s) => s.path)).toEqual([
      'select',
      'syncTicker',
      'housekeepingTicker',
    ]);
    expect(labels('syncLoop')).toEqual(
      expect.arrayContaining([
        'syncLoop.select.waiting CONFIG',
        'syncLoop.select.waiting PLEG',
        'syncLoop.select.waiting PROBE',
        'syncLoop.syncTicker.ticking after syncTickerPeriod',
        'syncLoop.housekeepingTicker.ticking after housekeepingPeriod',
      ]),
    );
  });

  it('a pull, the pod worker requeue and a back-off window', () => {
    expect(labels('imagePull')).toEqual([
      'imagePull.pulling after pullTime [registry answered with an error]',
      'imagePull.pulling after pullTime',
    ]);
    expect(labels('podWorker')).toContain('podWorker.idle.requeued after requeueDelay');
    expect(labels('backOff')).toEqual([
      'backOff.backingOff BACK_OFF',
      'backOff.backingOff after backOff',
      'backOff.expired BACK_OFF',
    ]);
  });
});

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

  it('reads each transition with its event, targets, guard and delay', () => {
    const pulled = sc.transitions.find((t) => t.eventType === 'PULLED')!;
    expect(pulled.source).toBe('startContainer.pullingImage');
    expect(pulled.targets).toEqual(['startContainer.generatingConfig']);
    // CRI StartContainer takes the named delay `startContainer`; then the hook or done.
    // The CRI's answer arrives as an event the state takes in without leaving (a self-loop).
    const started = sc.transitions.filter((t) => t.source === 'startContainer.starting');
    expect(started.filter((t) => t.targets.length === 0).map(transitionLabel)).toEqual([
      'CRI_FAILED',
    ]);
    const leaving = started.filter((t) => t.targets.length > 0);
    expect(leaving.map((t) => [transitionLabel(t), t.targets[0]])).toEqual([
      ['after startContainer [StartContainer failed]', 'startContainer.idle'],
      ['after startContainer [has PostStart hook]', 'startContainer.postStart'],
      ['after startContainer', 'startContainer.idle'],
    ]);
    // EnsureImageExists decides at once (eventless), by named guards, in order.
    expect(
      sc.transitions
        .filter((t) => t.source === 'startContainer.ensuringImage')
        .map(transitionLabel),
    ).toEqual([
      'always [image name does not parse]',
      'always [present image needs a pull for the pod’s credentials]',
      'always [image present and pull policy is not Always]',
      'always [pull policy is Never]',
      'always [in image back-off]',
      'always',
    ]);
    // A transition out of a nested state to the root's idle keeps its real target.
    const done = sp.transitions.find((t) => t.source === 'syncPod.runtime.containersDone')!;
    expect(done.targets).toEqual(['syncPod.idle']);
  });

  it('finds the active states and the transitions a recorded step went through', () => {
    expect([...activeStateIds(sp, 'runtime.startingInit')]).toEqual([
      'syncPod.runtime.startingInit',
      'syncPod.runtime',
    ]);
    const pulled = takenPath(sc, {
      event: 'PULLED',
      from: 'pullingImage',
      to: 'generatingConfig',
      guard: '',
    });
    expect(pulled.map((t) => t.id)).toEqual(['startContainer.pullingImage:PULLED:0']);
    // START runs into ensuringImage, whose eventless branch (by the recorded guard) goes on.
    const start = takenPath(sc, {
      event: 'START',
      from: 'idle',
      to: 'imagePresent',
      guard: 'image present and pull policy is not Always',
    });
    expect(start.map((t) => t.targets[0])).toEqual([
      'startContainer.ensuringImage',
      'startContainer.imagePresent',
    ]);
    const backOff = takenPath(sc, {
      event: 'START',
      from: 'idle',
      to: 'imageFailed',
      guard: 'in image back-off',
    });
    expect(backOff[1]?.guard).toBe('in image back-off');
    // KubeletEnsureSecretPulledImages: the credential check's pull goes through its own state.
    const recheck = takenPath(sc, {
      event: 'START',
      from: 'idle',
      to: 'pullingImage',
      guard: 'present image needs a pull for the pod’s credentials',
    });
    expect(recheck.map((t) => t.targets[0])).toEqual([
      'startContainer.ensuringImage',
      'startContainer.credentialsUnverified',
      'startContainer.pullingImage',
    ]);
    // With no guard recorded, the default branch: no image, so pull.
    const plain = takenPath(sc, { event: 'START', from: 'idle', to: 'pullingImage', guard: '' });
    expect(plain.map((t) => t.targets[0])).toEqual([
      'startContainer.ensuringImage',
      'startContainer.pullingImage',
    ]);
    expect(takenPath(sc, { event: 'PULLED', from: 'idle', to: 'idle', guard: null })).toEqual([]);
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
