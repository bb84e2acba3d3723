/**
 * Kubelet.SyncPod and the runtime's SyncPod: kubeGenericRuntimeManager.SyncPod
 * (kuberuntime_manager.go, states under `runtime`) and, on 1.3, DockerManager.SyncPod
 * (dockertools/docker_manager.go, states under `dockerManager`).
 */
import type { StepFacts } from './facts';
import { dur, eventContainer, leaf, pod, type SentenceRules } from './rule';

/** The container whose startContainer this step set going. */
const next = (f: StepFacts) => {
  const c = f.causedContainers[0];
  return c ? leaf(c) : 'the next one';
};
/** The container whose startContainer returned (the step's cause). */
const prev = (f: StepFacts) => f.causeContainer || 'the container';
const backedOff = (f: StepFacts) => eventContainer(f, 'BackOff') || 'the next container';

const sandboxReady = (f: StepFacts) =>
  f.waited > 0 ? `RunPodSandbox returned after ${dur(f.waited)}: ` : 'The sandbox is there: ';

/** Who answers a resize: SyncPod itself in 1.33, the allocation manager from 1.34. */
const resizeWho = (f: StepFacts) =>
  f.version === '1.33' ? 'handlePodResourcesResize' : 'allocationManager.handlePodResourcesResize';

/** Steps Kubelet.SyncPod takes before the runtime's SyncPod, on every version. */
const kubeletSyncPod: SentenceRules = [
  {
    event: 'init',
    say: (f) => `${pod(f)} gets its ${f.go.syncPod}, run by its pod worker.`,
  },
  {
    event: 'START',
    to: 'handlingResize',
    say: (f) =>
      f.version === '1.33'
        ? `${f.go.syncPod}(${pod(f)}) begins: the spec's resources differ from the allocation (a resize), so handlePodResourcesResize answers it first.`
        : `${f.go.syncPod}(${pod(f)}) begins with a resize to answer.`,
  },
  {
    event: 'START',
    guard: 'the resize is actuated',
    say: (f) =>
      `${f.go.syncPod}(${pod(f)}) begins: ${f.version === '1.33' ? 'handlePodResourcesResize finds' : 'CheckPodResizeInProgress finds'} every running container running with its allocation (UpdateContainerResources applied it), so PodResizeInProgress is cleared${f.version === '1.33' ? '' : ' (ResizeCompleted)'}; then generateAPIPodStatus.`,
  },
  {
    event: 'after:handlePodResourcesResize',
    guard: 'resize is deferred',
    say: (f) =>
      `${resizeWho(f)}: canAdmitPod finds no room for the new requests, so the resize is Deferred (PodResizePending) and the allocation keeps the old resources; the next SyncPod tries again. Then generateAPIPodStatus.`,
  },
  {
    event: 'after:handlePodResourcesResize',
    guard: 'resize is infeasible',
    say: (f) =>
      `${resizeWho(f)}: canResizePod finds the resize Infeasible (a Guaranteed pod under the static CPU or memory manager): the allocation keeps the old resources and the pod gets PodResizePending; then generateAPIPodStatus.`,
  },
  {
    event: 'after:handlePodResourcesResize',
    say: (f) =>
      `${resizeWho(f)}: canResizePod admits the resize: the allocation checkpoint takes the spec's resources and the pod gets PodResizeInProgress; then generateAPIPodStatus.`,
  },
  {
    event: 'START',
    say: (f) => {
      const phase = f.record('podStatus')?.phase;
      return `${f.go.syncPod}(${pod(f)}) begins: generateAPIPodStatus${phase ? ` (phase ${phase})` : ''} and statusManager.SetPodStatus.`;
    },
  },
  {
    to: 'idle',
    guard: 'pod is terminal',
    say: (f) =>
      `generateAPIPodStatus: ${pod(f)} is terminal (Succeeded or Failed); ${f.go.syncPod} returns isTerminal.`,
  },
  {
    to: 'preparing',
    say: (f) =>
      `${f.go.syncPod}: status set; next the network check, secrets and config maps, the pod cgroup, mirror pod and data directories (makePodDataDirs).`,
  },
  {
    to: 'mountingVolumes',
    say: (f) =>
      `${f.go.syncPod}: volumeManager.WaitForAttachAndMount waits for ${pod(f)}'s volumes (${f.go.tokenVolume}).`,
  },
  {
    to: 'runtime.computingActions',
    say: (f) =>
      `WaitForAttachAndMount returned${f.waited > 0 ? ` after ${dur(f.waited)}` : ' (volumes already mounted)'}; the runtime's SyncPod (kubeGenericRuntimeManager.SyncPod) calls computePodActions.`,
  },
  {
    to: 'dockerManager.computingContainerChanges',
    say: (f) =>
      `WaitForAttachAndMount returned${f.waited > 0 ? ` after ${dur(f.waited)}` : ' (volumes already mounted)'}; DockerManager.SyncPod calls computePodContainerChanges.`,
  },
];

