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

/** kubectl's age column (duration.HumanDuration, short form): "5s", "2m", "2m30s", "3h". */
export function formatAge(ms: Millis): string {
  const s = Math.floor(ms / 1000);
  if (s < 0) return '<unknown>';
  if (s < 120) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 10) return s % 60 === 0 ? `${m}m` : `${m}m${s % 60}s`;
  if (m < 180) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 8) return m % 60 === 0 ? `${h}h` : `${h}h${m % 60}m`;
  return `${h}h`;
}

/** "12.400 s" style label for the UI and the live region. */
export function formatSeconds(ms: Millis): string {
  return `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : ms % 100 === 0 ? 1 : 3)} s`;
}
