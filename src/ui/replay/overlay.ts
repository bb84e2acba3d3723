/**
 * The imported input beside the model: its steps as lanes of their own, each pod aligned at the
 * first record it shares with the model, and the record-by-record differences (the same list
 * `npm run replay -- FILE --format diff` prints) marked. Pure function of the run and the import.
 */
import type { SimulationRun } from '../../sim';
import { alignmentShift, diffRecords, noDifferences, type DiffResult } from '../../replay/compare';
import { replayOfRun } from '../../replay/fromTrace';
import { recordedSteps, type RecordedStep } from '../../replay/recordedSteps';
import type { ReplayEvent } from '../../replay/types';
import type { RunView } from '../../state/types';
import { withRecorded } from '../../viz/replay/recordedLanes';

export interface Imported {
  readonly steps: readonly RecordedStep[];
  /** The input's records (the comparison reads them). */
  readonly records: readonly ReplayEvent[];
  /** The scenario name the import loaded; the overlay goes when another scenario is shown. */
  readonly scenarioName: string;
}

export interface Overlaid {
  readonly run: RunView;
  readonly diff: DiffResult;
  /** Input µs − model µs, per pod (where the pod has no shared record, the first steps'). */
  readonly shiftOf: (pod: string) => number;
}

/**
 * `model`: the run read back as records (the engine worker's answer on the page); read here
 * when not given (the run's state must then be on hand, as in tests and the CLI).
 */
export function overlayRun(run: RunView, imp: Imported, model?: readonly ReplayEvent[]): Overlaid {
  const modelRecords = model ? { events: model } : replayOfRun(run.raw as SimulationRun);
  const diff = diffRecords({ events: imp.records }, modelRecords);
  const fallback = alignmentShift(imp.steps, recordedSteps(modelRecords.events));
  const shiftOf = (pod: string) => diff.shifts.get(pod) ?? fallback;
  const markers = diff.diffs.map((d) => ({
    pod: d.pod,
    atUs: d.inputUs ?? (d.modelUs ?? 0) + shiftOf(d.pod),
    text: d.detail,
    kind: d.kind,
    input: d.input,
    model: d.model,
  }));
  const lanes = withRecorded(run.lanes, imp.steps, markers, shiftOf);
  return { run: { ...run, lanes, imported: lanes.imported }, diff, shiftOf };
}

const n = (x: number) => x.toLocaleString('en');

/** "No differences" only when every record was compared and matched. */
export function diffSentence(d: DiffResult): string {
  const k = d.diffs.length;
  const counts = `${n(d.compared)} records compared, ${n(d.notCompared)} not compared`;
  if (noDifferences(d)) return `No differences from the model (${counts}).`;
  if (k === 0)
    return `No differences in the records compared (${counts}: ${[...d.reasons.keys()].join('; ')}).`;
  return `${n(k)} difference${k === 1 ? '' : 's'} from the model, marked ≠ (${counts}).`;
}
