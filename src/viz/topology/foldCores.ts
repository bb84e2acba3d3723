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

export interface CoreFold {
  /** Stable id: the first folded core's key ("<socket>:<core>"). */
  readonly key: string;
  /** Keys of the folded cores, in topology order (the run without its first and last). */
  readonly cores: readonly string[];
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

/**
 * The folds for a topology: in each group of cores sharing a socket, NUMA node and L3, every
 * run of at least `minRun` neighbouring cores whose CPUs have one foldable signature folds
 * all but its first and last core.
 */
export function planFolds(
  input: TopologyInput,
  signature: (cpu: number) => string | null,
  minRun = MIN_FOLD_RUN,
): CoreFold[] {
  // Cores per group, in the layout's order (socket, NUMA, L3, core id; PUs by id).
  const groups = new Map<string, Map<number, TopoCpu[]>>();
  for (const c of input.cpus) {
    const g = `${c.socket}/${c.numa}/${c.l3 ?? -1}`;
    let cores = groups.get(g);
    if (!cores) groups.set(g, (cores = new Map<number, TopoCpu[]>()));
    const pus = cores.get(c.core);
    if (pus) pus.push(c);
    else cores.set(c.core, [c]);
  }
  const folds: CoreFold[] = [];
  for (const cores of groups.values()) {
    const list = [...cores.entries()].sort((a, b) => a[0] - b[0]).map(([, pus]) => pus);
    const sigs = list.map((pus) => {
      const each = pus.map((p) => signature(p.id));
      if (each.some((s) => s === null)) return null;
      // Same thread count and one state history for all of the core's CPUs.
      return new Set(each).size === 1 ? `${pus.length}|${each[0]}` : null;
    });
    let i = 0;
    while (i < list.length) {
      let j = i;
      const s = sigs[i];
      while (s !== null && j + 1 < list.length && sigs[j + 1] === s) j++;
      if (s !== null && j - i + 1 >= minRun) {
        const hidden = list.slice(i + 1, j);
        folds.push({
          key: coreKey(hidden[0]![0]!),
          cores: hidden.map((pus) => coreKey(pus[0]!)),
          cpus: hidden.flatMap((pus) => pus.map((p) => p.id)).sort((a, b) => a - b),
        });
      }
      i = j + 1;
    }
  }
  return folds;
}
