/**
 * Kubernetes v1.3.0 DockerManager.tryContainerStart (docker_manager.go line 2094) ->
 * runContainerInPod (line 1472) -> runContainer (line 543), minikube v0.5.0's vendored copy, for
 * one container, attempt after attempt:
 *   imagePuller.PullImage (container/image_puller.go: "pulling image %q", "Successfully pulled
 *   image %q"; serialized by default) -> runContainer: CPU shares and CFS quota on the Docker
 *   HostConfig (milliCPUToShares/milliCPUToQuota; no CPU manager), docker CreateContainer ->
 *   event Created "Created container with docker id <12 hex>" -> docker StartContainer -> event
 *   Started -> the PostStart hook, synchronous; a failed exec hook records FailedPostStartHook
 *   with an empty message (the handler's msg is shadowed in lifecycle/handlers.go), kills the
 *   container ("Killing container with docker id <id>: PostStart handler: ...") and fails with
 *   RunContainerError.
 */
import { assign, setup } from 'xstate';
import { peekFault } from '../../kubelet/faults';
import { podGracePeriod, stopTime } from '../../kubelet/killContainer';
import { kubelet } from '../../kubelet/view';
import { imageBackOffKey, isInBackOffSinceUpdate, IMAGE_BACKOFF } from '../../kubelet/backoff';
import type {
  StartContainerContext as Context,
  StartContainerEvent as DockerStartEvent,
  StartContainerInput as Input,
} from '../../machines/startContainer.machine';

function spec(ctx: Context) {
  const k = kubelet();
  const pod = k.run.pods[ctx.uid]!;
  return { k, pod, c: pod.byName[ctx.name]! };
}

export const dockerStartContainerMachine = setup({
  types: { events: {} as DockerStartEvent, context: {} as Context, input: {} as Input },
  guards: {
    'image present and pull policy is not Always': ({ context }) => {
      const { k, c } = spec(context);
      return c.pullPolicy !== 'Always' && k.domain.images[c.imageRef] !== undefined;
    },
    'pull policy is Never': ({ context }) => spec(context).c.pullPolicy === 'Never',
    'in image back-off': ({ context }) => {
      const { k, c } = spec(context);
      return isInBackOffSinceUpdate(
        k.domain.imageBackOff,
        imageBackOffKey(context.uid, c.image),
        k.t,
        IMAGE_BACKOFF,
      );
    },
    'docker CreateContainer failed': ({ context }) => context.failed === 'create',
    'has PostStart hook': ({ context }) => spec(context).c.postStart !== undefined,
    'PostStart hook failed': ({ context }) => context.failed === 'postStart',
  },
  delays: {
    imageCheck: 0,
    createContainer: () => kubelet().run.latencies.createContainer,
    startContainer: () => kubelet().run.latencies.startContainer,
    postStartHook: ({ context }) => {
      const { k, pod, c } = spec(context);
      const hang = peekFault(k.run, k.domain, k.t, 'PostStartHang', pod.key, c.name);
      if (hang) return Math.round(hang.seconds * 1000);
      return k.run.latencies.hook;
    },
    stopContainer: ({ context }) => {
      const { k, pod, c } = spec(context);
      return stopTime(k.run, k.domain, k.t, pod, c.name, podGracePeriod(pod));
    },
  },
  actions: {
    recordImagePresent: () => {},
    recordImageNeverPull: () => {},
    recordImageBackOff: () => {},
    requestPull: () => {},
    imagePulled: () => {},
    imagePullFailed: () => {},
    runContainer: () => {},
    dockerCreateFailed: () => {},
    containerCreated: () => {},
    containerStarted: () => {},
    runPostStart: () => {},
    postStartFailed: () => {},
    reportResult: () => {},
  },
}).createMachine({
  id: 'dockerStartContainer',
  context: ({ input }) => ({ ...input, typeName: '', failed: undefined, message: undefined }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        START: {
          target: 'pullingImage',
          actions: assign({
            typeName: ({ event }) => event.typeName,
            failed: undefined,
            message: undefined,
          }),
        },
      },
    },
    // imagePuller.PullImage: present, Never, back-off, or a pull through the serialized puller.
    pullingImage: {
      always: [
        { guard: 'image present and pull policy is not Always', target: 'imagePresent' },
        { guard: 'pull policy is Never', target: 'imageFailed', actions: 'recordImageNeverPull' },
        { guard: 'in image back-off', target: 'imageFailed', actions: 'recordImageBackOff' },
        { target: 'waitingForPull' },
      ],
    },
    imagePresent: { entry: 'recordImagePresent', after: { imageCheck: 'creating' } },
    imageFailed: { after: { imageCheck: { target: 'idle', actions: 'reportResult' } } },
    waitingForPull: {
      entry: 'requestPull',
      on: {
        PULLED: { target: 'creating', actions: 'imagePulled' },
        PULL_FAILED: { target: 'idle', actions: ['imagePullFailed', 'reportResult'] },
      },
    },
    // runContainer: HostConfig (CPUShares, CPUQuota/CPUPeriod), then docker CreateContainer.
    creating: {
      entry: 'runContainer',
      // docker CreateContainer's error, as the effect that called it received it.
      on: {
        CRI_FAILED: {
          actions: assign({ failed: 'create', message: ({ event }) => event.message }),
        },
      },
      after: {
        createContainer: [
          {
            guard: 'docker CreateContainer failed',
            target: 'idle',
            actions: ['dockerCreateFailed', 'reportResult'],
          },
          { target: 'starting', actions: 'containerCreated' },
        ],
      },
    },
    starting: {
      after: {
        startContainer: [
          { guard: 'has PostStart hook', target: 'postStart', actions: 'containerStarted' },
          { target: 'idle', actions: ['containerStarted', 'reportResult'] },
        ],
      },
    },
    postStart: {
      entry: 'runPostStart',
      on: {
        HOOK_FAILED: {
          actions: assign({ failed: 'postStart', message: ({ event }) => event.message }),
        },
      },
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
    killingAfterHook: { after: { stopContainer: { target: 'idle', actions: 'reportResult' } } },
  },
});
