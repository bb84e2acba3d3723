/**
 * kubeGenericRuntimeManager.computePodActions (kuberuntime_manager.go) with
 * runtimeutil.PodSandboxChanged (kuberuntime/util/util.go) and computeInitContainerActions
 * (kuberuntime_container.go, the SidecarContainers path used by default). Pure: returns the
 * podActions and the klog lines it prints, in order.
 */
import { deepFreeze } from '../core/clone';
import { hashString } from '../core/prng';
import type { ContainerDef, PodDef } from './config';
import { podStatusString } from './format';
import { q, type KlogMsg, type KV } from './klog';
import { podOnlyKV } from './podKVs';
import { probeReadsHold, readProbe, type ProbeReads } from './probeReads';
import { latestByName } from './runtime';
import { findMatchingContainerRestartRule } from './restartRules';
import { probeKey, shouldContainerBeRestarted } from './statusManager';
import type {
  CachedPodStatus,
  ContainerToUpdate,
  KubeletDomain,
  ResourceRequirements,
} from './types';
import { requirementsOf } from './resize';

export interface ContainerToKill {
  id: string;
  name: string;
  message: string;
  reason: string;
}

/** containerToRemoveInfo: a container RestartAllContainers kills (if running) and removes. */
export interface ContainerToReset {
  id: string;
  name: string;
  /** Not exited: killContainer first, with a grace period of 0 (killContainer's minimum, 2 s). */
  kill: boolean;
}

export interface PodActions {
  killPod: boolean;
  createSandbox: boolean;
  sandboxId: string;
  attempt: number;
  initToStart: number[];
  containersToStart: number[];
  containersToKill: ContainerToKill[];
  /** Containers whose PostStopContainer hook runs (not running any more). */
  postStop: string[];
  /** ContainersToReset (1.35+, RestartAllContainers): every instance, in removal order. */
  containersToReset: ContainerToReset[];
  /** ContainersToUpdate (in-place resize), memory's then cpu's, each in update order. */
  containersToUpdate: ContainerToUpdate[];
  /** UpdatePodResources: a resize restarts a container (RestartContainer). */
  updatePodResources: boolean;
}

export interface Computed {
  actions: PodActions;
  logs: { msg: KlogMsg; kv: KV }[];
  /** The kv of kuberuntime SyncPod's "computePodActions got for pod" line that follows. */
  gotKV: KV;
}

/** runtimeutil.PodSandboxChanged. */
export function podSandboxChanged(ps: CachedPodStatus): {
  changed: boolean;
  attempt: number;
  sandboxId: string;
  log?: KlogMsg;
} {
  if (ps.sandboxes.length === 0)
    return {
      changed: true,
      attempt: 0,
      sandboxId: '',
      log: 'No sandbox for pod can be found. Need to start a new one',
    };
  // SandboxStatuses are newest first; the new attempt is the newest's Metadata.Attempt + 1.
  const newest = ps.sandboxes[0]!;
  if (newest.state !== 'SANDBOX_READY')
    return {
      changed: true,
      attempt: newest.attempt + 1,
      sandboxId: newest.id,
      log: 'No ready sandbox for pod can be found. Need to start a new one',
    };
  return { changed: false, attempt: newest.attempt, sandboxId: newest.id };
}

function probeResult(d: KubeletDomain, type: string, id: string, reads: ProbeReads) {
  return readProbe(d, probeKey(type, id), reads);
}

/**
 * The last actions computed for each pod and what they were computed from. A pod is synced
 * every minute and most syncs find what the last one found: the same PLEG cache entry (a frozen
 * value, compared by identity), deletion and probe results give the same actions and lines.
 */
interface ActionsMemo {
  ps: CachedPodStatus;
  deleted: boolean;
  restartAll: boolean;
  /** The allocation and the actuated resources (each replaced whole when it changes). */
  allocated: unknown;
  actuated: unknown;
  reads: ProbeReads;
  computed: Computed;
}
const actionsMemos = new WeakMap<PodDef, ActionsMemo>();

/**
 * kubeGenericRuntimeManager.computePodActions. The result is frozen and may be the previous
 * call's (see ActionsMemo): callers only read it. `restartAll`: Kubelet.SyncPod found the
 * AllContainersRestarting condition True in the status it generated (1.35+, with
 * RestartAllContainersOnContainerExits on).
 */
