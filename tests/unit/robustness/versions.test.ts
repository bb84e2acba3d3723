/**
 * The random scenarios of the robustness suite (arbitraries.ts) on every kubelet version: each
 * scenario is first stripped of what the older kubelets did not have (refused by versionCheck),
 * then run on 1.34, 1.18 and 1.3. Determinism, created-before-started, back-off at most 300 s,
 * no structured (current-style) klog line on the printf-era kubelets, and no CPU manager on 1.3.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate, validateScenario, type SimulationRun } from '../../../src/sim/index';
import type { Scenario, ScenarioInput } from '../../../src/sim/scenario/schema';
import { KUBELET_VERSIONS, type KubeletVersionName } from '../../../src/sim/versions/names';
import { scenarioArb } from './arbitraries';

const SCALE = Number(process.env.ROBUSTNESS_SCALE ?? 1);
const SEED_ENV = process.env.ROBUSTNESS_SEED ?? '20261123';
const seed = SEED_ENV === 'random' ? {} : { seed: Number(SEED_ENV) };

type Json = Record<string, unknown>;

/** What 1.18 and 1.3 refuse, taken out (sidecars, sleep hooks, gRPC/startup probes, newer settings). */
function downgrade(input: ScenarioInput, version: KubeletVersionName): ScenarioInput {
  const s = structuredClone(input) as unknown as Json;
  const node = s.node as Json;
  node.kubeletVersion = version;
  if (version === '1.34') return s as unknown as ScenarioInput;
  const k = (node.kubelet ?? {}) as Json;
  delete k.maxParallelImagePulls;
  delete k.cpuManagerPolicyOptions;
  delete k.topologyManagerScope;
  const fixContainer = (c: Json, init: boolean) => {
    if (init) delete c.restartPolicy;
    const lc = c.lifecycle as Json | undefined;
    for (const h of ['postStart', 'preStop'])
      if ((lc?.[h] as Json | undefined)?.sleep) lc![h] = { exec: { command: ['true'] } };
    for (const p of ['startupProbe', 'readinessProbe', 'livenessProbe'])
      if ((c[p] as Json | undefined)?.grpc) c[p] = { tcpSocket: { port: 8080 } };
    if (version === '1.3') delete c.startupProbe;
  };
  const fixPod = (m: Json) => {
    const spec = m.spec as Json;
    for (const c of (spec.initContainers as Json[] | undefined) ?? []) fixContainer(c, true);
    for (const c of spec.containers as Json[]) fixContainer(c, false);
  };
  for (const p of s.pods as Json[]) fixPod(p.manifest as Json);
  const actions = ((s.actions as Json[] | undefined) ?? []).map((a) => {
    if (a.kind === 'AddPod') fixPod(a.manifest as Json);
    // No CPU manager on 1.3: a policy change is a plain restart there.
    if (a.kind === 'ChangeCpuManagerPolicy' && version === '1.3')
      return { kind: 'RestartKubelet', at: a.at };
    return a;
  });
  s.actions = actions;
  // Docker's StartContainer failure is not modelled on 1.3.
  if (version === '1.3')
    s.faults = ((s.faults as Json[] | undefined) ?? []).filter(
      (f) => f.kind !== 'StartContainerError',
    );
  return s as unknown as ScenarioInput;
}

function valid(input: unknown): Scenario {
  const v = validateScenario(input);
  if (!v.ok) throw new Error(`invalid after downgrade: ${JSON.stringify(v.problems)}`);
  return v.scenario;
}

const traceJson = (r: SimulationRun) =>
  JSON.stringify({ ...r.trace, checkpoints: r.trace.checkpoints.length });

describe.each(KUBELET_VERSIONS)('random scenarios on kubelet %s', (version) => {
  it(
    'runs deterministically, starts only created containers, backs off at most 300 s',
    () => {
      const seen = { started: 0, runs: 0 };
      fc.assert(
        fc.property(scenarioArb, (input) => {
          const scenario = valid(downgrade(input, version));
          const a = simulate(scenario);
          const b = simulate(valid(downgrade(input, version)));
          expect(traceJson(b)).toBe(traceJson(a));
          for (const r of a.trace.records) {
            if (r.kind !== 'containerStarted') continue;
            const before = a.stateAt(r.step).domain.runtime.containers[r.data.id];
            expect(before?.state).toBe('CREATED');
            seen.started++;
          }
          for (const l of a.trace.logs) {
            const text = l.text ?? [l.msg, ...l.kv.map(([, v]) => v)].join(' ');
            for (const m of text.matchAll(/back-off (\d+)(m|s)/gi))
              expect(Number(m[1]) * (m[2] === 'm' ? 60 : 1)).toBeLessThanOrEqual(300);
            // The printf-era kubelets print no structured line.
            if (version !== '1.34') expect(l.text, `${l.msg}`).toBeDefined();
          }
          if (version === '1.3') {
            expect(a.trace.records.some((r) => r.kind === 'cpuAssignments')).toBe(false);
            expect(a.trace.events.some((e) => /^Created container:? \S+$/.test(e.message))).toBe(
              false,
            );
          }
          if (version === '1.18')
            expect(a.trace.events.some((e) => e.message.startsWith('Created container:'))).toBe(
              false,
            );
          seen.runs++;
        }),
        { numRuns: Math.round(12 * SCALE), ...seed },
      );
      expect(seen.runs).toBeGreaterThan(5);
      expect(seen.started).toBeGreaterThan(10);
    },
    60_000 * SCALE,
  );
});
