/**
 * Models the kubelet's image puller (pkg/kubelet/images/puller.go): serialImagePuller (one
 * goroutine, one pull at a time node-wide, when serializeImagePulls is true) or
 * parallelImagePuller (a goroutine per pull, at most maxParallelImagePulls at once). Requests
 * wait in the domain's queue; the machine is `pulling` while any request is queued or in flight.
 */
import { assign, setup } from 'xstate';

export type ImagePullerEvent =
  | { type: 'PULL'; requester: string; image: string; podUid: string; container: string }
  | { type: 'PULL_COMPLETE'; id: number };

export const imagePullerMachine = setup({
  types: { events: {} as ImagePullerEvent, context: {} as { pending: number } },
  guards: {
    'last pull in flight': ({ context }) => context.pending <= 1,
  },
  actions: { enqueuePull: () => {}, finishPull: () => {} },
}).createMachine({
  id: 'imagePuller',
  context: { pending: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        PULL: {
          target: 'pulling',
          actions: [assign({ pending: ({ context }) => context.pending + 1 }), 'enqueuePull'],
        },
      },
    },
    pulling: {
      on: {
        PULL: {
          actions: [assign({ pending: ({ context }) => context.pending + 1 }), 'enqueuePull'],
        },
        PULL_COMPLETE: [
          {
            guard: 'last pull in flight',
            target: 'idle',
            actions: [assign({ pending: 0 }), 'finishPull'],
          },
          { actions: [assign({ pending: ({ context }) => context.pending - 1 }), 'finishPull'] },
        ],
      },
    },
  },
});
