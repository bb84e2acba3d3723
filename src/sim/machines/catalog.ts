/**
 * Every machine kind of the kubelet model, by name, as the views draw them. The engine's
 * run spec (kubelet/spec.ts) binds the same definitions to their effects; a unit test keeps
 * the two lists equal.
 */
import type { AnyStateMachine } from 'xstate';
import type { SimulationRun } from '../simulate';
import { apiServerMachine } from './apiServer.machine';
import { containerRuntimeMachine } from './containerRuntime.machine';
import { cpuManagerMachine } from './cpuManager.machine';
import { imagePullerMachine } from './imagePuller.machine';
import { kubeletProcessMachine } from './kubeletProcess.machine';
import { plegMachine } from './pleg.machine';
import { podWorkerMachine } from './podWorker.machine';
import { proberMachine } from './prober.machine';
import { startContainerMachine } from './startContainer.machine';
import { syncLoopMachine } from './syncLoop.machine';
import { syncPodMachine } from './syncPod.machine';

export type MachineCatalog = Readonly<Record<string, AnyStateMachine>>;

export const machines: MachineCatalog = {
  syncLoop: syncLoopMachine,
  podWorker: podWorkerMachine,
  syncPod: syncPodMachine,
  startContainer: startContainerMachine,
  imagePuller: imagePullerMachine,
  pleg: plegMachine,
  prober: proberMachine,
  containerRuntime: containerRuntimeMachine,
  cpuManager: cpuManagerMachine,
  apiServer: apiServerMachine,
  kubeletProcess: kubeletProcessMachine,
};

/** The machines a run was built from (one set today; per kubelet version later). */
export function machinesOf(_run: SimulationRun): MachineCatalog {
  return machines;
}
