/**
 * TopologyHint and the provider/admission data shapes of the topology manager
 * (pkg/kubelet/cm/topologymanager/topology_manager.go, lifecycle.PodAdmitResult).
 */
import { maskString, type BitMask } from './bitmask';

/** A NUMA affinity; null affinity means "any NUMA node / don't care". */
export interface TopologyHint {
  readonly numaNodeAffinity: BitMask | null;
  readonly preferred: boolean;
}

/**
 * What a provider's GetTopologyHints returns, as Go's map[string][]TopologyHint:
 * null or {} → no preference; { res: null } → no preference for res;
 * { res: [] } → res cannot be satisfied; { res: hints } → the hints.
 */
export type ProviderHints = Readonly<Record<string, readonly TopologyHint[] | null>> | null;

/** The zero TopologyHint Go returns for containers without a stored affinity. */
export const EMPTY_HINT: TopologyHint = { numaNodeAffinity: null, preferred: false };

/** lifecycle.PodAdmitResult. */
export interface PodAdmitResult {
  readonly admit: boolean;
  readonly reason?: string;
  readonly message?: string;
}

/** Go's TopologyHint printed with %v, e.g. "{01 true}" or "{<nil> false}". */
export function hintString(h: TopologyHint): string {
  return `{${h.numaNodeAffinity === null ? '<nil>' : maskString(h.numaNodeAffinity)} ${h.preferred}}`;
}
