/**
 * lstopo's factorization of identical objects (hwloc's lstopo draws "first, N×, last" for a
 * long run of identical children unless --no-factorize), applied only where it hides nothing:
 * a run of neighbouring cores under one cache may be folded only if every one of their CPUs
 * spends the whole run in the same states at the same steps, and those states are only idle
 * or the shared pool (whose members are the same for every shared CPU). A core that ever holds
 * an exclusive, assigned-but-idle or reserved CPU is never folded, at any cursor.
 */
import type { CpuHistory } from './cpuHistory';
import type { TopoCpu, TopologyInput } from './topologyInput';

/** lstopo folds runs of at least this many identical children, keeping the first and last. */
export const MIN_FOLD_RUN = 4;
/**
 * NUMA nodes come 2 to 4 to a package, too few for lstopo's "first, N×, last" to hide any:
 * a run of at least this many identical whole NUMA nodes folds whole, into one box.
 */
export const MIN_NUMA_FOLD_RUN = 2;
/** Packages too: lstopo's "2x Package" for a two-socket machine whose sockets are alike. */
export const MIN_PACKAGE_FOLD_RUN = 2;

export interface CoreFold {
  /** Stable id: the first folded core's key ("<socket>:<core>"), or "l3:<group>". */
  readonly key: string;
  /**
   * 'core': a run of cores under one L3; 'l3': a run of whole L3 groups under one NUMA node;
   * 'numa': a run of whole NUMA nodes under one package; 'package': a run of whole packages.
   */
  readonly level: 'core' | 'l3' | 'numa' | 'package';
  /** Keys of the folded cores, in topology order (the run without its first and last). */
  readonly cores: readonly string[];
  /** Keys ("<socket>/<numa>/<l3>") of the folded L3 groups ('l3' and 'numa' folds). */
  readonly groups: readonly string[];
  /** Keys ("<socket>/<numa>") of the folded NUMA nodes ('numa' and 'package' folds). */
  readonly numas?: readonly string[];
  /** Socket ids of the folded packages ('package' folds only). */
  readonly packages?: readonly number[];
  /** OS ids of every CPU in the folded cores. */
  readonly cpus: readonly number[];
}

/**
 * What a CPU does over the whole run, as a string equal for CPUs that always share a state,
 * or null when the CPU ever holds work of its own (exclusive, assigned, reserved).
 */
export function foldSignature(h: CpuHistory, cpu: number): string | null {
  const foldable = (k: string) => k === 'idle' || k === 'shared';
  if (!foldable(h.initial.kind)) return null;
  const parts: string[] = [h.initial.kind];
  for (const s of h.states.get(cpu) ?? []) {
    if (!foldable(s.kind)) return null;
    parts.push(`${s.kind}@${s.sinceStep}`);
  }
  return parts.join(' ');
}

const coreKey = (c: TopoCpu) => `${c.socket}:${c.core}`;

/** [first, last] index pairs of the runs of at least `minRun` equal, non-null signatures. */
function runsOf(sigs: readonly (string | null)[], minRun: number): [number, number][] {
  const out: [number, number][] = [];
  let i = 0;
  while (i < sigs.length) {
    let j = i;
    const s = sigs[i];
    while (s !== null && j + 1 < sigs.length && sigs[j + 1] === s) j++;
    if (s !== null && j - i + 1 >= minRun) out.push([i, j]);
    i = j + 1;
  }
  return out;
}

const byId = <V>(m: Map<number, V>) => [...m.entries()].sort((a, b) => a[0] - b[0]);

/**
 * The folds for a topology, lstopo's way: under each package, every run of at least
 * MIN_NUMA_FOLD_RUN identical whole NUMA nodes folds whole; under each NUMA node, every run of at
 * least `minRun` identical L3 groups (same cores, all CPUs with one foldable signature) folds
 * all but its first and last group; and under each L3 group, every such run of
 * identical cores folds all but its first and last core (a fold inside a folded NUMA node or
 * group applies once that is unfolded).
 */
