/**
 * lstopo's drawing conventions as plain rectangles: Machine ⊃ Package ⊃ NUMA node
 * (drawn as a bar above its local compute) ⊃ L3 (a bar above the cores sharing it)
 * ⊃ Core (grey) ⊃ PU (white). The arrangement (packages per row, cores per row) is
 * chosen to fit the available box, the way lstopo's aspect heuristic does; past 128
 * CPUs the cells shrink and lose their text ("compact"), so 256+ CPUs stay legible.
 * Logical indexes (L#) follow lstopo: PUs numbered in topology order. Folds (foldCores.ts)
 * draw a run of identical cores as one core box, a run of identical L3 groups as one box
 * a core wide, and a run of identical NUMA nodes as one NUMA-node-sized box; their CPUs are
 * kept, placed on the fold's box.
 */
import type { TopoCpu, TopologyInput } from './topologyInput';
import type { CoreFold } from './foldCores';

export type TopoBoxKind = 'machine' | 'package' | 'numa' | 'l3' | 'core';

export interface TopoBox {
  readonly kind: TopoBoxKind;
  readonly key: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** Text drawn in the box (or bar), e.g. "Package L#0", "NUMANode P#1". */
  readonly label: string;
  /** Logical and OS index of the object. */
  readonly logical: number;
  readonly os: number;
}

