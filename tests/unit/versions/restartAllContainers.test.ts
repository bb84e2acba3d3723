/**
 * RestartAllContainers (KEP-5532): a restart rule's action that restarts the whole pod in place.
 * RestartAllContainersOnContainerExits is alpha and off in 1.35, beta and on from 1.36, and
 * depends on ContainerRestartRules and NodeDeclaredFeatures (kube_features.go). The status
 * generator sets AllContainersRestarting (status/generate.go), Kubelet.SyncPod passes it to
 * computePodActions, which lists every container to reset; SyncPod kills (grace period 0)
 * and removes them, the sandbox stays, and the next sync starts from the first init
 * container. 1.36 syncs again at once after the reset and keeps the last state.
 * Also: restart rules on init containers (computeInitContainerActions asks
 * ShouldContainerBeRestarted, 1.34+) and on sidecars (only with RestartAllContainers).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, simulate, type SimulationRun } from '../../../src/sim/index';
import { pod, runPreset, scenario } from '../kubelet/helpers';

const PRESET = 'restart-all-on-exit';

function statusAt(r: SimulationRun, step: number) {
  return Object.values(r.stateAt(step).domain.status)[0]!;
}
const finalStatus = (r: SimulationRun) => statusAt(r, r.trace.steps.t.length);

function events(r: SimulationRun, reason: string) {
  return r.trace.events.filter((e) => e.reason === reason);
}
function logs(r: SimulationRun, msg: string) {
  return r.trace.logs.filter((l) => l.msg === msg);
}
function kv(l: { kv: [string, string][] }, k: string): string | undefined {
  return l.kv.find(([key]) => key === k)?.[1];
}

function problems(text: string): string[] {
  const p = parseScenario(text);
  return p.ok ? [] : p.problems.map((x) => `${x.path}: ${x.message}`);
}
function run(text: string): SimulationRun {
  const p = parseScenario(text);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return simulate(p.scenario);
}

/** The preset at release `v`, with `gates` set. */
function preset(v: string, gates?: Record<string, boolean>): SimulationRun {
  const p = parseScenario(readFileSync(`presets/${PRESET}.yaml`, 'utf8'));
  if (!p.ok) throw new Error('preset');
  const s = p.scenario;
  return simulate({
    ...s,
    node: {
      ...s.node,
      kubeletVersion: v as typeof s.node.kubeletVersion,
      kubelet: { ...s.node.kubelet, featureGates: gates },
    },
  });
}

