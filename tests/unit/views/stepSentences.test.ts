/**
 * Every step in the kubelet's words (issue 30, item 1): every preset on every kubelet version
 * walked step by step, each step said by a sentence rule (no generic fallback) that shows no
 * machine state path; every rule names states, events and guards its machines have, so a
 * machine that changes must change its sentences.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  narrate,
  parseScenario,
  sentenceRuleOf,
  SENTENCES,
  simulate,
  type SimulationRun,
} from '../../../src/sim/index';
import { versionProblems } from '../../../src/sim/scenario/versionCheck';
import { eventKey } from '../../../src/sim/views/sentences';
import { allMachines } from '../../../src/sim/versions/all';
import {
  KUBELET_VERSIONS,
  CURRENT_KUBELET_VERSION,
  type KubeletVersionName,
} from '../../../src/sim/versions/names';
import { declaredTransitions } from '../model/coverage';

function nodes(node: AnyStateNode, out: AnyStateNode[] = []): AnyStateNode[] {
  out.push(node);
  for (const c of Object.values(node.states)) nodes(c as AnyStateNode, out);
  return out;
}

const machines: [string, AnyStateMachine][] = Object.values(allMachines()).flatMap((c) =>
  Object.entries(c),
);

/**
 * State names written as code (camelCase) that a sentence must not show. A few are also the Go
 * names the kubelet uses (the prober's doProbe, the sync loop's syncTicker and
 * housekeepingTicker variables): those a sentence may name.
 */
const GO_WORDS = new Set(['doProbe', 'syncTicker', 'housekeepingTicker']);
const STATE_WORDS = new Set(
  machines.flatMap(([, m]) =>
    nodes(m.root)
      .slice(1)
      .map((n) => n.key)
      .filter((k) => /[a-z][A-Z]/.test(k) && !GO_WORDS.has(k)),
  ),
);

/** What of a step's state path a sentence shows, or '' when it shows none. */
function statePathShown(text: string, from: string, to: string): string {
  if (text.includes('xstate')) return 'xstate';
  for (const s of [from, to, ...from.split('|'), ...to.split('|')])
    if (s.includes('.') && text.includes(s)) return s;
  for (const w of text.match(/[A-Za-z]+/g) ?? []) if (STATE_WORDS.has(w)) return w;
  return '';
}

/**
 * The releases walked: 1.3's DockerManager, and each minor where the machines or a behaviour the
 * sentences read changes (1.18-1.20's startContainer, 1.21's PreCreateContainer, 1.22's pod
 * lifecycle rework, 1.28's sidecars, 1.33, 1.35's restart keep, the current one). The random
 * scenarios of tests/unit/robustness/versions.test.ts run on every minor.
 */
const WALKED = (
  ['1.3', '1.18', '1.21', '1.22', '1.28', '1.33', '1.35', CURRENT_KUBELET_VERSION] as const
).filter((v): v is KubeletVersionName => (KUBELET_VERSIONS as readonly string[]).includes(v));

function presetRuns(): { name: string; run: SimulationRun }[] {
  const out: { name: string; run: SimulationRun }[] = [];
  for (const f of readdirSync('presets').filter((x) => x.endsWith('.yaml'))) {
    const parsed = parseScenario(readFileSync(`presets/${f}`, 'utf8'));
    if (!parsed.ok) throw new Error(`${f}: ${JSON.stringify(parsed.problems)}`);
    for (const v of WALKED) {
      const s = { ...parsed.scenario, node: { ...parsed.scenario.node, kubeletVersion: v } };
      // A preset that uses what a release did not have is refused on it, as the app refuses it.
      if (versionProblems(s).length > 0) continue;
      out.push({ name: `${f} on ${v}`, run: simulate(s) });
    }
  }
  return out;
}

