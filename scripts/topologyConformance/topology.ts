/**
 * Runs topology manager vectors (tests/fixtures/topology/topology-merge.json and
 * topology-policy-options.json) through the engine's topology manager: policy Merge, admission
 * through both scopes, hint comparison, the bitmask, option parsing, NUMA distances, NewManager.
 */
import {
  maskAdd,
  maskAnd,
  maskAnySet,
  maskCount,
  maskEquals,
  maskFill,
  maskIsEmpty,
  maskIsNarrowerThan,
  maskIsSet,
  maskOr,
  maskRemove,
  maskString,
  newBitMask,
  iterateBitMasks,
  type BitMask,
} from '../../src/sim/policies/topologymanager/bitmask';
import type { ProviderHints, TopologyHint } from '../../src/sim/policies/topologymanager/hint';
import {
  maxOfMinAffinityCounts,
  newHintMerger,
} from '../../src/sim/policies/topologymanager/merge';
import {
  averageDistance,
  closest,
  newNUMAInfo,
  type NUMAInfo,
} from '../../src/sim/policies/topologymanager/numaInfo';
import {
  checkPolicyOptionAvailable,
  filterSingleNumaHints,
  newTopologyManagerFromNodes,
  newTopologyManagerOptions,
  policyMerge,
  type OptionContext,
  type TopologyManagerConfig,
  type TopologyManagerPolicyName,
} from '../../src/sim/policies/topologymanager/policies';
import {
  admitPod,
  EMPTY_TM_STATE,
  type HintProvider,
} from '../../src/sim/policies/topologymanager/scope';
import type { PodLike } from '../../src/sim/model/qos';
import { arr, CaseError, expectSame, hintJson, hintOf, nums, obj, str, type Json } from './common';
import { hasBehaviour } from '../../src/sim/policies/topologymanager/optionReleases';

export type Runner = (c: Json, minor: number) => string | null;

function numaInfoOf(v: unknown): NUMAInfo {
  const n = obj(v, 'numaInfo');
  const distances: Record<number, number[] | null> = {};
  for (const [k, row] of Object.entries(obj(n.distances ?? {}, 'numaInfo.distances')))
    distances[Number(k)] = row === null ? null : nums(row, `distances[${k}]`);
  return { nodes: nums(n.nodes, 'numaInfo.nodes'), distances };
}

function providerHints(v: unknown): ProviderHints {
  const p = obj(v, 'provider');
  if (p.hints === null || p.hints === undefined) return null;
  const out: Record<string, TopologyHint[] | null> = {};
  for (const [r, list] of Object.entries(obj(p.hints, 'provider.hints')))
    out[r] = list === null ? null : arr(list, `hints.${r}`).map((h) => hintOf(h));
  return out;
}

function rawHints(v: unknown): ProviderHints {
  if (v === null) return null;
  const out: Record<string, TopologyHint[] | null> = {};
  for (const [r, list] of Object.entries(obj(v, 'providersHints[]')))
    out[r] = list === null ? null : arr(list, `hints.${r}`).map((h) => hintOf(h));
  return out;
}

function tmOf(
  c: Json,
  scope: 'container' | 'pod' = 'container',
  minor?: number,
): TopologyManagerConfig {
  const policy = str(c.policy, 'policy') as TopologyManagerPolicyName;
  const opts = c.policyOptions === undefined ? {} : obj(c.policyOptions, 'policyOptions');
  return {
    policy,
    scope: policy === 'none' ? 'none' : scope,
    options: { preferClosestNUMA: opts.preferClosestNUMA === true, maxAllowableNUMANodes: 8 },
    numaInfo: c.numaInfo === undefined ? { nodes: [], distances: {} } : numaInfoOf(c.numaInfo),
    // The release's merge (1.18-1.23 had no compareHints).
    ...(minor !== undefined && !hasBehaviour('hintMergeComparesNonPreferred', minor)
      ? { mergeBefore124: true }
      : {}),
  };
}

function masksOf(v: unknown, what: string): BitMask[] {
  return arr(v, what).map((m, i) => [...nums(m, `${what}[${i}]`)].sort((a, b) => a - b));
}

function initialMask(c: Json): BitMask {
  const m = newBitMask(...nums(c.initial ?? [], 'initial'));
  if (!m.ok) throw new CaseError(m.error);
  return m.value;
}