describe('RestartAllContainers on 1.36 and 1.37 (the preset)', () => {
  for (const v of ['1.36', '1.37'])
    it(`${v}: the trainer's exit 88 resets every container in its sandbox and the pod runs again from its init container`, () => {
      const r = runPreset(PRESET, v);
      // One sandbox: the reset does not touch it.
      expect(events(r, 'SandboxChanged')).toHaveLength(0);
      expect(r.trace.logs.filter((l) => l.msg === 'Created PodSandbox for pod')).toHaveLength(1);
      // Marked by computePodActions, after the status said AllContainersRestarting.
      const marked = logs(r, 'Pod marked for RestartAllContainers');
      expect(marked).toHaveLength(1);
      expect(marked[0]!.v).toBe(3);
      expect(marked[0]!.source).toBe('kuberuntime_manager.go:1191');
      const markedStatus = statusAt(r, marked[0]!.step);
      const cond = markedStatus.conditions.find((c) => c.type === 'AllContainersRestarting');
      expect(cond).toMatchObject({
        status: 'True',
        reason: 'RestartAllContainersStarted',
        message: 'container exited with restart policy rule',
      });
      // Removed in getContainersToReset's order: regular victims, init victims, the source.
      const removed = logs(r, 'Removing container before pod restarts').map((l) =>
        kv(l, 'containerName'),
      );
      expect(removed).toEqual(['"loader"', '"fetch-checkpoint"', '"metrics"', '"trainer"']);
      // Only the running ones are killed, with "killing" and a grace period override of 0.
      const killing = events(r, 'Killing');
      expect(killing.map((e) => [e.fieldPath, e.message])).toEqual([
        ['spec.containers{loader}', 'killing'],
        ['spec.initContainers{metrics}', 'killing'],
      ]);
      expect(
        logs(r, 'Killing container with a grace period override').map((l) => kv(l, 'gracePeriod')),
      ).toEqual(['0', '0']);
      const grace = logs(r, 'Killing container with a grace period');
      expect(grace.map((l) => kv(l, 'gracePeriod'))).toEqual(['2', '2']);
      // The init container runs again, then everything else.
      const started = events(r, 'Started').map((e) => e.fieldPath);
      expect(started.filter((f) => f === 'spec.initContainers{fetch-checkpoint}')).toHaveLength(2);
      expect(started.filter((f) => f === 'spec.containers{trainer}')).toHaveLength(2);
      const s = finalStatus(r);
      expect(s.phase).toBe('Running');
      for (const c of [...s.initContainerStatuses, ...s.containerStatuses]) {
        expect(c.restartCount).toBe(1);
        // 1.36: the reset's termination is the restarted container's last state.
        expect(c.lastState.terminated).toMatchObject({
          exitCode: 137,
          reason: 'RestartingAllContainers',
          message: 'The container is removed because RestartAllContainers in place',
        });
      }
      expect(s.conditions.find((c) => c.type === 'AllContainersRestarting')?.status).toBe('False');
    });

  it('1.36: between the reset and the new start the containers wait as RestartingAllContainers and the pod stays Initialized', () => {
    const r = runPreset(PRESET, '1.36');
    const last = logs(r, 'Removing container before pod restarts').at(-1)!;
    const firstRestart = events(r, 'Started').filter(
      (e) => e.fieldPath === 'spec.initContainers{fetch-checkpoint}',
    )[1]!;
    // The first status generated after the reset: every container gone from the runtime.
    const gen = r.trace.logs.find((l) => l.msg === 'Generating pod status' && l.step > last.step)!;
    const s = statusAt(r, gen.step + 1);
    expect(gen.t).toBeLessThan(firstRestart.t);
    const trainer = s.containerStatuses.find((c) => c.name === 'trainer')!;
    expect(trainer.state.waiting).toEqual({
      reason: 'RestartingAllContainers',
      message: 'The container is removed because RestartAllContainers in place',
    });
    expect(trainer.restartCount).toBe(1);
    expect(s.conditions.find((c) => c.type === 'Initialized')?.status).toBe('True');
    // AllContainersRestartCleanedUp: the condition is False again, so this sync starts.
    expect(s.conditions.find((c) => c.type === 'AllContainersRestarting')?.status).toBe('False');
    expect(s.phase).toBe('Running');
  });

  it('computePodActions prints ContainersToRemove with every container to reset (kill only the running)', () => {
    const r = runPreset(PRESET, '1.36');
    const got = logs(r, 'computePodActions got for pod').find((l) =>
      (kv(l, 'podActions') ?? '').includes('{{containerd'),
    )!;
    const list = /ContainersToRemove: \[(.*)\]"$/.exec(kv(got, 'podActions')!)![1]!;
    expect(list.match(/ (true|false)\}/g)).toEqual([' true}', ' false}', ' true}', ' false}']);
  });
});

