/**
 * The tail of kubeGenericRuntimeManager.killContainer (kuberuntime_container.go), shared by
 * every caller (a failed PostStart hook, SyncPod killing a pod or unwanted containers,
 * SyncTerminatingPod): the grace period (setTerminationGracePeriod, at least
 * minimumGracePeriodInSeconds), the "Killing container with a grace period" line and CRI
 * StopContainer, whose process stop the container runtime reports later with the exit code
 * the signal left.
 */
import type { ContainerDef, PodDef, KubeletRun } from './config';
import type { Api } from './env';
import { peekFault } from './faults';
import { CONTAINER_RUNTIME } from './ids';
import { klog, podKV, q } from './klog';

/** minimumGracePeriodInSeconds in killContainer. */
export const MIN_GRACE_S = 2;

/** The pod's grace period as killContainer uses it when no other is given. */
export function podGracePeriod(pod: PodDef): number {
  return Math.max(MIN_GRACE_S, pod.terminationGraceSeconds);
}

/**
 * setTerminationGracePeriod (kuberuntime_container.go) for a kill that is no pod deletion
 * (SyncTerminatingPod passes the deletion's own): the probe's terminationGracePeriodSeconds
 * when a liveness or startup probe failure is the reason and the probe sets it, else the pod's
 * (always defaulted, 30); then killContainer's minimum of 2 s.
 */
export function killGracePeriod(
  pod: PodDef,
  container: ContainerDef | undefined,
  reason: string,
): number {
  const probe =
    reason === 'LivenessProbe'
      ? container?.spec.livenessProbe
      : reason === 'StartupProbe'
        ? container?.spec.startupProbe
        : undefined;
  const probeGrace: unknown = probe?.terminationGracePeriodSeconds;
  const grace = typeof probeGrace === 'number' ? probeGrace : pod.terminationGraceSeconds;
  return Math.max(MIN_GRACE_S, grace);
}

/** 128 + SIGTERM (15): the process died of the stop signal. */
export const SIGTERM_EXIT = 143;
/** 128 + SIGKILL (9): the process outlived the grace period and containerd killed it. */
export const SIGKILL_EXIT = 137;

export interface StopOutcome {
  /** How long after StopContainer the process is gone. */
  ms: number;
  exitCode: number;
  /** containerd's CRI reason for a non-zero exit that is no OOM kill. */
  reason: 'Error';
}

/**
 * What CRI StopContainer(timeout=grace) does to the process (containerd's stopContainer: the
 * stop signal, SIGTERM by default, then SIGKILL once the timeout has passed): a process that
 * dies of SIGTERM is gone after the runtime's stop time (at most the grace period) with 143; one
 * that ignores it (the scenario's IgnoreSIGTERM) is SIGKILLed at the end of the grace period: 137.
 */
export function stopOutcome(
  run: KubeletRun,
  d: { readonly faultHits: readonly number[] },
  t: number,
  pod: PodDef,
  containerName: string,
  gracePeriodSeconds: number,
): StopOutcome {
  if (peekFault(run, d, t, 'IgnoreSIGTERM', pod.key, containerName))
    return { ms: gracePeriodSeconds * 1000, exitCode: SIGKILL_EXIT, reason: 'Error' };
  return {
    ms: Math.min(run.latencies.stopContainer, gracePeriodSeconds * 1000),
    exitCode: SIGTERM_EXIT,
    reason: 'Error',
  };
}

/** How long StopContainer takes for this running container (see stopOutcome). */
export function stopTime(
  run: KubeletRun,
  d: { readonly faultHits: readonly number[] },
  t: number,
  pod: PodDef,
  containerName: string,
  gracePeriodSeconds: number,
): number {
  return stopOutcome(run, d, t, pod, containerName, gracePeriodSeconds).ms;
}

/**
 * "Killing container with a grace period" and CRI StopContainer; returns how long the stop
 * takes (SyncTerminatingPod's caller counts a container that is not running as stopped at once).
 */
export function killContainerWithGracePeriod(
  api: Api,
  run: KubeletRun,
  pod: PodDef,
  containerName: string,
  containerId: string,
  gracePeriodSeconds: number,
  onlyRunningTakesTime = false,
): number {
  klog(api, 'Killing container with a grace period', [
    ...podKV(pod.key, pod.uid),
    ['containerName', q(containerName)],
    ['containerID', q(`containerd://${containerId}`)],
    ['gracePeriod', String(gracePeriodSeconds)],
  ]);
  const running = api.domain.runtime.containers[containerId]?.state === 'RUNNING';
  const out = stopOutcome(run, api.domain, api.t, pod, containerName, gracePeriodSeconds);
  const ms = running || !onlyRunningTakesTime ? out.ms : 0;
  api.send(
    CONTAINER_RUNTIME,
    {
      type: 'STOPPED',
      id: containerId,
      exitCode: out.exitCode,
      reason: out.reason,
      // SyncTerminatingPod logs "Container exited normally" itself when its kill returns.
      ...(onlyRunningTakesTime
        ? {}
        : { returnsTo: { pod: pod.key, podUid: pod.uid, container: containerName } }),
    },
    ms,
  );
  return ms;
}
