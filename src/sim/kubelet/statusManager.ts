/**
 * The pod status users see, as the kubelet builds it:
 *   - generateAPIPodStatus (kubelet_pods.go): convertToAPIContainerStatuses from the PLEG
 *     cache's PodStatus + the reason cache, probeManager.UpdatePodStatus (Ready/Started),
 *     getPhase, and the kubelet-owned conditions in the kubelet's order
 *     (PodReadyToStartContainers, Initialized, Ready, ContainersReady, PodScheduled);
 *   - statusManager.SetPodStatus / SetContainerReadiness / SetContainerStartup, which keep
 *     startTime and each condition's lastTransitionTime.
 */
import { deepFreeze, samePlain } from '../core/clone';
import type { EffectApi } from '../runner/types';
import { podSandboxChanged } from './computePodActions';
import type { ContainerDef, KubeletRun, PodDef } from './config';
import { klog, lazyValue, q, type KlogMsg, type KV } from './klog';
import { podOnlyKV } from './podKVs';
import { probeReadsHold, readProbe, type ProbeReads } from './probeReads';
import { podStatusText, syncStatusToApi } from './statusPatch';
import { proberId as proberInstanceId } from './ids';
import { latestByName, NODE_IP } from './runtime';
import { imageRefDigest } from './imageReference';
import { volumeMountStatuses } from './volumes';
import {
  allContainersCouldRestart,
  containerShouldRestart,
  shouldAllContainersRestart,
} from './restartRules';
import { statusResources } from './statusResources';
import type {
  ApiContainerStatus,
  ApiPodStatus,
  CachedPodStatus,
  ContainerRecord,
  ContainerStateView,
  KubeletDomain,
  PodCondition,
  ResizeConditions,
} from './types';
import { own } from '../core/cow';

/** Go's %s of a []string: [a b]. */
function goList(xs: string[]): string {
  return `[${xs.join(' ')}]`;
}

/**
 * The pod's metadata.generation as the kubelet sees it, when PodObservedGenerationTracking is on
 * (1.34): 1 from creation, 2 once a graceful delete was requested (rest.BeforeDelete increments
 * the generation with the deletionTimestamp). podutil.CalculatePodStatusObservedGeneration and
 * CalculatePodConditionObservedGeneration give it to the status and to the kubelet's conditions.
 */
function observedGeneration(gates: Gates, d: KubeletDomain, uid: string): number | undefined {
  if (gates.PodObservedGenerationTracking !== true) return undefined;
  // The kubelet's copy of the pod: it has the new generation once the DELETE reached it; a
  // resize (a spec change) counts once the API server took it.
  return (d.pods[uid]?.deletionAt !== undefined ? 2 : 1) + (d.apiPods[uid]?.resize?.count ?? 0);
}

/** The scheduler's PodScheduled condition: set from the pod's first generation, at binding. */
function scheduledGeneration(gates: Gates): number | undefined {
  return gates.PodObservedGenerationTracking === true ? 1 : undefined;
}

/** The run's feature gates (KubeletRun.gates). */
type Gates = Readonly<Record<string, boolean>>;

export function initialStatus(pod: PodDef, gates: Gates): ApiPodStatus {
  return {
    phase: 'Pending',
    qosClass: pod.qos,
    conditions: [
      stamped({ type: 'PodScheduled', status: 'True' }, pod.at, scheduledGeneration(gates)),
    ],
    initContainerStatuses: [],
    containerStatuses: [],
  };
}

/**
 * shouldContainerBeRestarted with the container's newest instance already found. It has no
 * exception for sidecars: SyncPod restarts a restartable init container whatever the pod's
 * restartPolicy (computeInitContainerActions), but with Never (or OnFailure and exit 0) the
 * status keeps it Terminated while it waits out its back-off, as kubelet_pods.go does.
 */
function restartsNext(
  pod: PodDef,
  deleted: boolean,
  c: ContainerDef,
  s: ContainerRecord | undefined,
): boolean {
  if (deleted) return false;
  if (!s) return true;
  if (s.state === 'RUNNING') return false;
  if (s.state === 'CREATED') return true;
  // ContainerRestartRules: podutil.ContainerShouldRestart decides, without the V(4) lines below.
  if (pod.restartRulesGate)
    return containerShouldRestart(
      c,
      pod.restartPolicy,
      s.exitCode ?? 0,
      pod.restartAllContainersGate,
    );
  if (pod.restartPolicy === 'Never') return false;
  if (pod.restartPolicy === 'OnFailure' && s.exitCode === 0) return false;
  return true;
}

/** kubecontainer.ShouldContainerBeRestarted. */
export function shouldContainerBeRestarted(
  pod: PodDef,
  deleted: boolean,
  c: ContainerDef,
  ps: CachedPodStatus,
): boolean {
  return !deleted && restartsNext(pod, false, c, latestByName(ps, c.name));
}

function convertState(r: ContainerRecord): ContainerStateView {
  switch (r.state) {
    case 'RUNNING':
      return { running: { startedAt: r.startedAt ?? r.createdAt } };
    case 'EXITED':
      return {
        terminated: {
          exitCode: r.exitCode ?? 0,
          reason: r.reason ?? (r.exitCode ? 'Error' : 'Completed'),
          ...(r.message !== undefined ? { message: r.message } : {}),
          startedAt: r.startedAt,
          finishedAt: r.finishedAt ?? r.createdAt,
          // convertContainerStatus gives the terminated state the instance's ID too.
          containerID: containerIdString(r.id),
        },
      };
    default:
      // CREATED: "containers that are created but not running are waiting to be running".
      return { waiting: { reason: '' } };
  }
}

export function containerIdString(id: string): string {
  return `containerd://${id}`;
}

/** The two newest instances per container name (the cache entry's list is newest first). */
function newestTwoByName(ps: CachedPodStatus): Map<string, ContainerRecord[]> {
  const byName = new Map<string, ContainerRecord[]>();
  for (const r of ps.containers) {
    const l = byName.get(r.name);
    if (!l) byName.set(r.name, [r]);
    else if (l.length < 2) l.push(r);
  }
  return byName;
}

/** kubelet_pods.go RestartingAllContainers: the reason of a container the reset removed. */
export const RESTARTING_ALL = 'RestartingAllContainers';
const REMOVED_MESSAGE = 'The container is removed because RestartAllContainers in place';