describe('RestartAllContainers on 1.35 (alpha, off)', () => {
  it('the API server refuses the action; turning the gate on alone is refused for its dependency', () => {
    const text = (gates: string) =>
      readFileSync(`presets/${PRESET}.yaml`, 'utf8')
        .replace("kubeletVersion: '1.37'", "kubeletVersion: '1.35'")
        .replace(
          '    cpuManagerPolicy: none',
          `    cpuManagerPolicy: none\n    featureGates: { ${gates} }`,
        );
    expect(problems(text('ContainerRestartRules: true'))).toEqual([
      'pods[0].manifest.spec.containers[0].restartPolicyRules[0].action: The Pod "trainer" is invalid: spec.containers[0].restartPolicyRules[0].action: Unsupported value: "RestartAllContainers": supported values: "Restart"',
    ]);
    expect(problems(text('RestartAllContainersOnContainerExits: true'))).toEqual([
      'node.kubelet.featureGates.RestartAllContainersOnContainerExits: RestartAllContainersOnContainerExits is enabled, but depends on features that are disabled: [NodeDeclaredFeatures]',
    ]);
    expect(
      problems(text('RestartAllContainersOnContainerExits: true, NodeDeclaredFeatures: true')),
    ).toEqual([]);
  });

  it('with the gates on it resets as 1.36 does, but the restarted containers have no last state', () => {
    const r = preset('1.35', {
      RestartAllContainersOnContainerExits: true,
      NodeDeclaredFeatures: true,
    });
    expect(logs(r, 'Pod marked for RestartAllContainers')).toHaveLength(1);
    expect(logs(r, 'Pod marked for RestartAllContainers')[0]!.source).toBe(
      'kuberuntime_manager.go:1136',
    );
    const s = finalStatus(r);
    const trainer = s.containerStatuses.find((c) => c.name === 'trainer')!;
    expect(trainer.state.running).toBeDefined();
    expect(trainer.restartCount).toBe(1);
    expect(trainer.lastState).toEqual({});
  });

  it('1.36 with NodeDeclaredFeatures turned off is refused (its default-on dependent)', () => {
    const text = readFileSync(`presets/${PRESET}.yaml`, 'utf8')
      .replace("kubeletVersion: '1.37'", "kubeletVersion: '1.36'")
      .replace(
        '    cpuManagerPolicy: none',
        '    cpuManagerPolicy: none\n    featureGates: { NodeDeclaredFeatures: false }',
      );
    expect(problems(text)).toEqual([
      'node.kubelet.featureGates.NodeDeclaredFeatures: RestartAllContainersOnContainerExits is enabled, but depends on features that are disabled: [NodeDeclaredFeatures]',
    ]);
  });
});

/** One container that exits 88 at 2 s, with a RestartAllContainers rule on 88. */
function single(version: string, gates = ''): string {
  return scenario({
    kubeletVersion: version,
    kubelet: gates ? `featureGates: { ${gates} }` : '',
    pods: pod(
      'job',
      [
        'restartPolicy: Never',
        'containers:',
        '  - name: worker',
        '    image: busybox:1.36',
        '    restartPolicy: Never',
        '    restartPolicyRules:',
        '      - { action: RestartAllContainers, exitCodes: { operator: In, values: [88] } }',
      ].join('\n'),
    ),
    faults:
      '  - { kind: ContainerExit, target: default/job/worker, afterSeconds: 2, exitCode: 88, times: 1 }',
    horizon: '3m',
  });
}

describe('after the reset: 1.36 syncs again at once, 1.35 waits', () => {
  const restartGap = (r: SimulationRun) => {
    const removed = logs(r, 'Removing container before pod restarts')[0]!;
    const started = events(r, 'Started');
    expect(started).toHaveLength(2);
    return started[1]!.t - removed.t;
  };

  it('1.36: UpdatePod right after the reset, the container starts at the next relist', () => {
    const r = run(single('1.36'));
    expect(restartGap(r)).toBeLessThan(2_000);
    expect(finalStatus(r).containerStatuses[0]!.restartCount).toBe(1);
  });

  it('1.35: only the exited container was removed (no ContainerDied), so the pod waits for its resync', () => {
    const r = run(
      single('1.35', 'RestartAllContainersOnContainerExits: true, NodeDeclaredFeatures: true'),
    );
    expect(restartGap(r)).toBeGreaterThan(30_000);
    expect(finalStatus(r).containerStatuses[0]!.restartCount).toBe(1);
  });

  it('with the gate off (1.35 default) a Restart rule restarts only that container', () => {
    const text = single('1.35').replace('action: RestartAllContainers', 'action: Restart');
    const r = run(text);
    expect(logs(r, 'Pod marked for RestartAllContainers')).toHaveLength(0);
    expect(finalStatus(r).conditions.some((c) => c.type === 'AllContainersRestarting')).toBe(false);
  });
});

/** A pod with one init container `setup` (its extra lines) and a regular container. */
function withInit(version: string, podPolicy: string, init: string[], exitCode: number): string {
  return scenario({
    kubeletVersion: version,
    pods: pod(
      'job',
      [
        `restartPolicy: ${podPolicy}`,
        'initContainers:',
        '  - name: setup',
        '    image: busybox:1.36',
        ...init.map((l) => `    ${l}`),
        'containers:',
        '  - { name: app, image: busybox:1.36 }',
      ].join('\n'),
    ),
    faults: `  - { kind: ContainerExit, target: default/job/setup, afterSeconds: 1, exitCode: ${exitCode}, times: 1 }`,
    horizon: '2m',
  });
}

