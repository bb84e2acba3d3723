/**
 * Models Kubelet.SyncPod (pkg/kubelet/kubelet.go) and, nested under `runtime`,
 * kubeGenericRuntimeManager.SyncPod (pkg/kubelet/kuberuntime/kuberuntime_manager.go):
 *   generateAPIPodStatus + SetPodStatus (a terminal pod ends SyncPod here) -> network, secrets,
 *   pod cgroup, mirror pod, data dirs -> WaitForAttachAndMount (pull secrets,
 *   probeManager.AddPod) -> runtime SyncPod: computePodActions -> kill the pod (when the sandbox
 *   changed) or the unwanted containers, each within its stop time -> create the sandbox
 *   (RunPodSandbox takes `runPodSandbox`; may fail) -> init containers, one regular init
 *   container per SyncPod round (sidecars too; a regular one that fails to start aborts the
 *   round) -> regular containers in spec order, each fully started (its startContainer
 *   instance, PostStart included) before the next; a container in CrashLoopBackOff is skipped
 *   and a failure does not stop the next.
 * RestartAllContainers (1.35+, RestartAllContainersOnContainerExits): when the status this sync
 * generated has AllContainersRestarting True, computePodActions lists every container to
 * reset, and SyncPod kills (grace period 0, so killContainer's minimum of 2 s) and removes each
 * in turn, then returns: the sandbox stays, and the next sync starts the pod's containers from
 * its first init container.
 * Steps in the kubelet's memory take no time (delay 0) but are steps of their own.
 * With InPlacePodVerticalScaling (beta and on from 1.33) a 1.33 sync first answers a pending
 * resize (Kubelet.handlePodResourcesResize, called from SyncPod: canResizePod decides whether
 * the spec's new resources can be allocated; see kubelet/resize.ts; 1.34+ answer it in
 * HandlePodUpdates, syncLoop.machine.ts). Each sync then checks whether the runtime applied the
 * allocation (isPodResizeInProgress / CheckPodResizeInProgress) and clears PodResizeInProgress
 * when it has; the runtime's SyncPod resizes running containers in place (step 7,
 * doPodResizeAction: one CRI UpdateContainerResources per container and resource).
 */
import { setup } from 'xstate';
import { containerBackOffPolicy, isInBackOffSince, stableKey } from '../kubelet/backoff';
import type { ContainerDef, PodDef } from '../kubelet/config';
import { killGracePeriod, MIN_GRACE_S, stopTime } from '../kubelet/killContainer';
import { kubelet, type KubeletView } from '../kubelet/view';
import { attachAndMountWait } from '../kubelet/volumes';
import { resizeActuated, resizeDecision, resizePending } from '../kubelet/resize';

export type SyncPodEvent =
  { type: 'START'; updateType: string } | { type: 'CONTAINER_RESULT'; ok: boolean };

export interface SyncPodInput {
  uid: string;
}

/** The pod and its runtime SyncPod in flight, as guards and delays read them. */
function sync(ctx: SyncPodInput) {
  const k = kubelet();
  return { k, pod: k.run.pods[ctx.uid]!, s: k.domain.syncs[ctx.uid]! };
}

