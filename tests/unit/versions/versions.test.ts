/**
 * The version seam: every version provides every machine kind and process its flow spawns, each
 * machine's actions have effects, each message table covers every shared klog line; and what
 * each version does differently on the start-up path (v1.18's cpuset after CreateContainer,
 * v1.3's infra container, network plugin and map order; refusals per version).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, simulate, validateScenario } from '../../../src/sim/index';
import { compileRun } from '../../../src/sim/kubelet/config';
import { KLOG } from '../../../src/sim/kubelet/klog';
import type { Scenario } from '../../../src/sim/scenario/schema';
import { toScenarioInput } from '../../../src/sim/scenario/serialize';
import { versionProblems } from '../../../src/sim/scenario/versionCheck';
import { versionNotes } from '../../../src/sim/scenario/versionNotes';
import { kubeletByName } from '../../../src/sim/versions';
import { KUBELET_VERSIONS } from '../../../src/sim/versions/names';
import { KLOG_1_18 } from '../../../src/sim/versions/v1_18/klog';
import { MESSAGES_1_3 } from '../../../src/sim/versions/v1_3/kubelet';
import { goMapOrder } from '../../../src/sim/versions/v1_3/mapOrder';
import { dockerCpu } from '../../../src/sim/versions/v1_3/cgroups';

function preset(id: string, version?: string): Scenario {
  const p = parseScenario(readFileSync(`presets/${id}.yaml`, 'utf8'));
  if (!p.ok) throw new Error(id);
  return version === undefined
    ? p.scenario
    : { ...p.scenario, node: { ...p.scenario.node, kubeletVersion: version as never } };
}

/** Machine kinds and processes the engine spawns or sends to (kubelet/spec.ts, effects). */
const FLOW_MACHINES = [
  'syncLoop',
  'podWorker',
  'killContainer',
  'syncPod',
  'startContainer',
  'imagePuller',
  'imagePull',
  'backOff',
  'pleg',
  'prober',
  'cpuManager',
  'cpuContainer',
  'kubeletProcess',
  'volumeManager',
];
const FLOW_PROCESSES = ['apiServer', 'containerRuntime', 'evictionManager'];

describe('every version provides every machine its flow needs', () => {
  const run = compileRun(preset('hello-pod'));
  it.each(KUBELET_VERSIONS)('%s', (v) => {
    const k = kubeletByName(v);
    const kinds = k.kinds(run);
    expect(Object.keys(kinds.machines).sort()).toEqual([...FLOW_MACHINES].sort());
    expect(Object.keys(kinds.processes).sort()).toEqual([...FLOW_PROCESSES].sort());
    for (const [kind, m] of Object.entries(kinds.machines)) {
      expect(k.machines[kind], `${v} draws ${kind}`).toBe(m.machine);
      const actions = Object.keys(
        (m.machine.implementations as { actions: Record<string, unknown> }).actions,
      );
      for (const a of actions) expect(m.effects[a], `${v} ${kind}.${a}`).toBeTypeOf('function');
    }
  });

  it('1.3 runs its own SyncPod/startContainer; 1.18-1.20 the startContainer of before PreCreateContainer', () => {
    const k = kubeletByName;
    expect(k('1.3').machines.syncPod).not.toBe(k('1.37').machines.syncPod);
    expect(k('1.3').machines.startContainer).not.toBe(k('1.37').machines.startContainer);
    expect(k('1.20').machines.startContainer).not.toBe(k('1.37').machines.startContainer);
    // A delta of the same config, not a copy: one machine per behaviour set.
    expect(k('1.18').machines.startContainer).toBe(k('1.20').machines.startContainer);
    expect(k('1.21').machines.startContainer).toBe(k('1.37').machines.startContainer);
    expect(k('1.18').machines.syncPod).toBe(k('1.37').machines.syncPod);
  });

  it.each([
    ['1.18', KLOG_1_18],
    ['1.3', MESSAGES_1_3.klog],
  ] as const)('the %s message table decides every shared klog line', (_v, table) => {
    for (const key of [...Object.keys(KLOG), 'command failed'])
      expect(key in table, key).toBe(true);
  });
});

