/**
 * The API server as the kubelet's apiserver config source sees it (config.NewSourceApiserver
 * watch): pods bound to the node appear (ADD), get a deletion timestamp (DELETE), and are
 * removed once the kubelet reports them terminated (REMOVE). It forwards each change to the
 * kubelet's sync loop while the kubelet runs; a restarted kubelet lists every pod again.
 */
import { setup } from 'xstate';

export type ApiServerEvent =
  | { type: 'POD_CREATE'; uids: string[] }
  | { type: 'POD_DELETE'; uid: string; grace?: number }
  | { type: 'POD_REMOVE'; uid: string };

export const apiServerMachine = setup({
  types: { events: {} as ApiServerEvent },
  actions: { podsCreated: () => {}, podDeleted: () => {}, podRemoved: () => {} },
}).createMachine({
  id: 'apiServer',
  initial: 'serving',
  states: {
    serving: {
      on: {
        POD_CREATE: { actions: 'podsCreated' },
        POD_DELETE: { actions: 'podDeleted' },
        POD_REMOVE: { actions: 'podRemoved' },
      },
    },
  },
});
