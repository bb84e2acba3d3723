/**
 * Models kubeGenericRuntimeManager.startContainer (pkg/kubelet/kuberuntime/kuberuntime_container.go)
 * for one container of a pod, attempt after attempt, with imageManager.EnsureImageExists
 * (pkg/kubelet/images/image_manager.go) and the PostStart hook runner (pkg/kubelet/lifecycle/handlers.go):
 *
 *   EnsureImageExists: no pull when the image is present and the policy is not Always (with
 *     KubeletEnsureSecretPulledImages, unless PullManager.MustAttemptImagePull finds the pod's
 *     credentials not among those that pulled it: then policy Never fails, anything else pulls);
 *     an absent image with policy Never fails (ErrImageNeverPull); an image in back-off fails
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
 *
 * What a step answers is the machine's own: generateContainerConfig's error, a CRI call's error
 * and the hook's failure arrive as events (CONFIG_FAILED, CRI_FAILED, HOOK_FAILED) that the
 * machine keeps in its context, and the guards after each step read that.
 *
 * Releases before 1.21 (PR #98019) had no PreCreateContainer: the cpuset the static policy
 * allocated at admission reached the container through CRI UpdateContainerResources in
 * PreStartContainer, after CreateContainer (`beforePreCreateContainer`, a delta of this config).
 */
import { setup } from 'xstate';
import { parseNormalizedNamedError } from '../kubelet/imageReference';
import { peekFault } from '../kubelet/faults';
import { podGracePeriod, stopTime } from '../kubelet/killContainer';
import { kubelet } from '../kubelet/view';
import { imageBackOffKey, isInBackOffSinceUpdate, IMAGE_BACKOFF } from '../kubelet/backoff';
import { mustAttemptImagePull, podPullSecrets } from '../kubelet/pullCredentials';
import { cpusetForContainer } from '../policies/cpumanager/manager';
import { withStates } from './compose';

/** The step whose answer failed the attempt. */
export type StartFailure = 'config' | 'create' | 'start' | 'postStart';

export type StartContainerEvent =
  | { type: 'START'; typeName: string }
  | { type: 'PULLED'; pullMs: number; sizeBytes: number }
  | { type: 'PULL_FAILED'; error: string }
  /** generateContainerConfig returned an error (a missing ConfigMap key, ...). */
  | { type: 'CONFIG_FAILED'; message: string }
  /** The CRI call in flight answered with an error (its grpc status message). */
  | { type: 'CRI_FAILED'; message: string }
  /** The PostStart handler failed (the hook runner's error, when a fault gives one). */
  | { type: 'HOOK_FAILED'; message?: string };

export interface StartContainerInput {
  uid: string;
  podKey: string;
  name: string;
}

export interface StartContainerContext extends StartContainerInput {
  /** "container" | "init container", as SyncPod's start helper names it. */
  typeName: string;
  /** The failed step of this attempt, if one failed, and its message. */
  failed: StartFailure | undefined;
  message: string | undefined;
}

/** The container's spec and the run, as guards and delays read them. */
function spec(ctx: StartContainerContext) {
  const k = kubelet();
  const pod = k.run.pods[ctx.uid]!;
  return { k, pod, c: pod.byName[ctx.name]! };
}

/** imageManager's backOff.IsInBackOffSinceUpdate for "<pod uid>_<image>". */
function inImageBackOff(ctx: StartContainerContext): boolean {
  const { k, c } = spec(ctx);
  return isInBackOffSinceUpdate(
    k.domain.imageBackOff,
    imageBackOffKey(ctx.uid, c.image),
    k.t,
    IMAGE_BACKOFF,
  );
}

const startContainerSetup = setup({
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
    /**
     * KubeletEnsureSecretPulledImages: a present image that the pull policy would not pull goes
     * through PullManager.MustAttemptImagePull, which asks for a pull when the image's pulled
     * record does not show the pod's credentials (pulled with another Secret, or never recorded
     * under a policy that checks it).
     */
    'present image needs a pull for the pod’s credentials': ({ context }) => {
      const { k, pod, c } = spec(context);
      if (k.run.gates.KubeletEnsureSecretPulledImages !== true) return false;
      if (c.pullPolicy === 'Always' || k.domain.images[c.imageRef] === undefined) return false;
      return mustAttemptImagePull(
        k.run.pullCredentials,
        k.domain.imagePullRecords[c.imageRef],
        c.image,
        podPullSecrets(pod.manifest),
      );
    },
    /** The present image could not be used unchecked, and policy Never forbids the pull. */
    'pull policy is Never, so the unchecked image fails': ({ context }) =>
      spec(context).c.pullPolicy === 'Never',
    /** pullImage's back-off check, on the way to the credential check's pull. */
    'in image back-off before the credential pull': ({ context }) => inImageBackOff(context),
    /** applyDefaultImageTag: the spec's image is no valid reference (ErrInvalidImageName). */
    'image name does not parse': ({ context }) =>
      parseNormalizedNamedError(spec(context).c.image) !== undefined,
    'pull policy is Never': ({ context }) => spec(context).c.pullPolicy === 'Never',
    /** imageManager's backOff.IsInBackOffSinceUpdate for "<pod uid>_<image>". */
    'in image back-off': ({ context }) => inImageBackOff(context),
    /** generateContainerConfig returned an error (e.g. a missing ConfigMap key in env). */
    'container config failed': ({ context }) => context.failed === 'config',
    'CreateContainer failed': ({ context }) => context.failed === 'create',
    'StartContainer failed': ({ context }) => context.failed === 'start',
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
    'PostStart hook failed': ({ context }) => context.failed === 'postStart',
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
    criUpdateContainerResources: () => {},
    criStartContainer: () => {},
    containerStartFailed: () => {},
    containerStarted: () => {},
    runPostStart: () => {},
    postStartFailed: () => {},
    reportResult: () => {},
  },
});

