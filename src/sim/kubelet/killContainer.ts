/**
 * The tail of kubeGenericRuntimeManager.killContainer (kuberuntime_container.go), shared by
 * every caller (a failed PostStart hook, SyncPod killing a pod or unwanted containers,
 * SyncTerminatingPod): the grace period (at least minimumGracePeriodInSeconds), the
 * "Killing container with a grace period" line and CRI StopContainer, whose process stop the
 * container runtime reports `stopMs` later.
 */
import type { PodDef, KubeletRun } from './config';
import type { Api } from './env';
import { CONTAINER_RUNTIME } from './ids';
import { klog, podKV, q } from './klog';

/** minimumGracePeriodInSeconds in killContainer. */
export const MIN_GRACE_S = 2;

/** The pod's grace period as killContainer uses it when no other is given. */
export function podGracePeriod(pod: PodDef): number {
  return Math.max(MIN_GRACE_S, pod.terminationGraceSeconds);
}

/** How long StopContainer takes for a running process: the runtime's time, at most the grace period. */
export function stopTime(run: KubeletRun, gracePeriodSeconds: number): number {
  return Math.min(run.latencies.stopContainer, gracePeriodSeconds * 1000);
}

export function killContainerWithGracePeriod(
  api: Api,
  pod: PodDef,
  containerName: string,
  containerId: string,
  gracePeriodSeconds: number,
  stopMs: number,
): void {
  klog(api, 'Killing container with a grace period', [
    ...podKV(pod.key, pod.uid),
    ['containerName', q(containerName)],
    ['containerID', q(`containerd://${containerId}`)],
    ['gracePeriod', String(gracePeriodSeconds)],
  ]);
  api.send(CONTAINER_RUNTIME, { type: 'STOPPED', id: containerId }, stopMs);
}