export function planFolds(
  input: TopologyInput,
  signature: (cpu: number) => string | null,
  minRun = MIN_FOLD_RUN,
): CoreFold[] {
  // socket → NUMA → L3 → core → PUs, each level in the layout's order (by id).
  const tree = new Map<number, Map<number, Map<number, Map<number, TopoCpu[]>>>>();
  const at = <K, V>(m: Map<K, V>, k: K, make: () => V): V => {
    let v = m.get(k);
    if (v === undefined) m.set(k, (v = make()));
    return v;
  };
  for (const c of input.cpus) {
    const numas = at(tree, c.socket, () => new Map<number, Map<number, Map<number, TopoCpu[]>>>());
    const l3s = at(numas, c.numa, () => new Map<number, Map<number, TopoCpu[]>>());
    const cores = at(l3s, c.l3 ?? -1, () => new Map<number, TopoCpu[]>());
    at(cores, c.core, (): TopoCpu[] => []).push(c);
  }
  const coreSig = (pus: readonly TopoCpu[]) => {
    const each = pus.map((p) => signature(p.id));
    if (each.some((s) => s === null)) return null;
    // Same thread count and one state history for all of the core's CPUs.
    return new Set(each).size === 1 ? `${pus.length}|${each[0]}` : null;
  };
  const ids = (cores: readonly (readonly TopoCpu[])[]) =>
    cores.flatMap((pus) => pus.map((p) => p.id)).sort((a, b) => a - b);
  const folds: CoreFold[] = [];
  // Whole packages first: every core of each alike, and the packages the same shape.
  const sockets = byId(tree).map(([socket, numas]) => {
    const nodes = byId(numas).map(([numa, l3s]) => ({
      key: `${socket}/${numa}`,
      groups: byId(l3s).map(([l3, cores]) => ({
        key: `${socket}/${numa}/${l3}`,
        cores: byId(cores).map(([, pus]) => pus),
      })),
    }));
    return { socket, nodes };
  });
  const psigs = sockets.map(({ nodes }) => {
    const sigs = nodes.flatMap((n) => n.groups.flatMap((g) => g.cores.map(coreSig)));
    if (sigs.length === 0 || !sigs.every((x) => x !== null && x === sigs[0])) return null;
    const shape = nodes
      .map((n) =>
        n.groups.map((g) => `${g.key.split('/')[2] === '-1' ? '?' : ''}${g.cores.length}`),
      )
      .join(';');
    return `${shape}#${sigs[0]}`;
  });
  for (const [i, j] of runsOf(psigs, MIN_PACKAGE_FOLD_RUN)) {
    const hidden = sockets.slice(i, j + 1);
    const nodes = hidden.flatMap((s) => s.nodes);
    const groups = nodes.flatMap((n) => n.groups);
    const cores = groups.flatMap((g) => g.cores);
    folds.push({
      key: `package:${hidden[0]!.socket}`,
      level: 'package',
      cores: cores.map((pus) => coreKey(pus[0]!)),
      groups: groups.map((g) => g.key),
      numas: nodes.map((n) => n.key),
      packages: hidden.map((s) => s.socket),
      cpus: ids(cores),
    });
  }
  for (const [socket, numas] of byId(tree)) {
    // Whole NUMA nodes first: every core alike (one foldable history) in the same shape.
    const nodes = byId(numas).map(([numa, l3s]) => ({
      key: `${socket}/${numa}`,
      groups: byId(l3s).map(([l3, cores]) => ({
        key: `${socket}/${numa}/${l3}`,
        cores: byId(cores).map(([, pus]) => pus),
      })),
    }));
    const nsigs = nodes.map((n) => {
      const sigs = n.groups.flatMap((g) => g.cores.map(coreSig));
      if (sigs.length === 0 || !sigs.every((x) => x !== null && x === sigs[0])) return null;
      return `${n.groups.map((g) => `${g.key.split('/')[2] === '-1' ? '?' : ''}${g.cores.length}`).join(',')}#${sigs[0]}`;
    });
    for (const [i, j] of runsOf(nsigs, MIN_NUMA_FOLD_RUN)) {
      const hidden = nodes.slice(i, j + 1);
      const groups = hidden.flatMap((n) => n.groups);
      const cores = groups.flatMap((g) => g.cores);
      folds.push({
        key: `numa:${hidden[0]!.key}`,
        level: 'numa',
        cores: cores.map((pus) => coreKey(pus[0]!)),
        groups: groups.map((g) => g.key),
        numas: hidden.map((n) => n.key),
        cpus: ids(cores),
      });
    }
    for (const [numa, l3s] of byId(numas)) {
      const groups = byId(l3s).map(([l3, cores]) => ({
        key: `${socket}/${numa}/${l3}`,
        l3,
        cores: byId(cores).map(([, pus]) => pus),
      }));
      // Whole L3 groups first (never the "no L3 known" group).
      const gsigs = groups.map((g) => {
        if (g.l3 < 0) return null;
        const sigs = g.cores.map(coreSig);
        return sigs.every((x) => x !== null && x === sigs[0])
          ? `${g.cores.length}#${sigs[0]}`
          : null;
      });
      for (const [i, j] of runsOf(gsigs, minRun)) {
        const hidden = groups.slice(i + 1, j);
        const cores = hidden.flatMap((g) => g.cores);
        folds.push({
          key: `l3:${hidden[0]!.key}`,
          level: 'l3',
          cores: cores.map((pus) => coreKey(pus[0]!)),
          groups: hidden.map((g) => g.key),
          cpus: ids(cores),
        });
      }
      // Cores too, also inside folded groups: they apply once such a group is unfolded.
      for (const g of groups) {
        for (const [i, j] of runsOf(g.cores.map(coreSig), minRun)) {
          const hidden = g.cores.slice(i + 1, j);
          folds.push({
            key: coreKey(hidden[0]![0]!),
            level: 'core',
            cores: hidden.map((pus) => coreKey(pus[0]!)),
            groups: [],
            cpus: ids(hidden),
          });
        }
      }
    }
  }
  return folds;
}
