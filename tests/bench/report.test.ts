import { describe, expect, it } from 'vitest';
import { growth, scalingTable } from './report';
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