export function computePodActions(
  pod: PodDef,
  ps: CachedPodStatus,
  d: KubeletDomain,
  restartAll = false,
  /** InPlacePodVerticalScaling's resize actions (computePodResizeAction), 1.33+ with the gate. */
  resize = false,
): Computed {
  const deleted = d.pods[pod.uid]?.deletionAt !== undefined;
  const allocated = resize ? d.apiPods[pod.uid]?.allocated : undefined;
  const actuated = resize ? d.apiPods[pod.uid]?.actuated : undefined;
  const m = actionsMemos.get(pod);
  if (
    m &&
    m.ps === ps &&
    m.deleted === deleted &&
    m.restartAll === restartAll &&
    m.allocated === allocated &&
    m.actuated === actuated &&
    probeReadsHold(m.reads, d)
  )
    return m.computed;
  const reads: ProbeReads = [];
  const { actions, logs } = computeFresh(pod, ps, d, deleted, reads, restartAll, resize);
  const gotKV: KV = [
    ['podActions', q(podActionsString(actions))],
    ['pod', q(pod.key)],
  ];
  const computed = deepFreeze({ actions, logs, gotKV });
  // Only a frozen cache entry can be known by identity (tests pass plain ones).
  if (Object.isFrozen(ps))
    actionsMemos.set(pod, { ps, deleted, restartAll, allocated, actuated, reads, computed });
  return computed;
}

function computeFresh(
  pod: PodDef,
  ps: CachedPodStatus,
  d: KubeletDomain,
  deleted: boolean,
  reads: ProbeReads,
  restartAll: boolean,
  resize: boolean,
): Omit<Computed, 'gotKV'> {
  const logs: Computed['logs'] = [];
  const podKV = podOnlyKV(pod);
  const sb = podSandboxChanged(ps);
  if (sb.log) logs.push({ msg: sb.log, kv: podKV });
  const a: PodActions = {
    killPod: sb.changed,
    createSandbox: sb.changed,
    sandboxId: sb.sandboxId,
    attempt: sb.attempt,
    initToStart: [],
    containersToStart: [],
    containersToKill: [],
    postStop: [],
    containersToReset: [],
    containersToUpdate: [],
    updatePodResources: false,
  };
  // RestartAllContainers: kill and remove every container, regular ones' victims first, then
  // init ones', then the containers whose exit triggered it (regular, then init). The sandbox
  // stays; nothing starts in this sync.
  if (restartAll && pod.restartAllContainersGate) {
    logs.push({ msg: 'Pod marked for RestartAllContainers', kv: podKV });
    const [initSources, initTargets] = containersToReset(pod.init, ps);
    const [sources, targets] = containersToReset(pod.containers, ps);
    a.containersToReset = [...targets, ...initTargets, ...sources, ...initSources];
    return { actions: a, logs };
  }
  const restartOnFailure = pod.restartPolicy !== 'Never';

  if (sb.changed) {
    if (!restartOnFailure && sb.attempt !== 0 && ps.containers.length !== 0) {
      a.createSandbox = false;
      return { actions: a, logs };
    }
    // Excluding the containers that succeeded and run once (OnFailure): the container's own
    // restartPolicy says so with ContainerRestartRules.
    const toStart = pod.containers
      .filter((c) => {
        const s = latestByName(ps, c.name);
        const runOnce =
          pod.restartRulesGate && c.restartPolicy !== undefined
            ? c.restartPolicy === 'OnFailure'
            : pod.restartPolicy === 'OnFailure';
        return !(runOnce && s?.state === 'EXITED' && s.exitCode === 0);
      })
      .map((c) => c.index);
    if (toStart.length === 0) {
      const initialized = pod.containers.some((c) => {
        const s = latestByName(ps, c.name);
        return s && s.state !== 'EXITED';
      });
      if (initialized) {
        a.createSandbox = false;
        return { actions: a, logs };
      }
    }
    if (pod.init.length > 0) {
      a.initToStart = [0];
      return { actions: a, logs };
    }
    a.containersToStart = toStart;
    return { actions: a, logs };
  }

  const hasInitialized = computeInitContainerActions(pod, ps, d, a, logs, reads);
  if (a.killPod || !hasInitialized) return { actions: a, logs };

  let keepCount = 0;
  for (const c of pod.containers) {
    const s = latestByName(ps, c.name);
    // PostStopContainer for any non-running container: the topology manager scope's
    // RemoveContainer logs it (V(0)) before looking the id up.
    if (s && s.state !== 'RUNNING') {
      a.postStop.push(s.id);
      logs.push({ msg: 'RemoveContainer', kv: [['containerID', q(s.id)]] });
    }
    if (!s || s.state !== 'RUNNING') {
      if (shouldContainerBeRestarted(pod, deleted, c, ps)) {
        logs.push({
          msg: 'Container of pod is not in the desired state and shall be started',
          kv: [['containerName', q(c.name)], ...podKV],
        });
        a.containersToStart.push(c.index);
      }
      continue;
    }
    let message: string;
    let reason: string;
    if (probeResult(d, 'liveness', s.id, reads) === 'Failure') {
      message = `Container ${c.name} failed liveness probe`;
      reason = 'LivenessProbe';
    } else if (probeResult(d, 'startup', s.id, reads) === 'Failure') {
      message = `Container ${c.name} failed startup probe`;
      reason = 'StartupProbe';
    } else if (resize && !computePodResizeAction(pod, d, c, s.id, a)) {
      // computePodResizeAction updated the actions: the resize restarts this container.
      continue;
    } else {
      keepCount++;
      continue;
    }
    // A probe's kill: the container's own restartPolicy (not its rules: it is still running)
    // decides with ContainerRestartRules.
    const restart =
      pod.restartRulesGate && c.restartPolicy !== undefined
        ? c.restartPolicy !== 'Never'
        : restartOnFailure;
    if (restart) {
      message += ', will be restarted';
      a.containersToStart.push(c.index);
    }
    a.containersToKill.push({ id: s.id, name: c.name, message, reason });
    logs.push({
      msg: 'Message for Container of pod',
      kv: [
        ['containerName', q(c.name)],
        // kubecontainer.ContainerID (String() has a pointer receiver, so the value is no
        // Stringer): klog's text format prints the struct as JSON.
        ['containerStatusID', JSON.stringify({ Type: 'containerd', ID: s.id })],
        ...podKV,
        ['containerMessage', q(message)],
      ],
    });
  }
  if (keepCount === 0 && a.containersToStart.length === 0) {
    a.killPod = true;
    a.initToStart = [];
  }
  return { actions: a, logs };
}

