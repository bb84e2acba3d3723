import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { nextInt } from '../core/prng';
import { createWorld, Engine } from './engine';
import type { Trace } from '../trace/types';
import { machineKind, type EffectApi, type EngineSpec } from './types';

interface Domain {
  ticks: number;
  log: string[];
}

// A ticker that pings a worker at a random interval; the worker times out unless pinged.
const ticker = setup({
  types: { context: {} as { n: number }, events: {} as { type: 'TICK' } },
  actions: { ping: () => {} },
  delays: { period: 1000 },
}).createMachine({
  id: 'ticker',
  context: { n: 0 },
  initial: 'waiting',
  states: {
    waiting: { after: { period: { target: 'firing' } } },
    firing: {
      entry: [assign({ n: ({ context }) => context.n + 1 }), { type: 'ping' }],
      always: 'waiting',
    },
  },
});

const worker = setup({
  types: { context: {} as { busyMs: number }, events: {} as { type: 'PING'; ms: number } },
  actions: { noteBusy: () => {}, noteTimedOut: () => {} },
  guards: { 'long job': ({ event }) => event.ms >= 1500 },
  delays: { busy: ({ context }) => context.busyMs, timeout: 2500 },
}).createMachine({
  id: 'worker',
  context: { busyMs: 0 },
  initial: 'idle',
  states: {
    idle: {
      after: { timeout: { target: 'timedOut' } },
      on: {
        PING: [
          {
            guard: 'long job',
            target: 'busy',
            actions: assign({ busyMs: ({ event }) => event.ms }),
          },
          { target: 'busy', actions: assign({ busyMs: ({ event }) => event.ms }) },
        ],
      },
    },
    busy: {
      entry: 'noteBusy',
      after: { busy: 'idle' },
    },
    timedOut: { type: 'final', entry: 'noteTimedOut' },
  },
});

const note = (api: EffectApi<Domain>, what: string) => {
  api.domain.log.push(`${api.t}:${what}`);
  api.log({ v: 2, severity: 'I', source: 'test.go:1', msg: what, kv: [] });
};

const spec: EngineSpec<Domain> = {
  machines: {
    ticker: machineKind<Domain, typeof ticker>(ticker, {
      ping: (api) => {
        api.domain.ticks++;
        api.send('w', { type: 'PING', ms: nextInt(api.rng, 100, 3000) });
      },
    }),
    worker: machineKind<Domain, typeof worker>(worker, {
      noteBusy: (api) => note(api, 'busy'),
      noteTimedOut: (api) => note(api, 'timed out'),
    }),
  },
  processes: {},
  guardView: (world) => world,
};

function fresh(seed: number) {
  const engine = new Engine(spec);
  const world = createWorld<Domain>(seed, { ticks: 0, log: [] });
  const api = engine.api(world, 'engine', null);
  api.spawn('ticker', 't', undefined);
  api.spawn('worker', 'w', undefined);
  return { engine, world };
}

