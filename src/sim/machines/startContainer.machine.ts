/**
 * Models kubeGenericRuntimeManager.startContainer (pkg/kubelet/kuberuntime/kuberuntime_container.go)
 * for one container of a pod, attempt after attempt, with imageManager.EnsureImageExists
 * (pkg/kubelet/images/image_manager.go) and the PostStart hook runner (pkg/kubelet/lifecycle/handlers.go):
 *
 *   EnsureImageExists: no pull when the image is present and the policy is not Always; an absent
 *     image with policy Never fails (ErrImageNeverPull); an image in back-off fails
 *     (ImagePullBackOff); otherwise it is pulled through the node's image puller (serial or
 *     parallel) and a failed pull fails the attempt (ErrImagePull).
 *   generateContainerConfig ("Enforcing CFS quota") -> PreCreateContainer (cpuset) ->
 *   CRI CreateContainer (takes `createContainer`; may fail: CreateContainerError) ->
 *   PreStartContainer (resource managers) -> event Created -> CRI StartContainer (takes
 *   `startContainer`; may fail: RunContainerError, the container exits 128 StartError) -> event Started -> the PostStart hook, if any: synchronous, it holds the
 *   attempt (and SyncPod, which waits for it) for `postStartHook`; a failing hook emits
 *   FailedPostStartHook, kills the container (`stopContainer`) and fails the attempt
 *   (PostStartHookError).
 * Every path ends in `idle` with `reportResult`: the outcome goes back to the SyncPod that asked.
 * Steps in the kubelet's memory take no time (delay 0) but are steps of their own: other
 * goroutines run in between at the same instant.
 */
import { assign, setup } from 'xstate';
import { parseNormalizedNamedError } from '../kubelet/imageReference';
import { peekFault } from '../kubelet/faults';
import { podGracePeriod, stopTime } from '../kubelet/killContainer';
import { startContainerId } from '../kubelet/ids';
import { kubelet } from '../kubelet/view';
import { imageBackOffKey, isInBackOffSinceUpdate, IMAGE_BACKOFF } from '../kubelet/backoff';

export type StartContainerEvent =
  | { type: 'START'; typeName: string }
  | { type: 'PULLED'; pullMs: number; sizeBytes: number }
  | { type: 'PULL_FAILED'; error: string };

export interface StartContainerInput {
  uid: string;
  podKey: string;
  name: string;
}

export interface StartContainerContext extends StartContainerInput {
  /** "container" | "init container", as SyncPod's start helper names it. */
  typeName: string;
}

/** The container's spec and the run, as guards and delays read them. */
function spec(ctx: StartContainerContext) {
  const k = kubelet();
  const pod = k.run.pods[ctx.uid]!;
  return { k, pod, c: pod.byName[ctx.name]! };
}

