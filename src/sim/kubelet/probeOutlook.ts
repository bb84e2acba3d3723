/**
 * What a probe worker's doProbe (pkg/kubelet/prober/worker.go) will find on this tick, read
 * purely from the kubelet's state: the prober machine's guards decide its next state from it,
 * and the effect then does the probe itself. The order of the checks is doProbe's.
 */
import type { ProberContext } from '../machines/prober.machine';
import { peekFault } from './faults';
import { proberKeepsGoing, statusRestartingAll } from './restartRules';
import type { KubeletView } from './view';

export type ProbeOutlook =
  /** The pod is terminal (or a liveness/startup probe of a pod being deleted): the worker stops. */
  | 'stop'
  /** No status or no container yet: nothing to probe. */
  | 'no container'
  /** A liveness/startup failure put the worker on hold until a new container appears. */
  | 'on hold'
  /** The container is not running (Failure is recorded); a new one may come. */
  | 'not running'
  /** The container exited and will not be restarted (Failure is recorded): the worker stops. */
  | 'will not restart'
  | 'initial delay'
  /** Liveness and readiness wait for the startup probe to succeed. */
  | 'waiting for startup'
  /** A startup probe whose container has started has nothing left to do. */
  | 'startup succeeded'
  /** This probe fails and reaches failureThreshold. */
  | 'failure threshold reached'
  | 'probe';

const FAULT = {
  readiness: 'ReadinessProbeFail',
  liveness: 'LivenessProbeFail',
  startup: 'StartupProbeFail',
} as const;

/** The status of the container named `name` that has a container ID (a loop: every tick asks). */
export function withContainerId<S extends { name: string; containerID?: string }>(
  list: readonly S[],
  name: string,
): S | undefined {
  for (let i = 0; i < list.length; i++) {
    const s = list[i]!;
    if (s.name === name && s.containerID) return s;
  }
  return undefined;
}

/** Whether `containerID` ("containerd://<id>") names the container `id`, without slicing it. */
export function isContainer(containerID: string, id: string | undefined): boolean {
  return (
    id !== undefined &&
    containerID.length === 'containerd://'.length + id.length &&
    containerID.endsWith(id)
  );
}

/**
 * Whether the last probeOutlook call found the worker on the container it already knew (doProbe
 * then has no new container to record): read with its result, in the same step.
 */
export let lastSameContainer = false;

export function probeOutlook(k: KubeletView, ctx: ProberContext, self: string): ProbeOutlook {
  const d = k.domain;
  const pod = k.run.pods[ctx.uid]!;
  const c = pod.byName[ctx.container]!;
  const probe = c.probes[ctx.probe]!;
  const w = d.probers[self];
  const status = d.status[pod.uid];
  lastSameContainer = false;
  if (!status) return 'no container';
  if (status.phase === 'Failed' || status.phase === 'Succeeded') return 'stop';
  const cs =
    withContainerId(status.containerStatuses, c.name) ??
    withContainerId(status.initContainerStatuses, c.name);
  if (!cs) return 'no container';
  const sameContainer = isContainer(cs.containerID!, w?.containerId);
  lastSameContainer = sameContainer;
  if (sameContainer && w?.onHold) return 'on hold';
  if (!cs.state.running)
    return proberKeepsGoing(
      k.run.behaviours,
      pod,
      c,
      cs.state.terminated?.exitCode,
      pod.restartAllContainersGate && statusRestartingAll(pod, status),
    )
      ? 'not running'
      : 'will not restart';
  if (d.pods[pod.uid]?.deletionAt !== undefined && ctx.probe !== 'readiness') return 'stop';
  if (k.t - cs.state.running.startedAt < probe.initialDelayMs) return 'initial delay';
  if (cs.started) {
    if (ctx.probe === 'startup') return 'startup succeeded';
  } else if (ctx.probe !== 'startup') return 'waiting for startup';
  const fails = peekFault(k.run, d, k.t, FAULT[ctx.probe], pod.key, c.name) !== undefined;
  if (!fails) return 'probe';
  // The run of equal results carries over a new container (doProbe resets only the result).
  const run = w?.lastResult === 'Failure' ? w.resultRun + 1 : 1;
  return run >= probe.failureThreshold ? 'failure threshold reached' : 'probe';
}