/**
 * getContainersToReset: every instance of each container (not only the newest), split into
 * the ones whose exit matched a RestartAllContainers rule (sources) and the rest (targets).
 * The cache entry lists instances newest first; Go walks the runtime's list, in the same order.
 */
function containersToReset(
  defs: readonly ContainerDef[],
  ps: CachedPodStatus,
): [ContainerToReset[], ContainerToReset[]] {
  const sources: ContainerToReset[] = [];
  const targets: ContainerToReset[] = [];
  for (const c of defs)
    for (const r of ps.containers) {
      if (r.name !== c.name) continue;
      if (r.state === 'EXITED') {
        const rule = findMatchingContainerRestartRule(c, r.exitCode ?? 0);
        (rule?.action === 'RestartAllContainers' ? sources : targets).push({
          id: r.id,
          name: c.name,
          kill: false,
        });
      } else targets.push({ id: r.id, name: c.name, kill: true });
    }
  return [sources, targets];
}

/**
 * computePodResizeAction for a running regular container: the allocation (the pod the kubelet
 * syncs is UpdatePodFromAllocation's) against the actuated resources. Returns keepContainer.
 */
function computePodResizeAction(
  pod: PodDef,
  d: KubeletDomain,
  c: ContainerDef,
  id: string,
  a: PodActions,
): boolean {
  const apiPod = d.apiPods[pod.uid];
  const allocated =
    apiPod?.allocated?.find((x) => x.name === c.name)?.resources ?? c.spec.resources;
  const desired = requirementsOf(allocated);
  const current = requirementsOf(apiPod?.actuated?.[c.name] ?? c.spec.resources);
  if (
    desired.memoryLimit === current.memoryLimit &&
    desired.memoryRequest === current.memoryRequest &&
    desired.cpuLimit === current.cpuLimit &&
    desired.cpuRequest === current.cpuRequest
  )
    return true;
  const policy = (r: 'cpu' | 'memory') =>
    c.spec.resizePolicy?.find((p) => p.resourceName === r)?.restartPolicy ?? 'NotRequired';
  const resizeOf = (r: 'cpu' | 'memory', want: number, now: number) => ({
    resize: want !== now,
    restart: want !== now && policy(r) === 'RestartContainer',
  });
  const memLim = resizeOf('memory', desired.memoryLimit, current.memoryLimit);
  const memReq = resizeOf('memory', desired.memoryRequest, current.memoryRequest);
  const cpuLim = resizeOf('cpu', desired.cpuLimit, current.cpuLimit);
  const cpuReq = resizeOf('cpu', desired.cpuRequest, current.cpuRequest);
  if (memLim.restart || memReq.restart || cpuLim.restart || cpuReq.restart) {
    a.containersToKill.push({
      id,
      name: c.name,
      message: `Container ${c.name} resize requires restart`,
      reason: '',
    });
    a.containersToStart.push(c.index);
    a.updatePodResources = true;
    return false;
  }
  const mark = (resource: 'cpu' | 'memory', want: number, now: number) => {
    const info: ContainerToUpdate = { resource, name: c.name, id, desired, current };
    // Decreases are applied before increases: prepended to the resource's list.
    const list = a.containersToUpdate;
    if (want > now) list.push(info);
    else if (want < now) {
      const first = list.findIndex((x) => x.resource === resource);
      list.splice(first < 0 ? list.length : first, 0, info);
    }
  };
  if (memLim.resize) mark('memory', desired.memoryLimit, current.memoryLimit);
  else if (memReq.resize) mark('memory', desired.memoryRequest, current.memoryRequest);
  if (cpuLim.resize) mark('cpu', desired.cpuLimit, current.cpuLimit);
  else if (cpuReq.resize) mark('cpu', desired.cpuRequest, current.cpuRequest);
  return true;
}

