/**
 * metav1.Time as the API serialises it (RFC 3339, second precision) on the run's wall clock,
 * 2026-11-22 10:00:00 UTC + virtual time (the same base as views/clock.ts).
 */
export function klogTimeRfc3339(t: number): string {
  const s = Math.floor(Math.max(0, t) / 1000);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const h = 10 + Math.floor(s / 3600);
  return `2026-11-22T${p2(h)}:${p2(Math.floor((s % 3600) / 60))}:${p2(s % 60)}Z`;
}