export interface PuCell {
  /** OS id (P#). */
  readonly cpu: number;
  /** Logical index (L#) in topology order. */
  readonly logical: number;
  readonly socket: number;
  readonly numa: number;
  readonly coreKey: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** A run of identical cores drawn as one core-sized box ("N× Core"), lstopo's factorization. */
export interface FoldCell {
  readonly key: string;
  /**
   * A run of cores ("N× Core"), of whole L3 groups ("N× L3"), of NUMA nodes ("N× NUMANode") or of
   * packages ("N× Package").
   */
  readonly level: 'core' | 'l3' | 'numa' | 'package';
  /** How many packages it stands for ('package' folds). */
  readonly packages?: number;
  /** How many L3 groups it stands for ('l3' folds). */
  readonly groups: number;
  /** How many NUMA nodes it stands for ('numa' folds). */
  readonly numas?: number;
  /** How many cores it stands for, and their CPUs (OS ids, ascending). */
  readonly cores: number;
  readonly cpus: readonly number[];
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** One stand-in PU per hardware thread, drawn in the folded CPUs' state. */
  readonly reps: readonly { x: number; y: number; w: number; h: number }[];
}

export interface TopologyLayout {
  readonly width: number;
  readonly height: number;
  readonly boxes: readonly TopoBox[];
  /** PUs drawn one by one. */
  readonly pus: readonly PuCell[];
  /** Folded runs of cores, and their PUs (placed on the fold's box, with `fold` set). */
  readonly folds: readonly FoldCell[];
  readonly folded: readonly (PuCell & { readonly fold: string })[];
  readonly compact: boolean;
}

interface Metrics {
  pu: [number, number];
  gap: number;
  pad: number;
  label: number;
  bar: number;
}

const FULL: Metrics = { pu: [34, 20], gap: 3, pad: 4, label: 14, bar: 16 };
const COMPACT: Metrics = { pu: [13, 13], gap: 1, pad: 2, label: 0, bar: 9 };
const MACHINE_LABEL = 18;
/** Room for "Core P#127" at the core label's size. */
const MIN_LABELLED_CORE_W = 56;
const PACKAGE_LABEL = 16;

interface CoreNode {
  key: string;
  core: number;
  pus: TopoCpu[];
}
interface L3Node {
  id: number;
  cores: CoreNode[];
}
interface NumaNode {
  id: number;
  l3s: L3Node[];
}
interface PackageNode {
  id: number;
  numas: NumaNode[];
}

/** Groups CPUs into the object tree, every level sorted by OS id. */
export function buildTree(input: TopologyInput): PackageNode[] {
  const pk = new Map<number, Map<number, Map<number, Map<number, TopoCpu[]>>>>();
  const at = <K, V>(m: Map<K, V>, k: K, make: () => V): V => {
    let v = m.get(k);
    if (v === undefined) m.set(k, (v = make()));
    return v;
  };
  for (const c of input.cpus) {
    const numas = at(pk, c.socket, () => new Map<number, Map<number, Map<number, TopoCpu[]>>>());
    const l3s = at(numas, c.numa, () => new Map<number, Map<number, TopoCpu[]>>());
    const cores = at(l3s, c.l3 ?? -1, () => new Map<number, TopoCpu[]>());
    at(cores, c.core, (): TopoCpu[] => []).push(c);
  }
  const byKey = <V>(m: Map<number, V>) => [...m.entries()].sort((a, b) => a[0] - b[0]);
  return byKey(pk).map(([id, numas]) => ({
    id,
    numas: byKey(numas).map(([nid, l3s]) => ({
      id: nid,
      l3s: byKey(l3s).map(([lid, cores]) => ({
        id: lid,
        cores: byKey(cores).map(([core, pus]) => ({
          key: `${id}:${core}`,
          core,
          pus: [...pus].sort((a, b) => a.id - b.id),
        })),
      })),
    })),
  }));
}

interface Arrangement {
  pkgCols: number;
  numaCols: number;
  coreCols: number;
}

interface Dims {
  threads: number;
  coresPerL3: number;
  l3PerNuma: number;
  /** Per NUMA node: L3 groups drawn whole, and folded runs of them (each one core wide). */
  numaSlots: readonly (readonly [number, number])[];
  numaPerPkg: number;
  /** Per package, the NUMA grid's items in order: true for a folded run (drawn narrow). */
  pkgItems: readonly (readonly boolean[])[];
  pkgs: number;
  hasL3: boolean;
  /** Some packages are folded: a package's box holds "N× Package" and its counts. */
  pkgFolds: boolean;
}

/** Core box size; as lstopo does, a labelled box is never narrower than its label. */
function coreSize(m: Metrics, threads: number): [number, number] {
  const w = 2 * m.pad + threads * m.pu[0] + (threads - 1) * m.gap;
  return [m.label > 0 ? Math.max(w, MIN_LABELLED_CORE_W) : w, 2 * m.pad + m.label + m.pu[1]];
}

/**
 * A folded cell's representative CPUs: one core's `n` hyperthreads, centred along the bottom
 * of the box at (x, y, w, h) and never closer than the padding to its left edge.
 */
function foldReps(m: Metrics, x: number, y: number, w: number, h: number, n: number) {
  const left = x + Math.max(m.pad, (w - n * m.pu[0] - (n - 1) * m.gap) / 2);
  return Array.from({ length: n }, (_, ti) => ({
    x: left + ti * (m.pu[0] + m.gap),
    y: y + h - m.pad - m.pu[1],
    w: m.pu[0],
    h: m.pu[1],
  }));
}

/** Size of the machine for an arrangement, assuming every group is as big as the biggest. */
function measure(m: Metrics, d: Dims, a: Arrangement): [number, number] {
  const [cw, ch] = coreSize(m, d.threads);
  const { pkgW, pkgH } = sizes(m, d, a, cw, ch);
  const pc = Math.min(a.pkgCols, d.pkgs);
  const pr = Math.ceil(d.pkgs / pc);
  return [
    2 * m.pad + pc * pkgW + (pc - 1) * m.gap * 2,
    MACHINE_LABEL + 2 * m.pad + pr * pkgH + (pr - 1) * m.gap * 2,
  ];
}

/** Picks the arrangement whose drawing, scaled to fit (maxW, maxH), is largest. */
function arrange(m: Metrics, d: Dims, maxW: number, maxH: number): Arrangement {
  let best: Arrangement = { pkgCols: 1, numaCols: 1, coreCols: 1 };
  let bestScore = -1;
  for (let pkgCols = 1; pkgCols <= d.pkgs; pkgCols++) {
    for (let numaCols = 1; numaCols <= d.numaPerPkg; numaCols++) {
      for (let coreCols = 1; coreCols <= d.coresPerL3; coreCols++) {
        const a = { pkgCols, numaCols, coreCols };
        const [w, h] = measure(m, d, a);
        // Scale to fit, capped: growing beyond 1.5× only wastes room. Among equal
        // scales, the arrangement that covers more of the box reads best.
        const s = Math.min(maxW / w, maxH / h, 1.5);
        const coverage = (w * s * h * s) / (maxW * maxH);
        const score =
          Math.round(s * 100) / 100 + coverage * 0.005 - (pkgCols < d.pkgs ? 0.0001 : 0);
        if (score > bestScore + 1e-9) {
          bestScore = score;
          best = a;
        }
      }
    }
  }
  return best;
}

/**
 * Lays out the topology to fit (maxW, maxH) CSS pixels as well as it can. The
 * result is in its own units; the SVG scales it with a viewBox.
 */
export function layoutTopology(
  input: TopologyInput,
  maxW: number,
  maxH: number,
  machineLabel = 'Machine',
  folds: readonly CoreFold[] = [],
): TopologyLayout {
  const tree = buildTree(input);
  // Folded L3 groups hide everything in them, core folds included.
  const groupFold = new Map<string, CoreFold>();
  for (const f of folds) if (f.level === 'l3') for (const g of f.groups) groupFold.set(g, f);
  const foldOf = new Map<string, CoreFold>();
  for (const f of folds) if (f.level === 'core') for (const k of f.cores) foldOf.set(k, f);
  for (const f of folds) if (f.level === 'l3') for (const k of f.cores) foldOf.delete(k);
  // Folded NUMA nodes hide everything in them, L3 and core folds included.
  const numaFold = new Map<string, CoreFold>();
  for (const f of folds) if (f.level === 'numa') for (const k of f.numas ?? []) numaFold.set(k, f);
  // Folded packages hide everything in them.
  const pkgFold = new Map<number, CoreFold>();
  for (const f of folds)
    if (f.level === 'package') for (const s of f.packages ?? []) pkgFold.set(s, f);
  const drawnPkgs = tree.filter((p) => {
    const f = pkgFold.get(p.id);
    return !f || f.packages?.[0] === p.id;
  });
  const hiddenCpus = new Set<number>();
  for (const f of folds)
    if (f.level !== 'core' || foldOf.get(f.cores[0]!) === f)
      f.cpus.forEach((c) => hiddenCpus.add(c));
  /** L3 groups drawn whole in a NUMA node, and folded runs of them (each drawn one core wide). */
  const groupItems = (pkg: number, n: NumaNode): [number, number] => {
    let whole = 0;
    let runs = 0;
    for (const l of n.l3s) {
      const f = groupFold.get(`${pkg}/${n.id}/${l.id}`);
      if (!f) whole++;
      else if (f.groups[0] === `${pkg}/${n.id}/${l.id}`) runs++;
    }
    return [whole, runs];
  };
  const numaSlots: [number, number][] = [];
  /** Boxes drawn in an L3 group: its cores, each folded run counting as one. */
  const items = (cores: readonly CoreNode[]) =>
    cores.filter((c) => {
      const f = foldOf.get(c.key);
      return !f || f.cores[0] === c.key;
    }).length;
  // Compact (no PU text) only when more than 128 PUs are still drawn one by one.
  const compact = input.cpus.length - hiddenCpus.size > 128;
  const m = compact ? COMPACT : FULL;
  let threads = 1;
  let coresPerL3 = 1;
  let l3PerNuma = 1;
  let numaPerPkg = 1;
  let hasL3 = false;
  for (const p of tree) {
    if (pkgFold.has(p.id)) {
      for (const n of p.numas)
        for (const l of n.l3s) for (const c of l.cores) threads = Math.max(threads, c.pus.length);
      continue;
    }
    // A folded run of NUMA nodes takes one NUMA node's place.
    numaPerPkg = Math.max(
      numaPerPkg,
      p.numas.filter((n) => {
        const f = numaFold.get(`${p.id}/${n.id}`);
        return !f || f.numas?.[0] === `${p.id}/${n.id}`;
      }).length,
    );
    for (const n of p.numas) {
      for (const l of n.l3s) for (const c of l.cores) threads = Math.max(threads, c.pus.length);
      if (numaFold.has(`${p.id}/${n.id}`)) continue;
      const slots = groupItems(p.id, n);
      numaSlots.push(slots);
      l3PerNuma = Math.max(l3PerNuma, slots[0] + slots[1]);
      for (const l of n.l3s) {
        if (l.id >= 0) hasL3 = true;
        coresPerL3 = Math.max(coresPerL3, items(l.cores));
        for (const c of l.cores) threads = Math.max(threads, c.pus.length);
      }
    }
  }
  const d: Dims = {
    threads,
    coresPerL3,
    l3PerNuma,
    numaSlots,
    numaPerPkg,
    pkgItems: tree
      .filter((p) => !pkgFold.has(p.id))
      .map((p) =>
        p.numas
          .filter((n) => {
            const f = numaFold.get(`${p.id}/${n.id}`);
            return !f || f.numas?.[0] === `${p.id}/${n.id}`;
          })
          .map((n) => numaFold.has(`${p.id}/${n.id}`)),
      ),
    pkgs: drawnPkgs.length,
    hasL3,
    pkgFolds: pkgFold.size > 0,
  };
  const a = arrange(m, d, Math.max(maxW, 100), Math.max(maxH, 100));
  const [cw, ch] = coreSize(m, threads);

  const boxes: TopoBox[] = [];
  const pus: PuCell[] = [];
  const foldCells: FoldCell[] = [];
  const folded: (PuCell & { fold: string })[] = [];
  let logicalPu = 0;
  let logicalCore = 0;
  let logicalL3 = 0;
  let logicalNuma = 0;
  /** A folded core's CPUs: each keeps its name and logical index, drawn at its fold's box. */
  const foldCore = (c: CoreNode, box: FoldCell, fold: string) => {
    logicalCore++;
    for (const pu of c.pus)
      folded.push({
        cpu: pu.id,
        logical: logicalPu++,
        socket: pu.socket,
        numa: pu.numa,
        coreKey: c.key,
        x: box.x,
        y: box.y,
        w: box.w,
        h: box.h,
        fold,
      });
  };

  const [mw, mh] = measure(m, d, a);
  boxes.push({
    kind: 'machine',
    key: 'machine',
    x: 0,
    y: 0,
    w: mw,
    h: mh,
    label: machineLabel,
    logical: 0,
    os: 0,
  });
  const { pkgW, pkgH, numaW, numaH, l3w, foldW } = sizes(m, d, a, cw, ch);
  let pkgSlot = 0;
  let logicalPkg = 0;
  tree.forEach((p) => {
    const pf = pkgFold.get(p.id);
    const firstOfFold = !pf || pf.packages?.[0] === p.id;
    const pi = firstOfFold ? pkgSlot++ : pkgSlot - 1;
    const px = m.pad + (pi % a.pkgCols) * (pkgW + 2 * m.gap);
    const py = MACHINE_LABEL + m.pad + Math.floor(pi / a.pkgCols) * (pkgH + 2 * m.gap);
    if (pf) {
      // A folded run of packages: one package-sized box; logical indexes still count them.
      if (firstOfFold)
        foldCells.push({
          key: pf.key,
          level: 'package',
          packages: pf.packages?.length ?? 1,
          numas: pf.numas?.length ?? 0,
          groups: pf.groups.length,
          cores: pf.cores.length,
          cpus: pf.cpus,
          x: px,
          y: py,
          w: pkgW,
          h: pkgH,
          reps: [],
        });
      const box = foldCells[foldCells.length - 1]!;
      logicalPkg++;
      for (const n of p.numas) {
        logicalNuma++;
        for (const l of n.l3s) {
          if (l.id >= 0) logicalL3++;
          for (const c of l.cores) foldCore(c, box, pf.key);
        }
      }
      return;
    }
    boxes.push({
      kind: 'package',
      key: `pkg${p.id}`,
      x: px,
      y: py,
      w: pkgW,
      h: pkgH,
      label: `Package`,
      logical: logicalPkg++,
      os: p.id,
    });
    let ni = 0;
    let rowX = px + m.pad;
    p.numas.forEach((n) => {
      const nc = Math.min(a.numaCols, d.numaPerPkg);
      const nf = numaFold.get(`${p.id}/${n.id}`);
      const first = !nf || nf.numas?.[0] === `${p.id}/${n.id}`;
      // Items fill rows of nc; a folded run is narrower than a whole node.
      if (first && ni % nc === 0) rowX = px + m.pad;
      const nx = rowX;
      const ny = py + PACKAGE_LABEL + m.pad + Math.floor(ni / nc) * (numaH + 2 * m.gap);
      if (first) {
        ni++;
        rowX += (nf ? foldW : numaW) + 2 * m.gap;
      }
      if (nf) {
        // A folded run of NUMA nodes: one node-sized box; logical indexes still count them.
        if (first) {
          const repW = n.l3s[0]?.cores[0]?.pus.length ?? 1;
          foldCells.push({
            key: nf.key,
            level: 'numa',
            groups: nf.groups.length,
            numas: nf.numas?.length ?? 1,
            cores: nf.cores.length,
            cpus: nf.cpus,
            x: nx,
            y: ny,
            w: foldW,
            h: numaH,
            reps: foldReps(m, nx, ny, foldW, numaH, repW),
          });
        }
        const box = foldCells[foldCells.length - 1]!;
        logicalNuma++;
        for (const l of n.l3s) {
          if (l.id >= 0) logicalL3++;
          for (const c of l.cores) {
            foldCore(c, box, nf.key);
          }
        }
        return;
      }
      boxes.push({
        kind: 'numa',
        key: `numa${n.id}`,
        x: nx,
        y: ny,
        w: numaW,
        h: m.bar,
        label: 'NUMANode',
        logical: logicalNuma++,
        os: n.id,
      });
      let gx = nx;
      n.l3s.forEach((l) => {
        const gf = groupFold.get(`${p.id}/${n.id}/${l.id}`);
        const lx = gx;
        let ly = ny + m.bar + m.gap;
        if (gf) {
          // A folded run of L3 groups: one group-sized box; logical indexes still count them.
          if (gf.groups[0] === `${p.id}/${n.id}/${l.id}`) {
            gx += cw + 2 * m.gap;
            const h = numaH - m.bar - m.gap;
            const repW = l.cores[0]?.pus.length ?? 1;
            foldCells.push({
              key: gf.key,
              level: 'l3',
              groups: gf.groups.length,
              cores: gf.cores.length,
              cpus: gf.cpus,
              x: lx,
              y: ly,
              w: cw,
              h,
              reps: foldReps(m, lx, ly, cw, h, repW),
            });
          }
          const box = foldCells[foldCells.length - 1]!;
          logicalL3++;
          for (const c of l.cores) {
            foldCore(c, box, gf.key);
          }
          return;
        }
        gx += l3w + 2 * m.gap;
        if (l.id >= 0) {
          boxes.push({
            kind: 'l3',
            key: `l3-${p.id}-${l.id}`,
            x: lx,
            y: ly,
            w: l3w,
            h: m.bar,
            label: 'L3',
            logical: logicalL3++,
            os: l.id,
          });
          ly += m.bar + m.gap;
        }
        const cols = Math.min(a.coreCols, d.coresPerL3);
        let slot = 0;
        for (const c of l.cores) {
          const f = foldOf.get(c.key);
          const first = !f || f.cores[0] === c.key;
          const cx = lx + (slot % cols) * (cw + m.gap);
          const cy = ly + Math.floor(slot / cols) * (ch + m.gap);
          const puRow = c.pus.length * m.pu[0] + (c.pus.length - 1) * m.gap;
          const inset = Math.max(m.pad, (cw - puRow) / 2);
          const puAt = (ti: number) => ({
            x: cx + inset + ti * (m.pu[0] + m.gap),
            y: cy + m.pad + m.label,
            w: m.pu[0],
            h: m.pu[1],
          });
          if (first) slot++;
          if (f) {
            // Logical indexes count the folded objects too, as lstopo's do.
            if (first)
              foldCells.push({
                key: f.key,
                level: 'core',
                groups: 0,
                cores: f.cores.length,
                cpus: f.cpus,
                x: cx,
                y: cy,
                w: cw,
                h: ch,
                reps: c.pus.map((_, ti) => puAt(ti)),
              });
            const box = foldCells[foldCells.length - 1]!;
            foldCore(c, box, f.key);
            continue;
          }
          boxes.push({
            kind: 'core',
            key: c.key,
            x: cx,
            y: cy,
            w: cw,
            h: ch,
            label: 'Core',
            logical: logicalCore++,
            os: c.core,
          });
          c.pus.forEach((pu, ti) => {
            pus.push({
              cpu: pu.id,
              logical: logicalPu++,
              socket: pu.socket,
              numa: pu.numa,
              coreKey: c.key,
              ...puAt(ti),
            });
          });
        }
      });
    });
  });
  return { width: mw, height: mh, boxes, pus, folds: foldCells, folded, compact };
}

interface Sizes {
  pkgW: number;
  pkgH: number;
  numaW: number;
  numaH: number;
  l3w: number;
  /** Width of a folded run of NUMA nodes: room for "N× NUMANode". */
  foldW: number;
}

function sizes(m: Metrics, d: Dims, a: Arrangement, cw: number, ch: number): Sizes {
  const cols = Math.min(a.coreCols, d.coresPerL3);
  const rows = Math.ceil(d.coresPerL3 / cols);
  const l3w = cols * cw + (cols - 1) * m.gap;
  const l3h = (d.hasL3 ? m.bar + m.gap : 0) + rows * ch + (rows - 1) * m.gap;
  // The widest NUMA node: its whole L3 groups, and one core's width per folded run.
  let numaW = l3w;
  for (const [whole, runs] of d.numaSlots)
    numaW = Math.max(numaW, whole * l3w + runs * cw + (whole + runs - 1) * m.gap * 2);
  const numaH = m.bar + m.gap + l3h;
  const nc = Math.min(a.numaCols, d.numaPerPkg);
  const nr = Math.ceil(d.numaPerPkg / nc);
  // "N× NUMANode" over "N cores" fits a folded run's box.
  const foldW = Math.max(cw, m.label > 0 ? 96 : 48);
  // The widest row of any package's NUMA grid (folded runs drawn narrow).
  let inner = nc * numaW + (nc - 1) * m.gap * 2;
  if (d.pkgItems.some((items) => items.includes(true))) {
    inner = 0;
    for (const items of d.pkgItems)
      for (let r = 0; r < items.length; r += nc) {
        const row = items.slice(r, r + nc);
        const w = row.reduce((sum, f) => sum + (f ? foldW : numaW), 0);
        inner = Math.max(inner, w + (row.length - 1) * m.gap * 2);
      }
  }
  let pkgW = 2 * m.pad + inner;
  let pkgH = PACKAGE_LABEL + 2 * m.pad + nr * numaH + (nr - 1) * m.gap * 2;
  if (d.pkgFolds) {
    // Room for "N× Package" over its NUMA nodes, cores and state.
    pkgW = Math.max(pkgW, m.label > 0 ? 150 : 80);
    pkgH = Math.max(pkgH, m.label > 0 ? 64 : 36);
  }
  return { pkgW, pkgH, numaW, numaH, l3w, foldW };
}