const bitmask: Runner = (c) => {
  const op = str(c.op, 'op');
  const asString = (got: BitMask) => expectSame('String()', c.expectedString, maskString(got));
  switch (op) {
    case 'newEmpty':
      return asString([]);
    case 'new': {
      const m = newBitMask(...nums(c.bits, 'bits'));
      return m.ok ? asString(m.value) : `NewBitMask failed: ${m.error}`;
    }
    case 'add': {
      const r = maskAdd(initialMask(c), ...nums(c.bits, 'bits'));
      return asString(r.ok ? r.value : initialMask(c));
    }
    case 'remove': {
      const r = maskRemove(initialMask(c), ...nums(c.bits, 'bits'));
      return asString(r.ok ? r.value : initialMask(c));
    }
    case 'and': {
      const ms = masksOf(c.masks, 'masks');
      return asString(maskAnd(ms[0] ?? [], ...ms));
    }
    case 'or': {
      const ms = masksOf(c.masks, 'masks');
      return asString(maskOr(ms[0] ?? [], ...ms));
    }
    case 'clear':
      return asString([]);
    case 'fill':
      return asString(maskFill());
    case 'isEmpty':
      return expectSame('IsEmpty()', c.expected, maskIsEmpty(initialMask(c)));
    case 'isSet':
      return expectSame('IsSet()', c.expected, maskIsSet(initialMask(c), c.bit as number));
    case 'anySet':
      return expectSame('AnySet()', c.expected, maskAnySet(initialMask(c), nums(c.bits, 'bits')));
    case 'isEqual': {
      const [a, b] = [masksOf([c.first], 'first')[0]!, masksOf([c.second], 'second')[0]!];
      return expectSame('IsEqual()', c.expected, maskEquals(a, b));
    }
    case 'count':
      return expectSame('Count()', c.expected, maskCount(initialMask(c)));
    case 'getBits':
      return expectSame('GetBits()', c.expected, [...initialMask(c)]);
    case 'isNarrowerThan': {
      const [a, b] = [masksOf([c.first], 'first')[0]!, masksOf([c.second], 'second')[0]!];
      return expectSame('IsNarrowerThan()', c.expected, maskIsNarrowerThan(a, b));
    }
    case 'iterateBitMasksCount': {
      let n = 0;
      iterateBitMasks(nums(c.bits, 'bits'), () => n++);
      return expectSame('IterateBitMasks callbacks', c.expected, n);
    }
    default:
      throw new CaseError(`unsupported bitmask op ${JSON.stringify(op)}`);
  }
};

const podOf = (v: unknown): PodLike => {
  const p = obj(v, 'pod');
  return {
    metadata: { uid: 'pod' },
    spec: {
      containers: arr(p.containers, 'pod.containers').map((x) => {
        const ct = obj(x, 'container');
        return {
          name: typeof ct.name === 'string' ? ct.name : '',
          resources: (ct.resources ?? {}) as never,
        };
      }),
    },
  };
};

const ctx = (c: Json, minor: number): OptionContext => {
  const reg = c.testRegisteredOptions ? obj(c.testRegisteredOptions, 'testRegisteredOptions') : {};
  return {
    minor,
    gates: (c.featureGates ?? {}) as Record<string, boolean>,
    registered: {
      alpha: (reg.alpha ?? []) as string[],
      beta: (reg.beta ?? []) as string[],
    },
  };
};

/** expectedErrorContains: the error must contain it. */
export function errorCheck(c: Json, error: string | null): string | null {
  const want = str(c.expectedErrorContains, 'expectedErrorContains');
  if (error === null) return `expected an error containing ${JSON.stringify(want)}, got none`;
  return error.includes(want)
    ? null
    : `expected an error containing ${JSON.stringify(want)}, got ${JSON.stringify(error)}`;
}

