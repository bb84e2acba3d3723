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

const minorOf = (v: string) => Number(v.split('.')[1]);

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
