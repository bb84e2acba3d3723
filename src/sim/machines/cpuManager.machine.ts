/**
 * Models the CPU manager's reconcile loop (pkg/kubelet/cm/cpumanager/cpu_manager.go,
 * reconcileState every cpuManagerReconcilePeriod): removeStaleState frees the CPUs of containers
 * that no longer belong to an active pod. Runs only under the static policy.
 */
import { setup } from 'xstate';

export type CpuManagerEvent = { type: 'RECONCILE' };

export const cpuManagerMachine = setup({
  types: { events: {} as CpuManagerEvent },
  actions: { reconcileState: () => {} },
}).createMachine({
  id: 'cpuManager',
  initial: 'running',
  states: { running: { on: { RECONCILE: { actions: 'reconcileState' } } } },
});
