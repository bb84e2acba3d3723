/**
 * Time labels for the axis, the playhead and the live region. Simulated time is
 * integer milliseconds; labels are what an SRE reads in klog and kubectl: seconds
 * with one decimal, minutes past 60 s.
 */

/** "12.4 s", "250 ms", "2 min 05 s". */
export function formatClock(ms: number): string {
  const a = Math.abs(ms);
  const sign = ms < 0 ? '−' : '';
  if (a < 1000) return `${sign}${Math.round(a)} ms`;
  if (a < 60_000) return `${sign}${(a / 1000).toFixed(1)} s`;
  const m = Math.floor(a / 60_000);
  const s = Math.floor((a % 60_000) / 1000);
  return `${sign}${m} min ${String(s).padStart(2, '0')} s`;
}

/** A duration for gap markers and tooltips: "160 s", "1.2 s", "35 ms", "5 min". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 600_000) return `${Math.round(ms / 1000)} s`;
  // Steps of whole minutes put every tick on a whole minute.
  const m = ms / 60_000;
  if (m < 60 || ms % 3_600_000 !== 0) return `${Number.isInteger(m) ? m : m.toFixed(1)} min`;
  return `${m / 60} h`;
}

/** Axis tick label, precise enough to tell neighbouring ticks `stepMs` apart. */
export function formatTick(ms: number, stepMs: number): string {
  if (stepMs < 1000) {
    if (Math.abs(ms) < 1000) return `${Math.round(ms)} ms`;
    const digits = stepMs < 10 ? 3 : stepMs < 100 ? 2 : 1;
    return `${(ms / 1000).toFixed(digits)} s`;
  }
  if (ms < 60_000 || stepMs < 60_000) {
    if (ms >= 60_000) {
      const m = Math.floor(ms / 60_000);
      const s = (ms % 60_000) / 1000;
      return `${m}m${s.toFixed(stepMs < 1000 ? 1 : 0).padStart(2, '0')}s`;
    }
    return `${(ms / 1000).toFixed(0)} s`;
  }
  // Steps of whole minutes put every tick on a whole minute.
  const m = ms / 60_000;
  if (m < 60 || ms % 3_600_000 !== 0) return `${Number.isInteger(m) ? m : m.toFixed(1)} min`;
  return `${m / 60} h`;
}