/** computeInitContainerActions: returns podHasInitialized. */
function computeInitContainerActions(
  pod: PodDef,
  ps: CachedPodStatus,
  d: KubeletDomain,
  a: PodActions,
  logs: Computed['logs'],
  reads: ProbeReads,
): boolean {
  if (pod.init.length === 0) return true;
  const podKV = podOnlyKV(pod);
  let podHasInitialized = pod.containers.some((c) => {
    const s = latestByName(ps, c.name);
    return s !== undefined && (s.state === 'CREATED' || s.state === 'RUNNING');
  });
  let isPreviouslyInitialized = podHasInitialized;
  const restartOnFailure = pod.restartPolicy !== 'Never';
  const last = pod.init.length - 1;
  const toStart: number[] = [];
  const initialized = (c: ContainerDef, i: number) => {
    logs.push({
      msg: 'Init container has been initialized',
      kv: [...podKV, ['container', q(c.name)]],
    });
    if (i === last) podHasInitialized = true;
    else return true;
    return false;
  };
  for (let i = last; i >= 0; i--) {
    const c = pod.init[i]!;
    const s = latestByName(ps, c.name);
    logs.push({
      msg: 'Computing init container action',
      kv: [...podKV, ['container', q(c.name)], ['status', podStatusString(s, c)]],
    });
    const restartable = c.kind === 'sidecar';
    if (!s) {
      if (isPreviouslyInitialized && restartable) toStart.push(i);
      continue;
    }
    if (isPreviouslyInitialized && !restartable) continue;
    switch (s.state) {
      case 'CREATED':
        toStart.push(i);
        break;
      case 'RUNNING': {
        if (!restartable) break;
        if (c.probes.startup) {
          const r = probeResult(d, 'startup', s.id, reads);
          if (r === undefined || r === 'Unknown') break;
          if (r !== 'Success') {
            a.containersToKill.push({
              id: s.id,
              name: c.name,
              message: `Init container ${c.name} failed startup probe`,
              reason: 'StartupProbe',
            });
            toStart.push(i);
            break;
          }
        }
        if (initialized(c, i) && !isPreviouslyInitialized) toStart.push(i + 1);
        if (c.probes.liveness) {
          const r = probeResult(d, 'liveness', s.id, reads);
          if (r === 'Failure') {
            a.containersToKill.push({
              id: s.id,
              name: c.name,
              message: `Init container ${c.name} failed liveness probe`,
              reason: 'LivenessProbe',
            });
            toStart.push(i);
          }
        }
        break;
      }
      case 'EXITED':
        if (restartable) {
          toStart.push(i);
        } else if ((s.exitCode ?? 0) !== 0) {
          // ContainerRestartRules (1.34+): ShouldContainerBeRestarted, so the init container's
          // own restartPolicy and rules decide (a rule can restart it under a Never pod, its
          // Never can fail the pod under an Always pod).
          const restart = pod.restartRulesGate
            ? shouldContainerBeRestarted(pod, false, c, ps)
            : restartOnFailure;
          if (!restart) {
            a.killPod = true;
            a.initToStart = [];
            return false;
          }
          toStart.push(i);
        } else if (initialized(c, i)) {
          toStart.push(i + 1);
        }
        break;
    }
    isPreviouslyInitialized = true;
  }
  if (!isPreviouslyInitialized) toStart.push(0);
  a.initToStart = toStart.reverse();
  return podHasInitialized;
}

