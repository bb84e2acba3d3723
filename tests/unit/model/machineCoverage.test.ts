/**
 * The machines over the presets and random scenarios: the share of machine steps that change
 * their machine's state (at least 60%: the machines hold the kubelet's states, they are not
 * program counters), and transition coverage: every declared transition is taken by some run.
 * Both are printed. Plain engine processes (sync loop, API server, containerd) are not machines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  machines,
  parseScenario,
  simulate,
  validateScenario,
  type Trace,
} from '../../../src/sim/index';
import { scenarioArb } from '../robustness/arbitraries';
import { declaredTransitions, stateChangeShare, takenTransitions } from './coverage';
import { EDGE_SCENARIOS } from './edgeScenarios';

function presetTraces(): Trace[] {
  return readdirSync('presets')
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => {
      const parsed = parseScenario(readFileSync(`presets/${f}`, 'utf8'));
      if (!parsed.ok) throw new Error(`${f}: ${JSON.stringify(parsed.problems)}`);
      return simulate(parsed.scenario).trace;
    });
}

function edgeTraces(): Trace[] {
  return Object.entries(EDGE_SCENARIOS).map(([name, text]) => {
    const parsed = parseScenario(text);
    if (!parsed.ok) throw new Error(`${name}: ${JSON.stringify(parsed.problems)}`);
    return simulate(parsed.scenario).trace;
  });
}

function randomTraces(n: number): Trace[] {
  return fc.sample(scenarioArb, { numRuns: n, seed: 20261123 }).flatMap((input) => {
    const v = validateScenario(input);
    return v.ok ? [simulate(v.scenario).trace] : [];
  });
}

/**
 * Declared transitions no run is expected to reach (none today). KillPod without CreateSandbox
 * (syncPod's "no sandbox to create") was one until the random runs met a restartPolicy Never
 * pod whose only container failed its startup probe: computePodActions kills it, keeps nothing
 * and starts nothing, while the pod is not yet terminal.
 */
const UNREACHED = new Set<string>([]);

describe('machines as the model', () => {
  const presets = presetTraces();

  it('at least 60% of machine steps change state across the presets', () => {
    const { steps, changed, byKind } = stateChangeShare(presets, new Set(Object.keys(machines)));
    const rows = [...byKind].map(
      ([k, [n, c]]) =>
        `  ${k.padEnd(16)} ${String(n).padStart(6)} steps, ${((100 * c) / n).toFixed(1)}% change state`,
    );
    console.log(
      `machine steps over the presets: ${steps}, ${((100 * changed) / steps).toFixed(1)}% change state\n${rows.join('\n')}`,
    );
    expect(changed / steps).toBeGreaterThanOrEqual(0.6);
  });

  it('every declared transition is taken by a preset, an edge scenario or a random one', () => {
    const declared = Object.entries(machines).flatMap(([k, m]) => declaredTransitions(k, m));
    const traces = [...presets, ...edgeTraces(), ...randomTraces(120)];
    const taken = takenTransitions(declared, traces);
    const missing = declared
      .filter((d) => !taken.has(d.label) && !UNREACHED.has(d.label))
      .map((d) => d.label);
    // An exception that a run now takes is no longer one.
    for (const label of UNREACHED) expect(taken.has(label), label).toBe(false);
    console.log(
      `transition coverage: ${taken.size}/${declared.length}${missing.length ? `\n  not taken:\n    ${missing.join('\n    ')}` : ''}`,
    );
    expect(missing).toEqual([]);
  }, 120_000);
});
