/**
 * What the engine worker answers (through Comlink). Runs are named by ids the page
 * chooses; the worker keeps the last few so a perturbation can resume from the run
 * on screen (`from`) and the cursor-dependent views can replay from its checkpoints.
 */
import type { PodRow, InspectorData, MachineView } from '../viewTypes';
import type { Scenario, Selection } from '../types';
import type { PackedRun, TracePart } from './packedRun';

export interface EngineApi {
  /** Simulates and builds the run's views; `from` is the id of a run this worker holds. */
  run(id: number, scenario: Scenario, from: number | null): PackedRun;
  /** Items [start, end) of the run's logs or records. */
  part(id: number, what: TracePart, start: number, end: number): unknown[];
  /** Forgets every run but these. */
  keep(ids: readonly number[]): void;
  has(id: number): boolean;
  podsAt(id: number, cursor: number): readonly PodRow[];
  machinesAt(id: number, cursor: number, pod: string | null): readonly MachineView[];
  inspect(id: number, cursor: number, sel: Selection): InspectorData | null;
}
