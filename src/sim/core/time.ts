/** Virtual time is integer milliseconds from the start of the run. */
export type Millis = number;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Parses a Go-style duration ("90s", "1m30s", "250ms", "1.5s") or a bare number of
 * seconds into integer milliseconds. Returns null when the text is not a duration.
 */
export function parseDuration(input: string | number): Millis | null {
  if (typeof input === 'number')
    return Number.isFinite(input) && input >= 0 ? Math.round(input * 1000) : null;
  const s = input.trim();
  if (s === '') return null;
  if (/^\d+(\.\d+)?$/.test(s)) return Math.round(Number(s) * 1000);
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/gy;
  let total = 0;
  let matched = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s)) !== null) {
    total += Number(m[1]) * UNIT_MS[m[2]!]!;
    matched = re.lastIndex;
  }
  if (matched !== s.length) return null;
  return Math.round(total);
}

/** Go's time.Duration.String() for whole milliseconds: "1m30s", "2.5s", "150ms". */
export function formatGoDuration(ms: Millis): string {
  if (ms === 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const secMs = ms % 60_000;
  const sec =
    secMs % 1000 === 0 ? String(secMs / 1000) : (secMs / 1000).toFixed(3).replace(/0+$/, '');
  if (h > 0) return `${h}h${m}m${sec}s`;
  if (m > 0) return `${m}m${sec}s`;
  return `${sec}s`;
}

/**
 * kubectl's age column, apimachinery's duration.HumanDuration: "5s", "2m", "2m30s", "3h",
 * "3d4h". Go truncates toward zero; a clock up to a second behind counts as now.
 */
export function formatAge(ms: Millis): string {
  const s = Math.trunc(ms / 1000);
  if (s < -1) return '<invalid>';
  if (s < 0) return '0s';
  if (s < 120) return `${s}s`;
  const m = Math.trunc(s / 60);
  if (m < 10) return s % 60 === 0 ? `${m}m` : `${m}m${s % 60}s`;
  if (m < 180) return `${m}m`;
  const h = Math.trunc(m / 60);
  if (h < 8) return m % 60 === 0 ? `${h}h` : `${h}h${m % 60}m`;
  if (h < 48) return `${h}h`;
  if (h < 24 * 8) return h % 24 === 0 ? `${h / 24}d` : `${Math.trunc(h / 24)}d${h % 24}h`;
  if (h < 24 * 365 * 2) return `${Math.trunc(h / 24)}d`;
  const y = Math.trunc(h / 24 / 365);
  if (h < 24 * 365 * 8) {
    const dy = Math.trunc(h / 24) % 365;
    return dy === 0 ? `${y}y` : `${y}y${dy}d`;
  }
  return `${y}y`;
}

/**
 * A time as an API object holds it: metav1.Time serialises whole seconds (RFC 3339), and the
 * run's wall clock starts on a whole second (views/clock.ts). A creationTimestamp, an Event's
 * lastTimestamp or a container's finishedAt read back by kubectl has lost its milliseconds.
 */
export function apiSeconds(t: Millis): Millis {
  return Math.floor(t / 1000) * 1000;
}

/**
 * kubectl's translateTimestampSince: HumanDuration(time.Since(ts)), `now` the reader's own
 * clock (not truncated) and `ts` an API timestamp (truncated to its second).
 */
export function ageSince(now: Millis, ts: Millis): string {
  return formatAge(now - apiSeconds(ts));
}

/** "12.400 s" style label for the UI and the live region. */
export function formatSeconds(ms: Millis): string {
  return `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : ms % 100 === 0 ? 1 : 3)} s`;
}
