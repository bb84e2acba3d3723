/**
 * Pod-level resources (spec.resources, PodLevelResources: alpha and off 1.32-1.33, beta and on
 * from 1.34) as each release's kubelet reads them: the QoS class (ComputePodQOS), admission's
 * requests (PodRequests), the static CPU and memory managers (pinned on 1.33 with the gate on,
 * skipped from 1.34), and the API server dropping the field where the gate is off.
 */
import { describe, expect, it } from 'vitest';
import {
  describePod,
  formatKlog,
  logsAt,
  parseScenario,
  simulate,
  versionNotes,
  type SimulationRun,
} from '../../../src/sim/index';
import type { Scenario } from '../../../src/sim/scenario/schema';
import type { KubeletVersionName } from '../../../src/sim/versions/names';
import { pod, scenario } from '../kubelet/helpers';
import { readFileSync } from 'node:fs';

function parsed(text: string): Scenario {
  const p = parseScenario(text);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return p.scenario;
}

const PRESET = parsed(readFileSync('presets/pod-level-resources.yaml', 'utf8'));

function on(s: Scenario, v: KubeletVersionName, gates?: Record<string, boolean>): Scenario {
  const kubelet = gates
    ? { ...s.node.kubelet, featureGates: { ...s.node.kubelet.featureGates, ...gates } }
    : s.node.kubelet;
  return { ...s, node: { ...s.node, kubeletVersion: v, kubelet } };
}

const end = (r: SimulationRun) => r.stateAt(r.trace.steps.t.length);
const qosOf = (r: SimulationRun, name: string) =>
  /QoS Class:\s+(\S+)/.exec(describePod(r, `default/${name}`, r.trace.steps.t.length))?.[1];
const log = (r: SimulationRun, v: number) =>
  logsAt(r.trace.logs, r.trace.steps.t.length, v).map(formatKlog);
const trainUid = (r: SimulationRun) =>
  Object.values(r.config.pods).find((p) => p.name === 'train')!.uid;

