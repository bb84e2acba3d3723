/**
 * When the topology, memory and device managers' behaviour and options changed, by kubelet
 * minor release: the one table the engine reads these facts from. Each row was checked in the
 * Kubernetes source of the releases it names (pkg/features/kube_features.go,
 * pkg/kubelet/cm/{topologymanager,memorymanager,devicemanager} of the 1.18-1.36 trees). 1.37's
 * source was not read: a row whose last change is before 1.37 is assumed to hold in 1.37.
 */

/** A feature's stages: the minor release each stage began in (alpha, beta, GA). */
export interface ReleaseStages {
  readonly alpha?: number;
  readonly beta?: number;
  readonly ga?: number;
  /** Beta with the gate off by default until this release (then on). */
  readonly betaOnFrom?: number;
}

export interface ReleaseFact {
  readonly what: string;
  readonly stages?: ReleaseStages;
  /** The first minor release with the behaviour (for changes that are not gated stages). */
  readonly from?: number;
  /** Where it was read. */
  readonly source: string;
}

export const RELEASE_FACTS = {
  topologyManager: {
    what: 'topology manager (TopologyManager gate)',
    stages: { alpha: 16, beta: 18, ga: 27 },
    source:
      'pkg/features/kube_features.go 1.18 (Beta, on) and 1.28 ("GA in 1.27; remove in 1.29"); cm/topologymanager in the 1.18 tree',
  },
  podScope: {
    what: 'topologyManagerScope: pod',
    from: 20,
    source: 'cm/topologymanager/scope_pod.go first in the 1.20 tree (absent in 1.19)',
  },
  policyOptions: {
    what: 'topologyManagerPolicyOptions (TopologyManagerPolicyOptions gate)',
    stages: { alpha: 26, beta: 28, ga: 32 },
    source:
      'kube_features.go 1.33 versioned spec {1.26 Alpha, 1.28 Beta on, 1.32 GA}; cmd/kubelet/app/server.go refuses options with the gate off',
  },
  betaOptionsGate: {
    what: 'TopologyManagerPolicyBetaOptions gate',
    stages: { beta: 26, betaOnFrom: 28 },
    source: 'kube_features.go 1.33 versioned spec {1.26 Beta off, 1.28 Beta on}',
  },
  preferClosestNUMANodes: {
    what: 'prefer-closest-numa-nodes',
    stages: { alpha: 26, beta: 28, ga: 32 },
    source:
      'cm/topologymanager/policy_options.go: alphaOptions in 1.26-1.27, betaOptions 1.28-1.31, stableOptions from 1.32',
  },
  maxAllowableNUMANodes: {
    what: 'max-allowable-numa-nodes',
    stages: { beta: 31, ga: 35 },
    source:
      'cm/topologymanager/policy_options.go: absent before 1.31, betaOptions 1.31-1.34, stableOptions from 1.35',
  },
  lowerCaseOptionErrors: {
    what: 'option gate errors read "topology manager policy beta-level options not enabled" (was "Topology Manager Policy Beta-level Options")',
    from: 33,
    source: 'cm/topologymanager/policy_options.go CheckPolicyOptionAvailable, 1.32 vs 1.33',
  },
  memoryManager: {
    what: 'memory manager (MemoryManager gate)',
    stages: { alpha: 21, beta: 22, ga: 32 },
    source:
      'cm/memorymanager first in the 1.21 tree; kube_features.go 1.33-1.36 versioned spec {1.21 Alpha off, 1.22 Beta on, 1.32 GA locked} (the gate is still listed in 1.36)',
  },
  memoryNUMAAllocationRule: {
    what: 'memory manager refuses a hint mixing single- and cross-NUMA allocations ("preferred hint violates NUMA node allocation")',
    from: 32,
    source: 'cm/memorymanager/policy_static.go isAffinityViolatingNUMAAllocations, absent in 1.31',
  },
  deviceHintsOverDeviceNodes: {
    what: "device hints enumerate only NUMA nodes that host the resource's devices (no wider non-preferred masks)",
    from: 35,
    source: 'cm/devicemanager/topology_hints.go deviceNUMANodes, absent in 1.34',
  },
} as const satisfies Record<string, ReleaseFact>;

export type ReleaseFactName = keyof typeof RELEASE_FACTS;

/** The minor number of a kubelet version name ("1.34" → 34, "1.3" → 3). */
export function minorOf(version: string): number {
  const m = /^1\.(\d+)/.exec(version);
  return m ? Number(m[1]) : Number.NaN;
}

/** Whether the behaviour (a `from` fact) is in the release. */
export function hasBehaviour(name: ReleaseFactName, minor: number): boolean {
  const f: ReleaseFact = RELEASE_FACTS[name];
  return f.from !== undefined && minor >= f.from;
}

export type Stage = 'absent' | 'alpha' | 'beta' | 'ga';

/** A gated feature's stage in a release. */
export function stageIn(name: ReleaseFactName, minor: number): Stage {
  const s: ReleaseStages | undefined = (RELEASE_FACTS[name] as ReleaseFact).stages;
  if (!s) return 'absent';
  if (s.ga !== undefined && minor >= s.ga) return 'ga';
  if (s.beta !== undefined && minor >= s.beta) return 'beta';
  if (s.alpha !== undefined && minor >= s.alpha) return 'alpha';
  return 'absent';
}

/** The first release a feature existed in, as "1.N" (for "arrived in" messages). */
export function arrivedIn(name: ReleaseFactName): string {
  const f: ReleaseFact = RELEASE_FACTS[name];
  const m = f.from ?? f.stages?.alpha ?? f.stages?.beta ?? f.stages?.ga;
  return `1.${m}`;
}

/**
 * The topology manager option sets of a release (policy_options.go alphaOptions, betaOptions,
 * stableOptions).
 */
export function topologyOptionSets(minor: number): {
  alpha: string[];
  beta: string[];
  stable: string[];
} {
  const out = { alpha: [] as string[], beta: [] as string[], stable: [] as string[] };
  for (const [name, fact] of [
    ['prefer-closest-numa-nodes', 'preferClosestNUMANodes'],
    ['max-allowable-numa-nodes', 'maxAllowableNUMANodes'],
  ] as const) {
    const stage = stageIn(fact, minor);
    if (stage === 'alpha') out.alpha.push(name);
    else if (stage === 'beta') out.beta.push(name);
    else if (stage === 'ga') out.stable.push(name);
  }
  return out;
}

/** A gate's default in a release (the gates these managers read). */
export function gateDefault(gate: string, minor: number): boolean {
  switch (gate) {
    case 'TopologyManagerPolicyAlphaOptions':
      return false;
    case 'TopologyManagerPolicyBetaOptions':
      return minor >= (RELEASE_FACTS.betaOptionsGate.stages.betaOnFrom as number);
    case 'TopologyManagerPolicyOptions':
      return minor >= (RELEASE_FACTS.policyOptions.stages.beta as number);
    case 'MemoryManager':
      return minor >= (RELEASE_FACTS.memoryManager.stages.beta as number);
    default:
      return false;
  }
}
