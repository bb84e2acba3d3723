/**
 * Models the kubelet's image puller (pkg/kubelet/images/puller.go): serialImagePuller (one
 * goroutine, one pull at a time node-wide, when serializeImagePulls is true) or
 * parallelImagePuller (a goroutine per pull, at most maxParallelImagePulls at once). Requests
 * wait in the domain's queue. The machine is `pulling` while pulls run with a slot free and
 * `busy` while every slot is taken (requests queue); its guards read the puller's queue.
 * Each pull it starts runs in its own imagePull instance (imagePull.machine.ts), whose
 * `pullTime` delay is the pull's duration; PULL_COMPLETE is that instance returning.
 */
import { setup } from 'xstate';
import { kubelet } from '../kubelet/view';

export type ImagePullerEvent =
  | { type: 'PULL'; requester: string; image: string; podUid: string; container: string }
  | { type: 'PULL_COMPLETE'; id: number };

/** How many pulls run at once: 1 with serializeImagePulls, else maxParallelImagePulls (or no limit). */
function slots(): number {
  return kubelet().run.maxParallelImagePulls ?? Number.POSITIVE_INFINITY;
}

export const imagePullerMachine = setup({
  types: { events: {} as ImagePullerEvent },
  guards: {
    /** The request starts at once and a slot is still free after it. */
    'a pull slot stays free': () => kubelet().domain.pulls.active.length + 1 < slots(),
    /** The pull that completes is the only request left, in flight or queued. */
    'last pull in flight': () => {
      const p = kubelet().domain.pulls;
      return p.active.length + p.queue.length <= 1;
    },
    /** A queued request takes the slot the completed pull frees. */
    'requests waiting': () => kubelet().domain.pulls.queue.length > 0,
  },
  actions: { enqueuePull: () => {}, finishPull: () => {} },
}).createMachine({
  id: 'imagePuller',
  initial: 'idle',
  states: {
    idle: {
      on: {
        PULL: [
          { guard: 'a pull slot stays free', target: 'pulling', actions: 'enqueuePull' },
          { target: 'busy', actions: 'enqueuePull' },
        ],
      },
    },
    /** Pulls in flight, a slot free: a request starts at once. */
    pulling: {
      on: {
        PULL: [
          { guard: 'a pull slot stays free', actions: 'enqueuePull' },
          { target: 'busy', actions: 'enqueuePull' },
        ],
        PULL_COMPLETE: [
          { guard: 'last pull in flight', target: 'idle', actions: 'finishPull' },
          { actions: 'finishPull' },
        ],
      },
    },
    /**
     * Every slot busy (the one slot of the serial puller's goroutine, or maxParallelImagePulls
     * tokens): new requests wait in the queue, in arrival order.
     */
    busy: {
      on: {
        PULL: { actions: 'enqueuePull' },
        PULL_COMPLETE: [
          { guard: 'requests waiting', actions: 'finishPull' },
          { guard: 'last pull in flight', target: 'idle', actions: 'finishPull' },
          { target: 'pulling', actions: 'finishPull' },
        ],
      },
    },
  },
});
