/**
 * The run's wall clock: 2026-11-22 10:00:00.000000 UTC + virtual time (a Sunday). Runs are at
 * most a few hours long, so the date never changes; no Date object is needed.
 */
const BASE_H = 10;

function parts(t: number) {
  const totalMs = Math.max(0, Math.floor(t));
  const ms = totalMs % 1000;
  const s = Math.floor(totalMs / 1000);
  const h = BASE_H + Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const p2 = (n: number) => String(n).padStart(2, '0');
  return { hms: `${p2(h)}:${p2(m)}:${p2(sec)}`, ms };
}

/** klog header time: "1122 10:00:01.000000". */
export function klogTime(t: number): string {
  const { hms, ms } = parts(t);
  return `1122 ${hms}.${String(ms * 1000).padStart(6, '0')}`;
}

/** kubectl describe's timestamps (RFC1123Z): "Sun, 22 Nov 2026 10:00:01 +0000". */
export function describeTime(t: number): string {
  return `Sun, 22 Nov 2026 ${parts(t).hms} +0000`;
}
