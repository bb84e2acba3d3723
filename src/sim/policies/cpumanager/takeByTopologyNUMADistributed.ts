/**
 * takeByTopologyNUMADistributed (cpu_assignment.go, KEP-2902; the ~1.32/1.33 text, without the
 * later align-by-socket variant): spread a request evenly over the fewest NUMA nodes that can hold
 * it, in groups of `cpuGroupSize`, choosing the combination and the remainder subset whose
 * per-NUMA free counts afterwards have the lowest standard deviation (rounded to 3 decimals,
 * strict comparison: first found wins ties). Falls back to the packed algorithm.
 */
import { type CPUSet } from '../../model/cpuset';
import { err, ok, type Result } from '../../model/result';
import type { CPUTopology } from '../../model/topology';
import { CpuAccumulator, type CPUSortingStrategy, type TakeStep } from './accumulator';
import { notEnoughCPUs, plainError, type CpuManagerError } from './errors';
import { iterateCombinations, sliceValues, type GoSlice } from './goCombinations';
import { takeByTopologyNUMAPacked, type Taken } from './takeByTopologyNUMAPacked';

// Go's math.Round: half away from zero; values here are non-negative, so Math.round agrees.
function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** mean() and standardDeviation() of cpu_assignment.go, both rounded to 3 decimals. */
export function standardDeviation(xs: readonly number[]): number {
  let sum = 0;
  for (const x of xs) sum += x;
  const m = round3(sum / xs.length);
  let sq = 0;
  for (const x of xs) sq += (x - m) * (x - m);
  return round3(Math.sqrt(sq / xs.length));
}

// Round-robin of `groupSize` CPUs over `subset` until `remainder` is used up. Go loops forever
// when no member can give a group any more; we stop and report it (returns false).
function roundRobin(
  after: Map<number, number>,
  subset: readonly number[],
  remainder: number,
  groupSize: number,
): boolean {
  let left = remainder;
  while (left > 0) {
    let progressed = false;
    for (const numa of subset) {
      if (left === 0) break;
      if ((after.get(numa) ?? 0) < groupSize) continue;
      after.set(numa, (after.get(numa) ?? 0) - groupSize);
      left -= groupSize;
      progressed = true;
    }
    if (!progressed) return false;
  }
  return true;
}