export const TOPOLOGY_RUNNERS: Record<string, Runner> = {
  merge: (c, minor) => {
    const tm = tmOf(c, 'container', minor);
    const { hint } = policyMerge(tm, arr(c.providers, 'providers').map(providerHints));
    return expectSame('Merge()', c.expected, hintJson(hint));
  },
  noneMerge: (c) => {
    const { hint, admit } = policyMerge(
      tmOf(c),
      arr(c.providersHints, 'providersHints').map(rawHints),
    );
    return expectSame(
      'Merge()',
      { hint: c.expected, admit: c.expectedAdmit },
      { hint: hintJson(hint), admit },
    );
  },
  canAdmitPodResult: (c) => {
    const policy = str(c.policy, 'policy');
    const hint = hintOf(c.hint);
    const admit = policy === 'best-effort' || policy === 'none' ? true : hint.preferred;
    return expectSame('canAdmitPodResult()', c.expectedAdmit, admit);
  },
  policyName: (c) => expectSame('Name()', c.expectedName, tmOf(c).policy),
  filterSingleNumaHints: (c) => {
    const all = arr(c.allResources, 'allResources').map((l) =>
      l === null ? [] : arr(l, 'resource hints').map((h) => hintOf(h)),
    );
    // The Go function appends to a nil slice: a list left empty is nil.
    const got = filterSingleNumaHints(all).map((l) => (l.length === 0 ? null : l.map(hintJson)));
    return expectSame('filterSingleNumaHints()', c.expectedResources, got);
  },
  maxOfMinAffinityCounts: (c) => {
    const hints = arr(c.hints, 'hints').map((l) => arr(l, 'hints[]').map((h) => hintOf(h)));
    return expectSame('maxOfMinAffinityCounts()', c.expected, maxOfMinAffinityCounts(hints));
  },
  compareHints: (c) => {
    const tm = tmOf(c);
    const merger = newHintMerger(tm.numaInfo, [], {
      policyName: tm.policy,
      preferClosestNUMA: tm.options.preferClosestNUMA,
    });
    merger.bestNonPreferredAffinityCount = c.bestNonPreferredAffinityCount as number;
    const current = c.current === null ? null : hintOf(c.current, 'current');
    const candidate = hintOf(c.candidate, 'candidate');
    const got = merger.compare(current, candidate);
    const which =
      got === null
        ? 'nil'
        : got === current
          ? 'current'
          : got === candidate
            ? 'candidate'
            : 'other';
    return expectSame('compare()', c.expected, which);
  },
  admit: (c) => {
    const hints = arr(c.providers, 'providers').map(providerHints);
    const providers: HintProvider<null>[] = hints.map((h, i) => ({
      name: `provider${i}`,
      getTopologyHints: () => h,
      getPodTopologyHints: () => h,
      allocate: () => ({ ok: true, value: null }),
    }));
    for (const scope of arr(c.scopes ?? ['container', 'pod'], 'scopes')) {
      const tm = tmOf(c, scope as 'container' | 'pod');
      const out = admitPod(tm, EMPTY_TM_STATE, providers, null, podOf(c.pod), 'pod');
      const want = c.expectedAdmit === true;
      if (out.result.admit !== want)
        return `${String(scope)} scope: expected admit ${want} got ${out.result.admit}`;
      if (!want && out.result.reason !== 'TopologyAffinityError')
        return `${String(scope)} scope: expected reason TopologyAffinityError got ${String(out.result.reason)}`;
    }
    return null;
  },
  bitmask,

  newPolicyOptions: (c, minor) => {
    const r = newTopologyManagerOptions(
      (c.policyOptions ?? {}) as Record<string, string>,
      ctx(c, minor),
    );
    if (typeof c.expectedErrorContains === 'string') return errorCheck(c, r.ok ? null : r.error);
    if (!r.ok) {
      // errorAsserted: false: Go checks only the options (NewPolicyOptions returns them with
      // the error), which are then the defaults.
      if (c.errorAsserted === false)
        return expectSame('options', c.expectedOptions, {
          preferClosestNUMA: false,
          maxAllowableNUMANodes: 8,
        });
      return `unexpected error ${JSON.stringify(r.error)}`;
    }
    return expectSame('options', c.expectedOptions, r.value);
  },
  checkPolicyOptionAvailable: (c, minor) => {
    const r = checkPolicyOptionAvailable(str(c.option, 'option'), ctx(c, minor));
    return expectSame(`available (${r.ok ? 'nil' : r.error})`, c.expectedAvailable, r.ok);
  },
  newNUMAInfo: (c) => {
    const topology =
      c.topology === null ? null : arr(c.topology, 'topology').map((n) => obj(n, 'node'));
    const opts = obj(c.policyOptions ?? {}, 'policyOptions');
    const r = newNUMAInfo(
      topology?.map((n) => ({
        id: n.id as number,
        distances: (n.distances ?? null) as number[] | null,
      })) ?? null,
      { preferClosestNUMA: opts.preferClosestNUMA === true },
    );
    if (typeof c.expectedErrorContains === 'string') return errorCheck(c, r.ok ? null : r.error);
    if (!r.ok) return `unexpected error ${JSON.stringify(r.error)}`;
    const distances: Record<string, unknown> = {};
    for (const id of r.value.nodes) distances[String(id)] = r.value.distances[id] ?? null;
    return expectSame('NUMAInfo', c.expectedNUMAInfo, { nodes: r.value.nodes, distances });
  },
  calculateAverageFor: (c) => {
    const info = numaInfoOf({ nodes: [], distances: c.distances });
    const mask = [...nums(c.numaNodes, 'numaNodes')].sort((a, b) => a - b);
    return expectSame('CalculateAverageFor()', c.expectedAvg, averageDistance(info, mask));
  },
  closest: (c) => {
    const info = numaInfoOf({ nodes: [], distances: c.distances ?? {} });
    const current = [...nums(c.current, 'current')].sort((a, b) => a - b);
    const candidate = [...nums(c.candidate, 'candidate')].sort((a, b) => a - b);
    const got = closest(info, candidate, current);
    return expectSame(
      'Closest()',
      c.expected,
      got === current ? 'current' : got === candidate ? 'candidate' : 'other',
    );
  },
  newManager: (c, minor) => {
    const topology =
      c.topology === null ? null : arr(c.topology, 'topology').map((n) => obj(n, 'node'));
    const r = newTopologyManagerFromNodes(
      topology?.map((n) => ({
        id: n.id as number,
        distances: (n.distances ?? null) as number[] | null,
      })) ?? null,
      str(c.policyName, 'policyName'),
      str(c.scopeName, 'scopeName'),
      (c.policyOptions ?? null) as Record<string, string> | null,
      ctx(c, minor),
    );
    if (typeof c.expectedErrorContains === 'string') return errorCheck(c, r.ok ? null : r.error);
    if (!r.ok) return `unexpected error ${JSON.stringify(r.error)}`;
    if (c.expectedScope !== undefined) return expectSame('scope', c.expectedScope, r.value.scope);
    return expectSame('policy', c.expectedPolicy, r.value.policy);
  },
  newManagerScope: (c, minor) => TOPOLOGY_RUNNERS.newManager!(c, minor),
};
