import { describe, expect, it } from 'vitest';
import { layoutTopology } from './layoutTopology';
import type { TopoCpu } from './topologyInput';

/** sockets × numaPerSocket × cores × threads, SMT siblings numbered far apart as Linux does. */
function synth(sockets: number, numaPer: number, cores: number, threads: number): TopoCpu[] {
  const out: TopoCpu[] = [];
  const totalCores = sockets * cores;
  for (let s = 0; s < sockets; s++)
    for (let c = 0; c < cores; c++)
      for (let t = 0; t < threads; t++) {
        const core = s * cores + c;
        out.push({
          id: core + t * totalCores,
          core,
          socket: s,
          numa: s * numaPer + Math.floor((c * numaPer) / cores),
          l3: s * numaPer + Math.floor((c * numaPer) / cores),
        });
      }
  return out;
}

const inside = (a: { x: number; y: number; w: number; h: number }, b: typeof a) =>
  a.x >= b.x - 1e-9 &&
  a.y >= b.y - 1e-9 &&
  a.x + a.w <= b.x + b.w + 1e-9 &&
  a.y + a.h <= b.y + b.h + 1e-9;

describe('layoutTopology', () => {
  it('draws lstopo objects: machine, packages, NUMA bars, L3 bars, cores, PUs', () => {
    const l = layoutTopology({ cpus: synth(2, 1, 4, 2) }, 800, 400);
    const count = (k: string) => l.boxes.filter((b) => b.kind === k).length;
    expect(count('machine')).toBe(1);
    expect(count('package')).toBe(2);
    expect(count('numa')).toBe(2);
    expect(count('l3')).toBe(2);
    expect(count('core')).toBe(8);
    expect(l.pus).toHaveLength(16);
    expect(l.compact).toBe(false);
  });

  it('puts every PU inside its core and every core inside its package', () => {
    const l = layoutTopology({ cpus: synth(2, 2, 8, 2) }, 900, 500);
    const cores = new Map(l.boxes.filter((b) => b.kind === 'core').map((b) => [b.key, b]));
    const pkgs = l.boxes.filter((b) => b.kind === 'package');
    for (const pu of l.pus) {
      const core = cores.get(pu.coreKey)!;
      expect(inside(pu, core)).toBe(true);
      expect(pkgs.some((p) => inside(core, p))).toBe(true);
    }
  });

  it('draws the NUMA bar above the cores of that node', () => {
    const l = layoutTopology({ cpus: synth(1, 2, 4, 1) }, 800, 400);
    for (const numa of l.boxes.filter((b) => b.kind === 'numa')) {
      const pus = l.pus.filter((p) => p.numa === numa.os);
      for (const p of pus) {
        expect(p.y).toBeGreaterThan(numa.y + numa.h);
        expect(p.x).toBeGreaterThanOrEqual(numa.x);
        expect(p.x + p.w).toBeLessThanOrEqual(numa.x + numa.w + 1e-9);
      }
    }
  });

  it('numbers PUs logically in topology order, keeping OS ids', () => {
    const l = layoutTopology({ cpus: synth(1, 1, 2, 2) }, 800, 400);
    // Core 0 holds P#0 and its sibling P#2; logical order walks the core first.
    expect(l.pus.map((p) => [p.logical, p.cpu])).toEqual([
      [0, 0],
      [1, 2],
      [2, 1],
      [3, 3],
    ]);
  });

  it('never overlaps two PUs', () => {
    const l = layoutTopology({ cpus: synth(2, 2, 16, 2) }, 700, 500);
    const seen = l.pus.map((p) => `${p.x},${p.y}`);
    expect(new Set(seen).size).toBe(l.pus.length);
  });

  it('goes compact past 128 CPUs and keeps a sensible aspect for 256', () => {
    const l = layoutTopology({ cpus: synth(2, 2, 64, 2) }, 640, 480);
    expect(l.compact).toBe(true);
    expect(l.pus).toHaveLength(256);
    const scale = Math.min(640 / l.width, 480 / l.height);
    // Each PU still gets several screen pixels.
    expect(l.pus[0]!.w * scale).toBeGreaterThan(5);
  });

  it('wraps cores into rows to fit a narrow box', () => {
    const wide = layoutTopology({ cpus: synth(1, 1, 16, 2) }, 2000, 200);
    const narrow = layoutTopology({ cpus: synth(1, 1, 16, 2) }, 360, 600);
    expect(narrow.width).toBeLessThan(wide.width);
    expect(narrow.height).toBeGreaterThan(wide.height);
  });
});
