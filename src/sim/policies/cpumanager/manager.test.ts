import { describe, expect, it } from 'vitest';
import { mustParseCPUSet } from '../../model/cpuset';
import type { ContainerLike, PodLike } from '../../model/qos';
import { unwrap } from '../../model/result';
import { topologyPreset } from '../../model/topologyPresets';
import { checkpointChecksum, checkpointJSON, parseCheckpoint } from './checkpoint';
import { explainContainer } from './explain';
import { podGuaranteedCPUs } from './guaranteedCPUs';
import {
  cpusetForContainer,
  newCpuManagerPolicy,
  removeStaleState,
  reservedCPUConfig,
  startCpuManager,
  type CpuManagerPolicy,
} from './manager';
import { staticAllocate, type StaticPolicy } from './staticPolicy';
import { emptyState, type CpuManagerState } from './state';
import type { TopologyHint } from '../topologymanager/hint';
import { generateCPUTopologyHints, getPodTopologyHints } from './topologyHints';

const laptop = unwrap(topologyPreset('laptop'));
const g = (name: string, cpu: string, restartPolicy?: string): ContainerLike => ({
  name,
  resources: { requests: { cpu, memory: '1Gi' }, limits: { cpu, memory: '1Gi' } },
  ...(restartPolicy === undefined ? {} : { restartPolicy }),
});
const staticOn = (topo = laptop, extra: Record<string, unknown> = {}): StaticPolicy => {
  const p = unwrap(
    newCpuManagerPolicy(topo, { cpuManagerPolicy: 'static', kubeReserved: { cpu: '1' }, ...extra }),
  );
  if (p.name !== 'static') throw new Error('static expected');
  return p;
};

describe('CPU manager creation', () => {
  it('derives the reserved CPUs like the kubelet', () => {
    expect(
      reservedCPUConfig({
        cpuManagerPolicy: 'static',
        kubeReserved: { cpu: '500m' },
        systemReserved: { cpu: '1' },
      }),
    ).toEqual({
      ok: true,
      value: { numReservedCPUs: 2, reservedCPUs: [] },
    });
    const p = staticOn(laptop, { kubeReserved: { cpu: '500m' }, systemReserved: { cpu: '1' } });
    expect(p.reservedCPUs).toEqual([0, 4]); // both threads of the lowest core
    const explicit = staticOn(laptop, { reservedSystemCPUs: '1,3', kubeReserved: { cpu: '4' } });
    expect(explicit.reservedCPUs).toEqual([1, 3]);
    expect(explicit.reservedPhysicalCPUs).toEqual([1, 3, 5, 7]);
  });

  it.each([
    [
      { cpuManagerPolicy: 'static' },
      '[cpumanager] unable to determine reserved CPU resources for static policy',
    ],
    [
      { cpuManagerPolicy: 'static', kubeReserved: { cpu: '0' } },
      '[cpumanager] unable to determine reserved CPU resources for static policy',
    ],
    [
      { cpuManagerPolicy: 'static', reservedSystemCPUs: '0-x' },
      'unable to parse --reserved-cpus=0-x, error: strconv.Atoi: parsing "x": invalid syntax',
    ],
    [
      { cpuManagerPolicy: 'static', kubeReserved: { cpu: '9' } },
      'new static policy error: [cpumanager] unable to reserve the required amount of CPUs (size of  did not equal 9)',
    ],
    [
      { cpuManagerPolicy: 'none', cpuManagerPolicyOptions: { 'full-pcpus-only': 'true' } },
      'new none policy error: None policy: received unsupported options=map[full-pcpus-only:true]',
    ],
    [{ cpuManagerPolicy: 'dynamic' }, 'unknown policy: "dynamic"'],
    [
      {
        cpuManagerPolicy: 'static',
        kubeReserved: { cpu: '1' },
        cpuManagerPolicyOptions: { 'no-such': 'true' },
      },
      'new static policy error: unknown CPU Manager Policy option: "no-such"',
    ],
    [
      {
        cpuManagerPolicy: 'static',
        kubeReserved: { cpu: '1' },
        cpuManagerPolicyOptions: { 'align-by-socket': 'true' },
      },
      'new static policy error: CPU Manager Policy Alpha-level Options not enabled, but option "align-by-socket" provided',
    ],
    [
      {
        cpuManagerPolicy: 'static',
        kubeReserved: { cpu: '1' },
        cpuManagerPolicyOptions: { 'full-pcpus-only': 'yes' },
      },
      'new static policy error: bad value for option "full-pcpus-only": strconv.ParseBool: parsing "yes": invalid syntax',
    ],
    [
      {
        cpuManagerPolicy: 'static',
        kubeReserved: { cpu: '1' },
        featureGates: { CPUManagerPolicyAlphaOptions: true },
        cpuManagerPolicyOptions: {
          'full-pcpus-only': 'true',
          'distribute-cpus-across-cores': 'true',
        },
      },
      'new static policy error: static policy options full-pcpus-only and distribute-cpus-across-cores can not be used at the same time',
    ],
    [
      {
        cpuManagerPolicy: 'static',
        kubeReserved: { cpu: '1' },
        featureGates: { CPUManagerPolicyAlphaOptions: true },
        cpuManagerPolicyOptions: { 'align-by-socket': 'true' },
        topologyManagerPolicy: 'single-numa-node',
      },
      'new static policy error: Topolgy manager single-numa-node policy is incompatible with CPUManager align-by-socket policy option',
    ],
  ])('refuses %j', (cfg, error) => {
    expect(newCpuManagerPolicy(laptop, cfg)).toEqual({ ok: false, error });
  });

  it('refuses a state written by another policy', () => {
    const none: CpuManagerPolicy = { name: 'none' };
    expect(startCpuManager(staticOn(), emptyState('none')).ok).toBe(false);
    expect(startCpuManager(none)).toEqual({ ok: true, value: emptyState('none') });
  });
});