/**
 * convertToAPIContainerStatuses with RestartAllContainersOnContainerExits on (1.35+):
 * `podRestarting` is ShouldAllContainersRestart's answer for this generation.
 */
interface RestartAllStatus {
  podRestarting: boolean;
  /** 1.36: a new container ID takes the old status's termination as its last state. */
  keepsLastState: boolean;
}

/**
 * convertContainerStatus with the gate on: the restart count never goes back (the reset's
 * new instance starts the runtime's count again), a running container after a terminated
 * status counts one more, and (1.36) the last state survives the old instance's removal.
 */
function keepRestartCount(
  st: ApiContainerStatus,
  old: ApiContainerStatus,
  r: ContainerRecord,
  onlyInstance: boolean,
  ra: RestartAllStatus,
): void {
  if (old.restartCount > st.restartCount) st.restartCount = old.restartCount;
  if (ra.keepsLastState && onlyInstance) {
    if (old.containerID !== st.containerID && old.state.terminated)
      st.lastState = { terminated: old.state.terminated };
    else if (old.lastState.terminated) st.lastState = { terminated: old.lastState.terminated };
  }
  if (r.state === 'RUNNING' && old.state.terminated && old.restartCount >= r.attempt)
    st.restartCount = old.restartCount + 1;
}

function convertStatuses(
  pod: PodDef,
  d: KubeletDomain,
  defs: ContainerDef[],
  byName: Map<string, ContainerRecord[]>,
  deleted: boolean,
  /** The stored status's list for these containers (convertToAPIContainerStatuses' previousStatus). */
  previous: readonly ApiContainerStatus[] | undefined,
  /** RecursiveReadOnlyMounts: statuses list the container's volume mounts. */
  mountsInStatus: boolean,
  /** InPlacePodVerticalScaling (1.33's shape): statuses carry allocatedResources and resources. */
  resourcesInStatus: boolean,
  /** RestartAllContainers' reading of the statuses (see RestartAllStatus). */
  restartAll?: RestartAllStatus,
): ApiContainerStatus[] {
  const hasInit = pod.init.length > 0;
  const reasons = d.reasonCache[pod.uid];
  return defs.map((c) => {
    const mine = byName.get(c.name);
    const old = previous?.find((o) => o.name === c.name);
    let st: ApiContainerStatus;
    if (mine?.[0]) {
      const apiPod = d.apiPods[pod.uid];
      const allocation =
        apiPod?.allocated?.find((a) => a.name === c.name)?.resources ?? c.spec.resources;
      const resized = resourcesInStatus
        ? statusResources(
            c,
            mine[0].state === 'RUNNING',
            allocation,
            apiPod?.actuated?.[c.name] ?? c.spec.resources,
          )
        : undefined;
      // The runtime's statuses replace the defaults whole (convertContainerStatus).
      st = {
        name: c.name,
        image: c.image,
        imageID: imageRefDigest(mine[0].image),
        state: convertState(mine[0]),
        lastState: mine[1] ? convertState(mine[1]) : {},
        ready: false,
        restartCount: mine[0].attempt,
        containerID: containerIdString(mine[0].id),
        allocatedResources: resized?.allocatedResources,
        resources: resized?.resources,
        // convertContainerStatus: `status.VolumeMounts = oldStatus.VolumeMounts // immutable`.
        volumeMounts: old?.volumeMounts,
      };
      if (restartAll && old) keepRestartCount(st, old, mine[0], !mine[1], restartAll);
    } else if (restartAll?.podRestarting && old && !old.state.waiting) {
      // The reset removed the container: Waiting, with the reset as its last termination.
      const base: ApiContainerStatus = old.state.terminated
        ? { ...old }
        : {
            name: c.name,
            image: c.image,
            imageID: '',
            state: {},
            lastState: {},
            ready: false,
            restartCount: old.restartCount,
            volumeMounts: mountsInStatus ? volumeMountStatuses(pod, c) : undefined,
          };
      st = {
        ...base,
        state: { waiting: { reason: RESTARTING_ALL, message: REMOVED_MESSAGE } },
        lastState: {
          terminated: { exitCode: 137, reason: RESTARTING_ALL, message: REMOVED_MESSAGE },
        },
        restartCount: old.restartCount + 1,
      };
    } else if (old?.state.terminated) {
      // A container the runtime no longer has (removed once its pod terminated) keeps the
      // terminated status it had: `status = &oldStatus`. A copy: the stored one is frozen.
      st = { ...old };
    } else {
      // The default waiting state, with the old restart count and last termination.
      // (Go's next step, a "ContainerStatusUnknown" last state for a container that was
      // running and is gone, is not reached here: the runtime removes a container only after
      // the status held it terminated.)
      st = {
        name: c.name,
        image: c.image,
        imageID: '',
        state: { waiting: { reason: hasInit ? 'PodInitializing' : 'ContainerCreating' } },
        lastState: old ? old.lastState : {},
        ready: false,
        restartCount: old ? old.restartCount : 0,
        // "status.VolumeMounts cannot be propagated from kubecontainer.Status because the CRI
        // API is unaware of the volume names": the default status takes them from the spec.
        volumeMounts: mountsInStatus ? volumeMountStatuses(pod, c) : undefined,
      };
    }
    // Containers that will be (re)started in the next SyncPod show the last start error.
    if (reasons && restartsNext(pod, deleted, c, mine?.[0])) {
      const why = reasons[c.name];
      if (why) {
        if (st.state.terminated) st.lastState = st.state;
        st.state = { waiting: { reason: why.reason, message: why.message } };
      }
    }
    return st;
  });
}

/** "type/containerId" keys by container id, so a look-up builds no string; bounded (ids are per run). */
const probeKeys = new Map<string, Record<string, string>>();
const PROBE_KEYS_MAX = 8192;

/** The domain's probeResults key of a container's probe of `type`. */
export function probeKey(type: string, containerId: string): string {
  let byType = probeKeys.get(containerId);
  if (!byType) {
    if (probeKeys.size >= PROBE_KEYS_MAX) probeKeys.clear();
    probeKeys.set(containerId, (byType = {}));
  }
  return (byType[type] ??= `${type}/${containerId}`);
}

function rawId(s: ApiContainerStatus): string {
  return s.containerID ? s.containerID.slice('containerd://'.length) : '';
}

