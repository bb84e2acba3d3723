/**
 * A run as it crosses from the engine worker to the page: the RunView's columns and
 * lanes (typed arrays and plain data, structured-cloned), and the trace without its
 * checkpoints. The checkpoints hold XState snapshots (functions, prototypes) that
 * cannot be cloned, so `stateAt` stays in the worker: the views that need the
 * kubelet's state at the cursor (pods, machines, inspector) are answered there.
 * logs and records (most of the trace's objects) follow in chunks, so no single
 * message costs the page a long task to deserialise.
 */
import { correlatorOptions, type CorrelatorOptions, type SimulationRun } from '../../sim';
import type { KubeletRunView } from '../buildRunView';
import { primeFormattedLogs, primePods, traceViews } from '../kubeletViews';
import {
  buffersOf,
  cpusBuffers,
  lanesBuffers,
  packCpus,
  packLanes,
  packSteps,
  unpackCpus,
  unpackLanes,
  unpackSteps,
  type PackedCpus,
  type PackedLanes,
  type PackedSteps,
} from './packColumns';
import { eventsIndex } from '../eventsIndex';
import type { RunView } from '../types';

type Trace = SimulationRun['trace'];

/** Everything of a trace but what follows in chunks (and the checkpoints, which stay). */
export type TraceHead = Omit<Trace, 'logs' | 'records' | 'checkpoints'> & {
  readonly logCount: number;
  readonly recordCount: number;
};

export interface PackedRun extends Omit<KubeletRunView, 'raw' | 'times'> {
  readonly id: number;
  readonly horizon: number;
  readonly trace: TraceHead;
  /** kubeletViews.pods of the run, so the page need not compile the scenario for it. */
  readonly pods: readonly string[];
  /**
   * The run's compiled config as plain data: everything but each kubelet generation's
   * resource managers (closures, which the page never reads). Compiling it on the page
   * would bring the whole engine into the page's code.
   */
  readonly config: PageConfig;
}

type Config = SimulationRun['config'];
type Generation = Config['generations'][number];
export type PageConfig = Omit<Config, 'generations'> & {
  readonly generations: readonly Omit<Generation, 'resourceManagers'>[];
};

function pageConfig(c: Config): PageConfig {
  return {
    ...c,
    generations: c.generations.map(({ resourceManagers: _rm, ...g }) => g),
  };
}

/** What the page pulls after the head, one message each ('klog': the log lines formatted). */
export type TracePart = 'logs' | 'records' | 'klog';

/**
 * The packed run itself crosses in pieces too, one message each: deserialising it
 * whole (lanes, CPU history, step columns, Events) was a 70–140 ms task on the page.
 * The trace's pieces need only the engine's run: the worker sends them (and the records)
 * before it builds the views, so the page reads them while the views are being built.
 */
export const TRACE_PIECES = [
  'steps',
  'events',
  'entities',
  'trace',
  // The compiled config (the 110-pod node's pod definitions): its own task on the page.
  'config',
] as const;
/** The pieces built from the views (runViewOf), asked after the trace's pieces and records. */
export const VIEW_PIECES = ['lanes', 'cpus', 'view'] as const;
export const PIECES = [...TRACE_PIECES, ...VIEW_PIECES] as const;
export type Piece = (typeof PIECES)[number];

/**
 * A run as the engine worker holds it: the engine's run at once, the views built from it
 * when first asked for (its view pieces, or a view at a cursor).
 */
export interface HeldRun {
  readonly id: number;
  readonly run: SimulationRun;
  views(): KubeletRunView;
}

/** What the 'view' piece holds: the RunView's small fields and the run's own. */
type ViewPiece = Omit<PackedRun, 'lanes' | 'cpus' | 'trace' | 'config'>;

export function pieceOf(h: HeldRun, k: Piece): unknown {
  const { steps, events, entities, logs, records, checkpoints: _cp, ...head } = h.run.trace;
  switch (k) {
    case 'steps':
      return packSteps(steps);
    case 'events':
      // With the run's correlator, so the page's Events index is built as the kubelet's was.
      return { events, correlator: correlatorOptions(h.run) } satisfies EventsPiece;
    case 'entities':
      return entities;
    case 'trace':
      return { ...head, logCount: logs.length, recordCount: records.length };
    case 'config':
      return pageConfig(h.run.config);
    case 'lanes':
      return packLanes(h.views().lanes);
    case 'cpus':
      return packCpus(h.views().cpus);
    case 'view': {
      const v = h.views();
      const { raw: _raw, times: _times, lanes: _l, cpus: _c, ...rest } = v;
      const piece: ViewPiece = {
        ...rest,
        id: h.id,
        horizon: h.run.horizon,
        pods: traceViews.pods(v),
      };
      return piece;
    }
  }
}