export const startContainerMachine = setup({
  types: {
    events: {} as StartContainerEvent,
    context: {} as StartContainerContext,
    input: {} as StartContainerInput,
  },
  guards: {
    /** shouldPullImage is false for a present image unless the policy is Always. */
    'image present and pull policy is not Always': ({ context }) => {
      const { k, c } = spec(context);
      return c.pullPolicy !== 'Always' && k.domain.images[c.imageRef] !== undefined;
    },
    /** applyDefaultImageTag: the spec's image is no valid reference (ErrInvalidImageName). */
    'image name does not parse': ({ context }) =>
      parseNormalizedNamedError(spec(context).c.image) !== undefined,
    'pull policy is Never': ({ context }) => spec(context).c.pullPolicy === 'Never',
    /** imageManager's backOff.IsInBackOffSinceUpdate for "<pod uid>_<image>". */
    'in image back-off': ({ context }) => {
      const { k, c } = spec(context);
      return isInBackOffSinceUpdate(
        k.domain.imageBackOff,
        imageBackOffKey(context.uid, c.image),
        k.t,
        IMAGE_BACKOFF,
      );
    },
    /** generateContainerConfig returned an error (e.g. a missing ConfigMap key in env). */
    'container config failed': ({ context }) =>
      kubelet().domain.starts[attemptKey(context)]?.failed === 'config',
    'CreateContainer failed': ({ context }) =>
      kubelet().domain.starts[attemptKey(context)]?.failed === 'create',
    'StartContainer failed': ({ context }) =>
      kubelet().domain.starts[attemptKey(context)]?.failed === 'start',
    'has PostStart hook': ({ context }) => spec(context).c.postStart !== undefined,
    'PostStart hook failed': ({ context }) =>
      kubelet().domain.starts[attemptKey(context)]?.failed === 'postStart',
  },
  delays: {
    // In the kubelet's memory: no time passes.
    imageCheck: 0,
    generateContainerConfig: 0,
    preCreateContainer: 0,
    preStartContainer: 0,
    // CRI calls: the scenario's runtime latencies.
    createContainer: () => kubelet().run.latencies.createContainer,
    startContainer: () => kubelet().run.latencies.startContainer,
    /** A PostStartHang fault's time, a sleep hook's seconds, or the runtime's hook latency. */
    postStartHook: ({ context }) => {
      const { k, pod, c } = spec(context);
      const hang = peekFault(k.run, k.domain, k.t, 'PostStartHang', pod.key, c.name);
      if (hang) return Math.round(hang.seconds * 1000);
      return c.postStart?.kind === 'sleep' ? c.postStart.sleepMs : k.run.latencies.hook;
    },
    /** killContainer's StopContainer: the runtime's stop time, at most the grace period (min 2 s). */
    stopContainer: ({ context }) => {
      const { k, pod, c } = spec(context);
      return stopTime(k.run, k.domain, k.t, pod, c.name, podGracePeriod(pod));
    },
  },
  actions: {
    recordImagePresent: () => {},
    recordInvalidImageName: () => {},
    recordImageNeverPull: () => {},
    recordImageBackOff: () => {},
    requestPull: () => {},
    imagePulled: () => {},
    imagePullFailed: () => {},
    generateContainerConfig: () => {},
    preCreateContainer: () => {},
    containerConfigFailed: () => {},
    criCreateContainer: () => {},
    containerCreateFailed: () => {},
    preStartContainer: () => {},
    criStartContainer: () => {},
    containerStartFailed: () => {},
    containerStarted: () => {},
    runPostStart: () => {},
    postStartFailed: () => {},
    reportResult: () => {},
  },
}).createMachine({
  id: 'startContainer',
  context: ({ input }) => ({ ...input, typeName: '' }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        START: {
          target: 'ensuringImage',
          actions: assign({ typeName: ({ event }) => event.typeName }),
        },
      },
    },
    // imageManager.EnsureImageExists: decided at once, from the pull policy, the node's images
    // and the image back-off.
    ensuringImage: {
      always: [
        {
          guard: 'image name does not parse',
          target: 'imageFailed',
          actions: 'recordInvalidImageName',
        },
        {
          guard: 'image present and pull policy is not Always',
          target: 'imagePresent',
        },
        { guard: 'pull policy is Never', target: 'imageFailed', actions: 'recordImageNeverPull' },
        { guard: 'in image back-off', target: 'imageFailed', actions: 'recordImageBackOff' },
        { target: 'pullingImage' },
      ],
    },
    imagePresent: {
      entry: 'recordImagePresent',
      after: { imageCheck: 'generatingConfig' },
    },
    imageFailed: {
      after: { imageCheck: { target: 'idle', actions: 'reportResult' } },
    },
    // Queued in the image puller, then pulled; the puller reports the outcome.
    pullingImage: {
      entry: 'requestPull',
      on: {
        PULLED: { target: 'generatingConfig', actions: 'imagePulled' },
        PULL_FAILED: { target: 'idle', actions: ['imagePullFailed', 'reportResult'] },
      },
    },
    generatingConfig: {
      entry: 'generateContainerConfig',
      after: {
        generateContainerConfig: [
          {
            guard: 'container config failed',
            target: 'idle',
            actions: ['containerConfigFailed', 'reportResult'],
          },
          { target: 'preCreate' },
        ],
      },
    },
    preCreate: { entry: 'preCreateContainer', after: { preCreateContainer: 'creating' } },
    creating: {
      entry: 'criCreateContainer',
      after: {
        createContainer: [
          {
            guard: 'CreateContainer failed',
            target: 'idle',
            actions: ['containerCreateFailed', 'reportResult'],
          },
          { target: 'preStart' },
        ],
      },
    },
    preStart: { entry: 'preStartContainer', after: { preStartContainer: 'starting' } },
    starting: {
      entry: 'criStartContainer',
      after: {
        startContainer: [
          {
            guard: 'StartContainer failed',
            target: 'idle',
            actions: ['containerStartFailed', 'reportResult'],
          },
          { guard: 'has PostStart hook', target: 'postStart', actions: 'containerStarted' },
          { target: 'idle', actions: ['containerStarted', 'reportResult'] },
        ],
      },
    },
    postStart: {
      entry: 'runPostStart',
      after: {
        postStartHook: [
          {
            guard: 'PostStart hook failed',
            target: 'killingAfterHook',
            actions: 'postStartFailed',
          },
          { target: 'idle', actions: 'reportResult' },
        ],
      },
    },
    killingAfterHook: {
      after: { stopContainer: { target: 'idle', actions: 'reportResult' } },
    },
  },
});

/** The instance's attempt in KubeletDomain.starts (keyed by instance id). */
function attemptKey(ctx: StartContainerInput): string {
  return startContainerId(ctx.podKey, ctx.name);
}
