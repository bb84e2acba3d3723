/**
 * Topology manager policies and their options (policy_none.go, policy_best_effort.go,
 * policy_restricted.go, policy_single_numa_node.go, policy_options.go, and NewManager's checks in
 * topology_manager.go).
 */
import { err, ok, type Result } from '../../model/result';
import type { CPUTopology } from '../../model/topology';
import type { FeatureGates } from '../featureGates';
import { CURRENT_KUBELET_VERSION } from '../../versions/names';
import { parseBool } from '../parseBool';
import { maskCount, maskEquals } from './bitmask';
import type { ProviderHints, TopologyHint } from './hint';
import { filterProvidersHints, mergeHints, mergeHintsBefore124 } from './merge';
import {
  cadvisorNodesOf,
  defaultAffinityMask,
  newNUMAInfo,
  numaInfoFromTopology,
  type CadvisorNode,
  type NUMAInfo,
} from './numaInfo';
import { gateDefault, hasBehaviour, minorOf, topologyOptionSets } from './optionReleases';

export type TopologyManagerPolicyName = 'none' | 'best-effort' | 'restricted' | 'single-numa-node';
export type TopologyManagerScopeName = 'container' | 'pod';

export interface TopologyManagerOptions {
  /** prefer-closest-numa-nodes. */
  readonly preferClosestNUMA: boolean;
  /** max-allowable-numa-nodes: 8 unless the option raises it. */
  readonly maxAllowableNUMANodes: number;
}

/** The topology manager as created at kubelet start: fixed for its lifetime. */
export interface TopologyManagerConfig {
  readonly policy: TopologyManagerPolicyName;
  /** 'none' when the policy is none (Go's noneScope), else the configured scope. */
  readonly scope: TopologyManagerScopeName | 'none';
  readonly options: TopologyManagerOptions;
  readonly numaInfo: NUMAInfo;
  /** 1.18-1.23's mergeFilteredHints (no compareHints): the release's merge. */
  readonly mergeBefore124?: boolean;
  /** PodLevelResourceManagers and PodLevelResources on (1.36 alpha). */
  readonly podLevelResourceManagers?: boolean;
}

const POLICIES: readonly TopologyManagerPolicyName[] = [
  'none',
  'best-effort',
  'restricted',
  'single-numa-node',
];

/** defaultMaxAllowableNUMANodes (topology_manager.go). */
export const DEFAULT_MAX_ALLOWABLE_NUMA_NODES = 8;

/**
 * The release NewPolicyOptions runs in (its option sets and gate defaults come from
 * optionReleases.ts), the gates the node sets, and, for Kubernetes' own tests, options those
 * tests register in the package's sets (betaOptions.Insert("fancy-new-option")).
 */
export interface OptionContext {
  readonly minor: number;
  readonly gates?: FeatureGates;
  readonly registered?: { readonly alpha?: readonly string[]; readonly beta?: readonly string[] };
  /** PodLevelResourceManagers as the run models it (the scenario turned it on, with PodLevelResources). */
  readonly podLevelResourceManagers?: boolean;
}

function gate(ctx: OptionContext, name: string): boolean {
  return ctx.gates?.[name] ?? gateDefault(name, ctx.minor);
}

/** CheckPolicyOptionAvailable, with the release's option sets and texts. */
export function checkPolicyOptionAvailable(option: string, ctx: OptionContext): Result<void> {
  const sets = topologyOptionSets(ctx.minor);
  const alpha = [...sets.alpha, ...(ctx.registered?.alpha ?? [])];
  const beta = [...sets.beta, ...(ctx.registered?.beta ?? [])];
  if (!alpha.includes(option) && !beta.includes(option) && !sets.stable.includes(option))
    return err(`unknown Topology Manager Policy option: ${JSON.stringify(option)}`);
  const lower = hasBehaviour('topologyOptionErrorsLowerCase', ctx.minor);
  const level = (l: 'alpha' | 'beta') =>
    lower
      ? `topology manager policy ${l}-level options not enabled, but option ${JSON.stringify(option)} provided`
      : `Topology Manager Policy ${l === 'alpha' ? 'Alpha' : 'Beta'}-level Options not enabled, but option ${JSON.stringify(option)} provided`;
  if (alpha.includes(option) && !gate(ctx, 'TopologyManagerPolicyAlphaOptions'))
    return err(level('alpha'));
  if (beta.includes(option) && !gate(ctx, 'TopologyManagerPolicyBetaOptions'))
    return err(level('beta'));
  return ok(undefined);
}

/** strconv.Atoi's error text for a value that is not a decimal integer. */
function atoi(value: string): Result<number> {
  if (/^[+-]?[0-9]+$/.test(value)) {
    const n = Number(value);
    if (Number.isSafeInteger(n)) return ok(n);
    return err(`strconv.Atoi: parsing ${JSON.stringify(value)}: value out of range`);
  }
  return err(`strconv.Atoi: parsing ${JSON.stringify(value)}: invalid syntax`);
}

/**
 * NewPolicyOptions. Go walks the map in random order and stops at the first error; the names
 * are walked sorted here, so a map with two bad options always reports the same one.
 */
