/**
 * Pasted or opened kubelet output → what the app shows: the recorded steps, the records (the
 * comparison reads them), the scenario rebuilt from the input (validated), and a summary of what
 * was read: how many lifecycle lines, of which families, and which lines were not read. Pure;
 * runs in a worker for big inputs.
 */
import { validateScenario, type Scenario } from '../sim';
import { familyOf, familyOfFile } from './families';
import { recordedSteps, type RecordedStep } from './recordedSteps';
import { replayText, unusable } from './replay';
import { reconstructScenario } from './scenario';
import type { ReplayEvent, VersionGuess } from './types';

/** Bigger inputs are refused in the app (the CLI streams any size). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export interface ImportSummary {
  readonly source: string;
  readonly lines: number;
  readonly records: number;
  /** Input lines that became at least one record about a pod. */
  readonly lifecycleLines: number;
  /** Families of those records, most first ("Events", "containers", …). */
  readonly families: readonly string[];
  /** Well-formed lines not read, by family ("volumes": 6), and lines no reader knew. */
  readonly notRead: readonly { readonly family: string; readonly lines: number }[];
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
      readonly records: readonly ReplayEvent[];
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
  const lifecycle = new Set<number>();
  const fam = new Map<string, number>();
  for (const e of r.events)
    if (e.pod) {
      lifecycle.add(e.line);
      const f = familyOf(e.what);
      fam.set(f, (fam.get(f) ?? 0) + 1);
    }
  const notRead = new Map<string, number>();
  for (const [file, n] of Object.entries(r.unknownByFile)) {
    const f = familyOfFile(file);
    notRead.set(f, (notRead.get(f) ?? 0) + n);
  }
  if (r.skipped) notRead.set('not recognised', r.skipped);
  return {
    ok: true,
    steps: recordedSteps(r.events),
    records: r.events,
    scenario: v.scenario,
    yaml,
    summary: {
      source,
      lines: r.lines,
      records: r.recognised,
      lifecycleLines: lifecycle.size,
      families: [...fam].sort((a, b) => b[1] - a[1]).map(([f]) => f),
      notRead: [...notRead]
        .sort((a, b) => b[1] - a[1])
        .map(([family, lines]) => ({ family, lines })),
      skipped: r.skipped,
      unknownMessages: r.unknownMessages,
      formats: r.formats,
      version: r.version,
      pods: r.pods.size,
    },
  };
}
