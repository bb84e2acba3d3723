/**
 * The benchmark harness behind `npm run bench`: each figure is the median of
 * several runs with its spread, compared with its budget as a ratio.
 */
import { performance } from 'node:perf_hooks';

export interface Figure {
  group: string;
  name: string;
  /** '×': a ratio of two figures measured in the same run. */
  unit: 'ms' | 'KB' | 'MB' | '×';
  median: number;
  /** Spread: min and max over the runs. */
  min: number;
  max: number;
  runs: number;
  budget: number;
  /** median / budget: under 1 is within budget. */
  ratio: number;
  note?: string;
}

export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function summarise(
  group: string,
  name: string,
  samples: number[],
  budget: number,
  unit: Figure['unit'] = 'ms',
  note?: string,
): Figure {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  return {
    group,
    name,
    unit,
    median,
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
    runs: samples.length,
    budget,
    ratio: median / budget,
    note,
  };
}

/** The q-quantile of unsorted samples (p95 of frame intervals: `percentile(xs, 0.95)`). */
export function percentile(samples: readonly number[], q: number): number {
  return quantile(
    [...samples].sort((a, b) => a - b),
    q,
  );
}

/**
 * Intervals between successive requestAnimationFrame timestamps. The first frame
 * has no predecessor, so n timestamps give n - 1 intervals.
 */
export function frameIntervals(timestamps: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < timestamps.length; i++) out.push(timestamps[i]! - timestamps[i - 1]!);
  return out;
}

/** Times `fn` `runs` times after `warmup` untimed runs; returns milliseconds per run. */
export function time(fn: () => unknown, runs = 7, warmup = 2): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return out;
}

function fmt(n: number): string {
  if (!Number.isFinite(n)) return '-';
  if (n >= 100) return n.toFixed(0);
  if (n >= 1) return n.toFixed(2);
  return n.toFixed(4);
}

export function table(figures: Figure[]): string {
  const rows = figures.map((f) => [
    f.group,
    f.name,
    `${fmt(f.median)} ${f.unit}`,
    `${fmt(f.min)}–${fmt(f.max)}`,
    String(f.runs),
    `${fmt(f.budget)} ${f.unit}`,
    // Judged on the ratio as printed, so 16.71 ms against 16.7 ms reads 1.00, not "1.00 OVER".
    // A figure with no budget (Infinity) is for information: its ratio is "-".
    Number.isFinite(f.budget)
      ? `${f.ratio.toFixed(2)}${Number(f.ratio.toFixed(2)) <= 1 ? '' : ' OVER'}`
      : '-',
  ]);
  const head = ['group', 'figure', 'median', 'spread', 'runs', 'budget', 'ratio'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
