/**
 * The container restart back-off by release (kubelet.go newCrashLoopBackOff): 10 s doubling to
 * 300 s; crashLoopBackOff.maxContainerRestartPeriod caps it behind KubeletCrashLoopBackOffMax
 * (alpha 1.32, beta and on 1.35), refused by the configuration's validation when the gate is off
 * or the value is outside 1 s-300 s; ReduceDefaultCrashLoopBackOffDecay (alpha 1.33) starts at
 * 1 s and caps at 60 s, unless KubeletCrashLoopBackOffMax is on, whose default cap (300 s) wins.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  formatKlog,
  parseScenario,
  simulate,
  versionProblems,
  type SimulationRun,
} from '../../../src/sim/index';
import type { Scenario } from '../../../src/sim/scenario/schema';
import type { KubeletVersionName } from '../../../src/sim/versions/names';

function crashloop(v: KubeletVersionName, kubelet: Record<string, unknown>): Scenario {
  const p = parseScenario(readFileSync('presets/crashloop-backoff.yaml', 'utf8'));
  if (!p.ok) throw new Error('preset');
  const node = { ...p.scenario.node, kubeletVersion: v };
  const k: Scenario['node']['kubelet'] = { ...node.kubelet, ...kubelet };
  return { ...p.scenario, node: { ...node, kubelet: k } };
}

/** The back-off windows the kubelet reported, in order, in seconds ("back-off 20s"). */
function windows(r: SimulationRun): number[] {
  const out: number[] = [];
  for (const l of r.trace.logs) {
    if (l.msg !== 'Error syncing pod, skipping') continue;
    const m = /back-off (?:(\d+)m)?(\d+)s restarting/.exec(formatKlog(l));
    if (m) out.push(Number(m[1] ?? 0) * 60 + Number(m[2]));
  }
  return [...new Set(out)];
}

const ms = (s: number) => s * 1000;

describe('CrashLoopBackOff by release', () => {
  it('10 s doubling to 300 s by default, on every release', () => {
    for (const v of ['1.31', '1.35', '1.37'] as const)
      expect(windows(simulate(crashloop(v, {}))), v).toEqual([10, 20, 40, 80, 160, 300]);
  });

  it('maxContainerRestartPeriod caps it from 1.35 (KubeletCrashLoopBackOffMax beta, on)', () => {
    const cap = { crashLoopBackOff: { maxContainerRestartPeriod: ms(30) } };
    expect(versionProblems(crashloop('1.35', cap))).toEqual([]);
    expect(windows(simulate(crashloop('1.35', cap)))).toEqual([10, 20, 30]);
    // 1.34: the gate is alpha, off: the kubelet's validation refuses the field.
    expect(versionProblems(crashloop('1.34', cap)).map((p) => p.message)).toEqual([
      expect.stringContaining(
        'FeatureGate KubeletCrashLoopBackOffMax not enabled, CrashLoopBackOff.MaxContainerRestartPeriod must not be set',
      ) as string,
    ]);
    // ... unless the scenario turns it on; 1.32 too (the gate's first release).
    const on = { ...cap, featureGates: { KubeletCrashLoopBackOffMax: true } };
    expect(windows(simulate(crashloop('1.32', on)))).toEqual([10, 20, 30]);
    // 1.31 has no such field.
    expect(versionProblems(crashloop('1.31', cap))[0]?.message).toMatch(/arrived in 1\.32/);
  });

  it('a cap below 10 s starts there; outside 1 s-300 s is refused', () => {
    const low = { crashLoopBackOff: { maxContainerRestartPeriod: ms(4) } };
    expect(windows(simulate(crashloop('1.37', low)))).toEqual([4]);
    const bad = { crashLoopBackOff: { maxContainerRestartPeriod: ms(600) } };
    expect(versionProblems(crashloop('1.37', bad))[0]?.message).toContain(
      'CrashLoopBackOff.MaxContainerRestartPeriod (got: 600 seconds) must be set between 1s and 300s',
    );
  });

  it('ReduceDefaultCrashLoopBackOffDecay (1.33 alpha): 1 s doubling to 60 s; with the cap gate on, to 300 s', () => {
    const reduce = { featureGates: { ReduceDefaultCrashLoopBackOffDecay: true } };
    expect(versionProblems(crashloop('1.32', reduce))).toHaveLength(1);
    expect(windows(simulate(crashloop('1.33', reduce)))).toEqual([1, 2, 4, 8, 16, 32, 60]);
    // 1.35: KubeletCrashLoopBackOffMax is on and defaults the cap to 300 s, which wins.
    expect(windows(simulate(crashloop('1.35', reduce)))).toEqual([
      1, 2, 4, 8, 16, 32, 64, 128, 256, 300,
    ]);
  });
});