describe('the step sentence', () => {
  it('every step of every preset on every version is said in the kubelet’s words', () => {
    const runs = presetRuns();
    // Each version runs most presets (1.18 and 1.3 refuse what they lacked).
    for (const v of WALKED)
      expect(runs.filter((r) => r.name.endsWith(` on ${v}`)).length).toBeGreaterThan(15);
    const missing = new Set<string>();
    const shown = new Set<string>();
    let steps = 0;
    for (const { name, run } of runs) {
      const { steps: s, strings, entities } = run.trace;
      for (let i = 0; i < s.t.length; i++) {
        steps++;
        const kind = entities[s.entity[i]!]!.kind;
        const from = strings[s.from[i]!]!;
        const to = strings[s.to[i]!]!;
        const key = `${kind}: ${from} --${eventKey(strings[s.event[i]!]!)}--> ${to} [${strings[s.guard[i]!]}]`;
        const m = sentenceRuleOf(run, i);
        if (!m) {
          missing.add(`${name}: ${key}`);
          continue;
        }
        const text = m.rule.say(m.facts);
        const bad = statePathShown(text, from, to);
        if (bad) shown.add(`${name}: ${key}: "${bad}" in "${text}"`);
        if (!/[A-Za-z]/.test(text) || /undefined|NaN|\$\{/.test(text))
          shown.add(`${name}: ${key}: "${text}"`);
      }
    }
    console.log(`steps said: ${steps} over ${runs.length} runs`);
    expect([...missing].slice(0, 20)).toEqual([]);
    expect([...shown].slice(0, 20)).toEqual([]);
  }, 300_000);

  it('each rule names states, events and guards its machine has (in some version)', () => {
    const problems: string[] = [];
    for (const [kind, rules] of Object.entries(SENTENCES)) {
      const defs = machines.filter(([k]) => k === kind).map(([, m]) => m);
      // The API server and containerd are plain processes, not machines.
      if (defs.length === 0) continue;
      const states = new Set(defs.flatMap((m) => nodes(m.root).map((n) => n.path.join('.'))));
      const declared = defs.flatMap((m) => declaredTransitions(kind, m));
      const events = new Set(['init', ...declared.map((d) => eventKey(d.event))]);
      const guards = new Set(declared.map((d) => d.guard));
      for (const r of rules) {
        for (const s of [r.from, r.to])
          if (s !== undefined && !states.has(s)) problems.push(`${kind}: no state ${s}`);
        if (r.event !== undefined && !events.has(r.event))
          problems.push(`${kind}: no event ${r.event}`);
        if (r.guard !== undefined && !guards.has(r.guard))
          problems.push(`${kind}: no guard ${r.guard}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a healthy first sync says no sandbox yet, not a kill; 1.18 names its own functions', () => {
    const text = readFileSync('presets/hello-pod.yaml', 'utf8');
    const parsed = parseScenario(text);
    if (!parsed.ok) throw new Error('hello-pod');
    const say = (v: string) => {
      const run = simulate({
        ...parsed.scenario,
        node: { ...parsed.scenario.node, kubeletVersion: v as typeof CURRENT_KUBELET_VERSION },
      });
      return Array.from({ length: run.trace.steps.t.length }, (_, i) => narrate(run, i + 1));
    };
    const now = say(CURRENT_KUBELET_VERSION);
    expect(now).toContain(
      '0.3 s: computePodActions: default/web has no sandbox yet, so create one (KillPod: nothing to kill).',
    );
    expect(
      now.some((t) => /PostStart hook returned after 300 ms; startContainer is done/.test(t)),
    ).toBe(true);
    expect(now.some((t) => t.includes('GenericPLEG.Relist'))).toBe(true);
    expect(now.some((t) => t.includes('calls Kubelet.SyncPod'))).toBe(true);
    const old = say('1.18');
    expect(old.some((t) => t.includes('GenericPLEG.relist'))).toBe(true);
    expect(old.some((t) => t.includes('calls Kubelet.syncPod'))).toBe(true);
    expect(old.some((t) => t.includes('PreStartContainer'))).toBe(true);
    const docker = say('1.3');
    expect(docker.some((t) => t.includes('DockerManager.SyncPod'))).toBe(true);
    // 1.3 had no CPU manager: its start does not name one.
    const starts = docker.filter((t) => t.includes('Kubelet.Run'));
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.filter((t) => /CPU manager/.test(t))).toEqual([]);
  });
  it('PreCreateContainer names cpuset.mems only when the memory manager holds memory for the container', () => {
    const said = (preset: string) => {
      const parsed = parseScenario(readFileSync(`presets/${preset}.yaml`, 'utf8'));
      if (!parsed.ok) throw new Error(preset);
      const run = simulate(parsed.scenario);
      return Array.from({ length: run.trace.steps.t.length }, (_, i) => narrate(run, i + 1)).filter(
        (t) => t.includes('PreCreateContainer:'),
      );
    };
    // memoryManagerPolicy None: GetMemoryNUMANodes finds no blocks, cpuset_mems is not set.
    const none = said('static-vs-none');
    expect(none.length).toBeGreaterThan(0);
    expect(none.filter((t) => /memory manager|cpuset\.mems/.test(t))).toEqual([]);
    // The static memory manager: a Guaranteed container's blocks' NUMA nodes become cpuset.mems.
    const pinned = said('hugepages-memory-manager');
    expect(
      pinned.some((t) => /the memory manager cpuset\.mems \d+(,\d+)* \(its NUMA nodes\)/.test(t)),
    ).toBe(true);
  });
});
