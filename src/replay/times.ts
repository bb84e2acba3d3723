/** Times in kubectl and API output, to µs. Pure: never reads the clock. */

/** RFC 3339 with optional fraction ("2025-01-01T10:00:01.123456Z") → epoch µs, or null. */
export function rfc3339Us(s: unknown): number | null {
  if (typeof s !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})$/.exec(
    s.trim(),
  );
  if (!m) return null;
  const base = Date.parse(
    `${m[1]}${m[3]!.length === 5 ? `${m[3]!.slice(0, 3)}:${m[3]!.slice(3)}` : m[3]}`,
  );
  if (!Number.isFinite(base)) return null;
  const frac = m[2] ? Number(m[2].padEnd(6, '0').slice(0, 6)) : 0;
  return base * 1000 + frac;
}

/** kubectl describe's RFC 1123Z ("Sun, 22 Nov 2026 10:00:01 +0000") → epoch µs, or null. */
export function rfc1123Us(s: string): number | null {
  if (!/^\w{3}, \d{1,2} \w{3} \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$/.test(s.trim())) return null;
  const ms = Date.parse(s);
  return Number.isFinite(ms) ? ms * 1000 : null;
}

/** kubectl's HumanDuration ages ("5s", "2m30s", "3h", "5d3h", "2y") → seconds, or null. */
export function ageSeconds(s: string): number | null {
  const t = s.trim();
  if (!/^(\d+[ydhms])+$/.test(t)) return null;
  const unit: Record<string, number> = { y: 31_536_000, d: 86_400, h: 3600, m: 60, s: 1 };
  let total = 0;
  for (const m of t.matchAll(/(\d+)([ydhms])/g)) total += Number(m[1]) * unit[m[2]!]!;
  return total;
}

/** Column starts of a tabwriter header: words joined by one space are one column ("LAST SEEN"). */
export function columnStarts(header: string): { name: string; at: number }[] {
  const out: { name: string; at: number }[] = [];
  for (const m of header.matchAll(/\S+(?: \S+)*/g)) out.push({ name: m[0], at: m.index });
  return out;
}

/** Cells of a row cut at the header's column starts. */
export function cells(row: string, cols: { name: string; at: number }[]): Record<string, string> {
  const out: Record<string, string> = {};
  cols.forEach((c, i) => {
    const end = i + 1 < cols.length ? cols[i + 1]!.at : row.length;
    out[c.name] = row.slice(c.at, end).trim();
  });
  return out;
}
