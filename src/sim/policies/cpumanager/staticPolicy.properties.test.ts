/**
 * Invariants of the static policy over random machines, options, topology-manager policies and
 * pod mixes, driven through the same admission path the kubelet uses (topology manager scope →
 * CPU manager hints → Allocate), then torn down container by container.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { difference, intersection, union, EMPTY_CPUSET, type CPUSet } from '../../model/cpuset';
import type { ContainerLike, PodLike } from '../../model/qos';
import { unwrap } from '../../model/result';
import { allCPUs, detailsOf } from '../../model/topology';
import { topologyFromShape } from '../../model/topologyShape';
import { newTopologyManager } from '../topologymanager/policies';
import { admitPod, EMPTY_TM_STATE } from '../topologymanager/scope';
import { guaranteedCPUs } from './guaranteedCPUs';
import {
  cpuManagerHintProvider,
  newCpuManagerPolicy,
  removeContainer,
  removeStaleState,
  startCpuManager,
} from './manager';
import { initialDefaultCPUSet, staticPolicyStart, type StaticPolicy } from './staticPolicy';
import { listAssignments, type CpuManagerState } from './state';

const OPTION_SETS: Record<string, string>[] = [
  {},
  { 'full-pcpus-only': 'true' },
  { 'distribute-cpus-across-numa': 'true' },
  { 'full-pcpus-only': 'true', 'distribute-cpus-across-numa': 'true' },
  { 'distribute-cpus-across-cores': 'true' },
  { 'strict-cpu-reservation': 'true' },
  { 'prefer-align-cpus-by-uncorecache': 'true' },
  {
    'prefer-align-cpus-by-uncorecache': 'true',
    'full-pcpus-only': 'true',
    'strict-cpu-reservation': 'true',
  },
];

type Kind = 'int' | 'frac' | 'burst' | 'be';
const arbContainer = fc.record({ cpus: fc.integer({ min: 1, max: 4 }), frac: fc.boolean() });
const arbPod = fc.record({
  kind: fc.constantFrom<Kind>('int', 'int', 'int', 'frac', 'burst', 'be'),
  init: fc.option(fc.record({ c: arbContainer, sidecar: fc.boolean() }), { nil: undefined }),
  apps: fc.array(arbContainer, { minLength: 1, maxLength: 3 }),
});
const arbScenario = fc.record({
  sockets: fc.integer({ min: 1, max: 2 }),
  numa: fc.integer({ min: 1, max: 2 }),
  uncore: fc.integer({ min: 1, max: 2 }),
  coreUnits: fc.integer({ min: 1, max: 3 }),
  threads: fc.integer({ min: 1, max: 2 }),
  options: fc.constantFrom(...OPTION_SETS),
  reserved: fc.constantFrom('1', '1500m', '2', '3'),
  tmPolicy: fc.constantFrom('none', 'best-effort', 'restricted', 'single-numa-node'),
  tmScope: fc.constantFrom('container', 'pod'),
  pods: fc.array(arbPod, { minLength: 1, maxLength: 7 }),
});
type Scenario = typeof arbScenario extends fc.Arbitrary<infer T> ? T : never;

function container(
  name: string,
  kind: Kind,
  c: { cpus: number; frac: boolean },
  restartPolicy?: string,
): ContainerLike {
  const cpu = kind === 'int' && !c.frac ? String(c.cpus) : `${c.cpus * 1000 - 500}m`;
  const resources =
    kind === 'be'
      ? {}
      : kind === 'burst'
        ? { requests: { cpu, memory: '64Mi' } }
        : { requests: { cpu, memory: '64Mi' }, limits: { cpu, memory: '64Mi' } };
  return { name, resources, ...(restartPolicy === undefined ? {} : { restartPolicy }) };
}

function buildPods(s: Scenario): PodLike[] {
  return s.pods.map((p, i) => ({
    metadata: { uid: `pod-${i}`, name: `p${i}` },
    spec: {
      initContainers:
        p.init === undefined
          ? []
          : [
              container(
                'init',
                p.kind === 'frac' ? 'int' : p.kind,
                p.init.c,
                p.init.sidecar ? 'Always' : undefined,
              ),
            ],
      containers: p.apps.map((c, j) =>
        container(`app-${j}`, p.kind === 'frac' ? 'frac' : p.kind, c),
      ),
    },
  }));
}

interface Run {
  policy: StaticPolicy;
  admitted: PodLike[];
  state: CpuManagerState;
  initial: CPUSet;
}

function run(s: Scenario): Run | null {
  const lcm = (s.numa * s.uncore) / (s.numa === s.uncore ? s.numa : 1);
  const topo = unwrap(
    topologyFromShape({
      sockets: s.sockets,
      numaNodesPerSocket: s.numa,
      uncoreCachesPerSocket: s.uncore,
      coresPerSocket: lcm * s.coreUnits * 2,
      threadsPerCore: s.threads,
    }),
  );
  const created = newCpuManagerPolicy(topo, {
    cpuManagerPolicy: 'static',
    cpuManagerPolicyOptions: s.options,
    kubeReserved: { cpu: s.reserved },
    featureGates: { CPUManagerPolicyAlphaOptions: true },
    topologyManagerPolicy: s.tmPolicy,
  });
  if (!created.ok) {
    // Only a machine smaller than the reservation may refuse to start.
    expect(created.error).toMatch(/unable to reserve the required amount of CPUs/);
    expect(topo.numCPUs).toBeLessThan(
      Math.ceil(Number(s.reserved.replace('m', '')) / (s.reserved.endsWith('m') ? 1000 : 1)),
    );
    return null;
  }
  const policy = created.value;
  if (policy.name !== 'static') throw new Error('expected static');
  const tm = unwrap(newTopologyManager(topo, s.tmPolicy, s.tmScope));
  let state = unwrap(startCpuManager(policy));
  let tmState = EMPTY_TM_STATE;
  const admitted: PodLike[] = [];
  const provider = cpuManagerHintProvider(policy);
  for (const pod of buildPods(s)) {
    const out = admitPod(tm, tmState, [provider], state, pod, pod.metadata?.uid ?? '');
    tmState = out.tmState;
    if (out.result.admit) {
      state = out.state;
      admitted.push(pod);
    } else {
      // The kubelet frees a rejected pod's partial allocations once it is no longer active.
      const active = admitted.map((p) => ({
        podUID: p.metadata?.uid ?? '',
        containerNames: [...(p.spec.initContainers ?? []), ...p.spec.containers].map((c) => c.name),
      }));
      state = removeStaleState(policy, out.state, active);
    }
  }
  return { policy, admitted, state, initial: initialDefaultCPUSet(policy) };
}

describe('static policy invariants (property tests)', () => {
  it('keeps pools consistent, exclusive sets disjoint across pods, reserved CPUs shared, and releases exactly', () => {
    const seen = { exclusive: 0, rejected: 0 };
    fc.assert(
      fc.property(arbScenario, (s) => {
        const r = run(s);
        if (r === null) return;
        const { policy, admitted, state, initial } = r;
        const entries = listAssignments(state);
        seen.exclusive += entries.length;
        seen.rejected += s.pods.length - admitted.length;
        const all = allCPUs(policy.topology);
        let exclusive: CPUSet = EMPTY_CPUSET;
        const byPod = new Map<string, CPUSet>();
        for (const e of entries) {
          expect(intersection(e.cpus, policy.reservedCPUs)).toEqual([]); // reserved never exclusive
          expect(difference(e.cpus, all)).toEqual([]);
          byPod.set(e.podUID, union(byPod.get(e.podUID) ?? EMPTY_CPUSET, e.cpus));
          exclusive = union(exclusive, e.cpus);
        }
        const pods = [...byPod.values()];
        for (let i = 0; i < pods.length; i++)
          for (let j = i + 1; j < pods.length; j++)
            expect(intersection(pods[i] ?? [], pods[j] ?? [])).toEqual([]);
        // shared pool = all (minus reserved under strict-cpu-reservation) minus exclusive CPUs
        expect(state.defaultCpuSet).toEqual(difference(initial, exclusive));
        // A restart would accept the state, except the kubelet's own quirk: under strict-cpu-reservation
        // the shared pool can run dry, and validateState then refuses "default cpuset cannot be empty".
        expect(staticPolicyStart(policy, state)).toEqual(
          state.defaultCpuSet.length === 0 && entries.length > 0
            ? { ok: false, error: 'default cpuset cannot be empty' }
            : { ok: true, value: state },
        );
        // every exclusive container got exactly what it asked for
        for (const pod of admitted)
          for (const c of [...(pod.spec.initContainers ?? []), ...pod.spec.containers]) {
            const n = guaranteedCPUs(pod, c);
            const got = state.assignments[pod.metadata?.uid ?? '']?.[c.name];
            if (n === 0) expect(got).toBeUndefined();
            else expect(got?.length).toBe(n);
          }
        if (s.tmPolicy === 'single-numa-node' && s.tmScope === 'container') {
          const d = detailsOf(policy.topology);
          for (const e of entries) expect(d.keepOnly(e.cpus).numaNodes().length).toBe(1);
        }
        // releasing every container restores the pool exactly
        let released = state;
        for (const e of entries)
          released = removeContainer(policy, released, e.podUID, e.containerName);
        expect(released.defaultCpuSet).toEqual(initial);
        expect(released.assignments).toEqual({});
      }),
      { numRuns: 150 },
    );
    // The generators must reach both outcomes, or the properties above prove little.
    expect(seen.exclusive).toBeGreaterThan(100);
    expect(seen.rejected).toBeGreaterThan(10);
  });

  it('is deterministic and its state is plain data', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const a = run(s);
        const b = run(s);
        if (a === null || b === null) return;
        expect(b.state).toEqual(a.state);
        expect(structuredClone(a.state)).toEqual(a.state);
        expect(JSON.parse(JSON.stringify(a.state))).toEqual(a.state);
      }),
      { numRuns: 40 },
    );
  });
});