/**
 * How the release's probe manager treats a kubelet restart (prober_manager.go 1.35+,
 * ChangeContainerStatusOnKubeletRestart deprecated and off by default): with the gate off, a
 * running container's Started carries over from the API status until its startup worker has a
 * result, and one that has run since before `graceCutoff` (the probe manager's start less
 * kubeletRestartGracePeriod's 10 s) keeps Ready while its readiness worker has no result and the
 * pod was Ready. Undefined when the kubelet resets them: the gate on, or a release before the
 * gate, whose kubelet always did.
 */
export interface RestartKeep {
  readonly graceCutoff: number;
}

/** The release declares ChangeContainerStatusOnKubeletRestart and the run has it off. */
export function restartKeep(cfg: KubeletRun, d: KubeletDomain): RestartKeep | undefined {
  if (!cfg.declaredGates.has(RESTART_GATE) || cfg.gates[RESTART_GATE] !== false) return undefined;
  return { graceCutoff: (cfg.generations[d.gen]?.startAt ?? 0) - KUBELET_RESTART_GRACE_MS };
}
const RESTART_GATE = 'ChangeContainerStatusOnKubeletRestart';
/** kubeletRestartGracePeriod: start.Add(-time.Second * 10). */
const KUBELET_RESTART_GRACE_MS = 10_000;

/** probeManager.isContainerStarted. */
function isStarted(
  d: KubeletDomain,
  c: ContainerDef,
  s: ApiContainerStatus,
  reads: ProbeReads,
  keep: RestartKeep | undefined,
  old: ApiContainerStatus | undefined,
): boolean {
  if (!s.state.running) return false;
  // Results exist only for probes the container has (the worker writes them).
  if (!c.probes.startup) return true;
  const r = readProbe(d, probeKey('startup', rawId(s)), reads);
  if (r !== undefined) return r === 'Success';
  // convertToAPIContainerStatuses copied the old status's Started to a running container.
  return keep !== undefined && old?.started === true;
}

/**
 * probeManager.UpdatePodStatus: Started and Ready per container. Returns the readiness
 * workers to trigger at once (a started container whose readiness probe has not passed yet).
 */
function updateReadiness(
  d: KubeletDomain,
  pod: PodDef,
  status: ApiPodStatus,
  triggers: string[],
  reads: ProbeReads,
  keep: RestartKeep | undefined,
  old: ApiPodStatus | undefined,
): void {
  const podWasReady = old?.conditions.some((x) => x.type === 'Ready' && x.status === 'True');
  const ready = (c: ContainerDef, s: ApiContainerStatus) =>
    isReady(d, pod, c, s, triggers, reads, keep, podWasReady === true);
  status.containerStatuses.forEach((s, i) => {
    const c = pod.containers[i]!;
    s.started = isStarted(d, c, s, reads, keep, old?.containerStatuses[i]);
    if (s.started) s.ready = ready(c, s);
  });
  status.initContainerStatuses.forEach((s, i) => {
    const c = pod.init[i]!;
    s.started = isStarted(d, c, s, reads, keep, old?.initContainerStatuses[i]);
    if (c.kind === 'init') {
      s.ready = !!s.state.terminated && s.state.terminated.exitCode === 0;
      return;
    }
    if (s.started) s.ready = ready(c, s);
  });
}

/**
 * A started container's readiness (a readiness probe not passed yet is triggered), and, with
 * `keep`, setReadyStateOnKubeletRestart for one running since before the grace cut-off.
 */
function isReady(
  d: KubeletDomain,
  pod: PodDef,
  c: ContainerDef,
  s: ApiContainerStatus,
  triggers: string[],
  reads: ProbeReads,
  keep: RestartKeep | undefined,
  podWasReady: boolean,
): boolean {
  if (!s.state.running) return false;
  if (!c.probes.readiness) return true;
  const r = readProbe(d, probeKey('readiness', rawId(s)), reads);
  if (r === 'Success') return true;
  triggers.push(proberInstanceId(pod.key, c.name, 'readiness'));
  // No result yet (the worker kept its initial Failure back) and the pod was Ready: still Ready.
  return keep !== undefined && s.state.running.startedAt < keep.graceCutoff
    ? r === undefined && podWasReady
    : false;
}

function hasAnyRegularContainerStarted(status: ApiPodStatus): boolean {
  return status.containerStatuses.some((s) => s.state.running || s.state.terminated);
}

