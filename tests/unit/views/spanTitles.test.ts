/**
 * A span is read in the kubelet's words: what the timeline, its tooltip, the exported picture
 * and Perfetto show is the Go function or CRI call a state stands for, never a machine's
 * camelCase state name ("creatingSandbox"). Walked over presets on each machine set (1.3's
 * DockerManager, 1.18-1.20, today's).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/sim';
import { allMachines } from '../../../src/sim/versions/all';
import type { KubeletVersionName } from '../../../src/sim/versions/names';
import { buildRunView } from '../../../src/state/buildRunView';
import { runToChromeTrace } from '../../../src/export';
import { spanTitle } from '../../../src/viz/kubelet/spanTitles';

interface Node {
  states: Record<string, Node>;
}

/** Every state name of every version's machines that reads as an identifier (camelCase). */
function camelStateNames(): Set<string> {
  const out = new Set<string>();
  const walk = (n: Node) => {
    for (const [k, child] of Object.entries(n.states)) {
      if (/^[a-z]+[A-Z]/.test(k)) out.add(k);
      walk(child);
    }
  };
  for (const byKind of Object.values(allMachines()))
    for (const m of Object.values(byKind)) walk(m.root);
  return out;
}

function view(preset: string, version: KubeletVersionName) {
  const p = parseScenario(readFileSync(join('presets', `${preset}.yaml`), 'utf8'));
  if (!p.ok) throw new Error(preset);
  return buildRunView({ ...p.scenario, node: { ...p.scenario.node, kubeletVersion: version } });
}

const PRESETS = [
  'hello-pod',
  'poststart-failure',
  'two-init-containers',
  'sandbox-failure',
  'crashloop-backoff',
  'delete-grace-period',
  'image-pull-backoff',
];

describe('span titles', () => {
  const states = camelStateNames();

  it('names the Go call a state stands for', () => {
    expect(states.has('creatingSandbox')).toBe(true);
    expect(spanTitle('creatingSandbox')).toBe('RunPodSandbox');
    expect(spanTitle('starting')).toBe('StartContainer');
    expect(spanTitle('pulling nginx:1.27')).toBe('pulling nginx:1.27');
  });

  for (const version of ['1.3', '1.18', '1.37'] as const)
    it(`shows no machine state name on ${version}`, () => {
      for (const preset of PRESETS) {
        const { lanes } = view(preset, version);
        const titles = lanes.titles ?? lanes.labels;
        expect(titles).toHaveLength(lanes.labels.length);
        const shown = new Set<string>();
        for (const lane of lanes.lanes) for (const li of lane.label_) shown.add(titles[li]!);
        const leaked = [...shown].filter((t) => states.has(t));
        expect(leaked, `${preset} on ${version}`).toEqual([]);
      }
    });

  it('hands Perfetto the same titles', () => {
    const run = view('hello-pod', '1.37');
    const names = new Set(
      runToChromeTrace(run)
        .traceEvents.filter((e) => e.ph === 'X')
        .map((e) => e.name),
    );
    expect(names).toContain('RunPodSandbox');
    expect(names).toContain('CreateContainer');
    expect([...names].filter((n) => states.has(n))).toEqual([]);
  });
});