describe('engine', () => {
  it('fires delayed transitions at their virtual times and cancels left-state timers', () => {
    const { engine, world } = fresh(1);
    const trace = engine.run(world, 20_000, { checkpointEvery: 8 });
    // The ticker fires every 1000 ms exactly.
    const ping = trace.strings.indexOf('PING');
    const pingTimes = trace.steps.t.filter((_, i) => trace.steps.event[i] === ping);
    expect(pingTimes.slice(0, 3)).toEqual([1000, 2000, 3000]);
    expect(world.domain.ticks).toBe(20);
    // While pinged every second, the worker's 2.5 s timeout is always cancelled before it fires.
    expect(world.domain.log.some((l) => l.endsWith('timed out'))).toBe(false);
    expect(trace.stopReason).toBe('horizon');
  });

  it("records each step's cause and the guard that decided its transition", () => {
    const { engine, world } = fresh(3);
    const trace = engine.run(world, 20_000);
    const { steps, strings, entities } = trace;
    const kindOf = (i: number) => entities[steps.entity[i]!]!.kind;
    const ev = (i: number) => strings[steps.event[i]!]!;
    for (let i = 0; i < steps.t.length; i++) {
      // Spawned at bootstrap: the run's start.
      if (ev(i) === 'xstate.init') expect(steps.cause[i]).toBe(-1);
      // A PING was sent by the ticker's `ping` effect, at the step entering `firing`.
      if (ev(i) === 'PING') {
        const c = steps.cause[i]!;
        expect(kindOf(c)).toBe('ticker');
        expect(steps.t[c]).toBe(steps.t[i]);
        expect(steps.cause[i]).toBeLessThan(i);
        // The worker's job length decided the branch: the long one is named.
        const guard = strings[steps.guard[i]!];
        expect(guard === 'long job' || guard === '').toBe(true);
      }
      // A delayed `after` event is caused by the step that entered its state.
      if (ev(i).startsWith('xstate.after.busy')) {
        const c = steps.cause[i]!;
        expect(strings[steps.to[c]!]).toBe('busy');
        expect(strings[steps.guard[i]!]).toBe('');
      }
    }
    expect(steps.guard.some((g) => strings[g] === 'long job')).toBe(true);
    expect(steps.guard.some((g, i) => strings[g] === '' && ev(i) === 'PING')).toBe(true);
  });

  it('is deterministic: the same seed gives the same trace byte for byte', () => {
    const a = fresh(9);
    const b = fresh(9);
    const ta = a.engine.run(a.world, 30_000);
    const tb = b.engine.run(b.world, 30_000);
    const strip = (t: typeof ta) => JSON.stringify({ ...t, checkpoints: t.checkpoints.length });
    expect(strip(ta)).toBe(strip(tb));
    const c = fresh(10);
    expect(strip(c.engine.run(c.world, 30_000))).not.toBe(strip(ta));
  });

  it("a row's strings are the trace's own, whichever run first took its cached path", () => {
    // Rows replayed from the transition cache keep their string indices on its leaves, per
    // recorder: a run that interns the same strings in another order must not reuse them.
    const strip = (t: Trace<unknown>) =>
      JSON.stringify({ ...t, checkpoints: t.checkpoints.length });
    const a = fresh(9);
    const ta = a.engine.run(a.world, 30_000);
    const engine = new Engine(spec);
    const world = createWorld<Domain>(9, { ticks: 0, log: [] });
    const api = engine.api(world, 'engine', null);
    api.spawn('worker', 'w', undefined);
    api.spawn('ticker', 't', undefined);
    const reversed = engine.run(world, 30_000);
    expect(reversed.strings.slice(0, 3)).not.toEqual(ta.strings.slice(0, 3));
    // Each instance's step leaves it in the state its next step starts from.
    const { steps, strings } = reversed;
    const last = new Map<number, string>();
    const seen = new Set<string>();
    for (let i = 0; i < steps.t.length; i++) {
      const e = steps.entity[i]!;
      if (last.has(e)) expect(strings[steps.from[i]!]).toBe(last.get(e));
      last.set(e, strings[steps.to[i]!]!);
      seen.add(strings[steps.to[i]!]!);
    }
    expect(seen).toEqual(new Set(['waiting', 'idle', 'busy']));
    const b = fresh(9);
    expect(strip(b.engine.run(b.world, 30_000))).toBe(strip(ta));
  });

  it('a seek replays its steps unrecorded: effects see recording false, the trace is unchanged', () => {
    const seen: boolean[] = [];
    const noting: EngineSpec<Domain> = {
      ...spec,
      machines: {
        ...spec.machines,
        worker: machineKind<Domain, typeof worker>(worker, {
          noteBusy: (api) => {
            seen.push(api.recording);
            note(api, 'busy');
            api.event({
              type: 'Normal',
              reason: 'Busy',
              object: 'w',
              fieldPath: null,
              message: '',
              source: 't',
            });
          },
          noteTimedOut: (api) => note(api, 'timed out'),
        }),
      },
    };
    const engine = new Engine(noting);
    const world = createWorld<Domain>(5, { ticks: 0, log: [] });
    const api = engine.api(world, 'engine', null);
    api.spawn('ticker', 't', undefined);
    api.spawn('worker', 'w', undefined);
    const trace = engine.run(world, 30_000, { checkpointEvery: 64 });
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.every((r) => r)).toBe(true);
    const busy = trace.events.filter((e) => e.reason === 'Busy');
    expect(busy.map((e) => e.step)).toEqual(
      trace.logs.filter((l) => l.msg === 'busy').map((l) => l.step),
    );
    const before = JSON.stringify({ ...trace, checkpoints: trace.checkpoints.length });
    seen.length = 0;
    engine.stateAt(trace, trace.steps.t.length, 30_000);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((r) => r)).toBe(false);
    expect(JSON.stringify({ ...trace, checkpoints: trace.checkpoints.length })).toBe(before);
  });

  it('stateAt(n) from a checkpoint equals a straight run of n steps', () => {
    const { engine, world } = fresh(5);
    const trace = engine.run(world, 30_000, { checkpointEvery: 16 });
    const total = trace.steps.t.length;
    for (const n of [0, 1, 15, 16, 17, 40, total - 1, total]) {
      const viaCheckpoint = engine.stateAt(trace, n, 30_000);
      const straight = fresh(5);
      while (straight.world.step < n && straight.engine.step(straight.world, 30_000, null)) {
        /* run */
      }
      const view = (w: typeof world) => ({
        t: w.t,
        step: w.step,
        rng: w.rng,
        queue: w.queue,
        domain: w.domain,
        machines: Object.fromEntries(
          Object.entries(w.machines).map(([k, v]) => [
            k,
            v.snapshot ? [v.snapshot.value, v.snapshot.context] : null,
          ]),
        ),
      });
      expect(view(viaCheckpoint)).toEqual(view(straight.world));
    }
  });

  it('a seek changes nothing it shares with the checkpoints (queue entries, frozen state)', () => {
    const { engine, world } = fresh(5);
    const trace = engine.run(world, 30_000, { checkpointEvery: 16 });
    const total = trace.steps.t.length;
    const before = JSON.stringify(trace.checkpoints);
    const first = Array.from({ length: total + 1 }, (_, n) =>
      JSON.stringify(engine.stateAt(trace, n, 30_000)),
    );
    // Had a replay written into an entry or object it shares with its checkpoint, the
    // checkpoint (and every later seek from it) would differ.
    expect(JSON.stringify(trace.checkpoints)).toBe(before);
    for (let n = total; n >= 0; n--)
      expect(JSON.stringify(engine.stateAt(trace, n, 30_000))).toBe(first[n]);
  });

  it("a checkpoint's machine map, kept as changes, has the live map's instances in its key order", () => {
    // A process that stops and respawns workers (same ids) at random: respawned ones move last.
    const churn: EngineSpec<Domain> = {
      ...spec,
      processes: {
        churn: {
          state: 'churning',
          handle: (api) => {
            for (let k = 0; k < 3; k++) {
              const id = `w${nextInt(api.rng, 0, 7)}`;
              if (api.has(id)) api.stop(id);
              else api.spawn('worker', id, undefined);
            }
            api.send(api.self, { type: 'CHURN' }, nextInt(api.rng, 50, 400));
          },
        },
      },
    };
    const start = () => {
      const engine = new Engine(churn);
      const world = createWorld<Domain>(4, { ticks: 0, log: [] });
      const api = engine.api(world, 'engine', null);
      api.spawn('ticker', 't', undefined);
      world.machines['c'] = { kind: 'churn', snapshot: null as never };
      api.send('c', { type: 'CHURN' });
      return { engine, world };
    };
    const { engine, world } = start();
    const trace = engine.run(world, 60_000, { checkpointEvery: 5 });
    expect(trace.checkpoints.length).toBeGreaterThan(40);
    const straight = start();
    const order = (m: typeof world.machines) =>
      Object.entries(m).map(([k, v]): unknown[] => [
        k,
        v.snapshot?.value as unknown,
        v.snapshot?.context as unknown,
      ]);
    trace.checkpoints.forEach((cp, i) => {
      while (straight.world.step < i * 5) straight.engine.step(straight.world, 60_000, null);
      expect(order(cp.machines)).toStrictEqual(order(straight.world.machines));
    });
  });

  it('a worker that is never pinged times out and stops taking events', () => {
    const engine = new Engine(spec);
    const world = createWorld<Domain>(1, { ticks: 0, log: [] });
    engine.api(world, 'engine', null).spawn('worker', 'w', undefined);
    const trace = engine.run(world, 10_000);
    expect(world.domain.log).toEqual(['2500:timed out']);
    expect(trace.logs.map((l) => [l.t, l.msg])).toEqual([[2500, 'timed out']]);
    expect(trace.stopReason).toBe('idle');
  });
});