describe('the cpu_manager_state checkpoint', () => {
  it('computes the kubelet checksum (values from Kubernetes state tests)', () => {
    expect(checkpointChecksum('none', '4-6', {})).toBe(354655845);
    expect(
      checkpointChecksum('none', '1-3', { pod: { container1: '4-6', container2: '1-3' } }),
    ).toBe(3610638499);
  });

  it('writes json.Marshal bytes and reads them back', () => {
    const s: CpuManagerState = {
      policyName: 'static',
      defaultCpuSet: mustParseCPUSet('0,3-7'),
      assignments: { 'uid-b': { web: [2] }, 'uid-a': { app: [1] } },
      cpusToReuse: { 'uid-a': [9] },
    };
    const text = checkpointJSON(s);
    const sum = checkpointChecksum('static', '0,3-7', {
      'uid-a': { app: '1' },
      'uid-b': { web: '2' },
    });
    expect(text).toBe(
      `{"policyName":"static","defaultCpuSet":"0,3-7","entries":{"uid-a":{"app":"1"},"uid-b":{"web":"2"}},"checksum":${sum}}`,
    );
    expect(parseCheckpoint(text)).toEqual({ ok: true, value: { ...s, cpusToReuse: {} } });
    expect(checkpointJSON(emptyState('none'))).toBe(
      `{"policyName":"none","defaultCpuSet":"","checksum":${checkpointChecksum('none', '', {})}}`,
    );
  });

  it('rejects a tampered file and accepts checksum 0', () => {
    const good = checkpointJSON({
      policyName: 'static',
      defaultCpuSet: [0, 1],
      assignments: {},
      cpusToReuse: {},
    });
    expect(parseCheckpoint(good.replace('"0-1"', '"0-2"'))).toEqual({
      ok: false,
      error: 'checkpoint is corrupted',
    });
    expect(parseCheckpoint('{"policyName":"static","defaultCpuSet":"1.3","checksum":0}')).toEqual({
      ok: false,
      error: 'could not parse default cpu set "1.3": strconv.Atoi: parsing "1.3": invalid syntax',
    });
  });
});

