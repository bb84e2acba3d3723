/**
 * One entry of the kubelet's flowcontrol.Backoff (k8s.io/client-go/util/flowcontrol/backoff.go)
 * as its window runs: a container's restart back-off (klet.backOff, keyed by GetStableKey:
 * CrashLoopBackOff) or an image's pull back-off (imageManager's backOff, "<pod uid>_<image>":
 * ImagePullBackOff). The decision stays where the kubelet takes it: SyncPod's guard 'next
 * container in CrashLoopBackOff' (doBackOff's IsInBackOffSince) and startContainer's 'in image
 * back-off' (IsInBackOffSinceUpdate) read the table; this machine shows the window those guards
 * see, from when it began (`since`: the container's exit, or the failed pull) for the entry's
 * duration (10 s doubling to 300 s): `backingOff`, then after `backOff` `expired` (the next sync
 * may start it again). Nothing wakes at the expiry in the kubelet: the pod worker's requeue does.
 */
import { assign, setup } from 'xstate';
import { kubelet } from '../kubelet/view';

export type BackOffReason = 'CrashLoopBackOff' | 'ImagePullBackOff';

export interface BackOffInput {
  reason: BackOffReason;
  /** When the window began (ms): the container's finishedAt, or the failed pull's end. */
  since: number;
  /** The entry's back-off (Backoff.Get): 10 s, doubled by each Next, at most 300 s. */
  backoffMs: number;
}

/** The kubelet saw the entry in back-off (or Next was called on it): the window it reads now. */
export type BackOffEvent = { type: 'BACK_OFF'; since: number; backoffMs: number };

/** The window the event reports becomes the context's. */
const newWindow = assign<BackOffInput, BackOffEvent, undefined, BackOffEvent, never>(
  ({ event }) => ({ since: event.since, backoffMs: event.backoffMs }),
);

export const backOffMachine = setup({
  types: {
    context: {} as BackOffInput,
    input: {} as BackOffInput,
    events: {} as BackOffEvent,
  },
  delays: {
    /** What is left of the window: since + backoff - now. */
    backOff: ({ context }) => Math.max(0, context.since + context.backoffMs - kubelet().t),
  },
}).createMachine({
  id: 'backOff',
  context: ({ input }) => input,
  initial: 'backingOff',
  states: {
    backingOff: {
      after: { backOff: 'expired' },
      // The same window again (each sync inside it), or a longer one: the timer starts over.
      on: { BACK_OFF: { target: 'backingOff', reenter: true, actions: newWindow } },
    },
    expired: { on: { BACK_OFF: { target: 'backingOff', actions: newWindow } } },
  },
});
