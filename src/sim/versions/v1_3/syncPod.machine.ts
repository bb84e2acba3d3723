/**
 * Kubernetes v1.3.0 Kubelet.syncPod (pkg/kubelet/kubelet.go) and DockerManager.SyncPod
 * (pkg/kubelet/dockertools/docker_manager.go, line 1866), followed in minikube v0.5.0's vendored
 * copy (kubernetes/minikube @ 0a71dd290d79d26e83e46bcfa3acb4737d628220, Godeps: v1.3.0 @
 * 283137936a498aed572ee22af6774b6fb6e9fd94):
 *   generateAPIPodStatus + SetPodStatus -> WaitForAttachAndMount -> computePodContainerChanges ->
 *   kill the pod when the infra container must be (re)started ("Killing Infra Container for %q,
 *   will start new one", also for a brand-new pod), else the unwanted containers ->
 *   pruneInitContainersBeforeStart -> createPodInfraContainer: the kubelet itself pulls (events
 *   filtered), creates and starts the `POD` pause container (Created/Started on "implicitly
 *   required container POD") -> networkPlugin.SetUpPod, called by the kubelet -> InspectContainer,
 *   hairpin, determineContainerIP -> findActiveInitContainer: at most one init container per
 *   SyncPod, then return -> `for idx := range ContainersToStart` over a Go map (a rotation of spec
 *   order from a random offset), each container tried to the end (tryContainerStart ->
 *   runContainerInPod, PostStart included) before the next; a failure does not stop the next.
 */
import { setup } from 'xstate';
import { containerBackOffPolicy, isInBackOffSince, stableKey } from '../../kubelet/backoff';
import type { ContainerDef, PodDef } from '../../kubelet/config';
import { killGracePeriod, stopTime } from '../../kubelet/killContainer';
import { kubelet, type KubeletView } from '../../kubelet/view';

export type DockerSyncPodEvent =
  { type: 'START'; updateType: string } | { type: 'CONTAINER_RESULT'; ok: boolean };

export interface DockerSyncPodInput {
  uid: string;
}

function sync(ctx: DockerSyncPodInput) {
  const k = kubelet();
  return { k, pod: k.run.pods[ctx.uid]!, s: k.domain.syncs[ctx.uid]! };
}

/** doBackOff (line 2268): the newest exited instance is within its back-off. */
function inBackOff(k: KubeletView, pod: PodDef, c: ContainerDef): boolean {
  const s = k.domain.syncs[pod.uid]!;
  // "Don't back off if we're restarting the infra container" (StartInfraContainer skips doBackOff).
  if (s.createSandbox) return false;
  const exited = s.podStatus.containers.find((r) => r.name === c.name && r.state === 'EXITED');
  if (!exited) return false;
  return isInBackOffSince(
    k.domain.containerBackOff,
    stableKey(pod, c),
    exited.finishedAt ?? k.t,
    k.t,
    containerBackOffPolicy(k.run.containerBackOff),
  );
}

function killTime(
  k: KubeletView,
  pod: PodDef,
  kills: readonly { id: string; reason: string }[],
): number {
  let last = 0;
  for (const { id, reason } of kills) {
    const r = k.domain.runtime.containers[id];
    if (!r || r.state === 'EXITED') continue;
    const grace = killGracePeriod(pod, pod.byName[r.name], reason);
    last = Math.max(last, stopTime(k.run, k.domain, k.t, pod, r.name, grace));
  }
  return last;
}

