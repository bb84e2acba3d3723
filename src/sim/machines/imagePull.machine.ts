/**
 * One image pull in flight: the goroutine the image puller runs it in (serialImagePuller's
 * processImagePullRequests, or parallelImagePuller.pullImage's goroutine, pkg/kubelet/images/
 * puller.go) blocked in the runtime's PullImage for the pull's time, after which the result goes
 * back to the caller (pullChan) and the puller's slot is free again. The puller spawns one per
 * request it takes from its queue, so parallel pulls each have their own timer.
 */
import { setup } from 'xstate';

export interface ImagePullInput {
  /** The puller's request id. */
  id: number;
  /** The startContainer instance waiting in EnsureImageExists. */
  requester: string;
  image: string;
  /** How long PullImage takes: the image's pullTime, sizeBytes / pullBytesPerSecond, or a fault's. */
  pullMs: number;
  /** What the registry answers when the pull fails (an ImagePullError fault), else absent. */
  error?: string;
}

export const imagePullMachine = setup({
  types: {
    context: {} as ImagePullInput,
    input: {} as ImagePullInput,
  },
  guards: {
    /** PullImage returned an error (ErrImagePull for the caller). */
    'registry answered with an error': ({ context }) => context.error !== undefined,
  },
  delays: {
    /** CRI ImageService.PullImage, from the request's context. */
    pullTime: ({ context }) => context.pullMs,
  },
  actions: { imagePulled: () => {}, imagePullFailed: () => {} },
}).createMachine({
  id: 'imagePull',
  context: ({ input }) => input,
  initial: 'pulling',
  states: {
    pulling: {
      after: {
        pullTime: [
          { guard: 'registry answered with an error', target: 'failed' },
          { target: 'pulled' },
        ],
      },
    },
    pulled: { entry: 'imagePulled', type: 'final' },
    failed: { entry: 'imagePullFailed', type: 'final' },
  },
});