/** kubelet_pods.go getPhase. */
export function getPhase(
  pod: PodDef,
  status: ApiPodStatus,
  podIsTerminal: boolean,
): ApiPodStatus['phase'] {
  // Regular and restartable init containers pending apart (1.32, PR #126653): a regular one
  // running again (a new sandbox re-runs initialisation) makes the pod Pending even though
  // its containers ran before.
  let pendingRegularInit = 0;
  let pendingRestartableInit = 0;
  let failedInitialization = 0;
  // ContainerRestartRules (1.34+, on from 1.35): a failure counts against the pod only when
  // podutil.ContainerShouldRestart says the container will not run again.
  let failedInitializationNotRestartable = 0;
  // RestartAllContainersOnContainerExits: a container the reset removed will run again.
  const restartable = (c: ContainerDef, exitCode: number, reason?: string) =>
    containerShouldRestart(c, pod.restartPolicy, exitCode, pod.restartAllContainersGate) ||
    (pod.restartAllContainersGate && reason === RESTARTING_ALL);
  status.initContainerStatuses.forEach((s, i) => {
    const c = pod.init[i]!;
    if (c.kind !== 'init') return;
    if (s.state.running) pendingRegularInit++;
    else if (s.state.terminated) {
      const exit = s.state.terminated.exitCode;
      if (exit !== 0) {
        failedInitialization++;
        if (pod.restartRulesGate && !restartable(c, exit, s.state.terminated.reason))
          failedInitializationNotRestartable++;
      }
    } else if (s.state.waiting) {
      if (s.lastState.terminated) {
        const exit = s.lastState.terminated.exitCode;
        if (exit !== 0) {
          failedInitialization++;
          if (pod.restartRulesGate && !restartable(c, exit, s.lastState.terminated.reason))
            failedInitializationNotRestartable++;
        }
      } else pendingRegularInit++;
    } else pendingRegularInit++;
  });
  let unknown = 0;
  let running = 0;
  let waiting = 0;
  let stopped = 0;
  let succeeded = 0;
  status.initContainerStatuses.forEach((s, i) => {
    if (pod.init[i]!.kind !== 'sidecar') return;
    if (s.state.running) {
      if (!s.started) pendingRestartableInit++;
      running++;
    } else if (s.state.terminated) {
      /* not counted */
    } else if (s.state.waiting) {
      if (!s.lastState.terminated) {
        pendingRestartableInit++;
        waiting++;
      }
    } else {
      pendingRestartableInit++;
      unknown++;
    }
  });
  let stoppedNotRestartable = 0;
  status.containerStatuses.forEach((s, i) => {
    const c = pod.containers[i]!;
    if (s.state.running) running++;
    else if (s.state.terminated) {
      stopped++;
      const exit = s.state.terminated.exitCode;
      if (pod.restartRulesGate && !restartable(c, exit, s.state.terminated.reason))
        stoppedNotRestartable++;
      if (exit === 0) succeeded++;
    } else if (s.state.waiting) {
      if (s.lastState.terminated) {
        stopped++;
        const last = s.lastState.terminated;
        if (pod.restartRulesGate && !restartable(c, last.exitCode, last.reason))
          stoppedNotRestartable++;
      } else waiting++;
    } else unknown++;
  });
  if (pod.restartRulesGate) {
    if (failedInitializationNotRestartable > 0) return 'Failed';
  } else if (failedInitialization > 0 && pod.restartPolicy === 'Never') return 'Failed';
  // podHasInitialized: 1.33 (#128516) asks whether a regular container started in the current
  // sandbox; the status's containers stand for it here (any that ever started).
  if (
    pendingRegularInit > 0 ||
    (pendingRestartableInit > 0 && !hasAnyRegularContainerStarted(status)) ||
    waiting > 0
  )
    return 'Pending';
  if (running > 0 && unknown === 0) return 'Running';
  if (running === 0 && stopped > 0 && unknown === 0) {
    if (podIsTerminal) return stopped === succeeded ? 'Succeeded' : 'Failed';
    if (pod.restartRulesGate) {
      // At least one container is on its way to a restart.
      if (stopped !== stoppedNotRestartable) return 'Running';
      return stopped === succeeded ? 'Succeeded' : 'Failed';
    }
    if (pod.restartPolicy === 'Always') return 'Running';
    if (stopped === succeeded) return 'Succeeded';
    if (pod.restartPolicy === 'Never') return 'Failed';
    return 'Running';
  }
  return 'Pending';
}

export type Cond = Omit<PodCondition, 'lastTransitionTime'>;

function initializedCondition(
  pod: PodDef,
  status: ApiPodStatus,
  old: readonly PodCondition[] | undefined,
): Cond {
  const incomplete: string[] = [];
  status.initContainerStatuses.forEach((s, i) => {
    const c = pod.init[i]!;
    if (c.kind === 'sidecar') {
      if (!s.started) incomplete.push(c.name);
    } else if (!s.ready) incomplete.push(c.name);
  });
  if (status.phase === 'Succeeded')
    return { type: 'Initialized', status: 'True', reason: 'PodCompleted' };
  if (hasAnyRegularContainerStarted(status)) return { type: 'Initialized', status: 'True' };
  // RestartAllContainers: "once a pod is initialized, it cannot be uninitialized", though its
  // init containers wait to run again (status/generate.go GeneratePodInitializedCondition).
  if (
    incomplete.length &&
    pod.restartAllContainersGate &&
    old?.some((c) => c.type === 'Initialized' && c.status === 'True')
  )
    return { type: 'Initialized', status: 'True' };
  if (incomplete.length)
    return {
      type: 'Initialized',
      status: 'False',
      reason: 'ContainersNotInitialized',
      message: `containers with incomplete status: ${goList(incomplete)}`,
    };
  return { type: 'Initialized', status: 'True' };
}

function containersReadyCondition(pod: PodDef, status: ApiPodStatus): Cond {
  const unready: string[] = [];
  status.initContainerStatuses.forEach((s, i) => {
    if (pod.init[i]!.kind === 'sidecar' && !s.ready) unready.push(s.name);
  });
  for (const s of status.containerStatuses) if (!s.ready) unready.push(s.name);
  if (status.phase === 'Succeeded')
    return { type: 'ContainersReady', status: 'False', reason: 'PodCompleted' };
  if (status.phase === 'Failed')
    return { type: 'ContainersReady', status: 'False', reason: 'PodFailed' };
  if (unready.length)
    return {
      type: 'ContainersReady',
      status: 'False',
      reason: 'ContainersNotReady',
      message: `containers with unready status: ${goList(unready)}`,
    };
  return { type: 'ContainersReady', status: 'True' };
}

function conditions(
  gates: Gates,
  pod: PodDef,
  status: ApiPodStatus,
  ps: CachedPodStatus | undefined,
  resize: ResizeConditions | undefined,
  old: readonly PodCondition[] | undefined,
  restarting?: Cond,
): Cond[] {
  const sb = ps?.sandboxes[0];
  const sandboxReady = !!sb && sb.state === 'SANDBOX_READY' && (pod.hostNetwork || sb.ip !== '');
  const cr = containersReadyCondition(pod, status);
  const ready: Cond =
    cr.status === 'True'
      ? { type: 'Ready', status: 'True' }
      : { type: 'Ready', status: cr.status, reason: cr.reason, message: cr.message };
  const rest: Cond[] = [
    initializedCondition(pod, status, old),
    ready,
    cr,
    { type: 'PodScheduled', status: 'True' },
  ];
  if (restarting) rest.push(restarting);
  // PodReadyToStartContainersCondition (alpha 1.28, beta and on from 1.29).
  const all: Cond[] =
    gates.PodReadyToStartContainersCondition === true
      ? [{ type: 'PodReadyToStartContainers', status: sandboxReady ? 'True' : 'False' }, ...rest]
      : rest;
  // determinePodResizeStatus: the status manager's resize conditions come first (1.33+),
  // PodResizePending then PodResizeInProgress; a terminal pod's are cleared.
  if (!resize || status.phase === 'Failed' || status.phase === 'Succeeded') return all;
  const first: Cond[] = [];
  if (resize.pending)
    first.push({
      type: 'PodResizePending',
      status: 'True',
      reason: resize.pending.reason,
      message: resize.pending.message,
    });
  if (resize.inProgress) first.push({ type: 'PodResizeInProgress', status: 'True' });
  return first.length ? [...first, ...all] : all;
}