describe('allocation, hints and stale state', () => {
  it('takes CPUs inside the hinted NUMA node first', () => {
    const topo = unwrap(topologyPreset('intel-2s-16c-ht'));
    const p = staticOn(topo);
    const s = unwrap(startCpuManager(p));
    const pod: PodLike = { metadata: { uid: 'u' }, spec: { containers: [g('app', '2')] } };
    const r = unwrap(
      staticAllocate(p, s, pod, 'u', g('app', '2'), { numaNodeAffinity: [1], preferred: true }),
    );
    expect(r.cpus).toEqual([16, 48]); // first whole core of socket 1
    expect(cpusetForContainer(r.state, 'u', 'app')).toBe('16,48');
    expect(cpusetForContainer(r.state, 'u', 'other')).toBe('0-15,17-47,49-63');
  });

  it('counts pod demand with sidecars and init containers', () => {
    const pod: PodLike = {
      spec: {
        initContainers: [g('side', '2', 'Always'), g('init', '5')],
        containers: [g('a', '1'), g('b', '1')],
      },
    };
    expect(podGuaranteedCPUs(pod)).toBe(7); // max(2 + 5, 1 + 1 + 2)
  });

  it('marks hints preferred by the narrowest mask that could ever fit', () => {
    const p = staticOn(unwrap(topologyPreset('cadvisorTwoNUMANode12CPUs')), {
      kubeReserved: { cpu: '1' },
    });
    const key = (h: TopologyHint): string =>
      `${(h.numaNodeAffinity ?? []).join('')}${h.preferred ? 'P' : ''}`;
    // CPU 2 is taken, so only NUMA 1 can hold 6 CPUs; a single node is still the narrowest fit.
    expect(generateCPUTopologyHints(p, mustParseCPUSet('0-1,3-11'), [], 6).map(key)).toEqual([
      '1P',
      '01',
    ]);
    expect(generateCPUTopologyHints(p, mustParseCPUSet('0-1,3-5,9-10'), [], 6).map(key)).toEqual([
      '01',
    ]);
    // reusable CPUs outside a mask rule it out
    expect(generateCPUTopologyHints(p, mustParseCPUSet('3-5,9-11'), [0], 2).map(key)).toEqual([
      '01',
    ]);
  });

  it('regenerates pod hints from CPUs a pod already holds, and refuses mismatched sizes', () => {
    const p = staticOn();
    const pod: PodLike = { metadata: { uid: 'u' }, spec: { containers: [g('a', '2')] } };
    const s: CpuManagerState = { ...unwrap(startCpuManager(p)), assignments: { u: { a: [1, 5] } } };
    expect(getPodTopologyHints(p, s, pod, 'u')).toEqual({
      cpu: [{ numaNodeAffinity: [0], preferred: true }],
    });
    const wrong: CpuManagerState = { ...s, assignments: { u: { a: [1] } } };
    expect(getPodTopologyHints(p, wrong, pod, 'u')).toEqual({ cpu: [] });
  });

  it('frees containers of pods that are no longer active', () => {
    const p = staticOn();
    const s: CpuManagerState = {
      ...emptyState('static'),
      defaultCpuSet: [0, 3, 4, 7],
      assignments: { gone: { a: [1, 5] }, kept: { b: [2, 6] } },
    };
    const next = removeStaleState(p, s, [{ podUID: 'kept', containerNames: ['b'] }]);
    expect(next.defaultCpuSet).toEqual([0, 1, 3, 4, 5, 7]);
    expect(next.assignments).toEqual({ kept: { b: [2, 6] } });
  });
});

describe('explainer', () => {
  const p = staticOn();
  const s0 = unwrap(startCpuManager(p));
  it('explains a Burstable pod in the shared pool', () => {
    const pod: PodLike = {
      metadata: { uid: 'u' },
      spec: {
        containers: [
          {
            name: 'app',
            resources: {
              requests: { cpu: '1', memory: '128Mi' },
              limits: { cpu: '1', memory: '256Mi' },
            },
          },
        ],
      },
    };
    const e = explainContainer({ policy: p, state: s0, pod, podUID: 'u', containerName: 'app' });
    expect(e.verdict).toBe('shared');
    expect(e.summary).toBe(
      'shared pool: pod is Burstable because container "app": memory request 128Mi differs from limit 256Mi',
    );
  });

  it('explains exclusive CPUs with their placement', () => {
    const pod: PodLike = { metadata: { uid: 'u' }, spec: { containers: [g('app', '2')] } };
    const r = unwrap(
      staticAllocate(p, s0, pod, 'u', g('app', '2'), { numaNodeAffinity: null, preferred: false }),
    );
    const e = explainContainer({
      policy: p,
      state: r.state,
      pod,
      podUID: 'u',
      containerName: 'app',
    });
    expect(e.summary).toBe(
      'exclusive 1,5: Guaranteed, integer CPU 2, packed on socket 0 core 1 with its SMT sibling',
    );
    const frac: PodLike = { metadata: { uid: 'v' }, spec: { containers: [g('app', '1500m')] } };
    expect(
      explainContainer({ policy: p, state: s0, pod: frac, podUID: 'v', containerName: 'app' })
        .summary,
    ).toBe('shared pool: Guaranteed, but cpu request 1500m is not a whole number of CPUs');
  });

  it('explains a single-numa-node rejection', () => {
    const pod: PodLike = { metadata: { uid: 'u' }, spec: { containers: [g('app', '6')] } };
    const e = explainContainer({
      policy: p,
      state: s0,
      pod,
      podUID: 'u',
      containerName: 'app',
      topologyManager: {
        policy: 'single-numa-node',
        scope: 'container',
        options: { preferClosestNUMA: false, maxAllowableNUMANodes: 8 },
        numaInfo: { nodes: [0], distances: {} },
      },
      admission: {
        result: {
          admit: false,
          reason: 'TopologyAffinityError',
          message: 'Resources cannot be allocated with Topology locality',
        },
        decisions: [
          {
            container: 'app',
            providerHints: [{ provider: 'cpu', hints: { cpu: [] } }],
            best: { numaNodeAffinity: null, preferred: false },
            admit: false,
          },
        ],
      },
    });
    expect(e.verdict).toBe('rejected');
    expect(e.summary).toBe('rejected: no single NUMA node has 6 free CPUs');
    expect(e.details).toContain('free exclusive-capable CPUs per NUMA node: node 0: 7');
  });
});