/**
 * ContainersToReset as %v prints []containerToRemoveInfo: `{containerID container kill}`, the
 * ContainerID a plain struct (its String() has a pointer receiver) and the container a
 * *v1.Container, printed as its address. Go's address differs from run to run: the model
 * prints a stable stand-in of the same form (0xc000 and six hex digits of the name's hash).
 */
function toRemove(a: PodActions): string {
  const one = (r: ContainerToReset) =>
    `{{containerd ${r.id}} 0xc000${(hashString(r.name) >>> 0).toString(16).padStart(6, '0').slice(-6)} ${r.kill}}`;
  return `[${a.containersToReset.map(one).join(' ')}]`;
}

/** podActions.String(), as "computePodActions got for pod" prints it. */
export function podActionsString(a: PodActions): string {
  const list = (xs: number[]) => `[${xs.join(' ')}]`;
  const kill = a.containersToKill.length
    ? `map[${a.containersToKill
        .map((k) => `containerd://${k.id}:{${k.name} ${k.message} ${k.reason}}`)
        .join(' ')}]`
    : 'map[]';
  // (1.35+: UpdatePodLevelResources and ContainersToRemove, RestartAllContainers' list)
  return (
    `KillPod: ${a.killPod}, CreateSandbox: ${a.createSandbox}, ` +
    `UpdatePodResources: ${a.updatePodResources}, ` +
    `UpdatePodLevelResources: false, Attempt: ${a.attempt}, ` +
    `InitContainersToStart: ${list(a.initToStart)}, ` +
    `ContainersToStart: ${list(a.containersToStart)}, EphemeralContainersToStart: [],` +
    `ContainersToUpdate: ${containersToUpdateString(a.containersToUpdate)}, ` +
    `ContainersToKill: ${kill}, ContainersToRemove: ${toRemove(a)}`
  );
}

/** Go's %v of a resourceRequirements: {memoryLimit memoryRequest cpuLimit cpuRequest}. */
const reqString = (r: ResourceRequirements) =>
  `{${r.memoryLimit} ${r.memoryRequest} ${r.cpuLimit} ${r.cpuRequest}}`;

/**
 * Go's %v of map[v1.ResourceName][]containerToUpdateInfo: keys sorted (cpu before memory),
 * each info {container kubeContainerID desiredContainerResources currentContainerResources}.
 * The two pointers print as heap addresses the model cannot know: a fixed 0xc000000000.
 */
function containersToUpdateString(list: readonly ContainerToUpdate[]): string {
  const by = (r: 'cpu' | 'memory') =>
    list
      .filter((x) => x.resource === r)
      .map((x) => `{0xc000000000 {containerd ${x.id}} ${reqString(x.desired)} 0xc000000000}`)
      .join(' ');
  const parts = (['cpu', 'memory'] as const)
    .filter((r) => list.some((x) => x.resource === r))
    .map((r) => `${r}:[${by(r)}]`);
  return `map[${parts.join(' ')}]`;
}