const runtimeSyncPod: SentenceRules = [
  {
    from: 'runtime.computingActions',
    to: 'idle',
    say: (f) =>
      `computePodActions: nothing to change for ${pod(f)} (sandbox and containers are as the spec wants); SyncPod returns.`,
  },
  {
    to: 'runtime.killingPod',
    say: (f) =>
      f.hadSandbox
        ? `computePodActions: ${pod(f)}'s sandbox changed (SandboxChanged): KillPod stops its containers and sandbox, then a new sandbox is created.`
        : `computePodActions: ${pod(f)} has no sandbox yet, so create one (KillPod: nothing to kill).`,
  },
  {
    to: 'runtime.updatingContainerResources',
    say: (f) =>
      `${f.from.endsWith('initDone') ? 'Init containers done; ' : 'computePodActions: '}${pod(f)}'s running containers differ from their allocation (ContainersToUpdate): doPodResizeAction resizes the pod cgroup and calls CRI UpdateContainerResources for each container and resource (SyncPod step 7).`,
  },
  {
    event: 'after:updateContainerResources',
    say: (f) =>
      `UpdateContainerResources returned${f.waited > 0 ? ` after ${dur(f.waited)}` : ''}: the runtime applies the allocation (SetActuatedResources); SetPodWatchCondition has the PLEG re-inspect ${pod(f)} at its next relist.`,
  },
  {
    to: 'runtime.killingContainers',
    say: (f) =>
      `computePodActions: containers of ${pod(f)} to kill (a failed liveness or startup probe, a changed spec, a resize whose resizePolicy says RestartContainer); killContainer runs for each in parallel.`,
  },
  {
    from: 'runtime.computingActions',
    to: 'runtime.resettingContainer',
    say: (f) =>
      `computePodActions: ${pod(f)} is marked for RestartAllContainers (its status says AllContainersRestarting): SyncPod kills (grace period 0) and removes every container, one at a time, and keeps the sandbox.`,
  },
  {
    from: 'runtime.resettingContainer',
    to: 'runtime.resettingContainer',
    say: (f) =>
      `The container before is removed${f.waited ? ` (its kill took ${dur(f.waited)})` : ''}; SyncPod resets the next container of ${pod(f)} ("Removing container before pod restarts").`,
  },
  {
    from: 'runtime.resettingContainer',
    to: 'runtime.containersDone',
    say: (f) =>
      `The last container of ${pod(f)} is removed: nothing is started in this SyncPod; the next sync, with every container gone, starts the pod again from its first init container.`,
  },
  {
    from: 'runtime.killingPod',
    to: 'runtime.creatingSandbox',
    say: (f) =>
      f.hadSandbox
        ? `killPodWithSyncResult stopped ${pod(f)}'s containers and sandbox${f.waited ? ` (${dur(f.waited)})` : ''}; createPodSandbox calls CRI RunPodSandbox (the runtime sets up the network through CNI).`
        : `KillPod has nothing to kill; createPodSandbox calls CRI RunPodSandbox for ${pod(f)} (the runtime sets up the network through CNI).`,
  },
  {
    to: 'idle',
    guard: 'RunPodSandbox failed',
    say: (f) =>
      `CRI RunPodSandbox failed for ${pod(f)} (FailedCreatePodSandBox): SyncPod returns the error and the worker retries later.`,
  },
  {
    to: 'idle',
    guard: 'no sandbox to create',
    say: (f) =>
      `KillPod without CreateSandbox: ${pod(f)}'s containers are killed and nothing is started; SyncPod returns.`,
  },
  {
    from: 'runtime.creatingSandbox',
    to: 'runtime.initDone',
    say: (f) =>
      `${sandboxReady(f)}${pod(f)}'s sandbox runs; no init container to start, so SyncPod turns to the regular containers.`,
  },
  {
    from: 'runtime.creatingSandbox',
    to: 'runtime.waitingForInit',
    say: (f) => `${sandboxReady(f)}SyncPod starts init container ${next(f)} (startContainer).`,
  },
  {
    from: 'runtime.computingActions',
    to: 'runtime.waitingForInit',
    say: (f) =>
      `computePodActions: an init container of ${pod(f)} to start; SyncPod starts ${next(f)} (startContainer).`,
  },
  {
    from: 'runtime.waitingForInit',
    to: 'runtime.waitingForInit',
    say: (f) =>
      `startContainer returned for ${prev(f)}; SyncPod starts the next init container, ${next(f)}.`,
  },
  {
    to: 'runtime.initDone',
    say: (f) =>
      `startContainer returned for init container ${prev(f)}; no more init containers to start in this SyncPod, so it turns to the regular containers.`,
  },
  {
    to: 'runtime.initBackOff',
    say: (f) =>
      `Init container ${backedOff(f)} is in CrashLoopBackOff (doBackOff): a BackOff event and no start.`,
  },
  {
    to: 'runtime.initAborted',
    say: (f) =>
      `Init container ${prev(f)} failed to start: SyncPod stops this round (the next sync tries again).`,
  },
  {
    from: 'runtime.initAborted',
    to: 'idle',
    say: (f) => `SyncPod for ${pod(f)} returns the init container's error.`,
  },
  {
    from: 'runtime.initDone',
    to: 'runtime.waitingForContainer',
    say: (f) =>
      `SyncPod starts container ${next(f)} (startContainer), the containers in spec order.`,
  },
  {
    from: 'runtime.computingActions',
    to: 'runtime.waitingForContainer',
    say: (f) =>
      `computePodActions: containers of ${pod(f)} to start; SyncPod starts ${next(f)} (startContainer).`,
  },
  {
    from: 'runtime.containerBackOff',
    to: 'runtime.waitingForContainer',
    say: (f) => `SyncPod goes on past the container in back-off and starts ${next(f)}.`,
  },
  {
    from: 'runtime.initBackOff',
    say: () => 'SyncPod goes on past the init container in back-off.',
  },
  {
    to: 'runtime.waitingForContainer',
    say: (f) =>
      `startContainer returned for ${prev(f)}; SyncPod starts the next container in spec order, ${next(f)}.`,
  },
  {
    to: 'runtime.containerBackOff',
    say: (f) =>
      `Container ${backedOff(f)} is in CrashLoopBackOff (doBackOff: "Back-off restarting failed container"): no start; SyncPod goes on.`,
  },
  {
    from: 'runtime.waitingForContainer',
    to: 'runtime.containersDone',
    say: (f) =>
      `startContainer returned for ${prev(f)}, the last container to start: the runtime's SyncPod is done.`,
  },
  {
    to: 'runtime.containersDone',
    say: (f) => `Every container of ${pod(f)} to start has been started or skipped.`,
  },
  {
    from: 'runtime.containersDone',
    to: 'idle',
    say: (f) =>
      `The runtime's SyncPod returns to ${f.go.syncPod}, which returns to ${pod(f)}'s pod worker.`,
  },
];

