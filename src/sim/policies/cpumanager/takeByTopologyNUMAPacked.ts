/**
 * takeByTopologyNUMAPacked (cpu_assignment.go): topology-aware best fit. Whole NUMA nodes /
 * sockets (in declared-hierarchy order), then optionally whole or partial uncore caches, then
 * whole cores (skipped when spreading), then single CPUs in the sorter's order.
 */
import { type CPUSet } from '../../model/cpuset';
import { err, ok, type Result } from '../../model/result';
import type { CPUTopology } from '../../model/topology';
import { CpuAccumulator, type CPUSortingStrategy, type TakeStep } from './accumulator';
import { notEnoughCPUs, plainError, type CpuManagerError } from './errors';

/** A successful take: the CPUs and the allocator's logged steps. */
export interface Taken {
  readonly cpus: CPUSet;
  readonly steps: readonly TakeStep[];
}

/** Pure: picks `numCPUs` CPUs from `available`, or fails with the kubelet's error text. */
export function takeByTopologyNUMAPacked(
  topo: CPUTopology,
  available: CPUSet,
  numCPUs: number,
  sorting: CPUSortingStrategy,
  preferAlignByUncoreCache: boolean,
): Result<Taken, CpuManagerError> {
  const acc = new CpuAccumulator(topo, available, numCPUs, sorting);
  const done = (): Result<Taken, CpuManagerError> => ok({ cpus: acc.result(), steps: acc.steps });
  if (acc.isSatisfied()) return done();
  if (acc.isFailed()) return err(notEnoughCPUs(numCPUs, available.length));

  // 1. Whole NUMA nodes and sockets, the higher level of the declared hierarchy first.
  acc.takeFullFirstLevel();
  if (acc.isSatisfied()) return done();
  acc.takeFullSecondLevel();
  if (acc.isSatisfied()) return done();

  // 2. prefer-align-cpus-by-uncorecache: whole uncore caches, else fit in one.
  if (preferAlignByUncoreCache) {
    acc.takeUncoreCache();
    if (acc.isSatisfied()) return done();
  }

  // 3. Whole cores, unless spreading across cores.
  if (sorting !== 'spread') {
    acc.takeFullCores();
    if (acc.isSatisfied()) return done();
  }

  // 4. Single CPUs.
  acc.takeRemainingCPUs();
  if (acc.isSatisfied()) return done();
  return err(plainError('failed to allocate cpus'));
}
