/**
 * Topology manager policies and their options (policy_none.go, policy_best_effort.go,
 * policy_restricted.go, policy_single_numa_node.go, policy_options.go, and NewManager's checks in
 * topology_manager.go).
 */
import { err, ok, type Result } from '../../model/result';
import type { CPUTopology } from '../../model/topology';
import { featureEnabled, type FeatureGates } from '../featureGates';
import { parseBool } from '../parseBool';
import { maskCount, maskEquals } from './bitmask';
import type { ProviderHints, TopologyHint } from './hint';
import { filterProvidersHints, mergeHints } from './merge';
import { defaultAffinityMask, numaInfoFromTopology, type NUMAInfo } from './numaInfo';

export type TopologyManagerPolicyName = 'none' | 'best-effort' | 'restricted' | 'single-numa-node';
export type TopologyManagerScopeName = 'container' | 'pod';

export interface TopologyManagerOptions {
  /** prefer-closest-numa-nodes (beta at policy_options.go @4a0608cb). */
  readonly preferClosestNUMA: boolean;
  /** maxAllowableNUMANodes: 8 (a later option makes it configurable). */
  readonly maxAllowableNUMANodes: number;
}

/** The topology manager as created at kubelet start: fixed for its lifetime. */
export interface TopologyManagerConfig {
  readonly policy: TopologyManagerPolicyName;
  /** 'none' when the policy is none (Go's noneScope), else the configured scope. */
  readonly scope: TopologyManagerScopeName | 'none';
  readonly options: TopologyManagerOptions;
  readonly numaInfo: NUMAInfo;
}

const POLICIES: readonly TopologyManagerPolicyName[] = [
  'none',
  'best-effort',
  'restricted',
  'single-numa-node',
];

/** NewPolicyOptions. */
export function newTopologyManagerOptions(
  raw: Readonly<Record<string, string>>,
  gates: FeatureGates,
): Result<TopologyManagerOptions> {
  let preferClosestNUMA = false;
  for (const name of Object.keys(raw).sort()) {
    if (name !== 'prefer-closest-numa-nodes')
      return err(`unknown Topology Manager Policy option: ${JSON.stringify(name)}`);
    if (!featureEnabled(gates, 'TopologyManagerPolicyBetaOptions'))
      return err(
        `Topology Manager Policy Beta-level Options not enabled, but option ${JSON.stringify(name)} provided`,
      );
    const v = parseBool(raw[name] ?? '');
    if (!v.ok) return err(`bad value for option ${JSON.stringify(name)}: ${v.error}`);
    preferClosestNUMA = v.value;
  }
  return ok({ preferClosestNUMA, maxAllowableNUMANodes: 8 });
}

/** NewManager: validates policy, scope and NUMA count, with the kubelet's error texts. */
export function newTopologyManager(
  topology: CPUTopology,
  policy: string,
  scope: string,
  rawOptions: Readonly<Record<string, string>> = {},
  gates: FeatureGates = {},
): Result<TopologyManagerConfig> {
  const numaInfo = numaInfoFromTopology(topology);
  const none: TopologyManagerOptions = { preferClosestNUMA: false, maxAllowableNUMANodes: 8 };
  if (policy === 'none') return ok({ policy: 'none', scope: 'none', options: none, numaInfo });
  const opts = newTopologyManagerOptions(rawOptions, gates);
  if (!opts.ok) return opts;
  if (numaInfo.nodes.length > opts.value.maxAllowableNUMANodes)
    return err(
      `unsupported on machines with more than ${opts.value.maxAllowableNUMANodes} NUMA Nodes`,
    );
  if (!(POLICIES as readonly string[]).includes(policy)) return err(`unknown policy: "${policy}"`);
  if (scope !== 'container' && scope !== 'pod') return err(`unknown scope: "${scope}"`);
  return ok({ policy: policy as TopologyManagerPolicyName, scope, options: opts.value, numaInfo });
}

/** filterSingleNumaHints: keep {nil, preferred} and preferred single-NUMA hints only. */
export function filterSingleNumaHints(all: readonly (readonly TopologyHint[])[]): TopologyHint[][] {
  return all.map((list) =>
    list.filter(
      (h) => h.preferred && (h.numaNodeAffinity === null || maskCount(h.numaNodeAffinity) === 1),
    ),
  );
}

/** A policy's Merge: the best hint for the providers' hints, and whether it admits the pod. */
export function policyMerge(
  tm: TopologyManagerConfig,
  providersHints: readonly ProviderHints[],
): { hint: TopologyHint; admit: boolean } {
  if (tm.policy === 'none')
    return { hint: { numaNodeAffinity: null, preferred: false }, admit: true };
  const filtered = filterProvidersHints(providersHints);
  const merger = { preferClosestNUMA: tm.options.preferClosestNUMA, policyName: tm.policy };
  if (tm.policy === 'single-numa-node') {
    let hint = mergeHints(tm.numaInfo, filterSingleNumaHints(filtered), merger);
    if (
      hint.numaNodeAffinity !== null &&
      maskEquals(hint.numaNodeAffinity, defaultAffinityMask(tm.numaInfo))
    )
      hint = { numaNodeAffinity: null, preferred: hint.preferred };
    return { hint, admit: hint.preferred };
  }
  const hint = mergeHints(tm.numaInfo, filtered, merger);
  return { hint, admit: tm.policy === 'best-effort' ? true : hint.preferred };
}
