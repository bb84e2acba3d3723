import { describe, expect, it } from 'vitest';
import type { Scenario } from '../types';
import { Cancelled, createEngineClient, isCancelled, type AsyncEngineApi } from './engineClient';
import { CURRENT_KUBELET_VERSION, formatKlog, loadPreset } from '../../sim';
import { buildRunView } from '../buildRunView';
import { formattedLogs } from '../kubeletViews';
import { matchLines, type LogQuery } from '../logLines';
import { workerViews } from './workerViews';
import { CHUNK, engineIdOf, pieceOf, type HeldRun, type Piece } from './packedRun';

function preset(id: Parameters<typeof loadPreset>[0]): Scenario {
  const r = loadPreset(id);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.scenario;
}

const scenario = (name: string, kubeletVersion: string = CURRENT_KUBELET_VERSION) =>
  ({ metadata: { name }, node: { kubeletVersion } }) as unknown as Scenario;

interface Deferred<T> {
  promise: Promise<T>;
  resolve(v: T): void;
  reject(e: unknown): void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => {
    resolve = a;
    reject = b;
  });
  return { promise, resolve, reject };
}

/** A worker's run: a trace of two steps, its logs and records as many holes. */
function packed(id: number, logCount = 0, recordCount = 0): HeldRun {
  const run = {
    horizon: 1000,
    scenario: { node: {} },
    config: { pods: {}, arrivals: [], generations: [] },
    trace: {
      steps: { t: [0, 5], entity: [], event: [], from: [], to: [], cause: [], guard: [] },
      strings: [],
      entities: [],
      events: [],
      logs: new Array<unknown>(logCount),
      records: new Array<unknown>(recordCount),
      checkpoints: [],
      checkpointEvery: 2048,
      endT: 5,
      stopReason: 'horizon',
    },
  };
  const view = {
    raw: run,
    times: run.trace.steps.t,
    total: 2,
    endT: 5,
    lanes: { lanes: [], groups: [], flows: [], labels: [], endT: 5, spanCount: 0 },
    cpus: { steps: new Map(), states: new Map(), owners: [], pool: [], initial: { kind: 'idle' } },
  };
  return { id, run, views: () => view } as unknown as HeldRun;
}