describe('pod-level resources by release', () => {
  it('QoS: Guaranteed by spec.resources with the gate on; the field dropped with it off', () => {
    expect(qosOf(simulate(on(PRESET, '1.34')), 'train')).toBe('Guaranteed');
    expect(qosOf(simulate(on(PRESET, '1.33', { PodLevelResources: true })), 'train')).toBe(
      'Guaranteed',
    );
    // 1.33's default (alpha, off): the API server drops spec.resources; the containers set no
    // limits, so the pod is Burstable.
    expect(qosOf(simulate(on(PRESET, '1.33')), 'train')).toBe('Burstable');
  });

  it('the static CPU manager pins the pod on 1.33 (gate on) and skips it from 1.34', () => {
    const pinned = simulate(on(PRESET, '1.33', { PodLevelResources: true }));
    const p33 = end(pinned).domain.cpu!.state.assignments[trainUid(pinned)];
    expect(p33?.trainer).toHaveLength(2);
    const skipped = simulate(on(PRESET, '1.34'));
    expect(end(skipped).domain.cpu!.state.assignments[trainUid(skipped)]).toBeUndefined();
    // web, Guaranteed by its container, is pinned on both.
    const web = Object.values(skipped.config.pods).find((p) => p.name === 'web')!.uid;
    expect(end(skipped).domain.cpu!.state.assignments[web]?.app).toHaveLength(2);
  });

  it('the skip line: V(2) on 1.34, V(0) and contextual on 1.35, naming the gate on 1.36', () => {
    const old =
      '"CPU Manager allocation skipped, pod is using pod-level resources which are not supported by the static CPU manager policy"';
    const r34 = simulate(on(PRESET, '1.34'));
    expect(log(r34, 1).some((l) => l.includes(old))).toBe(false);
    expect(log(r34, 2).find((l) => l.includes(old))).toMatch(
      /policy_static\.go:339\] .* pod="default\/train" podUID="[^"]+"$/,
    );
    const r35 = simulate(on(PRESET, '1.35'));
    expect(log(r35, 0).find((l) => l.includes(old))).toMatch(
      /policy_static\.go:345\] .* pod="default\/train" podUID="[^"]+" containerName="trainer"$/,
    );
    const r36 = simulate(on(PRESET, '1.36'));
    expect(log(r36, 2).find((l) => l.includes('PodLevelResourceManagers'))).toMatch(
      /policy_static\.go:586\] "CPU Manager allocation skipped, pod is using pod-level resources but the PodLevelResourceManagers feature gate is not enabled" containerName="trainer" pod="default\/train" podUID="[^"]+"$/,
    );
    const r33 = simulate(on(PRESET, '1.33', { PodLevelResources: true }));
    expect(log(r33, 4).some((l) => l.includes('pod-level resources'))).toBe(false);
  });

  it('admission counts the pod-level requests (PodRequests) with the gate on', () => {
    // 3 CPUs for the pod, 500m for its container: on an 8-CPU node a second such pod fits
    // by the containers' requests but not by the pod's.
    const big = (name: string, at: string) =>
      pod(
        name,
        [
          'resources: { requests: { cpu: "5" }, limits: { cpu: "5" } }',
          'containers:',
          '  - name: app',
          '    image: nginx:1.27',
          '    resources: { requests: { cpu: 500m } }',
        ].join('\n'),
        at,
      );
    const text = (v: string) =>
      scenario({ kubeletVersion: v, pods: [big('a', '0s'), big('b', '5s')].join('\n') });
    const rejected = (v: string) =>
      simulate(parsed(text(v))).trace.events.find((e) => e.reason === 'OutOfcpu');
    expect(rejected('1.34')?.message).toBe(
      "Node didn't have enough resource: cpu, requested: 5000, used: 5000, capacity: 8000",
    );
    // 1.33: the field is dropped, 500m each.
    expect(rejected('1.33')).toBeUndefined();
  });

  it('the static memory manager allocates for the pod on 1.33 (gate on) and skips it on 1.34', () => {
    const text = readFileSync('presets/hugepages-memory-manager.yaml', 'utf8').replace(
      "resources: { limits: { cpu: '4', memory: 4Gi, hugepages-1Gi: 6Gi } }\n  - at: 5s",
      "resources: { limits: { cpu: '4', memory: 4Gi, hugepages-1Gi: 6Gi } }\n        resources: { limits: { cpu: '4', memory: 4Gi, hugepages-1Gi: 6Gi } }\n  - at: 5s",
    );
    expect(text).not.toBe(readFileSync('presets/hugepages-memory-manager.yaml', 'utf8'));
    const s = parsed(text);
    const uidA = (r: SimulationRun) =>
      Object.values(r.config.pods).find((p) => p.name === 'dpdk-a')!.uid;
    const r33 = simulate(on(s, '1.33', { PodLevelResources: true }));
    expect(end(r33).domain.cpu!.memory.assignments[uidA(r33)]).toBeDefined();
    const r34 = simulate(on(s, '1.34'));
    expect(end(r34).domain.cpu!.memory.assignments[uidA(r34)]).toBeUndefined();
    expect(
      log(r34, 2).find((l) =>
        l.includes(
          '"Allocation skipped, pod is using pod-level resources which are not supported by the static Memory manager policy"',
        ),
      ),
    ).toMatch(/pod="default\/dpdk-a" containerName="testpmd" podUID="[^"]+"$/);
    // The topology manager asked for hints first: the memory manager's V(3) skip line.
    expect(
      log(r34, 3).some((l) =>
        l.includes(
          '"Topology hints generation skipped, pod is using pod-level resources which are not supported by the static Memory manager policy" pod="default/dpdk-a"',
        ),
      ),
    ).toBe(true);
  });

  it('defaults pod-level requests as the API server does: containers’ sum, else the limit', () => {
    const qos = (container: string) => {
      const text = scenario({
        kubeletVersion: '1.34',
        pods: pod(
          'p',
          [
            'resources: { limits: { cpu: "4", memory: 4Gi } }',
            'containers:',
            '  - name: app',
            '    image: nginx:1.27',
            container,
          ].join('\n'),
        ),
      });
      const r = simulate(parsed(text));
      const def = Object.values(r.config.pods)[0]!;
      return [def.qos, def.manifest.spec.resources?.requests];
    };
    // No container request: each pod-level request is its limit, so the pod is Guaranteed.
    expect(qos('')).toEqual(['Guaranteed', { cpu: '4', memory: '4Gi' }]);
    // The container asks for 2 CPUs: the pod's cpu request defaults to that sum, below the limit.
    expect(qos('    resources: { requests: { cpu: "2" } }')).toEqual([
      'Burstable',
      { cpu: '2000m', memory: '4Gi' },
    ]);
  });

  it('says when the API server drops the field', () => {
    expect(versionNotes(on(PRESET, '1.33')).join('\n')).toContain(
      "pods[1].manifest.spec.resources (default/train) is dropped: kubelet 1.33's API server drops pod-level resources unless the feature gate PodLevelResources (alpha, off by default) is on",
    );
    expect(versionNotes(on(PRESET, '1.31')).join('\n')).toContain(
      "kubelet 1.31's API has no pod-level resources (PodLevelResources arrived in 1.32)",
    );
    expect(versionNotes(on(PRESET, '1.34')).join('\n')).not.toContain('spec.resources');
    expect(versionNotes(on(PRESET, '1.33', { PodLevelResources: true })).join('\n')).not.toContain(
      'spec.resources',
    );
  });
});

/**
 * PodLevelResourceManagers (1.36 alpha, off; kube_features.go:760,1776, v1.36.3): the static
 * CPU manager no longer skips a pod with pod-level resources, and guaranteedCPUs gives a
 * container exclusive CPUs only when it is Guaranteed on its own (policy_static.go:585 and
 * :743, cm/qos/helpers.go IsContainerEquivalentQOSGuaranteed).
 */
