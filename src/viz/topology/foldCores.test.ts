import { describe, expect, it } from 'vitest';
import { buildCpuHistory, cpuStateAt } from './cpuHistory';
import { foldSignature, planFolds } from './foldCores';
import { layoutTopology } from './layoutTopology';
import type { TopoCpu } from './topologyInput';

/** One socket, one NUMA node, one L3, `cores` cores of 2 threads; CPU c+cores is c's sibling. */
function machine(cores: number): TopoCpu[] {
  const out: TopoCpu[] = [];
  for (let c = 0; c < cores; c++)
    for (let t = 0; t < 2; t++) out.push({ id: c + t * cores, core: c, socket: 0, numa: 0, l3: 0 });
  return out;
}

describe('folding identical cores (lstopo factorization)', () => {
  const all = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('folds a long run of always-shared cores, keeping its first and last', () => {
    const h = buildCpuHistory([{ step: 2, t: 0, cpus: all(32), state: { kind: 'shared' } }]);
    const folds = planFolds({ cpus: machine(16) }, (c) => foldSignature(h, c));
    expect(folds).toHaveLength(1);
    expect(folds[0]!.cores).toEqual(all(14).map((i) => `0:${i + 1}`));
    expect(folds[0]!.cpus).not.toContain(0);
    expect(folds[0]!.cpus).not.toContain(15);
    expect(folds[0]!.cpus).toHaveLength(28);
  });

  it('never folds a core that holds an exclusive, assigned or reserved CPU at any step', () => {
    const h = buildCpuHistory([
      { step: 1, t: 0, cpus: all(32), state: { kind: 'shared' } },
      { step: 1, t: 0, cpus: [0], state: { kind: 'reserved' } },
      { step: 3, t: 10, cpus: [5], state: { kind: 'assigned', owner: 'd/p/init' } },
      { step: 4, t: 20, cpus: [5], state: { kind: 'exclusive', owner: 'd/p/init' } },
      // Back in the pool at the end: folding reads the whole run, not the cursor.
      { step: 9, t: 90, cpus: [5], state: { kind: 'shared' } },
      { step: 6, t: 50, cpus: [26], state: { kind: 'exclusive', owner: 'd/p/app' } },
    ]);
    const folds = planFolds({ cpus: machine(16) }, (c) => foldSignature(h, c));
    const hidden = new Set(folds.flatMap((f) => f.cpus));
    // Cores 0 (reserved CPU 0), 5 (CPU 5) and 10 (CPU 26 = 10 + 16) stay drawn.
    for (const cpu of [0, 16, 5, 21, 10, 26]) expect(hidden.has(cpu)).toBe(false);
    // Core 5 splits the run; 1..4 is a run of 4 (folds 2, 3), 6..9 too, 11..15 folds 12..14.
    expect(folds.map((f) => f.cores)).toEqual([
      ['0:2', '0:3'],
      ['0:7', '0:8'],
      ['0:12', '0:13', '0:14'],
    ]);
    // Whatever the cursor, no hidden CPU is in a state of its own.
    for (let cursor = 0; cursor < 12; cursor++)
      for (const cpu of hidden)
        expect(['idle', 'shared']).toContain(cpuStateAt(h, cpu, cursor).kind);
  });

  it('does not fold cores whose CPUs changed at different steps, nor short runs', () => {
    const h = buildCpuHistory([
      { step: 1, t: 0, cpus: all(8), state: { kind: 'shared' } },
      { step: 2, t: 5, cpus: [3, 7], state: { kind: 'shared' } },
      { step: 3, t: 6, cpus: all(16).slice(8), state: { kind: 'shared' } },
    ]);
    // Cores 0-7: CPUs 0-7 shared from step 1, siblings 8-15 from step 3: each core mixes them.
    expect(planFolds({ cpus: machine(8) }, (c) => foldSignature(h, c))).toEqual([]);
    const h2 = buildCpuHistory([{ step: 1, t: 0, cpus: all(6), state: { kind: 'shared' } }]);
    expect(planFolds({ cpus: machine(3) }, (c) => foldSignature(h2, c))).toEqual([]);
  });

  it('lays a fold out as one core-sized box, its CPUs kept (with their L#) on it', () => {
    const cpus = machine(32);
    const h = buildCpuHistory([{ step: 1, t: 0, cpus: all(64), state: { kind: 'shared' } }]);
    const folds = planFolds({ cpus }, (c) => foldSignature(h, c));
    const open = layoutTopology({ cpus }, 600, 400);
    const l = layoutTopology({ cpus }, 600, 400, 'm', folds);
    expect(l.boxes.filter((b) => b.kind === 'core')).toHaveLength(2);
    expect(l.folds).toHaveLength(1);
    expect(l.folds[0]!.cores).toBe(30);
    expect(l.folds[0]!.reps).toHaveLength(2);
    // Its representative CPUs sit centred along the bottom of the fold's box.
    const f = l.folds[0]!;
    const first = f.reps[0]!;
    const lastRep = f.reps[f.reps.length - 1]!;
    expect(first.x - f.x).toBeCloseTo(f.x + f.w - (lastRep.x + lastRep.w));
    for (const r of f.reps) {
      expect(r.y).toBe(first.y);
      expect(r.y + r.h).toBeLessThan(f.y + f.h);
      expect(r.x).toBeGreaterThan(f.x);
    }
    // Every CPU is still somewhere: drawn, or on its fold.
    expect([...l.pus, ...l.folded].map((p) => p.cpu).sort((a, b) => a - b)).toEqual(all(64));
    // Logical indexes stay those of the unfolded topology.
    const logical = new Map(open.pus.map((p) => [p.cpu, p.logical]));
    for (const p of [...l.pus, ...l.folded]) expect(p.logical).toBe(logical.get(p.cpu));
    // The last core is drawn after the fold, and the drawing is much smaller.
    const last = l.pus.find((p) => p.cpu === 31)!;
    expect(last.x > l.folds[0]!.x || last.y > l.folds[0]!.y).toBe(true);
    expect(l.width * l.height).toBeLessThan((open.width * open.height) / 4);
  });

  it('folds a run of identical L3 groups into one box a core wide, never the busy group', () => {
    // 1 socket, 1 NUMA node, 8 L3 groups of 4 cores, 2 threads: CPU c + 32 is c's sibling.
    const cpus: TopoCpu[] = [];
    for (let c = 0; c < 32; c++)
      for (let t = 0; t < 2; t++)
        cpus.push({ id: c + t * 32, core: c, socket: 0, numa: 0, l3: Math.floor(c / 4) });
    const h = buildCpuHistory([
      { step: 1, t: 0, cpus: all(64), state: { kind: 'shared' } },
      { step: 4, t: 9, cpus: [1, 33], state: { kind: 'exclusive', owner: 'd/p/app' } },
    ]);
    const folds = planFolds({ cpus }, (c) => foldSignature(h, c));
    const groupFolds = folds.filter((f) => f.level === 'l3');
    // L3 0 holds the app; 1..7 are identical: 1 and 7 stay, 2..6 fold.
    expect(groupFolds).toHaveLength(1);
    expect(groupFolds[0]!.groups).toEqual(['0/0/2', '0/0/3', '0/0/4', '0/0/5', '0/0/6']);
    expect(groupFolds[0]!.cpus).toHaveLength(40);
    for (const c of [1, 33, 0, 4, 28]) expect(groupFolds[0]!.cpus).not.toContain(c);
    const l = layoutTopology({ cpus }, 600, 400, 'm', folds);
    const box = l.folds.find((f) => f.level === 'l3')!;
    expect(box.groups).toBe(5);
    expect(box.cores).toBe(20);
    // One core wide, and the L3 boxes drawn are the other three.
    const core = l.boxes.find((b) => b.kind === 'core')!;
    expect(box.w).toBe(core.w);
    expect(l.boxes.filter((b) => b.kind === 'l3')).toHaveLength(3);
    // Every CPU once, on a drawn PU or on a fold (the group fold wins over core folds in it).
    const seen = [...l.pus, ...l.folded].map((p) => p.cpu).sort((a, b) => a - b);
    expect(seen).toEqual(all(64));
    expect(l.folded.filter((p) => p.fold === box.key)).toHaveLength(40);
    // No drawn box overlaps the fold.
    for (const b of l.boxes.filter((x) => x.kind === 'l3' || x.kind === 'core'))
      expect(b.x + b.w <= box.x || b.x >= box.x + box.w || b.y + b.h <= box.y).toBe(true);
  });

  it('folds runs of identical whole NUMA nodes into one narrow box, never the busy node', () => {
    // 2 sockets × 4 NUMA nodes × 2 L3 × 4 cores, 2 threads (NPS4-like): CPU c + 64 is c's
    // sibling; NUMA node n holds cores 8n..8n+7.
    const cpus: TopoCpu[] = [];
    for (let c = 0; c < 64; c++)
      for (let t = 0; t < 2; t++)
        cpus.push({
          id: c + t * 64,
          core: c,
          socket: Math.floor(c / 32),
          numa: Math.floor(c / 8),
          l3: Math.floor(c / 4),
        });
    const h = buildCpuHistory([
      { step: 1, t: 0, cpus: all(128), state: { kind: 'shared' } },
      { step: 1, t: 0, cpus: [0], state: { kind: 'reserved' } },
      { step: 4, t: 9, cpus: [1, 65], state: { kind: 'exclusive', owner: 'd/p/app' } },
      // Node 6 gets work late in the run, then gives it back: still never folded.
      { step: 7, t: 20, cpus: [50], state: { kind: 'assigned', owner: 'd/p/init' } },
      { step: 8, t: 30, cpus: [50], state: { kind: 'shared' } },
    ]);
    const folds = planFolds({ cpus }, (c) => foldSignature(h, c));
    const numa = folds.filter((f) => f.level === 'numa');
    // Socket 0: node 0 is busy, 1..3 fold; socket 1: node 6 splits 4..7 into 4..5 and 7 alone.
    expect(numa.map((f) => f.numas)).toEqual([
      ['0/1', '0/2', '0/3'],
      ['1/4', '1/5'],
    ]);
    expect(numa[0]!.cpus).toHaveLength(48);
    for (const c of [0, 1, 65, 50, 56]) for (const f of numa) expect(f.cpus).not.toContain(c);
    for (let cursor = 0; cursor < 10; cursor++)
      for (const cpu of numa.flatMap((f) => f.cpus))
        expect(['idle', 'shared']).toContain(cpuStateAt(h, cpu, cursor).kind);

    const open = layoutTopology({ cpus }, 440, 230);
    const l = layoutTopology({ cpus }, 440, 230, 'm', folds);
    const boxes = l.folds.filter((f) => f.level === 'numa');
    expect(boxes.map((b) => [b.numas, b.cores])).toEqual([
      [3, 24],
      [2, 16],
    ]);
    // Drawn NUMA nodes: 0, 6 and 7; every CPU once, drawn or on a fold, with its L#.
    expect(l.boxes.filter((b) => b.kind === 'numa').map((b) => b.os)).toEqual([0, 6, 7]);
    const seen = [...l.pus, ...l.folded].map((p) => p.cpu).sort((a, b) => a - b);
    expect(seen).toEqual(all(128));
    const logical = new Map(open.pus.map((p) => [p.cpu, p.logical]));
    for (const p of [...l.pus, ...l.folded]) expect(p.logical).toBe(logical.get(p.cpu));
    // A folded run is narrower than a whole node, overlaps nothing drawn, and the machine
    // is drawn larger in a panel's room than unfolded.
    const node = l.boxes.find((b) => b.kind === 'numa')!;
    for (const b of boxes) {
      expect(b.w).toBeLessThan(node.w);
      for (const x of l.boxes.filter((k) => k.kind === 'numa' || k.kind === 'core'))
        expect(x.x + x.w <= b.x || x.x >= b.x + b.w || x.y + x.h <= b.y || x.y >= b.y + b.h).toBe(
          true,
        );
    }
    const scale = (x: { width: number; height: number }) => Math.min(440 / x.width, 230 / x.height);
    expect(scale(l)).toBeGreaterThan(scale(open) * 1.1);
  });
});