describe('restart rules on init containers (computeInitContainerActions, 1.34+)', () => {
  const ruleOn3 = [
    'restartPolicy: Never',
    'restartPolicyRules:',
    '  - { action: Restart, exitCodes: { operator: In, values: [3] } }',
  ];
  const setupStarts = (r: SimulationRun) =>
    events(r, 'Started').filter((e) => e.fieldPath === 'spec.initContainers{setup}').length;

  it('1.35: a matching rule restarts a failed init container under a Never pod, and the pod runs', () => {
    const r = run(withInit('1.35', 'Never', ruleOn3, 3));
    expect(setupStarts(r)).toBe(2);
    expect(finalStatus(r).phase).toBe('Running');
    // 1.34 (ContainerRestartRules alpha, off): the API server drops the rule; the pod fails.
    const r34 = run(withInit('1.34', 'Never', ruleOn3, 3));
    expect(setupStarts(r34)).toBe(1);
    expect(finalStatus(r34).phase).toBe('Failed');
  });

  it("1.35: an exit no rule matches falls to the init container's Never, and the pod fails", () => {
    const r = run(withInit('1.35', 'Always', ruleOn3, 1));
    expect(setupStarts(r)).toBe(1);
    expect(finalStatus(r).phase).toBe('Failed');
    // Under the pod's Always alone the kubelet would have restarted it.
    const plain = run(withInit('1.35', 'Always', [], 1));
    expect(setupStarts(plain)).toBeGreaterThan(1);
  });

  it('1.34: rules on an init container need no restartPolicy (its validation returned early); 1.35 requires one', () => {
    const rulesOnly = [
      'restartPolicyRules:',
      '  - { action: Restart, exitCodes: { operator: In, values: [3] } }',
    ];
    const gated = (v: string) =>
      withInit(v, 'Never', rulesOnly, 3).replace(
        'kubelet: {',
        'kubelet: { featureGates: { ContainerRestartRules: true },',
      );
    expect(problems(gated('1.34'))).toEqual([]);
    expect(problems(withInit('1.35', 'Never', rulesOnly, 3))).toEqual([
      'pods[0].manifest.spec.initContainers[0].restartPolicy: The Pod "job" is invalid: spec.initContainers[0].restartPolicy: Required value: must specify restartPolicy when restart rules are used',
    ]);
  });
});

describe('restart rules on a sidecar (only with RestartAllContainers)', () => {
  const sidecar = (version: string) =>
    scenario({
      kubeletVersion: version,
      pods: pod(
        'job',
        [
          'initContainers:',
          '  - name: proxy',
          '    image: busybox:1.36',
          '    restartPolicy: Always',
          '    restartPolicyRules:',
          '      - { action: RestartAllContainers, exitCodes: { operator: In, values: [7] } }',
          'containers:',
          '  - { name: app, image: busybox:1.36 }',
        ].join('\n'),
      ),
      faults:
        '  - { kind: ContainerExit, target: default/job/proxy, afterSeconds: 3, exitCode: 7, times: 1 }',
      horizon: '1m',
    });

  it('1.35 (gate off) forbids them; 1.36 resets the pod when the sidecar exits 7', () => {
    expect(problems(sidecar('1.35'))).toEqual([
      'pods[0].manifest.spec.initContainers[0].restartPolicyRules: The Pod "job" is invalid: spec.initContainers[0].restartPolicyRules: Forbidden: restartPolicyRules are not allowed for init containers with restart policy Always',
    ]);
    const r = run(sidecar('1.36'));
    const removed = logs(r, 'Removing container before pod restarts').map((l) =>
      kv(l, 'containerName'),
    );
    // The app is a victim, the sidecar the source: removed last.
    expect(removed).toEqual(['"app"', '"proxy"']);
    expect(events(r, 'Killing').map((e) => e.fieldPath)).toEqual(['spec.containers{app}']);
    expect(finalStatus(r).containerStatuses[0]!.restartCount).toBe(1);
  });
});
