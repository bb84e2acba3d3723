/**
 * The machine definitions a run was built from, by kind, for the statechart views. One kubelet
 * version today (currentKubelet); when runs name a version, this picks the run's, and callers
 * need no change.
 */
import type { AnyStateMachine } from 'xstate';
import { currentKubelet } from '../kubelet/versions/current';
import type { SimulationRun } from '../simulate';

export type MachineCatalog = Readonly<Record<string, AnyStateMachine>>;

export function machinesOf(_run: SimulationRun): MachineCatalog {
  return currentKubelet.machines;
}