describe('identical packages fold whole, as lstopo draws "2x Package" (issue 30, item 11)', () => {
  /** `sockets` sockets of 2 NUMA nodes of 8 two-thread cores each. */
  function twoSockets(sockets: number): TopoCpu[] {
    const out: TopoCpu[] = [];
    const cores = sockets * 16;
    for (let c = 0; c < cores; c++)
      for (let t = 0; t < 2; t++)
        out.push({
          id: c + t * cores,
          core: c,
          socket: Math.floor(c / 16),
          numa: Math.floor(c / 8),
          l3: Math.floor(c / 8),
        });
    return out;
  }
  const all = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('policy none: both packages always in the pool fold into one "2× Package" box', () => {
    const h = buildCpuHistory([{ step: 2, t: 0, cpus: all(64), state: { kind: 'shared' } }]);
    const input = { cpus: twoSockets(2) };
    const folds = planFolds(input, (c) => foldSignature(h, c));
    const pkg = folds.find((f) => f.level === 'package')!;
    expect(pkg.packages).toEqual([0, 1]);
    expect(pkg.cpus).toEqual(all(64));
    const layout = layoutTopology(input, 400, 300, 'Machine', folds);
    expect(layout.boxes.filter((b) => b.kind === 'package')).toHaveLength(0);
    const cell = layout.folds.find((f) => f.level === 'package')!;
    expect(cell.packages).toBe(2);
    expect(cell.numas).toBe(4);
    expect(cell.cores).toBe(32);
    // Every CPU keeps its place (and name) on the folded box.
    expect(layout.folded.filter((p) => p.fold === cell.key)).toHaveLength(64);
    expect(layout.pus).toHaveLength(0);
  });

  it('a package holding a container of its own is drawn, the other is not folded alone', () => {
    const h = buildCpuHistory([
      { step: 2, t: 0, cpus: all(64), state: { kind: 'shared' } },
      { step: 3, t: 1, cpus: [1, 33], state: { kind: 'exclusive', owner: 'd/p/app' } },
    ]);
    const folds = planFolds({ cpus: twoSockets(2) }, (c) => foldSignature(h, c));
    expect(folds.some((f) => f.level === 'package')).toBe(false);
  });
});