describe('PodLevelResourceManagers (1.36 alpha)', () => {
  // trainer Guaranteed on its own (requests equal limits); metrics is not.
  const EDITED = parsed(
    readFileSync('presets/pod-level-resources.yaml', 'utf8').replace(
      "            resources:\n              requests: { cpu: '2', memory: 2Gi }",
      "            resources:\n              requests: { cpu: '2', memory: 2Gi }\n              limits: { cpu: '2', memory: 2Gi }",
    ),
  );
  const cpusOf = (r: SimulationRun) => end(r).domain.cpu!.state.assignments[trainUid(r)];

  it('off by default: the pod is skipped as before', () => {
    const r = simulate(on(EDITED, '1.36'));
    expect(cpusOf(r)).toBeUndefined();
    expect(log(r, 2).some((l) => l.includes('PodLevelResourceManagers feature gate'))).toBe(true);
  });

  it('on: the container Guaranteed on its own is pinned, the other shares the pool', () => {
    const r = simulate(on(EDITED, '1.36', { PodLevelResourceManagers: true }));
    expect(Object.keys(cpusOf(r) ?? {})).toEqual(['trainer']);
    expect(cpusOf(r)?.trainer).toHaveLength(2);
    expect(log(r, 4).some((l) => l.includes('pod-level resources'))).toBe(false);
    expect(
      log(r, 4).find((l) => l.includes('"Allocated exclusive CPUs" pod="default/train"')),
    ).toMatch(/pod="default\/train" .*containerName="trainer" cpuset="[^"]+"$/);
    // The preset as it is: trainer asks without limits, so nothing is pinned, and nothing skipped.
    const plain = simulate(on(PRESET, '1.36', { PodLevelResourceManagers: true }));
    expect(cpusOf(plain)).toBeUndefined();
    expect(log(plain, 4).some((l) => l.includes('pod-level resources'))).toBe(false);
  });

  it('the container scope refuses with the pod-level error', () => {
    // single-numa-node: trainer's 10 exclusive CPUs do not fit one NUMA node (4 cores × 2
    // threads), so no single-NUMA hint is left.
    const big = parsed(
      readFileSync('presets/pod-level-resources.yaml', 'utf8')
        .replace('topologyManagerPolicy: none', 'topologyManagerPolicy: single-numa-node')
        .replace(
          "requests: { cpu: '4', memory: 4Gi }\n          limits: { cpu: '4', memory: 4Gi }",
          "requests: { cpu: '12', memory: 12Gi }\n          limits: { cpu: '12', memory: 12Gi }",
        )
        .replace(
          "            resources:\n              requests: { cpu: '2', memory: 2Gi }",
          "            resources:\n              requests: { cpu: '10', memory: 2Gi }\n              limits: { cpu: '10', memory: 2Gi }",
        ),
    );
    const refusal = (gates?: Record<string, boolean>) =>
      simulate(on(big, '1.36', gates)).trace.events.find(
        (e) => e.reason === 'TopologyAffinityError',
      );
    expect(refusal({ PodLevelResourceManagers: true })?.message).toBe(
      'Pod Scope pod with pod-level resources failed admission with a container-level topology manager',
    );
    // Off: the CPU manager gives no hints for the pod, which is admitted unpinned.
    expect(refusal()).toBeUndefined();
  });

  it('is a 1.36 gate that needs PodLevelResources; the pod scope is not modelled', () => {
    const problems = (v: string, gates: string, extra = '', policy = 'none') => {
      const p = parseScenario(
        readFileSync('presets/pod-level-resources.yaml', 'utf8')
          .replace(
            '    topologyManagerPolicy: none\n',
            `    topologyManagerPolicy: ${policy}\n    featureGates: ${gates}\n${extra}`,
          )
          .replace('  name: node-1\n', `  name: node-1\n  kubeletVersion: '${v}'\n`),
      );
      return p.ok ? [] : p.problems.map((x) => `${x.path}: ${x.message}`);
    };
    expect(problems('1.36', '{ PodLevelResourceManagers: true }')).toEqual([]);
    expect(problems('1.35', '{ PodLevelResourceManagers: true }').join('\n')).toContain(
      'unrecognized feature gate: PodLevelResourceManagers (kubelet 1.35 does not have it; it arrived in 1.36)',
    );
    expect(
      problems('1.36', '{ PodLevelResourceManagers: true, PodLevelResources: false }').join('\n'),
    ).toContain(
      'PodLevelResourceManagers is enabled, but depends on features that are disabled: [PodLevelResources]',
    );
    // The none policy has no scope (noneScope): its containers allocate one by one, as modelled.
    const pod = '    topologyManagerScope: pod\n';
    expect(problems('1.36', '{ PodLevelResourceManagers: true }', pod)).toEqual([]);
    expect(problems('1.36', '{ PodLevelResourceManagers: true }', pod, 'restricted')).toEqual([
      'node.kubelet.topologyManagerScope: not modelled: PodLevelResourceManagers with the pod scope (the CPU and memory managers’ AllocatePod); the container scope and the none policy are',
    ]);
  });
});
