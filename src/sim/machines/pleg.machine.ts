/**
 * Models GenericPLEG.relist (pkg/kubelet/pleg/generic.go), run by wait.Until every
 * genericPlegRelistPeriod (1 s): list the runtime's pods, compare each container's state with
 * the previous relist, write the changed pods' statuses to the pod cache, send lifecycle
 * events (ContainerStarted, ContainerDied, ...) to the sync loop, and update the cache's global
 * timestamp, which wakes pod workers blocked in GetNewerThan.
 */
import { setup } from 'xstate';

export type PlegEvent = { type: 'RELIST' };

export const plegMachine = setup({
  types: { events: {} as PlegEvent },
  actions: { relist: () => {} },
}).createMachine({
  id: 'pleg',
  initial: 'waiting',
  states: {
    waiting: { on: { RELIST: { target: 'waiting', actions: 'relist' } } },
  },
});