export function newTopologyManagerOptions(
  raw: Readonly<Record<string, string>>,
  ctx: OptionContext,
): Result<TopologyManagerOptions> {
  let preferClosestNUMA = false;
  let maxAllowableNUMANodes = DEFAULT_MAX_ALLOWABLE_NUMA_NODES;
  for (const name of Object.keys(raw).sort()) {
    const available = checkPolicyOptionAvailable(name, ctx);
    if (!available.ok) return available;
    const value = raw[name] ?? '';
    if (name === 'prefer-closest-numa-nodes') {
      const v = parseBool(value);
      if (!v.ok) return err(`bad value for option ${JSON.stringify(name)}: ${v.error}`);
      preferClosestNUMA = v.value;
    } else if (name === 'max-allowable-numa-nodes') {
      const v = atoi(value);
      if (!v.ok)
        return err(
          `unable to convert policy option to integer ${JSON.stringify(name)}: ${v.error}`,
        );
      if (v.value < DEFAULT_MAX_ALLOWABLE_NUMA_NODES)
        return err(
          `the minimum value of ${JSON.stringify(name)} should not be less than ${DEFAULT_MAX_ALLOWABLE_NUMA_NODES}`,
        );
      maxAllowableNUMANodes = v.value;
    } else return err(`unsupported topologymanager option: ${JSON.stringify(name)} (${value})`);
  }
  return ok({ preferClosestNUMA, maxAllowableNUMANodes });
}

/**
 * NewManager: validates the options, the NUMA nodes (distances when prefer-closest-numa-nodes
 * is on), the NUMA count, the policy and the scope, with the kubelet's error texts, in its order.
 */
export function newTopologyManagerFromNodes(
  nodes: readonly CadvisorNode[] | null,
  policy: string,
  scope: string,
  rawOptions: Readonly<Record<string, string>> | null,
  ctx: OptionContext,
): Result<TopologyManagerConfig> {
  const none: TopologyManagerOptions = {
    preferClosestNUMA: false,
    maxAllowableNUMANodes: DEFAULT_MAX_ALLOWABLE_NUMA_NODES,
  };
  if (policy === 'none') {
    const info = newNUMAInfo(nodes, none);
    return ok({ policy: 'none', scope: 'none', options: none, numaInfo: unwrapInfo(info) });
  }
  // The other policies merge as their release did.
  const mergeBefore124 = !hasBehaviour('hintMergeComparesNonPreferred', ctx.minor);
  const opts = newTopologyManagerOptions(rawOptions ?? {}, ctx);
  if (!opts.ok) return opts;
  const info = newNUMAInfo(nodes, opts.value);
  if (!info.ok) return err(`cannot discover NUMA topology: ${info.error}`);
  if (info.value.nodes.length > opts.value.maxAllowableNUMANodes)
    return err(
      `unsupported on machines with more than ${opts.value.maxAllowableNUMANodes} NUMA Nodes`,
    );
  if (!(POLICIES as readonly string[]).includes(policy)) return err(`unknown policy: "${policy}"`);
  if (scope !== 'container' && scope !== 'pod') return err(`unknown scope: "${scope}"`);
  return ok({
    policy: policy as TopologyManagerPolicyName,
    scope,
    options: opts.value,
    numaInfo: info.value,
    ...(mergeBefore124 ? { mergeBefore124 } : {}),
    ...(ctx.podLevelResourceManagers === true ? { podLevelResourceManagers: true } : {}),
  });
}

function unwrapInfo(info: Result<NUMAInfo>): NUMAInfo {
  return info.ok ? info.value : { nodes: [], distances: {} };
}

/**
 * NewManager for a topology (its NUMA nodes and distances as cAdvisor reports them). The
 * policies compare masks by distance only under prefer-closest-numa-nodes, so the model keeps the
 * topology's distances either way (the Inspector shows them).
 */
export function newTopologyManager(
  topology: CPUTopology,
  policy: string,
  scope: string,
  rawOptions: Readonly<Record<string, string>> = {},
  ctx: OptionContext = { minor: CURRENT_MINOR },
): Result<TopologyManagerConfig> {
  const made = newTopologyManagerFromNodes(
    cadvisorNodesOf(topology),
    policy,
    scope,
    rawOptions,
    ctx,
  );
  if (!made.ok) return made;
  return ok({ ...made.value, numaInfo: numaInfoFromTopology(topology) });
}

/** The minor release of the kubelet the shared machines model. */
const CURRENT_MINOR = minorOf(CURRENT_KUBELET_VERSION);

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
  const merge = (hints: readonly (readonly TopologyHint[])[]) =>
    tm.mergeBefore124 === true
      ? mergeHintsBefore124(tm.numaInfo, hints)
      : mergeHints(tm.numaInfo, hints, merger);
  if (tm.policy === 'single-numa-node') {
    let hint = merge(filterSingleNumaHints(filtered));
    if (
      hint.numaNodeAffinity !== null &&
      maskEquals(hint.numaNodeAffinity, defaultAffinityMask(tm.numaInfo))
    )
      hint = { numaNodeAffinity: null, preferred: hint.preferred };
    return { hint, admit: hint.preferred };
  }
  const hint = merge(filtered);
  return { hint, admit: tm.policy === 'best-effort' ? true : hint.preferred };
}