/**
 * `{ ...c, lastTransitionTime }`, built field by field: a spread of the conditions' several
 * shapes took V8's slow path. A Cond has type and status, then reason, then message (each
 * present even when undefined, as conditions() writes them): the same keys in the same order.
 */
export function stamped(
  c: Cond,
  lastTransitionTime: number,
  observedGeneration: number | undefined,
): PodCondition {
  const { type, status } = c;
  if (!('reason' in c)) return { type, observedGeneration, status, lastTransitionTime };
  if (!('message' in c))
    return { type, observedGeneration, status, reason: c.reason, lastTransitionTime };
  return {
    type,
    observedGeneration,
    status,
    reason: c.reason,
    message: c.message,
    lastTransitionTime,
  };
}

/** Keeps lastTransitionTime for conditions whose status did not change (status manager). */
function stampConditions(
  conds: Cond[],
  old: PodCondition[] | undefined,
  t: number,
  scheduledAt: number,
  generation: number | undefined,
  gates: Gates,
): PodCondition[] {
  const out: PodCondition[] = [];
  const scheduled = scheduledGeneration(gates);
  for (const c of conds) {
    let prev: PodCondition | undefined;
    if (old)
      for (const o of old)
        if (o.type === c.type) {
          prev = o;
          break;
        }
    const bySched = c.type === 'PodScheduled';
    out.push(
      stamped(
        c,
        prev && prev.status === c.status ? prev.lastTransitionTime : bySched ? scheduledAt : t,
        // GenerateAllContainersRestartingCondition sets no ObservedGeneration.
        bySched ? scheduled : c.type === 'AllContainersRestarting' ? undefined : generation,
      ),
    );
  }
  return out;
}

export interface Generated {
  status: ApiPodStatus;
  /** Readiness prober ids to trigger at once. */
  triggers: string[];
  /**
   * What generating it logged: GeneratePodReadyToStartContainersCondition (status/generate.go)
   * calls runtimeutil.PodSandboxChanged, which logs "No sandbox for pod can be found…" before
   * computePodActions logs it again (the two lines of a first sync, with the volume lines
   * between them).
   */
  logs: { msg: KlogMsg; kv: KV }[];
}

/**
 * What a fresh status was generated from (frozen values, compared by identity, and the probe
 * results it read): the PLEG cache entry, reason cache, deletion and terminal flag.
 */
interface GenKey {
  ps: CachedPodStatus;
  reasons: unknown;
  /** The status manager's resize conditions (replaced, never changed in place). */
  resize: ResizeConditions | undefined;
  /** The allocation and the actuated resources (each replaced whole when it changes). */
  allocated: unknown;
  actuated: unknown;
  deleted: boolean;
  terminal: boolean;
  /** The probe results read: key, value, key, value… */
  reads: ProbeReads;
  /** Frozen: given out as they are, callers only read them. */
  triggers: string[];
  /** The lines that depend on the cache entry alone (PodSandboxChanged's). */
  logs: Generated['logs'];
  /** getPhase's answer before the merge with a terminal phase (logged by "Got phase for pod"). */
  rawPhase: ApiPodStatus['phase'];
}

/**
 * Per pod, the status the status manager stored after the last generation (commitPodStatus),
 * and what that generation read. Every sync generates the status again, and most find nothing
 * changed. Generating from the same inputs with `old` = the stored status gives the stored
 * status itself: its conditions' statuses are what the generation computes, so each keeps its
 * lastTransitionTime (the time is not read), and its podIP and startTime are what the
 * generation carries over from `old`. So the stored status is the answer while the stored
 * status and the inputs are unchanged.
 */
interface GenMemo extends GenKey {
  /** The stored status, frozen: both the generation's `old` and its result. */
  status: ApiPodStatus;
  /** The answer, given as it is (callers only read a Generated). */
  generated: Generated;
}
const genMemos = new WeakMap<PodDef, GenMemo>();
/** A fresh generated status -> what it was generated from, until commitPodStatus stores it. */
const genKeys = new WeakMap<ApiPodStatus, GenKey>();

/** The generator's log lines (they depend on the cache entry alone). */
function generatedLogs(pod: PodDef, ps: CachedPodStatus): Generated['logs'] {
  const changed = podSandboxChanged(ps);
  return changed.log ? [{ msg: changed.log, kv: podOnlyKV(pod) }] : [];
}

/** Kubelet.generateAPIPodStatus. */
export function generateAPIPodStatus(
  cfg: KubeletRun,
  d: KubeletDomain,
  pod: PodDef,
  ps: CachedPodStatus,
  t: number,
  podIsTerminal: boolean,
): Generated {
  void cfg;
  const old = d.status[pod.uid];
  const deleted = d.pods[pod.uid]?.deletionAt !== undefined;
  const reasonsNow = d.reasonCache[pod.uid];
  const m = genMemos.get(pod);
  if (
    m &&
    m.status === old &&
    m.ps === ps &&
    m.reasons === reasonsNow &&
    m.resize === d.resizeConditions[pod.uid] &&
    m.allocated === d.apiPods[pod.uid]?.allocated &&
    m.actuated === d.apiPods[pod.uid]?.actuated &&
    m.deleted === deleted &&
    m.terminal === podIsTerminal &&
    probeReadsHold(m.reads, d)
  )
    return m.generated;
  genMemos.delete(pod);
  const gen = generateFresh(
    cfg.gates,
    resourcesInStatus(cfg),
    d,
    pod,
    ps,
    t,
    podIsTerminal,
    old,
    deleted,
    restartKeep(cfg, d),
    cfg.behaviours.restartAllKeepsLastState,
  );
  // Only values that cannot change in place can be known again by identity.
  if (Object.isFrozen(ps) && (reasonsNow === undefined || Object.isFrozen(reasonsNow)))
    genKeys.set(gen.status, {
      ps,
      reasons: reasonsNow,
      resize: d.resizeConditions[pod.uid],
      allocated: d.apiPods[pod.uid]?.allocated,
      actuated: d.apiPods[pod.uid]?.actuated,
      deleted,
      terminal: podIsTerminal,
      reads: gen.reads,
      triggers: Object.freeze([...gen.triggers]) as string[],
      // The same cache entry gives the same lines.
      logs: deepFreeze([...gen.logs]),
      rawPhase: gen.rawPhase,
    });
  const logs = phaseLogs(pod, podIsTerminal, old?.phase ?? 'Pending', gen.rawPhase);
  logs.push(...gen.logs);
  return { status: gen.status, triggers: gen.triggers, logs };
}

