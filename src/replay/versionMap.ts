/**
 * The one place a guessed range of kubelet minors becomes a version kubeletscope can run
 * (`node.kubeletVersion`). A minor that is modelled is taken as it is (the newest one in the
 * range); otherwise the modelled release of the same era: DockerManager (≤ 1.6), printf-era
 * kuberuntime (1.7–1.20) or structured-logging kuberuntime (≥ 1.21).
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
  // No modelled release inside the range: the one of the same era, by the range's newest minor.
  const eraOf = (m: number) => (m <= 6 ? 0 : m <= 20 ? 1 : 2);
  const era = eraOf(Math.min(r.hi, 99));
  const sameEra = KUBELET_VERSIONS.filter((v) => eraOf(minorOf(v)) === era).sort(
    (a, b) => Math.abs(minorOf(a) - r.hi) - Math.abs(minorOf(b) - r.hi),
  );
  return sameEra[0] ?? CURRENT_KUBELET_VERSION;
}
