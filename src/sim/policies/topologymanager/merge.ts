/**
 * Hint merging (pkg/kubelet/cm/topologymanager/policy.go, post-1.26 HintMerger): the cross
 * product of every provider's hints, each permutation ANDed into one hint, the best kept by
 * HintMerger.compare.
 */
import { maskAnd, maskCount, maskEquals, maskIsNarrowerThan, type BitMask } from './bitmask';
import type { ProviderHints, TopologyHint } from './hint';
import { closest, defaultAffinityMask, narrowest, type NUMAInfo } from './numaInfo';

/**
 * filterProvidersHints: one hint list per (provider, resource). No hints → [{nil, true}];
 * a resource with a nil list → [{nil, true}]; an empty list → [{nil, false}]. Go walks a map's
 * resources in random order; we use sorted order to stay deterministic.
 */
export function filterProvidersHints(providersHints: readonly ProviderHints[]): TopologyHint[][] {
  const all: TopologyHint[][] = [];
  for (const hints of providersHints) {
    if (hints === null || Object.keys(hints).length === 0) {
      all.push([{ numaNodeAffinity: null, preferred: true }]);
      continue;
    }
    for (const resource of Object.keys(hints).sort()) {
      const list = hints[resource];
      if (list === null || list === undefined)
        all.push([{ numaNodeAffinity: null, preferred: true }]);
      else if (list.length === 0) all.push([{ numaNodeAffinity: null, preferred: false }]);
      else all.push([...list]);
    }
  }
  return all;
}

/** mergePermutation: AND of the non-nil masks; preferred only if all are preferred and all masks equal. */
export function mergePermutation(
  defaultAffinity: BitMask,
  permutation: readonly TopologyHint[],
): TopologyHint {
  let preferred = true;
  const masks: BitMask[] = [];
  for (const h of permutation) {
    if (h.numaNodeAffinity !== null) {
      masks.push(h.numaNodeAffinity);
      if (!maskEquals(h.numaNodeAffinity, masks[0] as BitMask)) preferred = false;
    }
    if (!h.preferred) preferred = false;
  }
  return { numaNodeAffinity: maskAnd(defaultAffinity, ...masks), preferred };
}

function narrowestHint(hints: readonly TopologyHint[]): TopologyHint | null {
  let best: TopologyHint | null = null;
  for (const h of hints) {
    if (h.numaNodeAffinity === null) continue;
    if (best === null || maskIsNarrowerThan(h.numaNodeAffinity, best.numaNodeAffinity as BitMask))
      best = h;
  }
  return best;
}

/** maxOfMinAffinityCounts: the widest of the providers' narrowest masks. */
export function maxOfMinAffinityCounts(filtered: readonly (readonly TopologyHint[])[]): number {
  let max = 0;
  for (const list of filtered) {
    const n = narrowestHint(list);
    if (n !== null && maskCount(n.numaNodeAffinity as BitMask) > max)
      max = maskCount(n.numaNodeAffinity as BitMask);
  }
  return max;
}

/** Calls back with every permutation taking one hint per list (first list outermost). */
export function iterateAllProviderTopologyHints(
  all: readonly (readonly TopologyHint[])[],
  callback: (permutation: readonly TopologyHint[]) => void,
): void {
  const iterate = (i: number, accum: TopologyHint[]): void => {
    if (i === all.length) {
      callback(accum);
      return;
    }
    for (const h of all[i] as readonly TopologyHint[]) iterate(i + 1, [...accum, h]);
  };
  iterate(0, []);
}

export interface MergerOptions {
  /** prefer-closest-numa-nodes; never applies under single-numa-node. */
  readonly preferClosestNUMA: boolean;
  readonly policyName: string;
}

/** HintMerger: the hints to merge, the count compare reads, and compare itself. */
export interface HintMerger {
  readonly hints: readonly (readonly TopologyHint[])[];
  /** BestNonPreferredAffinityCount (maxOfMinAffinityCounts of the hints unless set). */
  bestNonPreferredAffinityCount: number;
  /** compare(current, candidate): the hint kept, as the same object (Go returns a pointer). */
  compare(current: TopologyHint | null, candidate: TopologyHint): TopologyHint | null;
}