/**
 * convertToAPIContainerStatuses sets allocatedResources and resources for every container the
 * runtime has (InPlacePodVerticalScaling, beta and on from 1.33; 1.32 and before wrote
 * allocatedResources only behind InPlacePodVerticalScalingAllocatedStatus, not modelled).
 */
function resourcesInStatus(cfg: KubeletRun): boolean {
  return cfg.gates.InPlacePodVerticalScaling === true && cfg.behaviours.statusResourcesOfAllocation;
}

function generateFresh(
  gates: Gates,
  resources: boolean,
  d: KubeletDomain,
  pod: PodDef,
  ps: CachedPodStatus,
  t: number,
  podIsTerminal: boolean,
  old: ApiPodStatus | undefined,
  deleted: boolean,
  keep: RestartKeep | undefined,
  keepsLastState: boolean,
): Generated & { reads: ProbeReads; rawPhase: ApiPodStatus['phase'] } {
  const sb = ps.sandboxes.find((s) => s.state === 'SANDBOX_READY');
  const byName = newestTwoByName(ps);
  const generation = observedGeneration(gates, d, pod.uid);
  const mounts = gates.RecursiveReadOnlyMounts === true;
  const restartAll: RestartAllStatus | undefined = pod.restartAllContainersGate
    ? { podRestarting: podRestarting(pod, byName, old), keepsLastState }
    : undefined;
  const status: ApiPodStatus = {
    // Always the key (undefined when the gate is off): one shape for every stored status.
    observedGeneration: generation,
    phase: 'Pending',
    qosClass: pod.qos,
    hostIP: NODE_IP,
    // generateAPIPodStatus: a hostNetwork pod has the node's IP from its first status, before
    // any sandbox exists.
    podIP: sb?.ip ?? old?.podIP ?? (pod.hostNetwork ? NODE_IP : undefined),
    startTime: old?.startTime,
    conditions: [],
    initContainerStatuses: convertStatuses(
      pod,
      d,
      pod.init,
      byName,
      deleted,
      old?.initContainerStatuses,
      mounts,
      resources,
      restartAll,
    ),
    containerStatuses: convertStatuses(
      pod,
      d,
      pod.containers,
      byName,
      deleted,
      old?.containerStatuses,
      mounts,
      resources,
      restartAll,
    ),
  };
  const triggers: string[] = [];
  const reads: ProbeReads = [];
  updateReadiness(d, pod, status, triggers, reads, keep, old);
  const rawPhase = getPhase(pod, status, podIsTerminal);
  // The three-way merge: a terminal phase the status manager holds is kept.
  status.phase = keptTerminal(rawPhase, old?.phase) ? old!.phase : rawPhase;
  // "preserve the reason and message which is associated with the phase" (a rejected pod's).
  if (old && status.phase === old.phase) {
    if (old.reason !== undefined) status.reason = old.reason;
    if (old.message !== undefined) status.message = old.message;
  }
  const restarting =
    restartAll && allContainersCouldRestart(pod)
      ? allContainersRestartingCondition(pod, status.phase, restartAll.podRestarting, byName)
      : undefined;
  status.conditions = stampConditions(
    conditions(gates, pod, status, ps, d.resizeConditions[pod.uid], old?.conditions, restarting),
    old?.conditions,
    t,
    pod.at,
    generation,
    gates,
  );
  // "copy over the pod disruption conditions from state which is already updated during the
  // eviction": they are not generated again from the containers (one-time events).
  const disruption = old?.conditions.find((c) => c.type === 'DisruptionTarget');
  if (disruption) status.conditions = [...status.conditions, disruption];
  return { status, triggers, logs: generatedLogs(pod, ps), reads, rawPhase };
}

/**
 * kubecontainer.ShouldAllContainersRestart for this generation: the old status's
 * AllContainersRestarting, or a container whose newest instance exited (or whose old status is
 * terminated) with a code matching a RestartAllContainers rule.
 */
function podRestarting(
  pod: PodDef,
  byName: Map<string, ContainerRecord[]>,
  old: ApiPodStatus | undefined,
): boolean {
  if (!allContainersCouldRestart(pod)) return false;
  const oldTrue =
    old?.conditions.some((c) => c.type === 'AllContainersRestarting' && c.status === 'True') ??
    false;
  const oldTerminated = (name: string) =>
    (
      old?.initContainerStatuses.find((x) => x.name === name) ??
      old?.containerStatuses.find((x) => x.name === name)
    )?.state.terminated?.exitCode;
  return shouldAllContainersRestart(
    pod,
    (name) => {
      const r = byName.get(name)?.[0];
      return r?.state === 'EXITED' ? (r.exitCode ?? 0) : undefined;
    },
    oldTrue,
    oldTerminated,
  );
}

/**
 * status/generate.go GenerateAllContainersRestartingCondition (1.35+): True from the exit that
 * matched a RestartAllContainers rule until every container is gone from the runtime
 * (AllContainersRestartCleanedUp); False otherwise, with the terminal phase as its reason.
 */
function allContainersRestartingCondition(
  pod: PodDef,
  phase: ApiPodStatus['phase'],
  restarting: boolean,
  byName: Map<string, ContainerRecord[]>,
): Cond {
  if (phase === 'Succeeded')
    return { type: 'AllContainersRestarting', status: 'False', reason: 'PodCompleted' };
  if (phase === 'Failed')
    return { type: 'AllContainersRestarting', status: 'False', reason: 'PodFailed' };
  if (!restarting) return { type: 'AllContainersRestarting', status: 'False' };
  const cleanedUp = [...pod.init, ...pod.containers].every((c) => !byName.has(c.name));
  if (cleanedUp) return { type: 'AllContainersRestarting', status: 'False' };
  return {
    type: 'AllContainersRestarting',
    status: 'True',
    reason: 'RestartAllContainersStarted',
    message: 'container exited with restart policy rule',
  };
}

