import { describe, expect, it } from 'vitest';
import { checkExitCode, growth, overBudget, scalingTable } from './report';
import { summarise } from './harness';
import { initialScripts } from './browser';
import type { ScalingRow } from './scaling';

const row = (axis: ScalingRow['axis'], size: number, ms: number, mb: number): ScalingRow => ({
  axis,
  size,
  steps: size * 100,
  ms,
  retainedMB: mb,
});

describe('scaling report', () => {
  const rows = [
    row('pods', 10, 100, 10),
    row('pods', 20, 400, 20),
    row('cpus', 8, 30, 2),
    row('cpus', 64, 30, 2),
  ];

  it('compares each row with the one above on the same axis only', () => {
    const g = growth(rows);
    expect(g[0]).toBeNull();
    expect(g[2]).toBeNull(); // first row of the cpus axis
    expect(g[1]).toMatchObject({ size: 2, time: 4, memory: 2 });
    expect(g[1]!.exponent).toBeCloseTo(2); // 2× the size, 4× the time: quadratic
    expect(g[3]!.exponent).toBeCloseTo(0); // flat
  });

  it('prints one line per row with the growth factors', () => {
    const lines = scalingTable(rows).split('\n');
    expect(lines).toHaveLength(2 + rows.length);
    expect(lines[3]).toMatch(
      /pods\s+20\s+2000\s+400\.0\s+20\.0\s+2\.0×\s+4\.00×\s+2\.00×\s+2\.00$/,
    );
  });
});

describe('initial scripts', () => {
  it('counts the entry script and modulepreloads, not styles or lazy chunks', () => {
    const html = `<script type="module" crossorigin src="./assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/vendor-b.js">
      <link rel="stylesheet" href="./assets/index.css"><link rel="icon" href="./favicon.svg">`;
    expect(initialScripts(html)).toEqual(['./assets/index-a.js', './assets/vendor-b.js']);
  });
});

describe('budget check', () => {
  const fig = (name: string, median: number, budget: number) =>
    summarise('engine', name, [median], budget);

  it('passes when every figure is within budget, a figure at its budget included', () => {
    const figures = [fig('full run', 150, 167), fig('seek', 1.7, 1.7), fig('ratio', 0.35, 0.35)];
    expect(overBudget(figures)).toEqual([]);
    expect(checkExitCode(figures)).toBe(0);
  });

  it('fails on a figure over budget as the table prints it, and names it', () => {
    // 167.9 / 167 prints 1.01: over; 167.5 / 167 prints 1.00: within.
    const figures = [fig('full run', 167.9, 167), fig('seek', 1.7, 1.7), fig('near', 167.5, 167)];
    expect(overBudget(figures).map((f) => f.name)).toEqual(['full run']);
    expect(checkExitCode(figures)).toBe(1);
  });

  it('fails on a figure that could not be measured (NaN)', () => {
    expect(checkExitCode([summarise('engine', 'empty', [], 1)])).toBe(1);
  });
});
