/**
 * The page's one way to the engine: runs go to a Web Worker (engine.worker.ts,
 * through Comlink) and come back as RunViews; the views that need the kubelet's
 * state at a cursor are asked there too. A newer run cancels the one in flight:
 * its promise rejects with `Cancelled` and the worker is terminated and respawned,
 * so it stops working on the stale scenario at once (the engine has no yield point
 * to check a flag at). Runs the new worker does not hold (after a respawn) are
 * simulated again on demand from their scenario. Compare's run B has its own lane (its
 * own worker, started when first asked for): a newer B cancels only the B in flight,
 * and A and B run side by side.
 * A run lands without its klog lines (most of its objects: 69k on the 110-pod node, and
 * formatting them is most of a second of the worker's time): the log panel asks the worker
 * which lines match (`logMatches`) and for the text of those in view (`logRows`); `logs(run)`
 * fetches them all, in chunks formatted chunk by chunk in the worker, for the views that
 * need every raw line (the trace export, the replay overlay).
 */
import {
  CURRENT_KUBELET_VERSION,
  type ChangeEntry,
  type KubeletVersionName,
  type PermalinkViewState,
} from '../../sim';
import type { KubeletRunView } from '../buildRunView';
import { primeFormattedLogs } from '../kubeletViews';
import type { LogMatches, LogMode, LogQuery } from '../logLines';
import type { PresetLoad, RunLane } from '../store';
import type { RunView, Scenario, Selection } from '../types';
import type { InspectorData, LogRow, MachineView, PodRow } from '../viewTypes';
import type { ReplayEvent } from '../../replay/types';
import type { EngineApi } from './engineApi';
import {
  CHUNK,
  PIECES,
  TRACE_PIECES,
  VIEW_PIECES,
  engineIdOf,
  fromPieces,
  readyPiece,
  unpackRun,
  type Piece,
  type TracePart,
} from './packedRun';

/** The remote side as Comlink presents it: every method answers with a promise. */
export type AsyncEngineApi = {
  [K in keyof EngineApi]: (
    ...a: Parameters<EngineApi[K]>
  ) => Promise<Awaited<ReturnType<EngineApi[K]>>>;
};

export interface EngineWorkerHandle {
  readonly api: AsyncEngineApi;
  terminate(): void;
}

/** A run superseded by a newer one: not an error, its result is simply dropped. */
export class Cancelled extends Error {
  constructor() {
    super('superseded by a newer run');
    this.name = 'Cancelled';
  }
}

export function isCancelled(e: unknown): boolean {
  return e instanceof Cancelled;
}

/** How many runs the worker keeps (on screen, a compared one, the newest, one spare). */
const KEEP = 4;

export interface EngineClient {
  simulate(
    scenario: Scenario,
    opts?: { from?: RunView | null; lane?: RunLane },
  ): Promise<KubeletRunView>;
  /** A bundled preset, parsed and validated in the worker (the page has no YAML parser). */
  preset(id: string): Promise<PresetLoad>;
  podsAt(run: RunView, cursor: number): Promise<readonly PodRow[]>;
  machinesAt(run: RunView, cursor: number, pod: string | null): Promise<readonly MachineView[]>;
  inspect(run: RunView, cursor: number, sel: Selection): Promise<InspectorData | null>;
  changesAgainst(run: RunView, other: KubeletVersionName): Promise<readonly ChangeEntry[]>;
  /** The run read back as replay records (the model's side of an import's comparison). */
  replayRecords(run: RunView): Promise<readonly ReplayEvent[]>;
  link(scenario: Scenario, view: PermalinkViewState, compare?: Scenario | null): Promise<string>;
  /**
   * Fetches the run's log lines (and their klog text) when they are not on the page yet;
   * resolves when they are. A run simulated here lands without them.
   */
  logs(run: RunView): Promise<void>;
  /** Whether the run's log lines are on the page (a run built in the page always has them). */
  logsReady(run: RunView): boolean;
  /** The log panel's lines of the run matching a query (found in the worker, not here). */
  logMatches(run: RunView, q: LogQuery): Promise<LogMatches>;
  /** Those lines formatted (in the worker), by their numbers in the log. */
  logRows(run: RunView, mode: LogMode, lines: readonly number[]): Promise<LogRow[]>;
  /**
   * Abandons the lane's run in flight, if any: its promise rejects (Cancelled) and its worker
   * is replaced, so what is asked next (a preset the user picked meanwhile) is not queued behind it.
   */
  cancel(lane?: RunLane): void;
  /** How many workers were started (1 + respawns), for tests and the bench. */
  readonly spawned: number;
  dispose(): void;
}