/** podutil.IsPodPhaseTerminal: Failed or Succeeded. */
export function isPodPhaseTerminal(p: ApiPodStatus['phase'] | undefined): boolean {
  return p === 'Failed' || p === 'Succeeded';
}

/** The phase getPhase gave is not terminal, and the one the status manager holds is. */
function keptTerminal(raw: ApiPodStatus['phase'], old: ApiPodStatus['phase'] | undefined): boolean {
  return !isPodPhaseTerminal(raw) && isPodPhaseTerminal(old);
}

/**
 * generateAPIPodStatus's own lines: V(3) "Generating pod status", V(4) "Got phase for pod" with
 * the old phase (the status manager's, else the API's: a new pod's is Pending) and getPhase's
 * answer, and, when the three-way merge keeps a terminal phase the status manager holds, V(4)
 * "Status manager phase was terminal, updating phase to match". The API's phase is the status
 * manager's here, so the later "illegal phase transition" guard cannot fire.
 */
function phaseLogs(
  pod: PodDef,
  podIsTerminal: boolean,
  oldPhase: ApiPodStatus['phase'],
  rawPhase: ApiPodStatus['phase'],
): Generated['logs'] {
  const podKey = q(pod.key);
  const logs: Generated['logs'] = [
    {
      msg: 'Generating pod status',
      kv: [
        ['podIsTerminal', String(podIsTerminal)],
        ['pod', podKey],
      ],
    },
    {
      msg: 'Got phase for pod',
      kv: [
        ['pod', podKey],
        ['oldPhase', q(oldPhase)],
        ['phase', q(rawPhase)],
      ],
    },
  ];
  if (keptTerminal(rawPhase, oldPhase))
    logs.push({
      msg: 'Status manager phase was terminal, updating phase to match',
      kv: [
        ['pod', podKey],
        ['phase', q(oldPhase)],
      ],
    });
  return logs;
}

/**
 * What the kubelet does with a generated status: the generator's log lines, then
 * statusManager.SetPodStatus, then (when it changed) the API patch (statusPatch.ts).
 */
export function commitPodStatus(
  api: Pick<EffectApi<KubeletDomain>, 'log' | 'domain' | 't' | 'record'> & { recording?: boolean },
  pod: PodDef,
  gen: Generated,
): void {
  for (const l of gen.logs) klog(api, l.msg, l.kv);
  const before = api.domain.status[pod.uid];
  setPodStatus(api.domain, pod.uid, gen.status, api.t);
  // updateStatusInternal: an unchanged status is not stored again. A pod being deleted is
  // forced through (forceUpdate = DeletionTimestamp != nil), without the line.
  // (A seek's replay prints nothing: the status text is built only for a recorded step.)
  if (
    api.recording !== false &&
    before !== undefined &&
    api.domain.status[pod.uid] === before &&
    api.domain.pods[pod.uid]?.deletionAt === undefined
  )
    klog(api, 'Ignoring same status for pod', [
      ['pod', q(pod.key)],
      // The stored (frozen) status, printed when the line is.
      lazyValue('status', () => podStatusText(before)),
    ]);
  // The stored status is what generating from the same inputs gives next time (GenMemo).
  const key = genKeys.get(gen.status);
  const stored = api.domain.status[pod.uid];
  if (key && stored && Object.isFrozen(stored))
    // Field by field: spread copies got a hidden class each, and the memo's reads went megamorphic.
    genMemos.set(pod, {
      ps: key.ps,
      reasons: key.reasons,
      resize: key.resize,
      allocated: key.allocated,
      actuated: key.actuated,
      deleted: key.deleted,
      terminal: key.terminal,
      reads: key.reads,
      triggers: key.triggers,
      logs: key.logs,
      rawPhase: key.rawPhase,
      status: stored,
      generated: Object.freeze({
        status: stored,
        triggers: key.triggers,
        // Generated again from `stored`: its phase is the old phase the lines name.
        logs: deepFreeze([
          ...phaseLogs(pod, key.terminal, stored.phase, key.rawPhase),
          ...key.logs,
        ]),
      }),
    });
  syncStatusToApi(api, pod, before);
}

/**
 * `now` with each item equal to old's at its place replaced by old's (frozen) one, or old itself
 * when all are: a new stored status shares what did not change with the previous one, so what
 * is built from a status item (its patch text, its freezing) is done once per change.
 */
function keepEqual<T>(old: T[], now: T[]): T[] {
  let out: T[] | undefined;
  for (let i = 0; i < now.length; i++) {
    const o = old[i];
    if (o !== undefined && samePlain(o, now[i])) {
      if (out) out.push(o);
    } else {
      out ??= old.slice(0, i);
      out.push(now[i]!);
    }
  }
  return out ?? (old.length === now.length ? old : old.slice(0, now.length));
}

/** statusManager.SetPodStatus: keeps the first start time. */
export function setPodStatus(d: KubeletDomain, uid: string, s: ApiPodStatus, t: number): void {
  const old = d.status[uid];
  // The stored status given back (generateAPIPodStatus's memo): its startTime is set already.
  if (s === old) return;
  // Object.assign, not a spread: V8 gives a spread copy whose fields are then set (startTime
  // was undefined) and frozen a hidden class of its own, one per stored status, and every read
  // of a status (its texts, the probes' outlook) went megamorphic, missing its cache.
  const next: ApiPodStatus = Object.assign(
    {},
    s,
    old
      ? {
          startTime: old.startTime ?? s.startTime ?? t,
          conditions: keepEqual(old.conditions, s.conditions),
          initContainerStatuses: keepEqual(old.initContainerStatuses, s.initContainerStatuses),
          containerStatuses: keepEqual(old.containerStatuses, s.containerStatuses),
        }
      : { startTime: s.startTime ?? t },
  );
  // Most syncs change nothing: the stored value stays, so checkpoints keep sharing it. (The
  // lists are old's own when equal, so this compares them by identity.)
  if (old && samePlain(old, next)) return;
  // Frozen: a stored status is a value (changes replace it), shared by checkpoints and seeks.
  own(d, 'status')[uid] = deepFreeze(next);
}

/** TerminatePod's state for a container it cannot account for. */
const STATUS_UNKNOWN: ContainerStateView = Object.freeze({
  terminated: Object.freeze({
    exitCode: 137,
    reason: 'ContainerStatusUnknown',
    message: 'The container could not be located when the pod was terminated',
  }),
});

