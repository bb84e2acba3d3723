/**
 * metav1.Time as the API serialises it (RFC 3339, second precision) on the run's wall clock,
 * 2026-11-22 10:00:00 UTC + virtual time (the same base as views/clock.ts).
 */
export function klogTimeRfc3339(t: number): string {
  const s = Math.floor(Math.max(0, t) / 1000);
  // Statuses print the same few instants again and again: each second is formatted once.
  let v = rfc3339BySecond.get(s);
  if (v === undefined) {
    const h = 10 + Math.floor(s / 3600);
    v = `2026-11-22T${p2(h)}:${p2(Math.floor((s % 3600) / 60))}:${p2(s % 60)}Z`;
    if (rfc3339BySecond.size >= 1 << 16) rfc3339BySecond.clear();
    rfc3339BySecond.set(s, v);
  }
  return v;
}
const rfc3339BySecond = new Map<number, string>();

function p2(n: number): string {
  return String(n).padStart(2, '0');
}