/** A fake engine worker: each run waits until the test settles it. */
function fakeWorkers() {
  const workers: {
    id: number;
    terminated: boolean;
    runs: { id: number; scenario: Scenario; from: number | null; done: Deferred<HeldRun> }[];
    parts: [number, number][];
    records: [number, number][];
    asked: string[];
  }[] = [];
  const spawn = () => {
    const w = {
      id: workers.length,
      terminated: false,
      runs: [] as (typeof workers)[number]['runs'],
      parts: [] as [number, number][],
      records: [] as [number, number][],
      asked: [] as string[],
    };
    workers.push(w);
    const packedRuns = new Map<number, HeldRun>();
    const api = {
      prepare(v: string) {
        w.asked.push(`prepare ${v}`);
        return Promise.resolve();
      },
      run(id: number, s: Scenario, from: number | null) {
        const done = deferred<HeldRun>();
        w.runs.push({ id, scenario: s, from, done });
        return done.promise.then((p) => {
          packedRuns.set(id, p);
          return { logCount: p.run.trace.logs.length, recordCount: p.run.trace.records.length };
        });
      },
      // As the worker does: messages are handled in order, so a piece asked with its run is
      // answered once the run is built (and fails when the run does).
      piece: (id: number, k: Piece) =>
        w.runs.find((r) => r.id === id)!.done.promise.then(() => pieceOf(packedRuns.get(id)!, k)),
      part(id: number, what: string, start: number, end: number) {
        // The run's records are listed apart: the tests of logs read `parts`.
        if (what === 'records') {
          w.records.push([start, end]);
          return w.runs
            .find((r) => r.id === id)!
            .done.promise.then((p) =>
              Array.from(
                { length: Math.max(0, Math.min(end, p.run.trace.records.length) - start) },
                (_, i) => ({
                  r: start + i,
                }),
              ),
            );
        }
        w.parts.push([start, end]);
        return Promise.resolve(Array.from({ length: end - start }, (_, i) => ({ i: start + i })));
      },
      // The log panel's questions, over a log of `line <i>` at -v i % 5 and step i.
      logMatches(id: number, q: LogQuery) {
        const n = packedRuns.get(id)!.run.trace.logs.length;
        const text = Array.from({ length: n }, (_, i) => `line ${i}`);
        return Promise.resolve(
          matchLines(
            { text, v: text.map((_, i) => i % 5), step: text.map((_, i) => i), severity: '' },
            q,
          ),
        );
      },
      logRows(_id: number, mode: string, lines: readonly number[]) {
        w.asked.push(`rows ${mode} ${lines.join(',')}`);
        return Promise.resolve(
          lines.map((i) => ({ index: i, v: i % 5, severity: 'I', text: `line ${i}` })),
        );
      },
      keep: () => Promise.resolve(),
      has: () => Promise.resolve(true),
      podsAt(id: number, cursor: number) {
        w.asked.push(`pods ${id}@${cursor}`);
        return Promise.resolve([{ key: `run ${id} at ${cursor}` }]);
      },
      machinesAt: () => Promise.resolve([]),
      inspect: () => Promise.resolve(null),
    } as unknown as AsyncEngineApi;
    return {
      api,
      terminate() {
        w.terminated = true;
      },
    };
  };
  return { workers, spawn };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('engine client', () => {
  it('a newer run cancels the one in flight: the old promise rejects, its worker is terminated', async () => {
    const { workers, spawn } = fakeWorkers();
    const client = createEngineClient(spawn);
    const a = client.simulate(scenario('a'));
    const aSettled = a.then(
      () => 'resolved',
      (e: unknown) => (isCancelled(e) ? 'cancelled' : 'failed'),
    );
    await tick();
    expect(workers[0]!.runs.map((r) => r.scenario.metadata.name)).toEqual(['a']);

    const b = client.simulate(scenario('b'));
    expect(await aSettled).toBe('cancelled');
    expect(workers[0]!.terminated).toBe(true);
    expect(client.spawned).toBe(2);
    await tick();
    // The new worker works on b only; a late answer from the old one changes nothing.
    expect(workers[1]!.runs.map((r) => r.scenario.metadata.name)).toEqual(['b']);
    workers[0]!.runs[0]!.done.resolve(packed(workers[0]!.runs[0]!.id));
    workers[1]!.runs[0]!.done.resolve(packed(workers[1]!.runs[0]!.id));
    const run = await b;
    expect(run.raw.scenario.metadata.name).toBe('b');
    expect(engineIdOf(run)).toBe(workers[1]!.runs[0]!.id);
  });

  it('cancel abandons the run in flight, so a preset asked next is not queued behind it', async () => {
    const { workers, spawn } = fakeWorkers();
    const client = createEngineClient(spawn);
    // Nothing in flight: no worker is replaced.
    client.cancel();
    expect(client.spawned).toBe(1);
    const a = client.simulate(scenario('a'));
    const aSettled = a.then(
      () => 'resolved',
      (e: unknown) => (isCancelled(e) ? 'cancelled' : 'failed'),
    );
    await tick();
    client.cancel();
    expect(await aSettled).toBe('cancelled');
    expect(workers[0]!.terminated).toBe(true);
    expect(client.spawned).toBe(2);
    // The next run goes to the fresh worker and is not taken for the one abandoned.
    const b = client.simulate(scenario('b'));
    await tick();
    expect(client.spawned).toBe(2);
    workers[1]!.runs[0]!.done.resolve(packed(workers[1]!.runs[0]!.id));
    expect((await b).raw.scenario.metadata.name).toBe('b');
  });

  it("a run of another kubelet version has the worker load that version's code first, once", async () => {
    const { workers, spawn } = fakeWorkers();
    const client = createEngineClient(spawn);
    const a = client.simulate(scenario('a', '1.18'));
    await tick();
    expect(workers[0]!.asked).toEqual(['prepare 1.18']);
    expect(workers[0]!.runs.map((r) => r.scenario.metadata.name)).toEqual(['a']);
    workers[0]!.runs[0]!.done.resolve(packed(workers[0]!.runs[0]!.id));
    await a;
    const b = client.simulate(scenario('b', '1.18'));
    await tick();
    workers[0]!.runs[1]!.done.resolve(packed(workers[0]!.runs[1]!.id));
    await b;
    expect(workers[0]!.asked).toEqual(['prepare 1.18']);
  });

  it('runs one after another share the worker and pass the previous run as `from`', async () => {
    const { workers, spawn } = fakeWorkers();
    const client = createEngineClient(spawn);
    const a = client.simulate(scenario('a'));
    await tick();
    workers[0]!.runs[0]!.done.resolve(packed(workers[0]!.runs[0]!.id));
    const runA = await a;
    const b = client.simulate(scenario('b'), { from: runA });
    await tick();
    expect(client.spawned).toBe(1);
    expect(workers[0]!.runs[1]!.from).toBe(engineIdOf(runA));
    workers[0]!.runs[1]!.done.resolve(packed(workers[0]!.runs[1]!.id));
    expect((await b).raw.scenario.metadata.name).toBe('b');
  });

  it('the pieces and first records are asked with the run, not after its answer; the rest follow it', async () => {
    const { workers, spawn } = fakeWorkers();
    const client = createEngineClient(spawn);
    const a = client.simulate(scenario('a'));
    await tick();
    // Asked before the run is answered: the worker sends them as soon as it has built the run.
    expect(workers[0]!.records).toEqual([[0, CHUNK]]);
    const n = CHUNK + 3;
    workers[0]!.runs[0]!.done.resolve(packed(workers[0]!.runs[0]!.id, 0, n));
    const run = await a;
    expect(workers[0]!.records).toEqual([
      [0, CHUNK],
      [CHUNK, n],
    ]);
    const records = run.raw.trace.records as unknown as { r: number }[];
    expect(records.map((x) => x.r)).toEqual(Array.from({ length: n }, (_, i) => i));
    expect(run.total).toBe(2);
    // The next run on the lane asks as many records as this one had, with the run.
    const b = client.simulate(scenario('b'), { from: run });
    await tick();
    expect(workers[0]!.records.slice(2)).toEqual([
      [0, CHUNK],
      [CHUNK, 2 * CHUNK],
    ]);
    workers[0]!.runs[1]!.done.resolve(packed(workers[0]!.runs[1]!.id, 0, 5));
    const runB = await b;
    expect(workers[0]!.records.length).toBe(4);
    expect((runB.raw.trace.records as unknown as { r: number }[]).map((x) => x.r)).toEqual([
      0, 1, 2, 3, 4,
    ]);
  });

  it('a run lands without its logs; logs(run) pulls them in chunks, one message each', async () => {
    const { workers, spawn } = fakeWorkers();
    const client = createEngineClient(spawn);
    const a = client.simulate(scenario('a'));
    await tick();
    const n = 2 * CHUNK + 7;
    workers[0]!.runs[0]!.done.resolve(packed(workers[0]!.runs[0]!.id, n));
    const run = await a;
    expect(workers[0]!.parts).toEqual([]);
    expect(run.raw.trace.logs.length).toBe(0);
    expect(client.logsReady(run)).toBe(false);
    // Asked twice at once: fetched once.
    await Promise.all([client.logs(run), client.logs(run)]);
    // The raw lines, then the same lines formatted by the worker.
    const chunks = [
      [0, CHUNK],
      [CHUNK, 2 * CHUNK],
      [2 * CHUNK, n],
    ];
    expect(workers[0]!.parts).toEqual([...chunks, ...chunks]);
    expect(client.logsReady(run)).toBe(true);
    expect(run.raw.trace.logs.length).toBe(n);
    expect((run.raw.trace.logs[n - 1] as unknown as { i: number }).i).toBe(n - 1);
    // The klog text is the worker's, not formatted again here.
    expect((formattedLogs(run.raw)[n - 1] as unknown as { i: number }).i).toBe(n - 1);
    await client.logs(run);
    expect(workers[0]!.parts.length).toBe(6);
  });

  it('logs of a run whose worker was replaced are fetched from a worker that simulates it again', async () => {
    const { workers, spawn } = fakeWorkers();
    const client = createEngineClient(spawn);
    const a = client.simulate(scenario('a'));
    await tick();
    workers[0]!.runs[0]!.done.resolve(packed(workers[0]!.runs[0]!.id, 5));
    const runA = await a;
    const b = client.simulate(scenario('b'), { from: runA });
    b.catch(() => {});
    await tick();
    const c = client.simulate(scenario('c'), { from: runA });
    c.catch(() => {});
    await tick();
    workers[1]!.runs[0]!.done.reject(new Error('bad'));
    await expect(c).rejects.toThrow('bad');
    const logs = client.logs(runA);
    await tick();
    const again = workers[1]!.runs[1]!;
    expect(again.scenario.metadata.name).toBe('a');
    again.done.resolve(packed(again.id, 5));
    await logs;
    expect(runA.raw.trace.logs.length).toBe(5);
    expect(workers[1]!.parts).toEqual([
      [0, 5],
      [0, 5],
    ]);
  });

  it("the log panel's lines stay in the worker: it answers the matching lines, and the rows in view in one question per task", async () => {
    const { workers, spawn } = fakeWorkers();
    const client = createEngineClient(spawn);
    const views = workerViews(client);
    let told = 0;
    views.subscribe!(() => told++);
    const a = client.simulate(scenario('a'));
    await tick();
    const n = 30;
    workers[0]!.runs[0]!.done.resolve(packed(workers[0]!.runs[0]!.id, n));
    const run = await a;
    const q = { mode: 'klog', v: 2, filter: '' } as const;
    // Asked, not here yet.
    expect(views.logMatches(run, q)).toBeNull();
    await tick();
    expect(told).toBe(1);
    // Lines whose -v ≤ 2 (the fake's v is the line number mod 5), steps and lengths.
    const m = views.logMatches(run, q)!;
    expect([...m.line.slice(0, 5)]).toEqual([0, 1, 2, 5, 6]);
    expect([...m.length.slice(0, 2)]).toEqual(['line 0'.length, 'line 1'.length]);
    // The filter is answered there too, as another question.
    expect(views.logMatches(run, { ...q, filter: 'line 1' })).toBe(m);
    await tick();
    expect([...views.logMatches(run, { ...q, filter: 'line 1' })!.line]).toEqual([
      1, 10, 11, 12, 15, 16, 17,
    ]);
    // Rows asked for in one task: one question, then each row is here.
    expect(views.logRow(run, 'klog', 5)).toBeUndefined();
    expect(views.logRow(run, 'klog', 6)).toBeUndefined();
    expect(views.logRow(run, 'klog', 5)).toBeUndefined();
    await tick();
    expect(workers[0]!.asked.filter((x) => x.startsWith('rows'))).toEqual(['rows klog 5,6']);
    expect(views.logRow(run, 'klog', 6)).toEqual({ index: 6, v: 1, severity: 'I', text: 'line 6' });
    // The raw logs never came to the page.
    expect(workers[0]!.parts).toEqual([]);
    expect(run.raw.trace.logs.length).toBe(0);
  });

  it("a run built on the page answers the log panel from its own lines, as the worker's would", () => {
    const views = workerViews(createEngineClient(fakeWorkers().spawn));
    const run = buildRunView(preset('hello-pod'));
    const logs = run.raw.trace.logs;
    const m = views.logMatches(run, { mode: 'klog', v: 4, filter: 'syncloop add' })!;
    expect(m.line.length).toBeGreaterThan(0);
    for (const i of m.line) {
      const row = views.logRow(run, 'klog', i)!;
      expect(row.text).toBe(formatKlog(logs[i]!));
      expect(row.text.toLowerCase()).toContain('syncloop add');
    }
    expect([...m.step]).toEqual([...m.line].map((i) => logs[i]!.step));
  });

  it('an engine error rejects as itself, not as a cancellation', async () => {
    const { workers, spawn } = fakeWorkers();
    const client = createEngineClient(spawn);
    const a = client.simulate(scenario('a'));
    await tick();
    workers[0]!.runs[0]!.done.reject(new Error('node topology: no CPUs'));
    await expect(a).rejects.toThrow('node topology: no CPUs');
    await expect(a).rejects.not.toBeInstanceOf(Cancelled);
    expect(client.spawned).toBe(1);
  });

  it('asks a respawned worker about a run it lost by simulating that run again', async () => {
    const { workers, spawn } = fakeWorkers();
    const client = createEngineClient(spawn);
    const a = client.simulate(scenario('a'));
    await tick();
    workers[0]!.runs[0]!.done.resolve(packed(workers[0]!.runs[0]!.id));
    const runA = await a;
    // b is cancelled by c (respawn), then c fails: run a stays on screen, its worker is gone.
    const b = client.simulate(scenario('b'), { from: runA });
    b.catch(() => {});
    await tick();
    const c = client.simulate(scenario('c'), { from: runA });
    c.catch(() => {});
    await tick();
    expect(workers[1]!.runs[0]!.from).toBeNull();
    workers[1]!.runs[0]!.done.reject(new Error('bad'));
    await expect(c).rejects.toThrow('bad');

    const rows = client.podsAt(runA, 3);
    await tick();
    const again = workers[1]!.runs[1]!;
    expect(again.scenario.metadata.name).toBe('a');
    expect(again.id).toBe(engineIdOf(runA));
    again.done.resolve(packed(again.id));
    expect(await rows).toEqual([{ key: `run ${again.id} at 3` }]);
  });

  it("Compare's run B has its own worker: a newer B cancels only B, and views of B are asked there", async () => {
    const { workers, spawn } = fakeWorkers();
    const client = createEngineClient(spawn);
    const a = client.simulate(scenario('a'));
    const b1 = client.simulate(scenario('b1'), { lane: 'B' });
    const b1Settled = b1.then(
      () => 'resolved',
      (e: unknown) => (isCancelled(e) ? 'cancelled' : 'failed'),
    );
    await tick();
    expect(client.spawned).toBe(2);
    expect(workers[0]!.runs.map((r) => r.scenario.metadata.name)).toEqual(['a']);
    expect(workers[1]!.runs.map((r) => r.scenario.metadata.name)).toEqual(['b1']);

    const b2 = client.simulate(scenario('b2'), { lane: 'B' });
    expect(await b1Settled).toBe('cancelled');
    expect(workers[1]!.terminated).toBe(true);
    // A's run in flight goes on in its own worker.
    expect(workers[0]!.terminated).toBe(false);
    await tick();
    expect(workers[2]!.runs.map((r) => r.scenario.metadata.name)).toEqual(['b2']);
    workers[0]!.runs[0]!.done.resolve(packed(workers[0]!.runs[0]!.id));
    workers[2]!.runs[0]!.done.resolve(packed(workers[2]!.runs[0]!.id));
    const [runA, runB] = await Promise.all([a, b2]);
    expect(runA.raw.scenario.metadata.name).toBe('a');
    expect(runB.raw.scenario.metadata.name).toBe('b2');

    expect(await client.podsAt(runB, 1)).toEqual([{ key: `run ${engineIdOf(runB)} at 1` }]);
    expect(await client.podsAt(runA, 2)).toEqual([{ key: `run ${engineIdOf(runA)} at 2` }]);
    expect(workers[2]!.asked).toEqual([`pods ${engineIdOf(runB)}@1`]);
    expect(workers[0]!.asked).toEqual([`pods ${engineIdOf(runA)}@2`]);
  });
});