/**
 * status_manager.go hasPodInitialized: no init containers, a regular container that ever left
 * Waiting, or the last init container done (a sidecar started, a regular one exited 0).
 */
function hasPodInitialized(pod: PodDef, s: ApiPodStatus): boolean {
  if (pod.init.length === 0) return true;
  if (s.containerStatuses.some((c) => c.lastState.terminated || !c.state.waiting)) return true;
  const last = s.initContainerStatuses[s.initContainerStatuses.length - 1];
  if (!last) return false;
  if (pod.byName[last.name]?.kind === 'sidecar') return !!last.state.running && !!last.started;
  return last.lastState.terminated?.exitCode === 0 || last.state.terminated?.exitCode === 0;
}

/**
 * status_manager.go initializedContainers: how many init container statuses, from the first,
 * show an attempt to start (all but the trailing ones still Waiting with no last state; at
 * least one).
 */
function initializedCount(list: readonly ApiContainerStatus[]): number {
  for (let i = list.length - 1; i >= 0; i--)
    if (!list[i]!.state.waiting || list[i]!.lastState.terminated) return i + 1;
  return Math.min(1, list.length);
}

/**
 * statusManager.TerminatePod, SyncTerminatedPod's last step ("mark the final pod status"): a
 * container it cannot account for is Terminated ContainerStatusUnknown (regular containers
 * only once the pod initialized; init containers up to the last that tried to start), and a
 * pod still Pending or Running becomes Failed (V(3) "Marking terminal pod as failed", 1.27+:
 * `markFailed`), so the pod reaches a terminal phase before the API server deletes it. A forced
 * update.
 */
export function terminatePod(
  api: Pick<EffectApi<KubeletDomain>, 'log' | 'domain' | 't' | 'record'> & { recording?: boolean },
  pod: PodDef,
  markFailed = true,
): void {
  const before = api.domain.status[pod.uid];
  if (!before) return;
  const initialized = hasPodInitialized(pod, before);
  const tried = initializedCount(before.initContainerStatuses);
  const unknown = (c: ApiContainerStatus) =>
    c.state.terminated ? c : { ...c, state: STATUS_UNKNOWN };
  let phase = before.phase;
  if (markFailed && (phase === 'Pending' || phase === 'Running')) {
    klog(api, 'Marking terminal pod as failed', [
      ['oldPhase', q(phase)],
      ['pod', q(pod.key)],
      ['podUID', q(pod.uid)],
    ]);
    phase = 'Failed';
  }
  setPodStatus(
    api.domain,
    pod.uid,
    {
      ...before,
      phase,
      initContainerStatuses: before.initContainerStatuses.map((c, i) =>
        i < tried ? unknown(c) : c,
      ),
      containerStatuses: initialized
        ? before.containerStatuses.map(unknown)
        : before.containerStatuses,
    },
    api.t,
  );
  syncStatusToApi(api, pod, before);
}

/** The status with the container's statuses changed by `change` (a new, frozen status). */
function withContainer(
  s: ApiPodStatus,
  containerId: string,
  change: (c: ApiContainerStatus) => ApiContainerStatus,
): ApiPodStatus {
  const id = containerIdString(containerId);
  const map = (list: ApiContainerStatus[]) =>
    list.some((c) => c.containerID === id)
      ? list.map((c) => (c.containerID === id ? change(c) : c))
      : list;
  return {
    ...s,
    initContainerStatuses: map(s.initContainerStatuses),
    containerStatuses: map(s.containerStatuses),
  };
}

/** status_manager.go findContainerStatus: the status of the container with that runtime id. */
function findContainerStatus(s: ApiPodStatus, containerId: string): ApiContainerStatus | undefined {
  const id = containerIdString(containerId);
  return (
    s.initContainerStatuses.find((c) => c.containerID === id) ??
    s.containerStatuses.find((c) => c.containerID === id)
  );
}

/** Recomputes ContainersReady/Ready after a readiness change (SetContainerReadiness). */
export function setContainerReadiness(
  gates: Gates,
  d: KubeletDomain,
  pod: PodDef,
  containerId: string,
  ready: boolean,
  t: number,
): boolean {
  const s = d.status[pod.uid];
  if (!s) return false;
  const c = findContainerStatus(s, containerId);
  if (!c) return false;
  if (c.ready === ready) return false;
  const next = withContainer(s, containerId, (x) => ({ ...x, ready }));
  const conds = conditions(gates, pod, next, undefined, undefined, s.conditions).filter(
    (x) => x.type === 'Ready' || x.type === 'ContainersReady',
  );
  next.conditions = s.conditions.map((old) => {
    const n = conds.find((x) => x.type === old.type);
    if (!n) return old;
    // GeneratePodReadyCondition gives it the pod's generation too (1.34).
    return stamped(
      n,
      n.status === old.status ? old.lastTransitionTime : t,
      observedGeneration(gates, d, pod.uid),
    );
  });
  own(d, 'status')[pod.uid] = deepFreeze(next);
  return true;
}

/**
 * SetContainerStartup: the container's Started flag. True when it changed: the status manager
 * then queues the pod's status for the API (updateStatusInternal), as for readiness.
 */
export function setContainerStartup(
  d: KubeletDomain,
  pod: PodDef,
  containerId: string,
  started: boolean,
): boolean {
  const s = d.status[pod.uid];
  if (!s) return false;
  const c = findContainerStatus(s, containerId);
  // "Container startup unchanged" (V4, not printed).
  if (!c || c.started === started) return false;
  own(d, 'status')[pod.uid] = deepFreeze(withContainer(s, containerId, (x) => ({ ...x, started })));
  return true;
}

/**
 * Rejected at admission: Failed with the reason, "Pod was rejected: ..." (Kubelet.rejectPod).
 * rejectPod's PodStatus has no conditions, and status_manager.go mergePodStatus drops the old
 * kubelet-owned ones (PodScheduled is in types.PodConditionsByKubelet), so the patch sends
 * `"conditions":null` and kubectl describe prints no Conditions section.
 */
export function rejectedStatus(
  gates: Gates,
  pod: PodDef,
  reason: string,
  message: string,
  t: number,
): ApiPodStatus {
  return {
    ...initialStatus(pod, gates),
    conditions: [],
    phase: 'Failed',
    reason,
    message: `Pod was rejected: ${message}`,
    startTime: t,
  };
}

export type { KubeletRun };
