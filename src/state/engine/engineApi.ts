/**
 * What the engine worker answers (through Comlink). Runs are named by ids the page
 * chooses; the worker keeps the last few so a perturbation can resume from the run
 * on screen (`from`) and the cursor-dependent views can replay from its checkpoints.
 */
import type { PodRow, InspectorData, LogRow, MachineView } from '../viewTypes';
import type { LogMatches, LogMode, LogQuery } from '../logLines';
import type { ChangeEntry, KubeletVersionName, PermalinkViewState } from '../../sim';
import type { Scenario, Selection } from '../types';
import type { PresetLoad } from '../store';
import type { Piece, TracePart } from './packedRun';
import type { ReplayEvent } from '../../replay/types';

export interface RunCounts {
  readonly logCount: number;
  readonly recordCount: number;
}

export interface EngineApi {
  /**
   * Loads the code of a kubelet version other than the current one (versions/all.ts) before a
   * run of it is asked for: `run` stays synchronous.
   */
  prepare(version: KubeletVersionName): Promise<void>;
  /**
   * Simulates; `from` is the id of a run this worker holds. Answers how many logs and
   * records the run has; the run itself is fetched by `piece` (the views are built when
   * the first of their pieces is asked for, after the trace's pieces have been sent).
   */
  run(id: number, scenario: Scenario, from: number | null): RunCounts;
  /**
   * A bundled preset, parsed and validated here: the YAML parser and the schema stay out
   * of the page's code (the worker has them for its first run anyway).
   */
  preset(id: string): PresetLoad | Promise<PresetLoad>;
  piece(id: number, what: Piece): unknown;
  /** The log panel's lines of the run matching a query (logLines.ts), the whole run's. */
  logMatches(id: number, q: LogQuery): LogMatches;
  /** Those lines formatted, by their numbers in the log. */
  logRows(id: number, mode: LogMode, lines: readonly number[]): LogRow[];
  /** Items [start, end) of the run's logs or records. */
  part(id: number, what: TracePart, start: number, end: number): unknown[];
  /** Forgets every run but these. */
  keep(ids: readonly number[]): void;
  has(id: number): boolean;
  podsAt(id: number, cursor: number): readonly PodRow[];
  machinesAt(id: number, cursor: number, pod: string | null): readonly MachineView[];
  /** Compare's "What changed" for run `id` against `other` (the changelog is loaded first). */
  changesAgainst(
    id: number,
    other: KubeletVersionName,
  ): readonly ChangeEntry[] | Promise<readonly ChangeEntry[]>;
  inspect(
    id: number,
    cursor: number,
    sel: Selection,
  ): InspectorData | null | Promise<InspectorData | null>;
  /**
   * The run read back as replay records (its klog, Events, containerd lines, and each pod as
   * describe and get pods show it at the end): the model's side of an import's comparison,
   * built here where the kubelet's state at a step can be replayed.
   */
  replayRecords(id: number): Promise<readonly ReplayEvent[]>;
  /**
   * encodePermalink's fragment (lz-string over a big scenario takes ~100 ms), with Compare's
   * run B after it when `compare` is given (as currentLink does).
   */
  link(
    scenario: Scenario,
    view: PermalinkViewState,
    compare?: Scenario | null,
  ): string | Promise<string>;
}
