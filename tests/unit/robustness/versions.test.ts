/**
 * The random scenarios of the robustness suite (arbitraries.ts) on every kubelet version: each
 * scenario is first stripped of what the version refuses (versionCheck: sidecars before 1.29,
 * sleep hooks, gRPC probes, newer KubeletConfiguration fields, ...), then run on every minor
 * 1.18-1.37 and on 1.3. Determinism, created-before-started, back-off at most 300 s, the
 * release's own Created event text, no structured (current-style) klog line on 1.18 and 1.3,
 * and no CPU manager on 1.3.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  simulate,
  validateScenario,
  versionProblems,
  type SimulationRun,
} from '../../../src/sim/index';
import type { Scenario, ScenarioInput } from '../../../src/sim/scenario/schema';
import {
  CURRENT_KUBELET_VERSION,
  KUBELET_VERSIONS,
  minorNumber,
  type KubeletVersionName,
} from '../../../src/sim/versions/names';
import { scenarioArb } from './arbitraries';

const SCALE = Number(process.env.ROBUSTNESS_SCALE ?? 1);
const SEED_ENV = process.env.ROBUSTNESS_SEED ?? '20261123';
const seed = SEED_ENV === 'random' ? {} : { seed: Number(SEED_ENV) };

type Json = Record<string, unknown>;

/** The object at a problem's path ("pods[0].manifest.spec.containers[1].startupProbe"). */
function parentOf(root: Json, path: string): [Json, string] | null {
  const parts = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let at: unknown = root;
  for (const p of parts.slice(0, -1)) {
    if (at === null || typeof at !== 'object') return null;
    at = (at as Json)[p];
  }
  return at !== null && typeof at === 'object' ? [at as Json, parts[parts.length - 1]!] : null;
}

/**
 * What the version refuses, taken out or replaced by what it had: a sidecar's restartPolicy, a
 * sleep hook (an exec hook), a gRPC probe (a TCP probe), a startup probe or a newer kubelet
 * setting (dropped), a fault or action the version does not model (dropped, or a plain restart
 * for a CPU policy change on 1.3). Until versionProblems has nothing to say.
 */
function downgrade(input: ScenarioInput, version: KubeletVersionName): ScenarioInput {
  const s = structuredClone(input) as unknown as Json;
  (s.node as Json).kubeletVersion = version;
  for (let pass = 0; pass < 4; pass++) {
    const problems = problemsOn(s, version);
    if (problems.length === 0) return s as unknown as ScenarioInput;
    const drop = { faults: new Set<number>() };
    for (const { path } of problems) {
      const fault = /^faults\[(\d+)\]\.kind$/.exec(path);
      if (fault) {
        drop.faults.add(Number(fault[1]));
        continue;
      }
      const action = /^actions\[(\d+)\]\.kind$/.exec(path);
      if (action) {
        const a = (s.actions as Json[])[Number(action[1])]!;
        (s.actions as Json[])[Number(action[1])] = { kind: 'RestartKubelet', at: a.at };
        continue;
      }
      const at = parentOf(s, path);
      if (!at) throw new Error(`cannot take out ${path}`);
      const [parent, key] = at;
      if (key === 'sleep') {
        const hook = parentOf(s, path.slice(0, -'.sleep'.length))!;
        hook[0][hook[1]] = { exec: { command: ['true'] } };
      } else if (key === 'grpc') {
        const probe = parentOf(s, path.slice(0, -'.grpc'.length))!;
        probe[0][probe[1]] = { tcpSocket: { port: 8080 } };
      } else delete parent[key];
    }
    s.faults = ((s.faults as Json[] | undefined) ?? []).filter((_, i) => !drop.faults.has(i));
  }
  throw new Error(`still refused on ${version}: ${JSON.stringify(problemsOn(s, version))}`);
}

/** versionProblems of the scenario on `version` (validated as the current kubelet's first). */
function problemsOn(s: Json, version: KubeletVersionName) {
  const node = { ...(s.node as Json), kubeletVersion: CURRENT_KUBELET_VERSION };
  const current = valid({ ...s, node });
  return versionProblems({ ...current, node: { ...current.node, kubeletVersion: version } });
}

/** The Created event's text by release (kuberuntime_container.go startContainer). */
function createdText(version: KubeletVersionName, name: string): string {
  const m = minorNumber(version);
  if (m >= 35) return 'Container created';
  if (m >= 32) return `Created container: ${name}`;
  return `Created container ${name}`;
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
            if (version === '1.18' || version === '1.3') expect(l.text, `${l.msg}`).toBeDefined();
            if (version === CURRENT_KUBELET_VERSION) expect(l.text, `${l.msg}`).toBeUndefined();
          }
          if (version === '1.3') {
            expect(a.trace.records.some((r) => r.kind === 'cpuAssignments')).toBe(false);
            expect(a.trace.events.some((e) => /^Created container:? \S+$/.test(e.message))).toBe(
              false,
            );
          } else
            for (const e of a.trace.events)
              if (e.reason === 'Created') {
                const name = /\{(.+)\}$/.exec(e.fieldPath ?? '')![1]!;
                expect(e.message).toBe(createdText(version, name));
              }
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
