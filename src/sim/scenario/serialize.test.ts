import { describe, expect, it } from 'vitest';
import { parseDuration } from '../core/time';
import { parseScenario, validateScenario } from './parse';
import { loadPreset, PRESET_IDS } from './presets';
import { formatDuration, toScenarioInput, toYaml } from './serialize';
import { scenarioSchema, type Scenario } from './schema';

function preset(id: (typeof PRESET_IDS)[number]): Scenario {
  const r = loadPreset(id);
  if (!r.ok) throw new Error(`${id}: ${JSON.stringify(r.problems)}`);
  return r.scenario;
}

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [50, '50ms'],
    [999, '999ms'],
    [1000, '1s'],
    [1500, '1.5s'],
    [90_000, '90s'],
    [119_999, '119.999s'],
    [120_000, '2m'],
    [150_000, '2m30s'],
    [600_000, '10m'],
    [3_600_000, '1h'],
    [5_400_000, '1h30m'],
    [3_601_500, '1h1.5s'],
  ])('%d ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
    expect(parseDuration(text)).toBe(ms);
  });

  it('reads back every whole millisecond up to 6 hours', () => {
    for (let ms = 0; ms <= 6 * 3_600_000; ms += 7_919)
      expect(parseDuration(formatDuration(ms))).toBe(ms);
  });
});

describe('toYaml', () => {
  it.each(PRESET_IDS)('round-trips preset %s, in full and minimal form', (id) => {
    const s = preset(id);
    for (const minimal of [false, true]) {
      const r = parseScenario(toYaml(s, { minimal }));
      expect(r.ok && r.scenario).toEqual(s);
    }
  });

  it('writes keys in reading order and durations as text', () => {
    const yaml = toYaml(preset('reserved-and-shared'));
    const top = yaml
      .split('\n')
      .filter((l) => /^[a-z]/i.test(l))
      .map((l) => l.split(':')[0]);
    expect(top).toEqual([
      'apiVersion',
      'kind',
      'metadata',
      'seed',
      'horizon',
      'node',
      'pods',
      'configMaps',
      'secrets',
      'faults',
      'actions',
    ]);
    expect(yaml).toContain('horizon: 2m\n');
    expect(yaml).toContain('openAt: 31.1s\n');
    // The bookmark's named moment is kept.
    expect(yaml).toMatch(/moment:\n\s+cpuset: \{ container: default\/frontend\/nginx \}/);
    expect(yaml).toMatch(/- kind: AddPod\n\s+at: 30s\n/);
    expect(yaml).toMatch(/reservedSystemCPUs: "?0,1"?\n/);
    // Short all-scalar maps stay on one line, as people write them.
    expect(yaml).toContain('topology: { sockets: 2, coresPerSocket: 4, threadsPerCore: 2 }');
  });

  it('writes the kubelet defaults out in full form and leaves them out in minimal form', () => {
    const s = preset('hello-pod');
    expect(toYaml(s)).toContain('topologyManagerPolicy: none');
    expect(toYaml(s, { minimal: true })).not.toContain('topologyManagerPolicy');
    expect(toYaml(s, { minimal: true })).not.toContain('namespace: default');
  });

  it('keeps hostile-looking text as plain, quoted data', () => {
    const s = preset('hello-pod');
    const evil = {
      ...s,
      metadata: { ...s.metadata, caption: '<script>alert(1)</script>: "x" # y' },
    };
    const r = parseScenario(toYaml(evil));
    expect(r.ok && r.scenario.metadata.caption).toBe('<script>alert(1)</script>: "x" # y');
  });
});

describe('toScenarioInput', () => {
  it('writes durations as seconds for links, and strips defaults', () => {
    const s = preset('crashloop-backoff');
    const input = toScenarioInput(s, { durations: 'seconds', stripDefaults: true });
    expect(input.horizon).toBe(1200);
    expect(input).not.toHaveProperty('seed');
    expect(input).not.toHaveProperty('actions');
    expect(validateScenario(input)).toEqual({ ok: true, scenario: s });
  });

  it("keeps a fault's defaults out and its arming time in", () => {
    const s = preset('crashloop-backoff');
    const withFault: Scenario = {
      ...s,
      faults: [
        {
          kind: 'ContainerExit',
          target: 'default/flaky/worker',
          at: 30_000,
          afterSeconds: 0,
          exitCode: 1,
        },
      ],
    };
    const input = toScenarioInput(withFault, { durations: 'text', stripDefaults: true });
    expect(input.faults).toEqual([
      { kind: 'ContainerExit', target: 'default/flaky/worker', at: '30s' },
    ]);
    expect(validateScenario(input)).toEqual({ ok: true, scenario: withFault });
  });

  it('writes back every duration the schema has, including ones added later', () => {
    const runtimeKeys = Object.keys(scenarioSchema.shape.node.shape.runtime.unwrap().shape);
    const base = toScenarioInput(preset('hello-pod'), { durations: 'text', stripDefaults: true });
    const node = base.node as Record<string, unknown>;
    const input = {
      ...base,
      node: {
        ...node,
        kubelet: { cpuManagerReconcilePeriod: '10s', syncFrequency: '1m' },
        runtime: Object.fromEntries(
          runtimeKeys.map((k) => [k, k === 'pullBytesPerSecond' ? 1e8 : '1.234s']),
        ),
      },
      actions: [{ kind: 'RestartKubelet', at: '2m', downtime: '15s' }],
    };
    const r = validateScenario(input);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.scenario.node.runtime.hook).toBe(1234);
    for (const durations of ['text', 'seconds'] as const)
      expect(
        validateScenario(toScenarioInput(r.scenario, { durations, stripDefaults: true })),
      ).toEqual(r);
    expect(parseScenario(toYaml(r.scenario))).toEqual(r);
    expect(toYaml(r.scenario)).toContain('downtime: 15s');
  });

  it('round-trips a scenario whose kubelet block was left out', () => {
    // zod's .default({}) skips the inner defaults, so "absent" and "{}" differ after parsing.
    const r = parseScenario(
      'apiVersion: kubeletscope/v1\nkind: Scenario\nmetadata: { name: x }\nnode: { topology: { sockets: 1, coresPerSocket: 2, threadsPerCore: 1 } }\npods: []\n',
    );
    if (!r.ok) throw new Error('parse');
    const input = toScenarioInput(r.scenario, { durations: 'seconds', stripDefaults: true });
    expect(validateScenario(input)).toEqual(r);
  });
});
