/**
 * 1.37 as read in its own code: every gate the model reads, with the stage, default and lock
 * that pkg/features/kube_features.go declares for 1.37 at kubernetes/kubernetes@45b76a34 (the
 * master of 2026-07-23, in 1.37's code freeze after v1.37.0-beta.0; its versioned specs reach
 * 1.37 and no further), and what follows from it: gates removed by then are refused as the
 * kubelet refuses them, a locked one cannot be set otherwise; pod-level resource managers are
 * beta but off (#141209 turned them off after the freeze). Also the KubeletConfiguration fields by release
 * (k8s.io/kubelet config/v1beta1/types.go at its tags) and gate names as strings.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  formatKlog,
  logsAt,
  parseScenario,
  simulate,
  versionNotes,
  versionProblems,
} from '../../../src/sim/index';
import { KNOWN_GATES } from '../../../src/sim/scenario/knownGates';
import { GATE_ROWS } from '../../../src/sim/versions/changelog/gates';
import { gateProblems, profileOf } from '../../../src/sim/versions/changelog/profile';
import type { Scenario } from '../../../src/sim/scenario/schema';
import type { KubeletVersionName } from '../../../src/sim/versions/names';

type Expected = { stage: string; default: boolean; locked: boolean } | 'absent';
const gaLocked = { stage: 'GA', default: true, locked: true } as const;

/** kube_features.go at 45b76a34, transcribed gate by gate (absent: not declared there). */
const AT_1_37: Readonly<Record<string, Expected>> = {
  CPUManager: 'absent',
  TopologyManager: 'absent',
  MemoryManager: 'absent',
  BoundServiceAccountTokenVolume: 'absent',
  GRPCContainerProbe: 'absent',
  PodHasNetworkCondition: 'absent',
  SidecarContainers: 'absent',
  PodLifecycleSleepAction: 'absent',
  PodDisruptionConditions: 'absent',
  CustomCPUCFSQuotaPeriod: { stage: 'GA', default: true, locked: false },
  CPUManagerPolicyOptions: gaLocked,
  CPUManagerPolicyAlphaOptions: { stage: 'alpha', default: false, locked: false },
  CPUManagerPolicyBetaOptions: { stage: 'beta', default: true, locked: false },
  TopologyManagerPolicyOptions: gaLocked,
  TopologyManagerPolicyAlphaOptions: { stage: 'alpha', default: false, locked: false },
  TopologyManagerPolicyBetaOptions: { stage: 'beta', default: true, locked: false },
  PodReadyToStartContainersCondition: gaLocked,
  RecursiveReadOnlyMounts: gaLocked,
  PodObservedGenerationTracking: gaLocked,
  DisableCPUQuotaWithExclusiveCPUs: { stage: 'deprecated', default: true, locked: true },
  PodLevelResources: { stage: 'beta', default: true, locked: false },
  // On at 45b76a34; turned off before the release by kubernetes/kubernetes#141209 (v1.37).
  PodLevelResourceManagers: { stage: 'beta', default: false, locked: false },
  InPlacePodVerticalScaling: gaLocked,
  InPlacePodVerticalScalingExclusiveCPUs: { stage: 'alpha', default: false, locked: false },
  KubeletCrashLoopBackOffMax: { stage: 'beta', default: true, locked: false },
  ReduceDefaultCrashLoopBackOffDecay: { stage: 'alpha', default: false, locked: false },
  ChangeContainerStatusOnKubeletRestart: { stage: 'deprecated', default: false, locked: false },
  ContainerRestartRules: { stage: 'beta', default: true, locked: false },
  RestartAllContainersOnContainerExits: { stage: 'beta', default: true, locked: false },
  NodeDeclaredFeatures: gaLocked,
  KubeletEnsureSecretPulledImages: { stage: 'beta', default: true, locked: false },
};

/**
 * The same file's specs read as 1.36 (each gate's last entry up to 1.36): they agree with the
 * 1.36.3 tree, and differ from 1.37 only here.
 */
const AT_1_36: Readonly<Record<string, Expected>> = {
  ...AT_1_37,
  SidecarContainers: gaLocked,
  PodLifecycleSleepAction: gaLocked,
  PodReadyToStartContainersCondition: { stage: 'beta', default: true, locked: false },
  DisableCPUQuotaWithExclusiveCPUs: { stage: 'deprecated', default: true, locked: false },
  PodLevelResourceManagers: { stage: 'alpha', default: false, locked: false },
  NodeDeclaredFeatures: { stage: 'beta', default: true, locked: false },
};

function preset(file: string, v: KubeletVersionName, kubelet: Record<string, unknown> = {}) {
  const p = parseScenario(readFileSync(`presets/${file}`, 'utf8'));
  if (!p.ok) throw new Error(file);
  const k = { ...p.scenario.node.kubelet, ...kubelet };
  return { ...p.scenario, node: { ...p.scenario.node, kubeletVersion: v, kubelet: k } };
}

const problems = (s: Scenario) => versionProblems(s).map((p) => `${p.path}: ${p.message}`);

