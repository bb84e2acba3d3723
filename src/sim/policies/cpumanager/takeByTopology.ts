/**
 * staticPolicy.takeByTopology (policy_static.go): picks the allocator from the policy options.
 * distribute-cpus-across-cores sorts CPUs "spread"; distribute-cpus-across-numa uses the
 * distributed allocator (groups of a whole core under full-pcpus-only); otherwise packed, with
 * prefer-align-cpus-by-uncorecache passed through.
 */
import type { CPUSet } from '../../model/cpuset';
import type { Result } from '../../model/result';
import { cpusPerCore, type CPUTopology } from '../../model/topology';
import type { CpuManagerError } from './errors';
import type { StaticPolicyOptions } from './options';
import { takeByTopologyNUMADistributed } from './takeByTopologyNUMADistributed';
import { takeByTopologyNUMAPacked, type Taken } from './takeByTopologyNUMAPacked';

/** Pure: `numCPUs` CPUs out of `available`, chosen as the static policy would. */
export function takeByTopology(
  topo: CPUTopology,
  options: StaticPolicyOptions,
  available: CPUSet,
  numCPUs: number,
): Result<Taken, CpuManagerError> {
  const sorting = options.distributeCPUsAcrossCores ? 'spread' : 'packed';
  if (options.distributeCPUsAcrossNUMA) {
    const groupSize = options.fullPhysicalCPUsOnly ? cpusPerCore(topo) : 1;
    return takeByTopologyNUMADistributed(topo, available, numCPUs, groupSize, sorting);
  }
  return takeByTopologyNUMAPacked(
    topo,
    available,
    numCPUs,
    sorting,
    options.preferAlignByUncoreCache,
  );
}