describe('scenario contract', () => {
  it('defaults to the current version, reads YAML numbers, refuses unknown versions', () => {
    expect(preset('hello-pod').node.kubeletVersion).toBe('1.37');
    const input = toScenarioInput(preset('hello-pod'), { durations: 'text', stripDefaults: true });
    const node = input.node as Record<string, unknown>;
    const asNumber = validateScenario({ ...input, node: { ...node, kubeletVersion: 1.18 } });
    expect(asNumber.ok && asNumber.scenario.node.kubeletVersion).toBe('1.18');
    const bad = validateScenario({ ...input, node: { ...node, kubeletVersion: '1.9' } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems[0]!.message).toContain('"1.37", "1.36", "1.35"');
    if (!bad.ok) expect(bad.problems[0]!.message).toContain('"1.18", "1.3"');
  });

  it('refuses what 1.18 and 1.3 did not have, naming the field and the version', () => {
    const sidecar = preset('poststart-deadlock-sidecar', '1.18');
    expect(versionProblems(sidecar).map((p) => `${p.path}: ${p.message}`)).toEqual([
      'pods[0].manifest.spec.initContainers[0].restartPolicy: kubelet 1.18 does not have this: native sidecars (an init container with restartPolicy: Always) arrived in 1.28',
    ]);
    const s = preset('static-vs-none', '1.18');
    const opts = {
      ...s,
      node: {
        ...s.node,
        kubelet: {
          ...s.node.kubelet,
          topologyManagerScope: 'pod' as const,
          cpuManagerPolicyOptions: { 'full-pcpus-only': 'true' as const },
        },
      },
    };
    expect(versionProblems(opts).map((p) => p.path)).toEqual([
      'node.kubelet.cpuManagerPolicyOptions',
      'node.kubelet.topologyManagerScope',
    ]);
    expect(versionProblems(opts).every((p) => p.message.includes('kubelet 1.18'))).toBe(true);
    expect(versionProblems({ ...opts, node: { ...opts.node, kubeletVersion: '1.37' } })).toEqual(
      [],
    );
  });

  it('1.3 ignores the CPU manager settings with the reason, and refuses policy changes', () => {
    const s = preset('static-vs-none', '1.3');
    expect(versionProblems(s)).toEqual([]);
    expect(versionNotes(s)).toEqual([
      'node.kubelet.cpuManagerPolicy: static is ignored: kubelet 1.3 has no CPU manager or topology manager (the CPU manager arrived in 1.8): every CPU is shared',
      'node.kubelet.reservedSystemCPUs is ignored: kubelet 1.3 has no CPU manager or topology manager (the CPU manager arrived in 1.8): every CPU is shared',
    ]);
    const run = simulate(s);
    expect(run.trace.records.filter((r) => r.kind === 'cpuAssignments')).toEqual([]);
    expect(run.trace.records.filter((r) => r.kind === 'cpuset')).toEqual([]);
    const flip = preset('flip-cpu-policy', '1.3');
    expect(versionProblems(flip)[0]!.path).toMatch(/^actions\[\d\]\.kind$/);
  });
});

describe('v1.18: PreStartContainer pins CPUs after create', () => {
  const run = simulate(preset('v1-18-prestart-cpuset'));
  const { steps, strings, entities } = run.trace;
  const app = entities.findIndex((e) => e.id === 'startContainer:default/web/app');

  it('creates, updates the cpuset, then starts: no PreCreateContainer step', () => {
    const states: string[] = [];
    for (let i = 0; i < steps.t.length; i++)
      if (steps.entity[i] === app) states.push(strings[steps.to[i]!]!);
    const path = states.join(' > ');
    // preStart (PreStartContainer) passes straight on to UpdateContainerResources.
    expect(path).toContain('generatingConfig > creating > updatingContainerResources > starting');
    expect(path).not.toContain('preCreate');
  });

  it('the cpuset allocated at admission reaches the container after CreateContainer, before Created', () => {
    const cpuset = run.trace.records.find(
      (r) => r.kind === 'cpuset' && r.data.container === 'app',
    )!;
    expect(cpuset.data).toMatchObject({ cpuset: '1,5' });
    const created = run.trace.events.find(
      (e) => e.reason === 'Created' && e.fieldPath === 'spec.containers{app}',
    )!;
    expect(created.message).toBe('Created container app');
    // The world after the step that recorded it: CreateContainer had returned.
    const exists = run.stateAt(cpuset.step + 1).domain.runtime.containers;
    expect(Object.values(exists).some((c) => c.name === 'app')).toBe(true);
    expect(cpuset.step).toBeLessThan(created.step);
    const allocate = run.trace.logs.find((l) => l.text?.includes('static policy: Allocate'))!;
    expect(allocate.text).toBe('[cpumanager] static policy: Allocate (pod: web, container: app)');
    expect(allocate.step).toBeLessThan(cpuset.step);
  });

  it('the shared pool CPUs of the 200m container are not pushed by UpdateContainerResources on none', () => {
    const none = simulate({
      ...preset('v1-18-prestart-cpuset'),
      node: {
        ...preset('v1-18-prestart-cpuset').node,
        kubelet: { ...preset('v1-18-prestart-cpuset').node.kubelet, cpuManagerPolicy: 'none' },
      },
    });
    expect(none.trace.records.filter((r) => r.kind === 'cpuset')).toEqual([]);
  });
});

describe('v1.18: a checkpoint of another policy', () => {
  it('cpu_manager.go Errorf, then kubelet.go Fatalf "Failed to start ContainerManager"', () => {
    const run = simulate(preset('flip-cpu-policy', '1.18'));
    const lines = run.trace.logs.filter((l) => l.t === 61_000);
    const cause =
      'could not restore state from checkpoint: configured policy "static" differs from state checkpoint policy "none", please drain this node and delete the CPU manager checkpoint file "/var/lib/kubelet/cpu_manager_state" before restarting Kubelet';
    expect(lines.map((l) => [l.severity, l.source, l.text])).toEqual([
      [
        'E',
        'cpu_manager.go:194',
        `[cpumanager] could not initialize checkpoint manager: ${cause}, please drain node and remove policy state file`,
      ],
      [
        'F',
        'kubelet.go:1384',
        `Failed to start ContainerManager start cpu manager error: ${cause}`,
      ],
    ]);
  });
});

describe('v1.3: the infra container, the network plugin, the map order', () => {
  it('goMapOrder is a rotation of spec order, spec order from 7 of 8 offsets for two', () => {
    const orders = [0, 1, 2, 3, 4, 5, 6, 7].map((o) => goMapOrder(['a', 'b'], o).join(''));
    expect(orders.filter((o) => o === 'ab')).toHaveLength(7);
    expect(orders.filter((o) => o === 'ba')).toHaveLength(1);
    const three = new Set([0, 1, 2, 3, 4, 5, 6, 7].map((o) => goMapOrder([0, 1, 2], o).join('')));
    expect([...three].sort()).toEqual(['012', '120', '201']);
  });

  it('starts the app first on seed 8 and the proxy first on seed 1; reproducibly', () => {
    const order = (seed: number) =>
      simulate({ ...preset('start-order-across-versions'), seed })
        .trace.events.filter((e) => e.reason === 'Started')
        .map((e) => e.fieldPath);
    expect(order(8)).toEqual([
      'implicitly required container POD',
      'spec.containers{app}',
      'spec.containers{istio-proxy}',
    ]);
    expect(order(8)).toEqual(order(8));
    expect(order(1).slice(1)).toEqual(['spec.containers{istio-proxy}', 'spec.containers{app}']);
    // 1.18 and the current kubelet: spec order whatever the seed.
    for (const v of ['1.18', '1.37'])
      expect(
        simulate({ ...preset('start-order-across-versions', v), seed: 8 })
          .trace.events.filter((e) => e.reason === 'Started')
          .map((e) => e.fieldPath),
      ).toEqual(['spec.containers{istio-proxy}', 'spec.containers{app}']);
  });

  it('the kubelet creates POD, then calls the network plugin, then starts containers', () => {
    const run = simulate(preset('v1-3-infra-container'));
    const texts = run.trace.logs.map((l) => l.text ?? '');
    const at = (re: RegExp) => texts.findIndex((t) => re.test(t));
    expect(at(/^Creating pod infra container for "web_default/)).toBeGreaterThan(-1);
    expect(
      at(/^Calling network plugin kubernetes.io\/no-op to setup pod for web_default/),
    ).toBeGreaterThan(at(/^Creating pod infra container/));
    expect(at(/^Enabling hairpin on interface veth/)).toBeGreaterThan(
      at(/^Calling network plugin/),
    );
    expect(at(/^Creating container &\{Name:app /)).toBeGreaterThan(at(/^Enabling hairpin/));
    const pod = run.trace.events.filter((e) => e.fieldPath === 'implicitly required container POD');
    expect(pod.map((e) => e.reason)).toEqual(['Created', 'Started']);
    expect(pod[0]!.message).toMatch(/^Created container with docker id [0-9a-f]{12}$/);
    expect(run.trace.events.find((e) => e.reason === 'Pulling')!.message).toBe(
      'pulling image "nginx:1.11"',
    );
    expect(texts.join('\n')).not.toContain('DockerManager_syncPod is called');
  });

  it('a failed exec PostStart: empty FailedPostStartHook, Killing with the docker id, FailedSync', () => {
    const run = simulate(preset('poststart-failure', '1.3'));
    const hook = run.trace.events.find((e) => e.reason === 'FailedPostStartHook')!;
    expect(hook.message).toBe('');
    const kill = run.trace.events.find((e) => e.reason === 'Killing')!;
    expect(kill.message).toMatch(
      /^Killing container with docker id [0-9a-f]{12}: PostStart handler: /,
    );
    const sync = run.trace.events.find((e) => e.reason === 'FailedSync')!;
    expect(sync.message).toMatch(
      /^Error syncing pod, skipping: failed to "StartContainer" for "app" with RunContainerError: "PostStart handler: /,
    );
  });

  it('CPU shares and CFS quota per milliCPUToShares/milliCPUToQuota', () => {
    expect(dockerCpu(250, 500)).toEqual({ shares: 256, quota: 50000, period: 100000 });
    expect(dockerCpu(100, 0)).toEqual({ shares: 102, quota: 0, period: 0 });
    expect(dockerCpu(0, 0)).toEqual({ shares: 2, quota: 0, period: 0 });
    expect(dockerCpu(0, 5)).toEqual({ shares: 5, quota: 1000, period: 100000 });
  });
});
