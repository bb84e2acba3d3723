/**
 * The machine definitions a run was built from, by kind, for the statechart views: the run's
 * kubelet version's (1.3's DockerManager SyncPod, 1.18-1.20's startContainer, ...). Every
 * version's are versions/all.ts `allMachines`.
 */
import type { AnyStateMachine } from 'xstate';
import type { SimulationRun } from '../simulate';
import { kubeletOf } from '../versions';

export type MachineCatalog = Readonly<Record<string, AnyStateMachine>>;

export function machinesOf(run: SimulationRun): MachineCatalog {
  return kubeletOf(run.scenario).machines;
}
