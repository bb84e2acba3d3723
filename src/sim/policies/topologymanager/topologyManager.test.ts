import { describe, expect, it } from 'vitest';
import type { ContainerLike, PodLike } from '../../model/qos';
import { unwrap } from '../../model/result';
import { detailsOf, type CPUTopology } from '../../model/topology';
import { topologyPreset } from '../../model/topologyPresets';
import { topologyFromShape } from '../../model/topologyShape';
import {
  cpuManagerHintProvider,
  newCpuManagerPolicy,
  startCpuManager,
} from '../cpumanager/manager';
import {
  iterateBitMasks,
  maskIsLessThan,
  maskIsNarrowerThan,
  maskString,
  newBitMask,
} from './bitmask';
import type { ProviderHints, TopologyHint } from './hint';
import { newTopologyManager, policyMerge, type TopologyManagerConfig } from './policies';
import { admitPod, EMPTY_TM_STATE } from './scope';

const H = (bits: number[] | null, preferred: boolean): TopologyHint => ({
  numaNodeAffinity: bits,
  preferred,
});
const twoNuma = unwrap(topologyFromShape({ sockets: 2, coresPerSocket: 2, threadsPerCore: 1 }));
const tmFor = (
  topo: CPUTopology,
  policy: string,
  scope = 'container',
  opts: Record<string, string> = {},
): TopologyManagerConfig => unwrap(newTopologyManager(topo, policy, scope, opts));

describe('bitmask', () => {
  it('prints like Go, zero-padded to an even width', () => {
    expect([[0], [1], [0, 1], [2], [0, 2], [7]].map((m) => maskString(m))).toEqual([
      '01',
      '10',
      '11',
      '100',
      '0101',
      '10000000',
    ]);
  });
  it('orders masks as the uint64 values', () => {
    expect(maskIsLessThan([0, 2], [1, 2])).toBe(true);
    expect(maskIsLessThan([3], [0, 1, 2])).toBe(false);
    expect(maskIsNarrowerThan([3], [0, 1, 2])).toBe(true);
    expect(maskIsNarrowerThan([0, 3], [1, 2])).toBe(false); // 9 > 6
    expect(newBitMask(64)).toEqual({ ok: false, error: 'bit number must be in range 0-63' });
  });
  it('iterates subsets by size, then lexicographically', () => {
    const seen: string[] = [];
    iterateBitMasks([0, 1, 2], (m) => seen.push(m.join('')));
    expect(seen).toEqual(['0', '1', '2', '01', '02', '12', '012']);
  });
});

describe('hint merging', () => {
  const all = [0, 1];
  it.each<[string, ProviderHints[], string, TopologyHint, boolean]>([
    ['no providers', [], 'restricted', H(all, true), true],
    ['no preference', [null], 'restricted', H(all, true), true],
    ['cannot be satisfied', [{ cpu: [] }], 'restricted', H(all, false), false],
    [
      'cannot be satisfied, best-effort still admits',
      [{ cpu: [] }],
      'best-effort',
      H(all, false),
      true,
    ],
    [
      'cannot be satisfied, single-numa-node',
      [{ cpu: [] }],
      'single-numa-node',
      H(null, false),
      false,
    ],
    [
      'narrowest preferred wins',
      [{ cpu: [H([0], true), H([1], true), H(all, false)] }],
      'restricted',
      H([0], true),
      true,
    ],
    [
      'equal masks from two providers stay preferred',
      [{ cpu: [H([1], true)] }, { mem: [H([1], true), H(all, false)] }],
      'restricted',
      H([1], true),
      true,
    ],
    [
      '{0} and {0,1}, both preferred, merge to {0} not preferred',
      [{ cpu: [H([0], true)] }, { mem: [H(all, true)] }],
      'restricted',
      H([0], false),
      false,
    ],
    [
      'disjoint preferences fall back to the non-preferred narrowest',
      [{ cpu: [H([0], true), H(all, false)] }, { mem: [H([1], true), H(all, false)] }],
      'best-effort',
      H([0], false),
      true,
    ],
    [
      'non-preferred creeps up to the widest provider minimum',
      [{ cpu: [H(all, false)] }, { mem: [H([0], false), H(all, false)] }],
      'best-effort',
      H(all, false),
      true,
    ],
    [
      'single-numa-node drops multi-NUMA hints',
      [{ cpu: [H(all, true), H([1], true)] }, null],
      'single-numa-node',
      H([1], true),
      true,
    ],
    [
      'single-numa-node with only a wide hint',
      [{ cpu: [H(all, true)] }],
      'single-numa-node',
      H(null, false),
      false,
    ],
  ])('%s', (_name, hints, policy, hint, admit) => {
    expect(policyMerge(tmFor(twoNuma, policy), hints)).toEqual({ hint, admit });
  });

  it('single-numa-node on a one-NUMA machine turns the whole-machine mask into nil', () => {
    const one = unwrap(topologyPreset('laptop'));
    expect(policyMerge(tmFor(one, 'single-numa-node'), [{ cpu: [H([0], true)] }])).toEqual({
      hint: H(null, true),
      admit: true,
    });
  });

  it('prefer-closest-numa-nodes picks the closer of two equal-size masks', () => {
    const snc = unwrap(
      topologyFromShape({
        sockets: 2,
        numaNodesPerSocket: 2,
        coresPerSocket: 4,
        threadsPerCore: 1,
      }),
    );
    const hints: ProviderHints[] = [{ cpu: [H([1, 2], true), H([2, 3], true)] }];
    expect(policyMerge(tmFor(snc, 'restricted'), hints).hint).toEqual(H([1, 2], true));
    expect(
      policyMerge(
        tmFor(snc, 'restricted', 'container', { 'prefer-closest-numa-nodes': 'true' }),
        hints,
      ).hint,
    ).toEqual(H([2, 3], true));
  });

  it('refuses bad configurations with the kubelet texts', () => {
    expect(newTopologyManager(twoNuma, 'strict', 'container')).toEqual({
      ok: false,
      error: 'unknown policy: "strict"',
    });
    expect(newTopologyManager(twoNuma, 'restricted', 'node')).toEqual({
      ok: false,
      error: 'unknown scope: "node"',
    });
    const nine = unwrap(
      topologyFromShape({
        sockets: 1,
        numaNodesPerSocket: 9,
        coresPerSocket: 9,
        threadsPerCore: 1,
      }),
    );
    expect(newTopologyManager(nine, 'best-effort', 'container')).toEqual({
      ok: false,
      error: 'unsupported on machines with more than 8 NUMA Nodes',
    });
    expect(newTopologyManager(nine, 'none', 'container').ok).toBe(true);
  });
});