/** doBackOff: the container's last exit is within its back-off (CrashLoopBackOff). */
function inCrashLoopBackOff(k: KubeletView, pod: PodDef, c: ContainerDef): boolean {
  const s = k.domain.syncs[pod.uid]!;
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

/** How long killing these containers in parallel takes: the slowest StopContainer. */
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

export const syncPodMachine = setup({
  types: { events: {} as SyncPodEvent, context: {} as SyncPodInput, input: {} as SyncPodInput },
  guards: {
    /** The spec's resources differ from the allocation and this sync has not answered them. */
    'a resize is pending': ({ context }) => {
      const k = kubelet();
      return resizePending(k.run, k.domain, context.uid);
    },
    /** canResizePod: the static CPU manager refuses a Guaranteed pod's (CPU) resize. */
    'resize is infeasible': ({ context }) => {
      const k = kubelet();
      return resizeDecision(k.run, k.domain, context.uid).reason === 'Infeasible';
    },
    /** canAdmitPod refuses the new requests for now: Deferred, retried at the next sync. */
    'resize is deferred': ({ context }) => {
      const k = kubelet();
      return resizeDecision(k.run, k.domain, context.uid).reason === 'Deferred';
    },
    /**
     * PodResizeInProgress is set and every running container's actuated resources equal the
     * allocation (isPodResizeInProgress is false): the condition is cleared.
     */
    'the resize is actuated': ({ context }) => {
      const k = kubelet();
      return resizeActuated(k.run, k.domain, context.uid);
    },
    /** ContainersToUpdate or UpdatePodResources: doPodResizeAction runs (SyncPod step 7). */
    'containers to update': ({ context }) => {
      const s = sync(context).s;
      return (s.containersToUpdate?.length ?? 0) > 0 || s.updatePodResources === true;
    },
    'pod is terminal': ({ context }) => sync(context).s.isTerminal,
    'sandbox changed: kill the pod': ({ context }) => sync(context).s.killPod,
    /** computePodActions returned ContainersToReset (the pod is marked for RestartAllContainers). */
    'pod marked for RestartAllContainers': ({ context }) =>
      sync(context).s.containersToReset.length > 0,
    'all containers reset': ({ context }) => {
      const { s } = sync(context);
      return s.cursor >= s.containersToReset.length;
    },
    'unwanted containers to kill': ({ context }) => sync(context).s.containersToKill.length > 0,
    'init containers to start': ({ context }) => sync(context).s.initToStart.length > 0,
    'containers to start': ({ context }) => sync(context).s.containersToStart.length > 0,
    'no sandbox to create': ({ context }) => !sync(context).s.createSandbox,
    'RunPodSandbox failed': ({ context }) => sync(context).s.error !== undefined,
    /** The last init container to start was a regular one and failed: "aborting". */
    'a regular init container failed to start': ({ context }) => {
      const { pod, s } = sync(context);
      const last = s.lastResult;
      return (
        s.aborted || (last !== undefined && !last.ok && pod.byName[last.name]!.kind !== 'sidecar')
      );
    },
    'init containers done': ({ context }) => {
      const { s } = sync(context);
      return s.cursor >= s.initToStart.length;
    },
    'next init container in CrashLoopBackOff': ({ context }) => {
      const { k, pod, s } = sync(context);
      return inCrashLoopBackOff(k, pod, pod.init[s.initToStart[s.cursor]!]!);
    },
    'all containers started': ({ context }) => {
      const { s } = sync(context);
      return s.cursor >= s.containersToStart.length;
    },
    'next container in CrashLoopBackOff': ({ context }) => {
      const { k, pod, s } = sync(context);
      return inCrashLoopBackOff(k, pod, pod.containers[s.containersToStart[s.cursor]!]!);
    },
  },
  delays: {
    // In the kubelet's memory: no time passes.
    handlePodResourcesResize: 0,
    generateAPIPodStatus: 0,
    prepare: 0,
    /** Until WaitForAttachAndMount's poll finds the kube-api-access volume mounted. */
    waitForAttachAndMount: ({ context }) => {
      const k = kubelet();
      return attachAndMountWait(k.domain, k.run.pods[context.uid]!);
    },
    computePodActions: 0,
    nextContainer: 0,
    /** One CRI UpdateContainerResources per container and resource, one after another. */
    updateContainerResources: ({ context }) => {
      const { k, s } = sync(context);
      return (s.containersToUpdate?.length ?? 0) * k.run.latencies.updateContainerResources;
    },
    /** The pod's running containers stop in parallel: the slowest StopContainer. */
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
    /**
     * killContainer of the container being reset, when it still runs (grace period 0, raised to
     * killContainer's minimum): its StopContainer; none for an exited one. Resolved as the
     * state is entered, before resetNextContainer moves the cursor past it.
     */
    stopForReset: ({ context }) => {
      const { k, pod, s } = sync(context);
      const r = s.containersToReset[s.cursor];
      if (!r?.kill) return 0;
      return stopTime(k.run, k.domain, k.t, pod, r.name, MIN_GRACE_S);
    },
    /** CRI RunPodSandbox; no time when there is no sandbox to create. */
    runPodSandbox: ({ context }) => {
      const { k, s } = sync(context);
      return s.createSandbox ? k.run.latencies.runPodSandbox : 0;
    },
  },
  actions: {
    /** The resize is infeasible: PodResizePending (Infeasible) with canResizePod's message. */
    markResizeInfeasible: () => {},
    /** PodResizePending (Deferred) with canAdmitPod's message. */
    markResizeDeferred: () => {},
    /** The allocation takes the spec's resources: PodResizeInProgress. */
    acceptResize: () => {},
    /** PodResizeInProgress is cleared (ResizeCompleted from 1.34). */
    completeResize: () => {},
    /** doPodResizeAction: the pod cgroup and UpdateContainerResources for each container. */
    doPodResizeAction: () => {},
    /** UpdateContainerResources returned: SetActuatedResources, the PLEG's watch condition. */
    containerResourcesUpdated: () => {},
    handlePodResourcesResize: () => {},
    generateStatus: () => {},
    ensurePodCgroup: () => {},
    waitForAttachAndMount: () => {},
    computePodActions: () => {},
    killPodForSync: () => {},
    killUnwanted: () => {},
    /** "Removing container before pod restarts"; killContainer when it is not exited. */
    resetNextContainer: () => {},
    /** removeContainer: PostStopContainer, the log, CRI RemoveContainer. */
    removeResetContainer: () => {},
    createSandbox: () => {},
    sandboxCreated: () => {},
    sandboxFailed: () => {},
    noteInitResult: () => {},
    restartCursor: () => {},
    startNextInit: () => {},
    /** doBackOff found the container in CrashLoopBackOff: the BackOff event, no start. */
    backOffNextInit: () => {},
    startNextContainer: () => {},
    backOffNextContainer: () => {},
    exitSyncPod: () => {},
  },
}).createMachine({
  id: 'syncPod',
  context: ({ input }) => input,
  initial: 'idle',
  states: {
    idle: {
      on: {
        START: [
          { guard: 'a resize is pending', target: 'handlingResize' },
          {
            guard: 'the resize is actuated',
            target: 'generatingStatus',
            actions: 'completeResize',
          },
          { target: 'generatingStatus' },
        ],
      },
    },
    handlingResize: {
      entry: 'handlePodResourcesResize',
      after: {
        handlePodResourcesResize: [
          {
            guard: 'resize is infeasible',
            target: 'generatingStatus',
            actions: 'markResizeInfeasible',
          },
          {
            guard: 'resize is deferred',
            target: 'generatingStatus',
            actions: 'markResizeDeferred',
          },
          { target: 'generatingStatus', actions: 'acceptResize' },
        ],
      },
    },
    generatingStatus: {
      entry: 'generateStatus',
      after: {
        generateAPIPodStatus: [
          { guard: 'pod is terminal', target: 'idle', actions: 'exitSyncPod' },
          { target: 'preparing' },
        ],
      },
    },
    // Network readiness, secrets and configmaps, the pod cgroup (created on the pod's first
    // sync), mirror pod, data dirs: all succeed.
    preparing: { entry: 'ensurePodCgroup', after: { prepare: 'mountingVolumes' } },
    mountingVolumes: {
      entry: 'waitForAttachAndMount',
      after: { waitForAttachAndMount: 'runtime' },
    },
    runtime: {
      initial: 'computingActions',
      states: {
        computingActions: {
          entry: 'computePodActions',
          after: {
            computePodActions: [
              { guard: 'sandbox changed: kill the pod', target: 'killingPod' },
              { guard: 'pod marked for RestartAllContainers', target: 'resettingContainers' },
              { guard: 'unwanted containers to kill', target: 'killingContainers' },
              { guard: 'init containers to start', target: 'startingInit' },
              { guard: 'containers to update', target: 'updatingContainerResources' },
              { guard: 'containers to start', target: 'startingContainers' },
              // Nothing to change: the runtime SyncPod returns at once.
              { target: '#syncPod.idle', actions: 'exitSyncPod' },
            ],
          },
        },
        killingPod: { entry: 'killPodForSync', after: { killPod: 'creatingSandbox' } },
        killingContainers: { entry: 'killUnwanted', after: { killContainers: 'startingInit' } },
        // One container at a time: each kill returns before its removal and the next.
        resettingContainers: {
          always: [
            { guard: 'all containers reset', target: 'containersDone' },
            { target: 'resettingContainer', actions: 'resetNextContainer' },
          ],
        },
        resettingContainer: {
          after: {
            stopForReset: { target: 'resettingContainers', actions: 'removeResetContainer' },
          },
        },
        creatingSandbox: {
          entry: 'createSandbox',
          after: {
            runPodSandbox: [
              // KillPod without CreateSandbox: SyncPod ends here.
              { guard: 'no sandbox to create', target: '#syncPod.idle', actions: 'exitSyncPod' },
              {
                guard: 'RunPodSandbox failed',
                target: '#syncPod.idle',
                actions: ['sandboxFailed', 'exitSyncPod'],
              },
              { target: 'startingInit', actions: 'sandboxCreated' },
            ],
          },
        },
        startingInit: {
          entry: 'noteInitResult',
          always: [
            {
              guard: 'a regular init container failed to start',
              target: 'initAborted',
              actions: 'restartCursor',
            },
            { guard: 'init containers done', target: 'initDone', actions: 'restartCursor' },
            {
              guard: 'next init container in CrashLoopBackOff',
              target: 'initBackOff',
              actions: 'backOffNextInit',
            },
            { target: 'waitingForInit', actions: 'startNextInit' },
          ],
        },
        waitingForInit: { on: { CONTAINER_RESULT: 'startingInit' } },
        initBackOff: { after: { nextContainer: 'startingInit' } },
        initAborted: {
          after: { nextContainer: { target: '#syncPod.idle', actions: 'exitSyncPod' } },
        },
        initDone: {
          after: {
            nextContainer: [
              { guard: 'containers to update', target: 'updatingContainerResources' },
              { target: 'startingContainers' },
            ],
          },
        },
        updatingContainerResources: {
          entry: 'doPodResizeAction',
          after: {
            updateContainerResources: {
              target: 'startingContainers',
              actions: 'containerResourcesUpdated',
            },
          },
        },
        startingContainers: {
          always: [
            { guard: 'all containers started', target: 'containersDone' },
            {
              guard: 'next container in CrashLoopBackOff',
              target: 'containerBackOff',
              actions: 'backOffNextContainer',
            },
            { target: 'waitingForContainer', actions: 'startNextContainer' },
          ],
        },
        waitingForContainer: { on: { CONTAINER_RESULT: 'startingContainers' } },
        containerBackOff: { after: { nextContainer: 'startingContainers' } },
        containersDone: {
          after: { nextContainer: { target: '#syncPod.idle', actions: 'exitSyncPod' } },
        },
      },
    },
  },
});
