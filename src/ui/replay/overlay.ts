/**
 * The imported log beside the model: its steps as lanes of their own, aligned at
 * SyncLoop ADD, with the differences marked. Pure function of the run and the import.
 */
import type { SimulationRun } from '../../sim';
import { alignmentShift, compareSteps, type Difference } from '../../replay/compare';
import { replayOfRun } from '../../replay/fromTrace';
import { recordedSteps, type RecordedStep } from '../../replay/recordedSteps';
import type { RunView } from '../../state/types';
import { withRecorded } from '../../viz/replay/recordedLanes';

export interface Imported {
  readonly steps: readonly RecordedStep[];
  /** The scenario name the import loaded; the overlay goes when another scenario is shown. */
  readonly scenarioName: string;
}

export function overlayRun(
  run: RunView,
  imp: Imported,
): { run: RunView; diffs: Difference[]; shiftUs: number } {
  const raw = run.raw as SimulationRun;
  const model = recordedSteps(replayOfRun(raw).events);
  const shift = alignmentShift(imp.steps, model);
  const diffs = compareSteps(imp.steps, model, shift);
  return {
    run: { ...run, lanes: withRecorded(run.lanes, imp.steps, diffs, shift) },
    diffs,
    shiftUs: shift,
  };
}