describe('admission through the scopes', () => {
  const topo = unwrap(topologyPreset('intel-2s-16c-ht')); // NUMA 0: 0-15,32-47; NUMA 1: 16-31,48-63
  const g = (name: string, cpu: string): ContainerLike => ({
    name,
    resources: { requests: { cpu, memory: '1Gi' }, limits: { cpu, memory: '1Gi' } },
  });
  const setup = (tm: string, scope: string, options: Record<string, string> = {}) => {
    const policy = unwrap(
      newCpuManagerPolicy(topo, {
        cpuManagerPolicy: 'static',
        kubeReserved: { cpu: '1' },
        cpuManagerPolicyOptions: options,
        topologyManagerPolicy: tm,
      }),
    );
    return {
      tm: tmFor(topo, tm, scope),
      providers: [cpuManagerHintProvider(policy)],
      state: unwrap(startCpuManager(policy)),
    };
  };
  const numaOf = (cpus: readonly number[]): readonly number[] =>
    detailsOf(topo).keepOnly(cpus).numaNodes();

  it('container scope aligns each container to its own NUMA node', () => {
    const { tm, providers, state } = setup('restricted', 'container');
    const pod: PodLike = {
      metadata: { uid: 'u' },
      spec: { containers: [g('a', '16'), g('b', '16')] },
    };
    const out = admitPod(tm, EMPTY_TM_STATE, providers, state, pod, 'u');
    expect(out.result).toEqual({ admit: true });
    expect(numaOf(out.state.assignments.u?.a ?? [])).toEqual([0]);
    expect(numaOf(out.state.assignments.u?.b ?? [])).toEqual([1]); // NUMA 0 has only 15 left (CPU 0 is reserved)
    expect(out.tmState.podTopologyHints.u?.b).toEqual(H([1], true));
  });

  it('pod scope places the whole pod on one NUMA node', () => {
    const { tm, providers, state } = setup('restricted', 'pod');
    const pod: PodLike = {
      metadata: { uid: 'u' },
      spec: { containers: [g('a', '16'), g('b', '16')] },
    };
    const out = admitPod(tm, EMPTY_TM_STATE, providers, state, pod, 'u');
    expect(out.result).toEqual({ admit: true });
    expect(out.decisions).toHaveLength(1);
    expect(
      numaOf([...(out.state.assignments.u?.a ?? []), ...(out.state.assignments.u?.b ?? [])]),
    ).toEqual([1]);
  });

  it('single-numa-node rejects the container that no longer fits, keeping earlier allocations', () => {
    const { tm, providers, state } = setup('single-numa-node', 'container');
    const pod: PodLike = {
      metadata: { uid: 'u' },
      spec: { containers: [g('c0', '16'), g('c1', '16'), g('c2', '16'), g('c3', '16')] },
    };
    const out = admitPod(tm, EMPTY_TM_STATE, providers, state, pod, 'u');
    expect(out.result).toEqual({
      admit: false,
      reason: 'TopologyAffinityError',
      message: 'Resources cannot be allocated with Topology locality',
    });
    expect(out.failedContainer).toBe('c3');
    expect(Object.keys(out.state.assignments.u ?? {})).toEqual(['c0', 'c1', 'c2']);
  });

  it('reports allocator errors as the kubelet does', () => {
    const smt = setup('none', 'container', { 'full-pcpus-only': 'true' });
    const odd: PodLike = { metadata: { uid: 'u' }, spec: { containers: [g('a', '3')] } };
    expect(admitPod(smt.tm, EMPTY_TM_STATE, smt.providers, smt.state, odd, 'u').result).toEqual({
      admit: false,
      reason: 'SMTAlignmentError',
      message: 'SMT Alignment Error: requested 3 cpus not multiple cpus per core = 2',
    });
    const big: PodLike = { metadata: { uid: 'u' }, spec: { containers: [g('a', '99')] } };
    const plain = setup('none', 'container');
    expect(
      admitPod(plain.tm, EMPTY_TM_STATE, plain.providers, plain.state, big, 'u').result,
    ).toEqual({
      admit: false,
      reason: 'UnexpectedAdmissionError',
      message:
        'Allocate failed due to not enough cpus available to satisfy request: requested=99, available=63, which is unexpected',
    });
    // best-effort admits the unsatisfiable hint {all NUMA nodes, not preferred}; Allocate then takes
    // all 63 "aligned" CPUs first and fails on the rest, so the kubelet's text reads differently.
    const be = setup('best-effort', 'container');
    expect(admitPod(be.tm, EMPTY_TM_STATE, be.providers, be.state, big, 'u').result.message).toBe(
      'Allocate failed due to not enough cpus available to satisfy request: requested=36, available=0, which is unexpected',
    );
  });
});
