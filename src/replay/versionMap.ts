/**
 * The one place a guessed range of kubelet minors becomes a version kubeletscope can run
 * (`node.kubeletVersion`): the newest modelled minor inside the range, else the nearest modelled
 * minor of the same era. When every minor 1.18–1.37 is modelled, a range reaching 1.18 always
 * holds one, and only pre-1.18 guesses (≤ 1.6 DockerManager, 1.7–1.17 printf kuberuntime) fall
 * back to 1.3 or 1.18.
 */
import {
  CURRENT_KUBELET_VERSION,
  KUBELET_VERSIONS,
  type KubeletVersionName,
} from '../sim/versions/names';

/** 1.34 → 34. */
export const minorOf = (v: string): number => Number(v.split('.')[1]);

/*
 * What the rebuild may write for a version, by minor (checked in the sources on disk), so that
 * nothing else changes when more minors become runnable.
 */
/** Native sidecars (init containers with restartPolicy: Always): on by default from 1.29 (beta; alpha in 1.28). */
export const hasNativeSidecars = (v: string): boolean => minorOf(v) >= 29;
/** startupProbe: on by default from 1.18 (beta). */
export const hasStartupProbes = (v: string): boolean => minorOf(v) >= 18;
/** KubeletConfiguration.topologyManagerScope: from 1.20. */
export const hasTopologyManagerScope = (v: string): boolean => minorOf(v) >= 20;
/** The memory manager (memoryManagerPolicy, reservedMemory): from 1.21. */
export const hasMemoryManager = (v: string): boolean => minorOf(v) >= 21;
/** Device plugins (node.devices registered with the kubelet): from 1.8. */
export const hasDevicePlugins = (v: string): boolean => minorOf(v) >= 8;
/** Env from ConfigMap and Secret keys: the DockerManager model (≤ 1.6) does not resolve them. */
export const resolvesEnvRefs = (v: string): boolean => minorOf(v) > 6;

export interface MinorRange {
  readonly lo: number;
  readonly hi: number;
  /** False when the input had no tell (any release). */
  readonly known: boolean;
}

export function kubeletVersionFor(r: MinorRange): KubeletVersionName {
  if (!r.known) return CURRENT_KUBELET_VERSION;
  const inRange = KUBELET_VERSIONS.filter((v) => minorOf(v) >= r.lo && minorOf(v) <= r.hi).sort(
    (a, b) => minorOf(b) - minorOf(a),
  );
  if (inRange.length) return inRange[0]!;
  // No modelled release inside the range: the nearest modelled release of the era of the range's
  // newest minor (DockerManager ≤ 1.6, printf-logging kuberuntime 1.7–1.20, structured ≥ 1.21),
  // else the nearest of any.
  const eraOf = (m: number) => (m <= 6 ? 0 : m <= 20 ? 1 : 2);
  const era = eraOf(Math.min(r.hi, 99));
  const distance = (m: number) => (m < r.lo ? r.lo - m : m - r.hi);
  return (
    [...KUBELET_VERSIONS].sort(
      (a, b) =>
        Number(eraOf(minorOf(b)) === era) - Number(eraOf(minorOf(a)) === era) ||
        distance(minorOf(a)) - distance(minorOf(b)) ||
        minorOf(b) - minorOf(a),
    )[0] ?? CURRENT_KUBELET_VERSION
  );
}
