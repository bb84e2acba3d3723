/**
 * Pasted or opened kubelet output → what the app shows: the recorded steps, and the
 * scenario rebuilt from the input (validated). Pure; runs in a worker for big inputs.
 */
import { validateScenario, type Scenario } from '../sim';
import { recordedSteps, type RecordedStep } from './recordedSteps';
import { replayText, unusable } from './replay';
import { reconstructScenario } from './scenario';
import type { VersionGuess } from './types';

/** Bigger inputs are refused in the app (the CLI streams any size). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export interface ImportSummary {
  readonly source: string;
  readonly lines: number;
  readonly records: number;
  readonly skipped: number;
  readonly unknownMessages: number;
  readonly formats: readonly string[];
  readonly version: VersionGuess;
  readonly pods: number;
}

export type ImportOutcome =
  | {
      readonly ok: true;
      readonly steps: RecordedStep[];
      readonly scenario: Scenario;
      readonly yaml: string;
      readonly summary: ImportSummary;
    }
  | { readonly ok: false; readonly error: string };

export function importText(text: string, year: number, source: string): ImportOutcome {
  if (text.length > MAX_IMPORT_BYTES)
    return {
      ok: false,
      error: `${source} is over 20 MB; cut it to the pods and minutes you want to see.`,
    };
  const r = replayText(text, { year });
  const why = unusable(r);
  if (why) return { ok: false, error: `${source}: ${why}.` };
  const { input, yaml } = reconstructScenario(r, { source });
  const v = validateScenario(input);
  if (!v.ok)
    return {
      ok: false,
      error: `${source}: the scenario rebuilt from it does not validate (${v.problems[0]?.path ?? ''}: ${v.problems[0]?.message ?? ''}).`,
    };
  return {
    ok: true,
    steps: recordedSteps(r.events),
    scenario: v.scenario,
    yaml,
    summary: {
      source,
      lines: r.lines,
      records: r.recognised,
      skipped: r.skipped,
      unknownMessages: r.unknownMessages,
      formats: r.formats,
      version: r.version,
      pods: r.pods.size,
    },
  };
}