/**
 * A piece for the page and the buffers the message may give away: pieceOf packs the step
 * columns, lanes and CPU history afresh for each message, so their buffers are this
 * message's alone (the trace's own arrays are not: the worker goes on reading them).
 */
export function pieceToSend(h: HeldRun, k: Piece): [unknown, ArrayBuffer[]] {
  const v = pieceOf(h, k);
  if (k === 'steps') return [v, buffersOf(Object.values(v as PackedSteps))];
  if (k === 'lanes') return [v, lanesBuffers(v as PackedLanes)];
  if (k === 'cpus') return [v, cpusBuffers(v as PackedCpus)];
  return [v, []];
}

/**
 * What the page does with a piece as it arrives, while the worker is still busy: the step
 * columns back into arrays, and the Events table's index (eventsIndex.ts, cached by the
 * events array) built from the events while the worker builds the views.
 */
export function readyPiece(k: Piece, v: unknown): unknown {
  if (k === 'steps') return unpackSteps(v as PackedSteps);
  if (k === 'events') {
    const { events, correlator } = v as EventsPiece;
    eventsIndex({ events }, correlator);
    return events;
  }
  return v;
}

/** The 'events' piece: the emissions and the correlator options they are indexed with. */
interface EventsPiece {
  readonly events: TraceHead['events'];
  readonly correlator: CorrelatorOptions;
}

/** The pieces as readyPiece left them, into the page's PackedRun. */
export function fromPieces(got: ReadonlyMap<Piece, unknown>): PackedRun {
  const at = <T>(k: Piece) => got.get(k) as T;
  return {
    ...at<ViewPiece>('view'),
    config: at<PageConfig>('config'),
    lanes: unpackLanes(at<PackedLanes>('lanes')),
    cpus: unpackCpus(at<PackedCpus>('cpus')),
    trace: {
      ...at<Omit<TraceHead, 'steps' | 'events' | 'entities'>>('trace'),
      steps: at<TraceHead['steps']>('steps'),
      events: at<TraceHead['events']>('events'),
      entities: at<TraceHead['entities']>('entities'),
    },
  };
}

/** Items per chunk: about 10 ms to deserialise on this project's VM. */
export const CHUNK = 4000;

/** A run built whole (buildRunView) as the worker holds one: the warm run, tests. */
export function heldRun(id: number, v: KubeletRunView): HeldRun {
  return { id, run: v.raw, views: () => v };
}

/**
 * The worker's id of a page-side run. An own enumerable field, so a view derived from
 * the run by spreading it (the replay overlay's `{ ...run, lanes }`) still names it.
 */
const ENGINE_ID = 'engineRunId';
export function engineIdOf(run: RunView | null | undefined): number | undefined {
  const id = (run as { [ENGINE_ID]?: unknown } | null | undefined)?.[ENGINE_ID];
  return typeof id === 'number' ? id : undefined;
}

/**
 * The page's copy: a SimulationRun over the received trace and compiled config. A kubelet
 * generation's resource managers (closures) stay in the worker, like `stateAt`.
 */
export function unpackRun(
  p: PackedRun,
  scenario: SimulationRun['scenario'],
  logs: Trace['logs'],
  records: Trace['records'],
  klog?: string[],
): KubeletRunView {
  const { id, horizon, trace: th, pods, config: pc, ...rest } = p;
  const { logCount: _l, recordCount: _r, ...head } = th;
  const trace: Trace = { ...head, logs, records, checkpoints: [] };
  const config: Config = {
    ...pc,
    generations: (pc?.generations ?? []).map((g) =>
      Object.defineProperty({ ...g }, 'resourceManagers', {
        get() {
          throw new Error('kubeletscope: the resource managers run in the engine worker');
        },
      }),
    ),
  };
  const raw: SimulationRun = {
    scenario,
    config,
    trace,
    horizon,
    stateAt() {
      throw new Error('kubeletscope: stateAt runs in the engine worker');
    },
  };
  if (klog) primeFormattedLogs(raw, klog);
  if (pods) primePods(raw, pods);
  const view: KubeletRunView = { ...rest, raw, times: trace.steps.t };
  return Object.assign(view, { [ENGINE_ID]: id });
}