export const dockerSyncPodMachine = setup({
  types: {
    events: {} as DockerSyncPodEvent,
    context: {} as DockerSyncPodInput,
    input: {} as DockerSyncPodInput,
  },
  guards: {
    'pod is terminal': ({ context }) => sync(context).s.isTerminal,
    'infra container must start: kill the pod': ({ context }) => sync(context).s.killPod,
    'unwanted containers to kill': ({ context }) => sync(context).s.containersToKill.length > 0,
    /** `if containerChanges.StartInfraContainer && (len(containerChanges.ContainersToStart) > 0)` */
    'create the infra container': ({ context }) => {
      const { s } = sync(context);
      return s.createSandbox && (s.containersToStart.length > 0 || s.initToStart.length > 0);
    },
    'network plugin failed': ({ context }) => sync(context).s.dockerManager?.networkFailed === true,
    'init container to start': ({ context }) => sync(context).s.initToStart.length > 0,
    'init container in back-off': ({ context }) => {
      const { k, pod, s } = sync(context);
      return inBackOff(k, pod, pod.init[s.initToStart[0]!]!);
    },
    'SyncPod stops before the containers': ({ context }) =>
      sync(context).s.dockerManager?.stopBeforeContainers !== undefined,
    'all containers tried': ({ context }) => {
      const { s } = sync(context);
      return s.cursor >= s.containersToStart.length;
    },
    'next container in back-off': ({ context }) => {
      const { k, pod, s } = sync(context);
      return inBackOff(k, pod, pod.containers[s.containersToStart[s.cursor]!]!);
    },
  },
  delays: {
    generateAPIPodStatus: 0,
    waitForAttachAndMount: 0,
    computePodContainerChanges: 0,
    inMemory: 0,
    killPod: ({ context }) => {
      const k = kubelet();
      const pod = k.run.pods[context.uid]!;
      return killTime(
        k,
        pod,
        (k.domain.runtime.podContainers[context.uid] ?? []).map((id) => ({ id, reason: '' })),
      );
    },
    killContainers: ({ context }) => {
      const { k, pod, s } = sync(context);
      return killTime(k, pod, s.containersToKill);
    },
    /** docker create of the POD container (the pause image is present or pulled silently). */
    dockerCreate: () => kubelet().run.latencies.createContainer,
    /** docker start of the POD container: the scenario's sandbox time, less the create. */
    dockerStart: () => {
      const l = kubelet().run.latencies;
      return Math.max(0, l.runPodSandbox - l.createContainer);
    },
  },
  actions: {
    generateStatus: () => {},
    waitForAttachAndMount: () => {},
    computePodContainerChanges: () => {},
    killPodForSync: () => {},
    killUnwanted: () => {},
    pruneInitContainersBeforeStart: () => {},
    createPodInfraContainer: () => {},
    infraContainerCreated: () => {},
    infraContainerStarted: () => {},
    setUpPod: () => {},
    inspectInfraContainer: () => {},
    startInitContainer: () => {},
    backOffInitContainer: () => {},
    noteInitResult: () => {},
    stopBeforeContainers: () => {},
    startNextContainer: () => {},
    backOffNextContainer: () => {},
    exitSyncPod: () => {},
  },
}).createMachine({
  id: 'dockerSyncPod',
  context: ({ input }) => input,
  initial: 'idle',
  states: {
    idle: { on: { START: 'generatingStatus' } },
    generatingStatus: {
      entry: 'generateStatus',
      after: {
        generateAPIPodStatus: [
          { guard: 'pod is terminal', target: 'idle', actions: 'exitSyncPod' },
          { target: 'mountingVolumes' },
        ],
      },
    },
    mountingVolumes: {
      entry: 'waitForAttachAndMount',
      after: { waitForAttachAndMount: 'dockerManager' },
    },
    dockerManager: {
      initial: 'computingContainerChanges',
      states: {
        computingContainerChanges: {
          entry: 'computePodContainerChanges',
          after: {
            computePodContainerChanges: [
              { guard: 'infra container must start: kill the pod', target: 'killingPod' },
              { guard: 'unwanted containers to kill', target: 'killingContainers' },
              { target: 'pruningInitContainers' },
            ],
          },
        },
        killingPod: { entry: 'killPodForSync', after: { killPod: 'pruningInitContainers' } },
        killingContainers: {
          entry: 'killUnwanted',
          after: { killContainers: 'pruningInitContainers' },
        },
        pruningInitContainers: {
          entry: 'pruneInitContainersBeforeStart',
          after: {
            inMemory: [
              { guard: 'create the infra container', target: 'creatingInfraContainer' },
              { target: 'initContainers' },
            ],
          },
        },
        creatingInfraContainer: {
          entry: 'createPodInfraContainer',
          after: {
            dockerCreate: { target: 'startingInfraContainer', actions: 'infraContainerCreated' },
          },
        },
        startingInfraContainer: {
          after: { dockerStart: { target: 'settingUpNetwork', actions: 'infraContainerStarted' } },
        },
        // The kubelet, not the runtime, calls the network plugin (no-op plugin by default).
        settingUpNetwork: {
          entry: 'setUpPod',
          after: {
            inMemory: [
              {
                guard: 'network plugin failed',
                target: '#dockerSyncPod.idle',
                actions: 'exitSyncPod',
              },
              { target: 'inspectingInfraContainer' },
            ],
          },
        },
        inspectingInfraContainer: {
          entry: 'inspectInfraContainer',
          after: { inMemory: 'initContainers' },
        },
        // findActiveInitContainer: one init container per SyncPod, then return.
        initContainers: {
          always: [
            {
              guard: 'SyncPod stops before the containers',
              target: 'stopped',
              actions: 'stopBeforeContainers',
            },
            { guard: 'init container to start', target: 'startingInit' },
            { target: 'startingContainers' },
          ],
        },
        startingInit: {
          always: [
            {
              guard: 'init container in back-off',
              target: 'stopped',
              actions: 'backOffInitContainer',
            },
            { target: 'waitingForInit', actions: 'startInitContainer' },
          ],
        },
        waitingForInit: {
          on: { CONTAINER_RESULT: { target: 'stopped', actions: 'noteInitResult' } },
        },
        stopped: { after: { inMemory: { target: '#dockerSyncPod.idle', actions: 'exitSyncPod' } } },
        // for idx := range containerChanges.ContainersToStart (map order)
        startingContainers: {
          always: [
            { guard: 'all containers tried', target: 'stopped' },
            {
              guard: 'next container in back-off',
              target: 'containerBackOff',
              actions: 'backOffNextContainer',
            },
            { target: 'waitingForContainer', actions: 'startNextContainer' },
          ],
        },
        waitingForContainer: { on: { CONTAINER_RESULT: 'startingContainers' } },
        containerBackOff: { after: { inMemory: 'startingContainers' } },
      },
    },
  },
});