/** NewHintMerger. */
export function newHintMerger(
  info: NUMAInfo,
  hints: readonly (readonly TopologyHint[])[],
  opts: MergerOptions,
): HintMerger {
  const compareMasks = (current: TopologyHint, candidate: TopologyHint): TopologyHint => {
    const cur = current.numaNodeAffinity as BitMask;
    const cand = candidate.numaNodeAffinity as BitMask;
    if (maskEquals(cand, cur)) return current;
    const best =
      opts.policyName !== 'single-numa-node' && opts.preferClosestNUMA
        ? closest(info, cur, cand)
        : narrowest(cur, cand);
    return maskEquals(best, cur) ? current : candidate;
  };
  const merger: HintMerger = {
    hints,
    bestNonPreferredAffinityCount: maxOfMinAffinityCounts(hints),
    compare(current, candidate) {
      const best = merger.bestNonPreferredAffinityCount;
      const candCount = maskCount(candidate.numaNodeAffinity ?? []);
      if (candCount === 0) return current;
      if (current === null) return candidate;
      if (!current.preferred && candidate.preferred) return candidate;
      if (current.preferred && !candidate.preferred) return current;
      if (current.preferred && candidate.preferred) return compareMasks(current, candidate);
      const curCount = maskCount(current.numaNodeAffinity ?? []);
      if (curCount > best) return compareMasks(current, candidate); // case 1
      if (curCount === best) return candCount !== best ? current : compareMasks(current, candidate);
      if (candCount > best) return current; // 3a
      if (candCount === best) return candidate; // 3b
      if (candCount > curCount) return candidate; // 3ca
      if (candCount < curCount) return current; // 3cb
      return compareMasks(current, candidate); // 3cc
    },
  };
  return merger;
}

/** HintMerger.Merge: the best merged hint, or {all NUMA nodes, not preferred} when none qualifies. */
export function mergeHints(
  info: NUMAInfo,
  filtered: readonly (readonly TopologyHint[])[],
  opts: MergerOptions,
): TopologyHint {
  const defaultAffinity = defaultAffinityMask(info);
  const merger = newHintMerger(info, filtered, opts);
  const acc: { best: TopologyHint | null } = { best: null };
  iterateAllProviderTopologyHints(filtered, (permutation) => {
    acc.best = merger.compare(acc.best, mergePermutation(defaultAffinity, permutation));
  });
  return acc.best ?? { numaNodeAffinity: defaultAffinity, preferred: false };
}

/**
 * mergeFilteredHints of 1.18-1.23 (policy.go; v1.18.6 to v1.23.1 alike): a permutation's hint is
 * preferred when all its hints are (1.24 added "and all its masks are equal"), and the best is
 * {all NUMA nodes, not preferred} until a merged hint with a non-empty mask beats it: a
 * preferred one over a non-preferred one, else a narrower one of the same preference (1.24's
 * compareHints added the bestNonPreferredAffinityCount cases for non-preferred hints).
 */
export function mergeHintsBefore124(
  info: NUMAInfo,
  filtered: readonly (readonly TopologyHint[])[],
): TopologyHint {
  const defaultAffinity = defaultAffinityMask(info);
  let best: TopologyHint = { numaNodeAffinity: defaultAffinity, preferred: false };
  iterateAllProviderTopologyHints(filtered, (permutation) => {
    let preferred = true;
    const masks: BitMask[] = [];
    for (const h of permutation) {
      if (h.numaNodeAffinity !== null) masks.push(h.numaNodeAffinity);
      if (!h.preferred) preferred = false;
    }
    const merged: TopologyHint = {
      numaNodeAffinity: maskAnd(defaultAffinity, ...masks),
      preferred,
    };
    if (maskCount(merged.numaNodeAffinity!) === 0) return;
    if (merged.preferred && !best.preferred) {
      best = merged;
      return;
    }
    if (!merged.preferred && best.preferred) return;
    if (!maskIsNarrowerThan(merged.numaNodeAffinity!, best.numaNodeAffinity!)) return;
    best = merged;
  });
  return best;
}