describe('1.37 gates as kube_features.go declares them', () => {
  it('every gate the changelog names is checked against 1.37', () => {
    const named = new Set(GATE_ROWS.map((r) => r.gate!.name));
    expect([...named].sort()).toEqual(Object.keys(AT_1_37).sort());
  });

  it('each gate has 1.37’s stage, default and lock, or is gone; and 1.36’s as the specs say', () => {
    for (const [v, table] of [
      ['1.37', AT_1_37],
      ['1.36', AT_1_36],
    ] as const) {
      const gates = profileOf(v).gates;
      for (const [name, want] of Object.entries(table)) {
        const got = gates[name];
        const where = `${name} on ${v}`;
        if (want === 'absent') expect(got, where).toBeUndefined();
        else
          expect(
            got && { stage: got.stage, default: got.default, locked: got.locked },
            where,
          ).toEqual(want);
      }
    }
  });

  it('a gate gone by the release is refused; the feature behind it stays on', () => {
    expect(gateProblems(profileOf('1.36'), { SidecarContainers: true })).toEqual([]);
    expect(gateProblems(profileOf('1.37'), { SidecarContainers: true })[0]?.message).toMatch(
      /^unrecognized feature gate: SidecarContainers/,
    );
    expect(gateProblems(profileOf('1.37'), { PodLifecycleSleepAction: true })).toHaveLength(1);
    expect(gateProblems(profileOf('1.32'), { CPUManager: true })).toEqual([]);
    expect(gateProblems(profileOf('1.33'), { CPUManager: true })).toHaveLength(1);
    expect(gateProblems(profileOf('1.28'), { TopologyManager: true })).toEqual([]);
    expect(gateProblems(profileOf('1.29'), { TopologyManager: true })).toHaveLength(1);
    // Native sidecars run on 1.37 without their gate.
    expect(problems(preset('sidecar-startup-probe.yaml', '1.37'))).toEqual([]);
  });

  it('TopologyManagerPolicyOptions is locked from 1.36', () => {
    expect(gateProblems(profileOf('1.35'), { TopologyManagerPolicyOptions: false })).toEqual([]);
    expect(gateProblems(profileOf('1.36'), { TopologyManagerPolicyOptions: false })).toEqual([
      {
        gate: 'TopologyManagerPolicyOptions',
        message:
          'cannot set feature gate TopologyManagerPolicyOptions to false, feature is locked to true',
      },
    ]);
  });

  it('a gate is named by its string: CustomCPUCFSQuotaPeriod, not the Go identifier', () => {
    const withGate = (g: string) =>
      parseScenario(
        readFileSync('presets/hello-pod.yaml', 'utf8').replace(
          /^ {2}kubelet:\n/m,
          `  kubelet:\n    featureGates: { ${g}: true }\n`,
        ),
      );
    const ok = withGate('CustomCPUCFSQuotaPeriod');
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(problems(ok.scenario)).toEqual([]);
    const bad = withGate('CPUCFSQuotaPeriod');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(JSON.stringify(bad.problems)).toContain('unrecognized feature gate');
    // The identifier is no gate; the strings of gates 1.36 and 1.37 declare are.
    expect(KNOWN_GATES.has('CPUCFSQuotaPeriod')).toBe(false);
    for (const g of ['DefaultPodSysctls', 'PodLevelResourceManagers', 'PLEGOnDemandRelist'])
      expect(KNOWN_GATES.has(g), g).toBe(true);
  });
});

describe('pod-level resource managers (beta, off in 1.37)', () => {
  const cpuLines = (s: Scenario) =>
    logsAt(simulate(s).trace.logs, Number.MAX_SAFE_INTEGER, 4)
      .map(formatKlog)
      .filter((l) => l.includes('pod-level resources'));

  it('1.37 skips a pod with pod-level resources as 1.36 does, unless the gate is set; no note contradicts the run', () => {
    // Off by default: the static CPU manager skips the pod and says the gate is not enabled.
    const byDefault = cpuLines(preset('pod-level-resources.yaml', '1.37'));
    expect(
      byDefault.some((l) => l.includes('PodLevelResourceManagers feature gate is not enabled')),
    ).toBe(true);
    // Set on: nothing is skipped any more (the container scope is modelled).
    const on = { featureGates: { PodLevelResourceManagers: true } };
    expect(cpuLines(preset('pod-level-resources.yaml', '1.37', on))).toEqual([]);
    expect(problems(preset('pod-level-resources.yaml', '1.37', on))).toEqual([]);
    for (const kubelet of [{}, on])
      expect(
        versionNotes(preset('pod-level-resources.yaml', '1.37', kubelet)).filter((n) =>
          n.includes('PodLevelResourceManagers'),
        ),
      ).toEqual([]);
  });
});

describe('KubeletConfiguration fields by release', () => {
  it('memoryReservationPolicy and tlsCurvePreferences arrived in 1.36, defaultPodSysctls in 1.37', () => {
    for (const [field, value] of [
      ['memoryReservationPolicy', 'None'],
      ['tlsCurvePreferences', ['X25519']],
    ] as const) {
      expect(problems(preset('hello-pod.yaml', '1.36', { [field]: value })), field).toEqual([]);
      expect(problems(preset('hello-pod.yaml', '1.35', { [field]: value })), field).toEqual([
        `node.kubelet.${field}: kubelet 1.35 does not have this: ${field} arrived in 1.36`,
      ]);
    }
    const sysctls = { defaultPodSysctls: { 'net.ipv4.ping_group_range': '0 0' } };
    expect(problems(preset('hello-pod.yaml', '1.37', sysctls))).toEqual([]);
    expect(problems(preset('hello-pod.yaml', '1.36', sysctls))).toEqual([
      'node.kubelet.defaultPodSysctls: kubelet 1.36 does not have this: defaultPodSysctls arrived in 1.37',
    ]);
  });
});
