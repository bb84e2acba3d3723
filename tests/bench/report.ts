/**
 * The bench's one report: the figures table, the scaling table with growth
 * factors, and bench/results.json with the same numbers for tooling.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { table, type Figure } from './harness';
import type { ScalingRow } from './scaling';

function fixed(n: number, digits: number): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '-';
}

function columns(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padStart(widths[i]!)).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * Growth from the previous row of the same axis: how many times the size, the
 * time and the memory grew, and the exponent log(time×)/log(size×): 1 is linear,
 * 2 quadratic, 0 flat. The first row of each axis has nothing to compare with.
 */
export interface Growth {
  size: number;
  time: number;
  memory: number;
  exponent: number;
}

export function growth(rows: readonly ScalingRow[]): (Growth | null)[] {
  return rows.map((r, i) => {
    const prev = rows[i - 1];
    if (!prev || prev.axis !== r.axis) return null;
    const size = r.size / prev.size;
    const t = r.ms / prev.ms;
    return {
      size,
      time: t,
      memory: r.retainedMB / prev.retainedMB,
      exponent: Math.log(t) / Math.log(size),
    };
  });
}

export function scalingTable(rows: readonly ScalingRow[]): string {
  const g = growth(rows);
  const body = rows.map((r, i) => {
    const x = g[i];
    return [
      r.axis,
      String(r.size),
      String(r.steps),
      fixed(r.ms, 1),
      fixed(r.retainedMB, 1),
      x ? `${fixed(x.size, 1)}×` : '',
      x ? `${fixed(x.time, 2)}×` : '',
      x ? `${fixed(x.memory, 2)}×` : '',
      x ? fixed(x.exponent, 2) : '',
    ];
  });
  return columns(
    ['axis', 'size', 'steps', 'time ms', 'heap MB', 'size ×', 'time ×', 'heap ×', 'exponent'],
    body,
  );
}

export interface Results {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGB: number; node: string };
  figures: Figure[];
  scaling: ScalingRow[];
}

export function results(figures: Figure[], scaling: ScalingRow[]): Results {
  const c = cpus();
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: c.length,
      cpuModel: c[0]?.model ?? 'unknown',
      memoryGB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    figures,
    scaling,
  };
}

export function writeResults(path: string, r: Results): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(r, null, 2)}\n`);
}

/**
 * The figures over their budget, judged on the ratio as the table prints it (two decimals),
 * so the table and `npm run bench -- --check` never disagree.
 */
export function overBudget(figures: readonly Figure[]): Figure[] {
  return figures.filter((f) => !(Number(f.ratio.toFixed(2)) <= 1));
}

/** `--check`'s exit code: 1 when any figure is over budget (or could not be measured). */
export function checkExitCode(figures: readonly Figure[]): number {
  return overBudget(figures).length > 0 ? 1 : 0;
}

export function printReport(r: Results): string {
  const over = overBudget(r.figures);
  return [
    `kubeletscope bench — ${r.machine.cpus} × ${r.machine.cpuModel}, Node ${r.machine.node}`,
    '',
    table(r.figures),
    '',
    'Scaling (engine time and retained heap of the run; growth from the row above)',
    '',
    scalingTable(r.scaling),
    '',
    over.length === 0
      ? 'All figures within budget.'
      : `Over budget: ${over.map((f) => `${f.group}/${f.name} (${f.ratio.toFixed(2)})`).join('; ')}`,
    ...r.figures.filter((f) => f.note).map((f) => `  ${f.name}: ${f.note}`),
  ].join('\n');
}
