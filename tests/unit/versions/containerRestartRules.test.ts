/**
 * Container restart rules (KEP-5307): a regular container's own restartPolicy and its
 * restartPolicyRules on exit codes. ContainerRestartRules is alpha and off in 1.34, beta and on
 * from 1.35 (kube_features.go); with it off the API server drops both fields
 * (dropContainerRestartRules) and the pod's restartPolicy decides; before 1.34 the API has no
 * rules. The API's validation (validateContainerRestartPolicy) refuses what it refuses, and the
 * RestartAllContainers action is an unsupported value until RestartAllContainersOnContainerExits
 * (alpha 1.35, beta and on 1.36; restartAllContainers.test.ts has what it does).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, simulate, type SimulationRun } from '../../../src/sim/index';
import { versionNotes } from '../../../src/sim/scenario/versionNotes';
import { changesTouching } from '../../../src/sim/versions/changelog/whatChanged';
import { pod, runPreset, scenario } from '../kubelet/helpers';

const PRESET = 'restart-rules-exit-42';

function started(r: SimulationRun): number {
  return r.trace.events.filter((e) => e.reason === 'Started').length;
}

function finalStatus(r: SimulationRun) {
  const last = r.stateAt(r.trace.steps.t.length);
  return Object.values(last.domain.status)[0]!;
}

/** A scenario with one container `worker` (its extra YAML lines) in a pod of `podPolicy`. */
function withRules(opts: {
  version: string;
  podPolicy?: string;
  container: string[];
  gates?: string;
  faults?: string;
}): string {
  return scenario({
    kubeletVersion: opts.version,
    kubelet: opts.gates ? `featureGates: { ${opts.gates} }` : '',
    pods: pod(
      'job',
      [
        `restartPolicy: ${opts.podPolicy ?? 'Never'}`,
        'containers:',
        '  - name: worker',
        '    image: busybox:1.36',
        ...opts.container.map((l) => `    ${l}`),
      ].join('\n'),
    ),
    faults:
      opts.faults ??
      '  - { kind: ContainerExit, target: default/job/worker, afterSeconds: 2, exitCode: 42, times: 1 }',
    horizon: '1m',
  });
}

const RULE_42 = [
  'restartPolicy: Never',
  'restartPolicyRules:',
  '  - { action: Restart, exitCodes: { operator: In, values: [42] } }',
];

function problems(text: string): string[] {
  const p = parseScenario(text);
  return p.ok ? [] : p.problems.map((x) => `${x.path}: ${x.message}`);
}

function run(text: string): SimulationRun {
  const p = parseScenario(text);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return simulate(p.scenario);
}

describe('container restart rules, by release', () => {
  for (const v of ['1.35', '1.36', '1.37'])
    it(`${v}: exit 42 matches the rule and restarts the container in place under Never; exit 1 ends the pod`, () => {
      const r = runPreset(PRESET, v);
      expect(started(r)).toBe(3);
      const s = finalStatus(r);
      expect(s.phase).toBe('Failed');
      expect(s.containerStatuses[0]!.restartCount).toBe(2);
      expect(s.containerStatuses[0]!.state.terminated?.exitCode).toBe(1);
      // The restart is the kubelet's computePodActions deciding to start it again.
      const lines = r.trace.logs.filter((l) =>
        String(l.msg).includes('is not in the desired state and shall be started'),
      );
      expect(lines.length).toBeGreaterThanOrEqual(2);
    });

  it('1.35: while the container waits out its back-off after a rule matched, the pod stays Running', () => {
    const r = runPreset(PRESET, '1.35');
    const t = r.trace.steps.t;
    const phases = new Set<string>();
    const waiting = new Set<string | undefined>();
    // Between the second exit (12.18 s) and the third start (26.18 s).
    for (let i = t.findIndex((x) => x >= 12_500); t[i]! < 26_180; i++) {
      const s = Object.values(r.stateAt(i + 1).domain.status)[0]!;
      phases.add(s.phase);
      waiting.add(s.containerStatuses[0]!.state.waiting?.reason);
    }
    expect([...phases]).toEqual(['Running']);
    expect(waiting.has('CrashLoopBackOff')).toBe(true);
  });

  it('1.34 (gate alpha, off): the API server drops the rules, says so, and exit 42 ends the pod', () => {
    const p = parseScenario(runPresetText());
    if (!p.ok) throw new Error('preset');
    const s = { ...p.scenario, node: { ...p.scenario.node, kubeletVersion: '1.34' as const } };
    expect(versionNotes(s).join('\n')).toContain(
      'restartPolicy and restartPolicyRules are dropped by the API server: kubelet 1.34',
    );
    const r = simulate(s);
    expect(started(r)).toBe(1);
    const st = finalStatus(r);
    expect(st.phase).toBe('Failed');
    expect(st.containerStatuses[0]!.state.terminated?.exitCode).toBe(42);
  });

  it('1.34 with featureGates.ContainerRestartRules: true honours the rule', () => {
    const r = run(
      withRules({ version: '1.34', container: RULE_42, gates: 'ContainerRestartRules: true' }),
    );
    expect(started(r)).toBe(2);
    expect(finalStatus(r).phase).toBe('Running');
  });

  it('1.35 with the gate turned off: dropped, as on 1.34', () => {
    const text = withRules({
      version: '1.35',
      container: RULE_42,
      gates: 'ContainerRestartRules: false',
    });
    const r = run(text);
    expect(started(r)).toBe(1);
    expect(finalStatus(r).phase).toBe('Failed');
  });

  it("1.33 refuses the rules (they arrived in 1.34); 1.28-1.33 refuse a regular container's restartPolicy as the API server does", () => {
    expect(problems(withRules({ version: '1.33', container: RULE_42 }))).toEqual([
      "pods[0].manifest.spec.containers[0].restartPolicyRules: kubelet 1.33 does not have this: container restart rules (a container's own restartPolicy and restartPolicyRules, KEP-5307) arrived in 1.34",
    ]);
    expect(problems(withRules({ version: '1.30', container: ['restartPolicy: Always'] }))).toEqual([
      'pods[0].manifest.spec.containers[0].restartPolicy: The Pod "job" is invalid: spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers',
    ]);
  });

  it('a container-level OnFailure under a Never pod restarts a failure (1.35) and not on 1.34', () => {
    const text = (v: string) => withRules({ version: v, container: ['restartPolicy: OnFailure'] });
    expect(started(run(text('1.35')))).toBe(2);
    expect(started(run(text('1.34')))).toBe(1);
  });

  it('NotIn: every exit code but the listed ones matches', () => {
    const c = [
      'restartPolicy: Never',
      'restartPolicyRules:',
      '  - { action: Restart, exitCodes: { operator: NotIn, values: [0, 3] } }',
    ];
    const fault = (code: number) =>
      `  - { kind: ContainerExit, target: default/job/worker, afterSeconds: 2, exitCode: ${code}, times: 1 }`;
    expect(started(run(withRules({ version: '1.35', container: c, faults: fault(42) })))).toBe(2);
    const r3 = run(withRules({ version: '1.35', container: c, faults: fault(3) }));
    expect(started(r3)).toBe(1);
    expect(finalStatus(r3).phase).toBe('Failed');
  });
});