const dockerSyncPod: SentenceRules = [
  {
    to: 'dockerManager.killingPod',
    say: (f) =>
      f.hadSandbox
        ? `computePodContainerChanges: ${pod(f)}'s infra container must be started again: "Killing Infra Container for ${pod(f)}, will start new one", killing the pod first.`
        : `computePodContainerChanges: ${pod(f)} has no infra container: "Killing Infra Container … will start new one" (for a new pod nothing runs to kill).`,
  },
  {
    to: 'dockerManager.killingContainers',
    say: (f) => `computePodContainerChanges: containers of ${pod(f)} to kill first.`,
  },
  {
    from: 'dockerManager.computingContainerChanges',
    to: 'dockerManager.pruningInitContainers',
    say: () =>
      'computePodContainerChanges: the infra container is fine; pruneInitContainersBeforeStart removes dead init containers.',
  },
  {
    from: 'dockerManager.killingPod',
    say: (f) =>
      `DockerManager.killPod returned${f.waited ? ` after ${dur(f.waited)}` : ''}; pruneInitContainersBeforeStart.`,
  },
  {
    from: 'dockerManager.killingContainers',
    say: () => 'The unwanted containers are killed; pruneInitContainersBeforeStart.',
  },
  {
    to: 'dockerManager.creatingInfraContainer',
    say: (f) =>
      `createPodInfraContainer: the kubelet creates ${pod(f)}'s POD (pause) container with docker CreateContainer.`,
  },
  {
    to: 'dockerManager.startingInfraContainer',
    say: (f) =>
      `docker CreateContainer returned${f.waited ? ` after ${dur(f.waited)}` : ''}; docker StartContainer starts the POD container.`,
  },
  {
    to: 'dockerManager.settingUpNetwork',
    say: () =>
      'The POD container runs; the kubelet calls the network plugin itself (networkPlugin.SetUpPod).',
  },
  {
    to: 'idle',
    guard: 'network plugin failed',
    say: (f) =>
      `networkPlugin.SetUpPod failed for ${pod(f)}: SyncPod returns the error (FailedSync).`,
  },
  {
    to: 'dockerManager.inspectingInfraContainer',
    say: () =>
      'SetUpPod returned; the kubelet inspects the POD container for its IP (determineContainerIP).',
  },
  {
    to: 'dockerManager.waitingForInit',
    say: (f) =>
      `findActiveInitContainer: SyncPod starts init container ${next(f)} (tryContainerStart) and returns after it: one init container per SyncPod.`,
  },
  {
    from: 'dockerManager.waitingForContainer',
    to: 'dockerManager.waitingForContainer',
    say: (f) =>
      `runContainerInPod returned for ${prev(f)}; SyncPod starts ${next(f)}, the next in Go map order.`,
  },
  {
    to: 'dockerManager.waitingForContainer',
    say: (f) =>
      `DockerManager.SyncPod starts container ${next(f)} (tryContainerStart → runContainerInPod); containers go in Go map order.`,
  },
  {
    to: 'dockerManager.containerBackOff',
    say: (f) =>
      `Container ${backedOff(f)} is in back-off (doBackOff: "Back-off restarting failed docker container"): no start.`,
  },
  {
    to: 'dockerManager.stopped',
    guard: 'SyncPod stops before the containers',
    say: (f) =>
      `An init container of ${pod(f)} is still running or failed: SyncPod stops before the containers.`,
  },
  {
    from: 'dockerManager.waitingForInit',
    to: 'dockerManager.stopped',
    say: (f) =>
      `runContainerInPod returned for init container ${prev(f)}; DockerManager.SyncPod returns (the next SyncPod goes on).`,
  },
  {
    from: 'dockerManager.waitingForContainer',
    to: 'dockerManager.stopped',
    say: (f) =>
      `runContainerInPod returned for ${prev(f)}, the last container to try: DockerManager.SyncPod is done.`,
  },
  {
    to: 'dockerManager.stopped',
    say: (f) =>
      `Every container of ${pod(f)} to start has been tried; DockerManager.SyncPod is done.`,
  },
  {
    from: 'dockerManager.stopped',
    to: 'idle',
    say: (f) =>
      `DockerManager.SyncPod returns to ${f.go.syncPod}, which returns to ${pod(f)}'s pod worker.`,
  },
];

export const syncPod: SentenceRules = [...kubeletSyncPod, ...runtimeSyncPod, ...dockerSyncPod];
