/**
 * Kubernetes v1.18.6 kubeGenericRuntimeManager.startContainer
 * (pkg/kubelet/kuberuntime/kuberuntime_container.go, line 134, as vendored by KubeEdge v1.4.0 @
 * dfcdab01d4538ebefc2284a1b82a407d649e8f94) for one container, attempt after attempt:
 *   EnsureImageExists (images/image_manager.go: Pulling "Pulling image %q", Pulled
 *   "Successfully pulled image %q", no duration before 1.19) -> generateContainerConfig ->
 *   CRI CreateContainer, with no cpuset in the config (there is no PreCreateContainer before
 *   1.21) -> internalLifecycle.PreStartContainer (cm/internal_container_lifecycle.go):
 *   cpuManager.AddContainer applies the cpuset allocated at admission with CRI
 *   UpdateContainerResources (only when GetCPUSetOrDefault is non-empty: the static policy),
 *   then topologyManager.AddContainer (records the container, logs nothing) -> event Created
 *   "Created container %s" -> CRI StartContainer -> event Started -> PostStart hook; a failed
 *   hook records FailedPostStartHook with the hook runner's message, kills the container with
 *   message "FailedPostStartHook" and returns "PostStartHookError: <err>".
 */
import { assign, setup } from 'xstate';
import { parseNormalizedNamedError } from '../../kubelet/imageReference';
import { peekFault } from '../../kubelet/faults';
import { podGracePeriod, stopTime } from '../../kubelet/killContainer';
import { startContainerId } from '../../kubelet/ids';
import { kubelet } from '../../kubelet/view';
import { imageBackOffKey, isInBackOffSinceUpdate, IMAGE_BACKOFF } from '../../kubelet/backoff';
import { cpusetForContainer } from '../../policies/cpumanager/manager';

export type StartContainer118Event =
  | { type: 'START'; typeName: string }
  | { type: 'PULLED'; pullMs: number; sizeBytes: number }
  | { type: 'PULL_FAILED'; error: string };

interface StartContainerInput {
  uid: string;
  podKey: string;
  name: string;
}

interface StartContainerContext extends StartContainerInput {
  /** "container" | "init container", as SyncPod's start helper names it. */
  typeName: string;
}

/** The container's spec and the run, as guards and delays read them. */
function spec(ctx: StartContainerContext) {
  const k = kubelet();
  const pod = k.run.pods[ctx.uid]!;
  return { k, pod, c: pod.byName[ctx.name]! };
}

export const startContainer118Machine = setup({
  types: {
    events: {} as StartContainer118Event,
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
    /** cpuManager.AddContainer: GetCPUSetOrDefault is non-empty only under the static policy. */
    'the CPU manager holds a cpuset': ({ context }) => {
      const k = kubelet();
      return (
        k.domain.cpu !== null &&
        k.domain.cpu.state.policyName === 'static' &&
        cpusetForContainer(k.domain.cpu.state, context.uid, context.name) !== ''
      );
    },
    'has PostStart hook': ({ context }) => spec(context).c.postStart !== undefined,
    'PostStart hook failed': ({ context }) =>
      kubelet().domain.starts[attemptKey(context)]?.failed === 'postStart',
  },
  delays: {
    // In the kubelet's memory: no time passes.
    imageCheck: 0,
    generateContainerConfig: 0,
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
    containerConfigFailed: () => {},
    criCreateContainer: () => {},
    containerCreateFailed: () => {},
    preStartContainer: () => {},
    criUpdateContainerResources: () => {},
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
          { target: 'creating' },
        ],
      },
    },
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
    // internalContainerLifecycle.PreStartContainer -> cpuManager.AddContainer: the cpuset
    // allocated at admission reaches the created container through CRI UpdateContainerResources.
    preStart: {
      entry: 'preStartContainer',
      always: [
        { guard: 'the CPU manager holds a cpuset', target: 'updatingContainerResources' },
        { target: 'startingAfterPreStart' },
      ],
    },
    updatingContainerResources: {
      entry: 'criUpdateContainerResources',
      after: { preStartContainer: 'starting' },
    },
    startingAfterPreStart: { after: { preStartContainer: 'starting' } },
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
