/**
 * Models GenericPLEG (pkg/kubelet/pleg/generic.go): Start runs `wait.Until(g.Relist,
 * g.relistDuration.RelistPeriod, ...)`, so it relists at once, then sleeps the relist period
 * (1 s, genericPlegRelistPeriod) after each relist returns. A relist lists the runtime's pods,
 * compares each container's state with the previous relist, writes the changed pods' statuses to
 * the pod cache, sends lifecycle events (ContainerStarted, ContainerDied, ...) to the sync loop
 * and updates the cache's global timestamp, which wakes pod workers blocked in GetNewerThan.
 */
import { setup } from 'xstate';

export type PlegEvent = { type: 'RELISTED' };

/** genericPlegRelistPeriod (pkg/kubelet/kubelet.go). */
export const RELIST_PERIOD_MS = 1000;

export const plegMachine = setup({
  types: { events: {} as PlegEvent },
  delays: { relistPeriod: RELIST_PERIOD_MS },
  actions: { relist: () => {} },
}).createMachine({
  id: 'pleg',
  initial: 'relisting',
  states: {
    relisting: { entry: 'relist', on: { RELISTED: 'sleeping' } },
    sleeping: { after: { relistPeriod: 'relisting' } },
  },
});
