/**
 * Where a recorded run and the model disagree: a step in one and not the other, or one
 * more than twice as long as the other. Steps are matched by pod, lane, name and
 * occurrence. A step the log could not show at its verbosity (no step of that name
 * anywhere in it) is not a disagreement.
 */
import { COMPARED, type RecordedStep } from './recordedSteps';

export interface Difference {
  readonly pod: string;
  readonly lane: string;
  readonly name: string;
  /** µs on the log's clock where the marker goes (the log's step, else the model's shifted). */
  readonly atUs: number;
  readonly text: string;
  readonly kind: 'only-log' | 'only-model' | 'longer' | 'shorter';
}

const fmt = (us: number) =>
  us >= 1e6 ? `${(us / 1e6).toFixed(us >= 1e7 ? 1 : 2)} s` : `${Math.round(us / 1000)} ms`;

function keyed(steps: readonly RecordedStep[]): Map<string, RecordedStep> {
  const seen = new Map<string, number>();
  const out = new Map<string, RecordedStep>();
  for (const s of [...steps].sort((a, b) => a.startUs - b.startUs)) {
    if (!COMPARED.has(s.name)) continue;
    const base = `${s.pod}\u0000${s.lane}\u0000${s.name}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.set(`${base}\u0000${n}`, s);
  }
  return out;
}

/**
 * `shiftUs` maps the model's clock onto the log's: logUs = modelUs + shiftUs.
 * Durations under `minUs` on both sides are never "twice as long" (clock granularity).
 */
export function compareSteps(
  log: readonly RecordedStep[],
  model: readonly RecordedStep[],
  shiftUs: number,
  minUs = 5_000,
): Difference[] {
  const L = keyed(log);
  const M = keyed(model);
  const logNames = new Set([...L.values()].map((s) => s.name));
  const podsInLog = new Set(log.map((s) => s.pod));
  const out: Difference[] = [];
  for (const [k, s] of L) {
    const m = M.get(k);
    const what = s.container ? `${s.container}: ${s.name}` : s.name;
    if (!m) {
      out.push({
        pod: s.pod,
        lane: s.lane,
        name: s.name,
        atUs: s.startUs,
        kind: 'only-log',
        text: `${what} in the log, not in the model`,
      });
      continue;
    }
    const dl = s.endUs - s.startUs;
    const dm = m.endUs - m.startUs;
    if (Math.max(dl, dm) >= minUs && Math.max(dl, dm) > 2 * Math.min(dl, dm))
      out.push({
        pod: s.pod,
        lane: s.lane,
        name: s.name,
        atUs: s.startUs,
        kind: dl > dm ? 'longer' : 'shorter',
        text: `${what}: ${fmt(dl)} in the log, ${fmt(dm)} in the model`,
      });
  }
  // The log is an excerpt: past its last record it shows nothing, which is no disagreement.
  const logEnd = log.reduce((e, s) => Math.max(e, s.endUs), -Infinity);
  for (const [k, m] of M)
    if (
      !L.has(k) &&
      logNames.has(m.name) &&
      podsInLog.has(m.pod) &&
      m.startUs + shiftUs <= logEnd
    ) {
      const what = m.container ? `${m.container}: ${m.name}` : m.name;
      out.push({
        pod: m.pod,
        lane: m.lane,
        name: m.name,
        atUs: m.startUs + shiftUs,
        kind: 'only-model',
        text: `${what} in the model, not in the log`,
      });
    }
  return out.sort((a, b) => a.atUs - b.atUs);
}

/** logUs − modelUs at the first SyncLoop ADD both have (else the first step of each). */
export function alignmentShift(
  log: readonly RecordedStep[],
  model: readonly RecordedStep[],
): number {
  const firstAdd = (xs: readonly RecordedStep[]) =>
    xs.filter((s) => s.name === 'SyncLoop ADD').sort((a, b) => a.startUs - b.startUs)[0];
  const la = firstAdd(log);
  const ma = la
    ? (model.find((s) => s.name === 'SyncLoop ADD' && s.pod === la.pod) ?? firstAdd(model))
    : undefined;
  if (la && ma) return la.startUs - ma.startUs;
  const l0 = Math.min(...log.map((s) => s.startUs));
  const m0 = Math.min(...model.map((s) => s.startUs));
  return Number.isFinite(l0) && Number.isFinite(m0) ? l0 - m0 : 0;
}
