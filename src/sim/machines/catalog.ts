/**
 * The machine definitions a run was built from, by kind, for the statechart views: the run's
 * kubelet version's (1.3's DockerManager SyncPod, 1.18's startContainer, ...).
 */
import type { AnyStateMachine } from 'xstate';
import type { SimulationRun } from '../simulate';
import { KUBELETS, kubeletOf } from '../versions';
import type { KubeletVersionName } from '../versions/names';

export type MachineCatalog = Readonly<Record<string, AnyStateMachine>>;

export function machinesOf(run: SimulationRun): MachineCatalog {
  return kubeletOf(run.scenario).machines;
}

/** Every version's machines: version → kind → XState definition. */
export const machinesByVersion: Readonly<Record<KubeletVersionName, MachineCatalog>> =
  Object.fromEntries(Object.entries(KUBELETS).map(([v, k]) => [v, k.machines])) as Record<
    KubeletVersionName,
    MachineCatalog
  >;
