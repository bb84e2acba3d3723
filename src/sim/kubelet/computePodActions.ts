/**
 * kubeGenericRuntimeManager.computePodActions (kuberuntime_manager.go) with
 * runtimeutil.PodSandboxChanged (kuberuntime/util/util.go) and computeInitContainerActions
 * (kuberuntime_container.go, the SidecarContainers path used by default). Pure: returns the
 * podActions and the klog lines it prints, in order.
 */
import type { ContainerDef, PodDef } from './config';
import { podStatusString } from './format';
import { q, type KlogMsg, type KV } from './klog';
import { latestByName } from './runtime';
import { probeKey, shouldContainerBeRestarted } from './statusManager';
import type { CachedPodStatus, ContainerRecord, KubeletDomain } from './types';

export interface ContainerToKill {
  id: string;
  name: string;
  message: string;
  reason: string;
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
}

export interface Computed {
  actions: PodActions;
  logs: { msg: KlogMsg; kv: KV }[];
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

function state(r: ContainerRecord): string {
  return r.state === 'CREATED' ? 'created' : r.state === 'RUNNING' ? 'running' : 'exited';
}

function probeResult(d: KubeletDomain, type: string, id: string) {
  return d.probeResults[probeKey(type, id)];
}

export function computePodActions(pod: PodDef, ps: CachedPodStatus, d: KubeletDomain): Computed {
  const logs: Computed['logs'] = [];
  const podKV: KV = [['pod', q(pod.key)]];
  const deleted = d.pods[pod.uid]?.deletionAt !== undefined;
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
  };
  const restartOnFailure = pod.restartPolicy !== 'Never';

  if (sb.changed) {
    if (!restartOnFailure && sb.attempt !== 0 && ps.containers.length !== 0) {
      a.createSandbox = false;
      return { actions: a, logs };
    }
    const toStart = pod.containers
      .filter((c) => {
        const s = latestByName(ps, c.name);
        return !(pod.restartPolicy === 'OnFailure' && s?.state === 'EXITED' && s.exitCode === 0);
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

  const hasInitialized = computeInitContainerActions(pod, ps, d, a, logs);
  if (a.killPod || !hasInitialized) return { actions: a, logs };

  let keepCount = 0;
  for (const c of pod.containers) {
    const s = latestByName(ps, c.name);
    if (s && s.state !== 'RUNNING') a.postStop.push(s.id);
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
    if (probeResult(d, 'liveness', s.id) === 'Failure') {
      message = `Container ${c.name} failed liveness probe`;
      reason = 'LivenessProbe';
    } else if (probeResult(d, 'startup', s.id) === 'Failure') {
      message = `Container ${c.name} failed startup probe`;
      reason = 'StartupProbe';
    } else {
      keepCount++;
      continue;
    }
    if (restartOnFailure) {
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

/** computeInitContainerActions: returns podHasInitialized. */
function computeInitContainerActions(
  pod: PodDef,
  ps: CachedPodStatus,
  d: KubeletDomain,
  a: PodActions,
  logs: Computed['logs'],
): boolean {
  if (pod.init.length === 0) return true;
  const podKV: KV = [['pod', q(pod.key)]];
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
          const r = probeResult(d, 'startup', s.id);
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
          const r = probeResult(d, 'liveness', s.id);
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
          if (!restartOnFailure) {
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

/** podActions.String(), as "computePodActions got for pod" prints it. */
export function podActionsString(a: PodActions): string {
  const list = (xs: number[]) => `[${xs.join(' ')}]`;
  const kill = a.containersToKill.length
    ? `map[${a.containersToKill
        .map((k) => `containerd://${k.id}:{${k.name} ${k.message} ${k.reason}}`)
        .join(' ')}]`
    : 'map[]';
  return (
    `KillPod: ${a.killPod}, CreateSandbox: ${a.createSandbox}, UpdatePodResources: false, ` +
    `Attempt: ${a.attempt}, InitContainersToStart: ${list(a.initToStart)}, ` +
    `ContainersToStart: ${list(a.containersToStart)}, EphemeralContainersToStart: [],` +
    `ContainersToUpdate: map[], ContainersToKill: ${kill}`
  );
}

export { state as containerStateString };