/** Pure: distributes `numCPUs` CPUs over NUMA nodes as the kubelet does. */
export function takeByTopologyNUMADistributed(
  topo: CPUTopology,
  available: CPUSet,
  numCPUs: number,
  cpuGroupSize: number,
  sorting: CPUSortingStrategy,
): Result<Taken, CpuManagerError> {
  if (cpuGroupSize < 1 || numCPUs % cpuGroupSize !== 0)
    return takeByTopologyNUMAPacked(topo, available, numCPUs, sorting, false);

  const acc = new CpuAccumulator(topo, available, numCPUs, sorting);
  if (acc.isSatisfied()) return ok({ cpus: acc.result(), steps: [] });
  if (acc.isFailed()) return err(notEnoughCPUs(numCPUs, available.length));

  const numas = acc.sortAvailableNUMANodes();
  const [minNUMAs, maxNUMAs] = acc.rangeNUMANodesNeededToSatisfy(cpuGroupSize);
  const free = (numa: number): number => acc.freeCount('numa', numa);

  for (let k = minNUMAs; k <= maxNUMAs; k++) {
    // Holders rather than lets: the callbacks assign them (TypeScript cannot see through closures).
    const best: { balance: number; combo: GoSlice | null; remainder: GoSlice | null } = {
      balance: Number.MAX_VALUE,
      combo: null,
      remainder: null,
    };
    iterateCombinations(numas, k, (comboSlice) => {
      if (best.balance === 0) return 'break';
      const combo = sliceValues(comboSlice);
      let total = 0;
      let groups = 0;
      for (const numa of combo) {
        total += free(numa);
        groups += Math.trunc(free(numa) / cpuGroupSize);
      }
      if (total < numCPUs) return 'continue';
      if (groups * cpuGroupSize < numCPUs) return 'continue';
      const distribution =
        Math.trunc(Math.trunc(numCPUs / combo.length) / cpuGroupSize) * cpuGroupSize;
      for (const numa of combo) if (free(numa) < distribution) return 'continue';

      const after = new Map<number, number>();
      for (const numa of numas) after.set(numa, free(numa));
      for (const numa of combo) after.set(numa, (after.get(numa) ?? 0) - distribution);
      const remainder = numCPUs - distribution * combo.length;
      const remainderCombo = combo.filter((numa) => (after.get(numa) ?? 0) >= cpuGroupSize);

      const local: { balance: number; remainder: GoSlice | null } = {
        balance: remainder === 0 ? standardDeviation([...after.values()]) : Number.MAX_VALUE,
        remainder: null,
      };
      for (let k2 = remainderCombo.length; remainder > 0 && k2 >= 1; k2--) {
        iterateCombinations(remainderCombo, k2, (subsetSlice) => {
          const subset = sliceValues(subsetSlice);
          const trial = new Map(after);
          let sum = 0;
          for (const numa of subset) sum += trial.get(numa) ?? 0;
          if (sum < remainder) return 'continue';
          if (!roundRobin(trial, subset, remainder, cpuGroupSize)) return 'continue';
          const balance = standardDeviation([...trial.values()]);
          if (balance < local.balance) {
            local.balance = balance;
            local.remainder = subsetSlice;
          }
          return 'continue';
        });
      }
      if (local.balance < best.balance) {
        best.balance = local.balance;
        best.remainder = local.remainder;
        best.combo = comboSlice;
      }
      return 'continue';
    });

    if (best.combo === null) continue;
    // Read the kept slices now, as Go does after the loop (see goCombinations.ts).
    const combo = sliceValues(best.combo);
    const rest = best.remainder === null ? [] : sliceValues(best.remainder);
    const steps: TakeStep[] = [];
    const distribution =
      Math.trunc(Math.trunc(numCPUs / combo.length) / cpuGroupSize) * cpuGroupSize;
    for (const numa of combo) {
      const r = takeByTopologyNUMAPacked(
        topo,
        acc.availIn('numa', numa),
        distribution,
        sorting,
        false,
      );
      const cpus = r.ok ? r.value.cpus : []; // Go ignores this error
      steps.push({
        msg: 'takeByTopologyNUMADistributed: claiming even share of NUMA node',
        level: 'numa',
        id: numa,
        cpus,
      });
      acc.take(cpus);
    }
    let remainder = numCPUs - distribution * combo.length;
    while (remainder > 0) {
      let progressed = false;
      for (const numa of rest) {
        if (remainder === 0) break;
        if (acc.availIn('numa', numa).length < cpuGroupSize) continue;
        const r = takeByTopologyNUMAPacked(
          topo,
          acc.availIn('numa', numa),
          cpuGroupSize,
          sorting,
          false,
        );
        const cpus = r.ok ? r.value.cpus : [];
        steps.push({
          msg: 'takeByTopologyNUMADistributed: claiming remainder group',
          level: 'numa',
          id: numa,
          cpus,
        });
        acc.take(cpus);
        remainder -= cpuGroupSize;
        progressed = true;
      }
      if (!progressed) break; // Go would spin here; the accounting check below reports it
    }
    if (acc.numCPUsNeeded > 0)
      return err(
        plainError(`accounting error, not enough CPUs allocated, remaining: ${acc.numCPUsNeeded}`),
      );
    if (acc.numCPUsNeeded < 0)
      return err(
        plainError(`accounting error, too many CPUs allocated, remaining: ${acc.numCPUsNeeded}`),
      );
    return ok({ cpus: acc.result(), steps });
  }
  return takeByTopologyNUMAPacked(topo, available, numCPUs, sorting, false);
}