const S = startContainerSetup;

/** Keeps the failed step's answer (the event's message) in the attempt's context. */
const failure = (step: StartFailure) =>
  S.assign({
    failed: step,
    message: ({ event }) => ('message' in event ? event.message : undefined),
  });

const states = {
  idle: S.createStateConfig({
    on: {
      START: {
        target: 'ensuringImage',
        actions: S.assign({
          typeName: ({ event }) => (event.type === 'START' ? event.typeName : ''),
          failed: undefined,
          message: undefined,
        }),
      },
    },
  }),
  // imageManager.EnsureImageExists: decided at once, from the pull policy, the node's images
  // and the image back-off.
  ensuringImage: S.createStateConfig({
    always: [
      {
        guard: 'image name does not parse',
        target: 'imageFailed',
        actions: 'recordInvalidImageName',
      },
      {
        guard: 'present image needs a pull for the pod’s credentials',
        target: 'credentialsUnverified',
      },
      {
        guard: 'image present and pull policy is not Always',
        target: 'imagePresent',
      },
      { guard: 'pull policy is Never', target: 'imageFailed', actions: 'recordImageNeverPull' },
      { guard: 'in image back-off', target: 'imageFailed', actions: 'recordImageBackOff' },
      { target: 'pullingImage' },
    ],
  }),
  // EnsureImageExists after MustAttemptImagePull asked for a pull: policy Never fails it,
  // otherwise pullImage (its back-off first).
  credentialsUnverified: S.createStateConfig({
    always: [
      {
        guard: 'pull policy is Never, so the unchecked image fails',
        target: 'imageFailed',
        actions: 'recordImageNeverPull',
      },
      {
        guard: 'in image back-off before the credential pull',
        target: 'imageFailed',
        actions: 'recordImageBackOff',
      },
      { target: 'pullingImage' },
    ],
  }),
  imagePresent: S.createStateConfig({
    entry: 'recordImagePresent',
    after: { imageCheck: 'generatingConfig' },
  }),
  imageFailed: S.createStateConfig({
    after: { imageCheck: { target: 'idle', actions: 'reportResult' } },
  }),
  // Queued in the image puller, then pulled; the puller reports the outcome.
  pullingImage: S.createStateConfig({
    entry: 'requestPull',
    on: {
      PULLED: { target: 'generatingConfig', actions: 'imagePulled' },
      PULL_FAILED: { target: 'idle', actions: ['imagePullFailed', 'reportResult'] },
    },
  }),
  generatingConfig: S.createStateConfig({
    entry: 'generateContainerConfig',
    on: { CONFIG_FAILED: { actions: failure('config') } },
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
  }),
  preCreate: S.createStateConfig({
    entry: 'preCreateContainer',
    after: { preCreateContainer: 'creating' },
  }),
  creating: S.createStateConfig({
    entry: 'criCreateContainer',
    on: { CRI_FAILED: { actions: failure('create') } },
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
  }),
  preStart: S.createStateConfig({
    entry: 'preStartContainer',
    after: { preStartContainer: 'starting' },
  }),
  starting: S.createStateConfig({
    entry: 'criStartContainer',
    on: { CRI_FAILED: { actions: failure('start') } },
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
  }),
  postStart: S.createStateConfig({
    entry: 'runPostStart',
    on: { HOOK_FAILED: { actions: failure('postStart') } },
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
  }),
  killingAfterHook: S.createStateConfig({
    after: { stopContainer: { target: 'idle', actions: 'reportResult' } },
  }),
};

const config = {
  id: 'startContainer',
  context: ({ input }: { input: StartContainerInput }): StartContainerContext => ({
    ...input,
    typeName: '',
    failed: undefined,
    message: undefined,
  }),
  initial: 'idle',
  states,
};

/**
 * Before 1.21: generateContainerConfig goes straight to CreateContainer, and PreStartContainer's
 * cpuManager.AddContainer applies the cpuset allocated at admission with CRI
 * UpdateContainerResources when GetCPUSetOrDefault is non-empty (the static policy), then
 * topologyManager.AddContainer (which logs nothing).
 */
const beforePreCreateContainer = {
  generatingConfig: S.createStateConfig({
    ...states.generatingConfig,
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
  }),
  preCreate: undefined,
  preStart: S.createStateConfig({
    entry: 'preStartContainer',
    always: [
      { guard: 'the CPU manager holds a cpuset', target: 'updatingContainerResources' },
      { target: 'startingAfterPreStart' },
    ],
  }),
  updatingContainerResources: S.createStateConfig({
    entry: 'criUpdateContainerResources',
    after: { preStartContainer: 'starting' },
  }),
  startingAfterPreStart: S.createStateConfig({ after: { preStartContainer: 'starting' } }),
};

/** The machine of releases with PreCreateContainer (1.21+): the current kubelet's. */
export const startContainerMachine = startContainerSetup.createMachine(config);

/** The machine of 1.18-1.20: the same flow with the cpuset applied after CreateContainer. */
export const startContainerBeforePreCreateMachine = startContainerSetup.createMachine(
  withStates(config, beforePreCreateContainer),
);

/** The startContainer machine of a release, by whether it has PreCreateContainer. */
export function startContainerMachineFor(preCreateContainerCpuset: boolean) {
  return preCreateContainerCpuset ? startContainerMachine : startContainerBeforePreCreateMachine;
}
