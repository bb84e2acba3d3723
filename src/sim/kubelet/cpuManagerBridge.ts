/**
 * The kubelet's resource-manager hook points, in one place, so the real CPU manager and
 * topology manager (src/sim/policies) can be wired in with a small change:
 *   - admit:              containerManager.GetAllocateResourcesPodAdmitHandler() (topology
 *                         manager Admit -> cpu manager Allocate), the 3rd admit handler;
 *   - preCreateContainer: internalContainerLifecycle.PreCreateContainer (cpuset into the config);
 *   - preStartContainer:  internalContainerLifecycle.PreStartContainer (cpuManager.AddContainer);
 *   - postStopContainer:  internalContainerLifecycle.PostStopContainer (topologyManager.RemoveContainer).
 * Until then the CPU manager behaves as policy "none": every container runs on the shared pool,
 * admission never fails here, and no cpuset is written (the runtime's default: all CPUs).
 *
 * QoS is a minimal pkg/apis/core/v1/helper/qos GetPodQOS (cpu and memory only, init
 * containers included), until src/sim/model/qos.ts lands.
 */
import type { PodManifest } from '../scenario/schema';
import { quantityToNumber } from './resources';

export type QOSClass = 'Guaranteed' | 'Burstable' | 'BestEffort';

export function podQOS(m: PodManifest): QOSClass {
  const requests: Record<string, number> = {};
  const limits: Record<string, number> = {};
  let isGuaranteed = true;
  const all = [...(m.spec.initContainers ?? []), ...m.spec.containers];
  for (const c of all) {
    const req = c.resources?.requests ?? {};
    const lim = c.resources?.limits ?? {};
    for (const name of ['cpu', 'memory']) {
      // Requests default to limits at API defaulting.
      const r = req[name] ?? lim[name];
      if (r !== undefined && quantityToNumber(r) > 0)
        requests[name] = (requests[name] ?? 0) + quantityToNumber(r);
    }
    const qosLimits = ['cpu', 'memory'].filter(
      (n) => lim[n] !== undefined && quantityToNumber(lim[n]) > 0,
    );
    for (const n of qosLimits) limits[n] = (limits[n] ?? 0) + quantityToNumber(lim[n]!);
    if (qosLimits.length !== 2) isGuaranteed = false;
  }
  if (Object.keys(requests).length === 0 && Object.keys(limits).length === 0) return 'BestEffort';
  if (isGuaranteed) {
    for (const [n, v] of Object.entries(requests)) {
      if (limits[n] === undefined || Math.abs(limits[n] - v) > 1e-9) {
        isGuaranteed = false;
        break;
      }
    }
  }
  if (isGuaranteed && Object.keys(requests).length === Object.keys(limits).length)
    return 'Guaranteed';
  return 'Burstable';
}

export type AdmitResult = { admit: true } | { admit: false; reason: string; message: string };

/** Topology manager / CPU manager admission (policy none: nothing to allocate). */
export function admit(_pod: PodManifest): AdmitResult {
  return { admit: true };
}

/** The cpuset PreCreateContainer writes into the container config; "" = not set (shared pool). */
export function preCreateContainer(_podUid: string, _container: string): string {
  return '';
}

/** cpuManager.AddContainer / topologyManager.AddContainer: nothing to record under "none". */
export function preStartContainer(_podUid: string, _container: string, _id: string): void {}

/** topologyManager.RemoveContainer: nothing held under "none". */
export function postStopContainer(_id: string): void {}
