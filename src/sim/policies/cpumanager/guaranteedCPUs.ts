/**
 * Who gets exclusive CPUs (policy_static.go: guaranteedCPUs, podGuaranteedCPUs): containers of
 * Guaranteed pods whose CPU request is a whole number ("2", "2000m"; not "1500m"). Reads the
 * request after API defaulting (a limit without a request counts as the request).
 *
 * Not modelled: with InPlacePodVerticalScaling the kubelet reads status.allocatedResources instead;
 * the simulator's pods are never resized, so spec requests are what it would read.
 */
import { quantityMilliValue, quantityValue } from '../../model/quantity';
import {
  effectiveRequests,
  getPodQOS,
  isContainerEquivalentQOSGuaranteed,
  isPodLevelResourcesSet,
  isRestartableInitContainer,
  quantityOf,
  type ContainerLike,
  type PodLike,
  type QOSOptions,
} from '../../model/qos';

/** The container's whole CPU request, or 0 (shared pool). */
export function guaranteedCPUs(
  pod: PodLike,
  container: ContainerLike,
  qos: QOSOptions = {},
): number {
  if (getPodQOS(pod, qos) !== 'Guaranteed') return 0;
  const text = effectiveRequests(container.resources).cpu;
  if (text === undefined) return 0;
  // PodLevelResourceManagers (policy_static.go:743, v1.36.3): only a container Guaranteed on
  // its own gets exclusive CPUs; the others run in the shared pool.
  if (
    qos.podLevelResourceManagers === true &&
    isPodLevelResourcesSet(pod) &&
    !isContainerEquivalentQOSGuaranteed(container)
  )
    return 0;
  const q = quantityOf(text, `container ${container.name} requests cpu`);
  const value = quantityValue(q);
  if (value * 1000 !== quantityMilliValue(q)) return 0;
  return value;
}

/** Whether the container has a cpu request key at all (Go skips containers without one). */
function requestsCPU(c: ContainerLike): boolean {
  return effectiveRequests(c.resources).cpu !== undefined;
}

/**
 * podGuaranteedCPUs, for pod-scope hints: max(largest init-time demand, app containers plus
 * sidecars). A regular init container needs its own CPUs plus the sidecars started before it.
 */
export function podGuaranteedCPUs(pod: PodLike, qos: QOSOptions = {}): number {
  let byInit = 0;
  let byRestartable = 0;
  for (const c of pod.spec.initContainers ?? []) {
    if (!requestsCPU(c)) continue;
    const n = guaranteedCPUs(pod, c, qos);
    if (isRestartableInitContainer(c)) byRestartable += n;
    else if (byRestartable + n > byInit) byInit = byRestartable + n;
  }
  let byApps = 0;
  for (const c of pod.spec.containers) if (requestsCPU(c)) byApps += guaranteedCPUs(pod, c, qos);
  const longRunning = byApps + byRestartable;
  return byInit > longRunning ? byInit : longRunning;
}