interface Generation {
  readonly handle: EngineWorkerHandle;
  /** Rejects when this worker is terminated, so nothing waits on it forever. */
  readonly dead: Promise<never>;
  kill(): void;
  /** Runs this worker holds. */
  readonly held: number[];
  /** Kubelet versions whose code this worker has loaded (api.prepare). */
  readonly prepared: Set<string>;
}

export function createEngineClient(spawn: () => EngineWorkerHandle): EngineClient {
  let spawned = 0;
  const start = (): Generation => {
    spawned++;
    const handle = spawn();
    let kill = () => {};
    const dead = new Promise<never>((_, reject) => {
      kill = () => reject(new Cancelled());
    });
    dead.catch(() => {});
    return {
      handle,
      dead,
      kill() {
        kill();
        handle.terminate();
      },
      held: [],
      prepared: new Set(),
    };
  };
  /**
   * Each lane's worker and its run in flight; B's starts on its first run. `records`: how
   * many records the lane's last run had (a toggle's next run has about as many).
   */
  const lanes = new Map<RunLane, { gen: Generation; inFlight: number | null; records: number }>();
  const laneOf = new Map<number, RunLane>();
  const lane = (l: RunLane) => {
    let x = lanes.get(l);
    if (!x) lanes.set(l, (x = { gen: start(), inFlight: null, records: 0 }));
    return x;
  };
  lane('A');
  let nextId = 1;
  /** Scenarios of recent runs, to simulate one again in a respawned worker. */
  const scenarios = new Map<number, Scenario>();

  /** Runs whose logs are still in the worker (how many), and their fetches in flight. */
  const logsDue = new WeakMap<object, number>();
  const logsLoading = new WeakMap<object, Promise<void>>();

  const onWorker = <T>(g: Generation, p: Promise<T>): Promise<T> => Promise.race([p, g.dead]);

  function hold(g: Generation, id: number) {
    g.held.push(id);
    if (g.held.length > KEEP) {
      g.held.splice(0, g.held.length - KEEP);
      void g.handle.api.keep([...g.held]).catch(() => {});
    }
  }

  /** Items [from, count) of a trace part. */
  async function pull(g: Generation, id: number, what: TracePart, count: number, from = 0) {
    // One message per chunk, all asked at once: each is its own task on the page when it arrives.
    const asks: Promise<unknown[]>[] = [];
    for (let i = from; i < count; i += CHUNK)
      asks.push(onWorker(g, g.handle.api.part(id, what, i, Math.min(count, i + CHUNK))));
    const out: unknown[] = [];
    for (const part of await Promise.all(asks)) for (const x of part) out.push(x);
    return out;
  }

  /**
   * The worker has the scenario's kubelet version loaded (the current one always is): nothing
   * to wait for then, so a run of the current version is asked at once, as before.
   */
  function prepared(g: Generation, s: Scenario): Promise<void> | undefined {
    const v = s.node.kubeletVersion;
    if (v === CURRENT_KUBELET_VERSION || g.prepared.has(v)) return undefined;
    return onWorker(g, g.handle.api.prepare(v)).then(() => {
      g.prepared.add(v);
    });
  }

  /** The worker that holds run `id`, simulating it again there if it was lost. */
  async function holding(run: RunView): Promise<[Generation, number]> {
    const id = engineIdOf(run);
    if (id === undefined) throw new Error('kubeletscope: not a run of the engine worker');
    const g = lane(laneOf.get(id) ?? 'A').gen;
    if (g.held.includes(id)) return [g, id];
    const s = scenarios.get(id);
    if (!s) throw new Error(`kubeletscope: run ${id} is gone`);
    await prepared(g, s);
    await onWorker(g, g.handle.api.run(id, s, null));
    hold(g, id);
    return [g, id];
  }

  return {
    get spawned() {
      return spawned;
    },
    cancel(which = 'A') {
      const l = lanes.get(which);
      if (!l || l.inFlight === null) return;
      l.gen.kill();
      l.gen = start();
      l.inFlight = null;
    },
    async simulate(scenario, opts = {}) {
      const l = lane(opts.lane ?? 'A');
      if (l.inFlight !== null) {
        // A newer edit wins: the old run's promise rejects (Cancelled) and its worker stops.
        l.gen.kill();
        l.gen = start();
      }
      const id = nextId++;
      l.inFlight = id;
      const g = l.gen;
      scenarios.set(id, scenario);
      laneOf.set(id, opts.lane ?? 'A');
      for (const k of scenarios.keys())
        if (k <= id - 4 * KEEP) {
          scenarios.delete(k);
          laneOf.delete(k);
        }
      const fromId = engineIdOf(opts.from);
      const from = fromId !== undefined && g.held.includes(fromId) ? fromId : null;
      try {
        // The pieces and the records are asked with the run, not after its answer: the worker
        // handles messages in order, so it sends each as soon as it can (no round trip between);
        // each still arrives as its own task on the page. In the worker's order: the run, the
        // trace's pieces and the records (the page readies them while the worker builds the
        // views), then the views' pieces. As many records are asked as the lane's last run had
        // (the rest, if any, after the answer). Should the run fail, they fail too, and the
        // run's own error is the one thrown.
        const loading = prepared(g, scenario);
        if (loading) await loading;
        const running = onWorker(g, g.handle.api.run(id, scenario, from));
        const ask = (k: Piece) =>
          onWorker(g, g.handle.api.piece(id, k)).then((v) => readyPiece(k, v));
        const traceAsked = TRACE_PIECES.map(ask);
        const guess = Math.max(CHUNK, Math.ceil(l.records / CHUNK) * CHUNK);
        const firstRecords = pull(g, id, 'records', guess);
        const piecesAsked = Promise.all([...traceAsked, ...VIEW_PIECES.map(ask)]);
        piecesAsked.catch(() => {});
        firstRecords.catch(() => {});
        const counts = await running;
        performance.mark('ks:run-counts');
        hold(g, id);
        l.records = counts.recordCount;
        const [pieces, head, rest] = await Promise.all([
          piecesAsked,
          firstRecords,
          pull(g, id, 'records', counts.recordCount, guess),
        ]);
        // Chunks asked past the run's end came back empty.
        const records = rest.length > 0 ? [...head, ...rest] : head;
        performance.mark('ks:run-pieces');
        const packed = fromPieces(new Map<Piece, unknown>(PIECES.map((k, i) => [k, pieces[i]])));
        if (l.inFlight !== id) throw new Cancelled();
        const run = unpackRun(
          packed,
          scenario,
          [],
          records as KubeletRunView['raw']['trace']['records'],
        );
        if (counts.logCount > 0) logsDue.set(run.raw, counts.logCount);
        return run;
      } finally {
        if (l.inFlight === id) l.inFlight = null;
      }
    },
    async preset(id) {
      // A run started meanwhile may replace the worker: ask the one that replaced it.
      for (;;) {
        const g = lane('A').gen;
        try {
          return await onWorker(g, g.handle.api.preset(id));
        } catch (e) {
          if (!isCancelled(e) || lane('A').gen === g) throw e;
        }
      }
    },
    async podsAt(run, cursor) {
      const [g, id] = await holding(run);
      return onWorker(g, g.handle.api.podsAt(id, cursor));
    },
    async machinesAt(run, cursor, pod) {
      const [g, id] = await holding(run);
      return onWorker(g, g.handle.api.machinesAt(id, cursor, pod));
    },
    async inspect(run, cursor, sel) {
      const [g, id] = await holding(run);
      return onWorker(g, g.handle.api.inspect(id, cursor, sel));
    },
    async changesAgainst(run, other) {
      const [g, id] = await holding(run);
      return onWorker(g, g.handle.api.changesAgainst(id, other));
    },
    async replayRecords(run) {
      const [g, id] = await holding(run);
      return onWorker(g, g.handle.api.replayRecords(id));
    },
    link(scenario, view, compare) {
      const g = lane('A').gen;
      return onWorker(g, g.handle.api.link(scenario, view, compare ?? null));
    },
    logsReady(run) {
      return !logsDue.has((run as KubeletRunView).raw);
    },
    async logMatches(run, q) {
      const [g, id] = await holding(run);
      return onWorker(g, g.handle.api.logMatches(id, q));
    },
    async logRows(run, mode, lines) {
      const [g, id] = await holding(run);
      return onWorker(g, g.handle.api.logRows(id, mode, lines));
    },
    logs(run) {
      const raw = (run as KubeletRunView).raw;
      const count = logsDue.get(raw);
      if (count === undefined) return Promise.resolve();
      let p = logsLoading.get(raw);
      if (!p) {
        p = (async () => {
          const [g, id] = await holding(run);
          const logs = await pull(g, id, 'logs', count);
          const klog = await pull(g, id, 'klog', count);
          // A new array: what was derived from the empty one is not reused (kubeletViews).
          raw.trace.logs = logs as KubeletRunView['raw']['trace']['logs'];
          primeFormattedLogs(raw, klog as string[]);
          logsDue.delete(raw);
        })();
        logsLoading.set(raw, p);
        // A failed or cancelled fetch is tried again when next asked.
        p.catch(() => logsLoading.delete(raw));
      }
      return p;
    },
    dispose() {
      for (const l of lanes.values()) l.gen.kill();
    },
  };
}