describe('restart rules as the API server validates them', () => {
  const v35 = (rules: string[], policy = 'restartPolicy: Never', version = '1.35') =>
    problems(
      withRules({
        version,
        container: [policy, 'restartPolicyRules:', ...rules.map((l) => `  - ${l}`)],
      }),
    );
  const at = 'pods[0].manifest.spec.containers[0]';
  const invalid = 'The Pod "job" is invalid: spec.containers[0]';

  it('RestartAllContainers is an unsupported action on 1.35 (its gate alpha, off)', () => {
    expect(
      v35(['{ action: RestartAllContainers, exitCodes: { operator: In, values: [1] } }']),
    ).toEqual([
      `${at}.restartPolicyRules[0].action: ${invalid}.restartPolicyRules[0].action: Unsupported value: "RestartAllContainers": supported values: "Restart"`,
    ]);
  });

  it('RestartAllContainers is valid on 1.36 (its gate beta, on), and modelled', () => {
    const got = v35(
      ['{ action: RestartAllContainers, exitCodes: { operator: In, values: [1] } }'],
      undefined,
      '1.36',
    );
    expect(got).toEqual([]);
  });

  it('exitCodes is required, the operator is In or NotIn, rules need a restartPolicy', () => {
    expect(v35(['{ action: Restart }'])).toEqual([
      `${at}.restartPolicyRules[0].exitCodes: ${invalid}.restartPolicyRules[0].exitCodes: Required value: must be specified`,
    ]);
    expect(v35(['{ action: Restart, exitCodes: { operator: Equals, values: [1] } }'])).toEqual([
      `${at}.restartPolicyRules[0].exitCodes.operator: ${invalid}.restartPolicyRules[0].exitCodes.operator: Unsupported value: "Equals": supported values: "In", "NotIn"`,
    ]);
    expect(
      problems(
        withRules({
          version: '1.35',
          container: [
            'restartPolicyRules:',
            '  - { action: Restart, exitCodes: { operator: In, values: [1] } }',
          ],
        }),
      ),
    ).toEqual([
      `${at}.restartPolicy: ${invalid}.restartPolicy: Required value: must specify restartPolicy when restart rules are used`,
    ]);
  });

  it('more than 20 rules: TooLong on 1.35, TooMany on 1.36', () => {
    const rules = Array.from(
      { length: 21 },
      (_, i) => `{ action: Restart, exitCodes: { operator: In, values: [${i + 1}] } }`,
    );
    expect(v35(rules)).toEqual([
      `${at}.restartPolicyRules: ${invalid}.restartPolicyRules: Too long: may not be more than 20 bytes`,
    ]);
    expect(v35(rules, undefined, '1.36')).toEqual([
      `${at}.restartPolicyRules: ${invalid}.restartPolicyRules: Too many: 21: must have at most 20 items`,
    ]);
  });
});

function runPresetText(): string {
  return readFileSync(`presets/${PRESET}.yaml`, 'utf8');
}

describe("Compare's What changed", () => {
  it('1.34 against 1.35 lists ContainerRestartRules turning on, for a pod with rules', () => {
    const rows = changesTouching(runPreset(PRESET, '1.35'), '1.34');
    const row = rows.find((r) => r.what.startsWith('Container restart rules beta, on'));
    expect(row?.ref).toBe('KEP-5307');
    expect(row?.because).toContain("sets a container's restartPolicy or restartPolicyRules");
    // hello-pod has no rules: the row is not about it.
    const hello = changesTouching(runPreset('hello-pod', '1.35'), '1.34');
    expect(hello.some((r) => r.what.startsWith('Container restart rules'))).toBe(false);
  });
});
