/**
 * Inputs too large to simulate are refused with a message naming the limit, before the work
 * that would freeze the tab: a 5 MB file before YAML parsing, 10,000 pods before validating each
 * pod, a 4,096-CPU machine before its topology is built. No timings here (two shared cores):
 * "before" is shown by what the refusal reports, not by a clock.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, simulate, validateScenario } from '../../../src/sim/index';
import { LIMITS } from '../../../src/sim/scenario/schema';

const header = `apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: big }
node:
  topology: { sockets: 1, coresPerSocket: 4, threadsPerCore: 2 }
`;

const podEntry = (i: number) => ({
  at: 0,
  manifest: { metadata: { name: `p${i}` }, spec: { containers: [{ name: 'a', image: 'x' }] } },
});

function problemsOf(r: ReturnType<typeof parseScenario>) {
  if (r.ok) throw new Error('expected the input to be refused');
  return r.problems;
}

describe('input limits', () => {
  it('refuses a 5 MB scenario by its size, before reading it as YAML', () => {
    // Broken YAML throughout: had the parser run, it would report a syntax error instead.
    const text = `${header}pods: [${'{ "unclosed": ['.repeat(5_000_000 / 15)}`;
    expect(text.length).toBeGreaterThan(5_000_000);
    const problems = problemsOf(parseScenario(text));
    expect(problems).toEqual([
      { path: '', line: 1, message: 'the scenario is 5.0 MB; at most 1 MB (1,000,000 bytes)' },
    ]);
  });

  it('counts bytes, not characters, and says the exact size when just over', () => {
    // 400,001 three-byte characters: 1.2 MB of UTF-8 in fewer than 1,000,000 characters.
    const wide = `# ${'€'.repeat(400_001)}\n${header}`;
    expect(wide.length).toBeLessThan(LIMITS.maxBytes);
    expect(problemsOf(parseScenario(wide))[0]!.message).toBe(
      'the scenario is 1.2 MB; at most 1 MB (1,000,000 bytes)',
    );
    const justOver = `${header}#${'x'.repeat(LIMITS.maxBytes - header.length)}`;
    expect(problemsOf(parseScenario(justOver))[0]!.message).toBe(
      'the scenario is 1,000,001 bytes; at most 1 MB (1,000,000 bytes)',
    );
  });

  it('refuses 10,000 pods by their count, before validating any pod', () => {
    // Every pod is invalid (no containers): validating them would report 10,000 problems.
    const pods = Array.from({ length: 10_000 }, (_, i) => ({
      manifest: { metadata: { name: `p${i}` }, spec: { containers: [] } },
    }));
    const value = {
      apiVersion: 'kubeletscope/v1',
      kind: 'Scenario',
      metadata: { name: 'big' },
      node: { topology: { sockets: 1, coresPerSocket: 4, threadsPerCore: 2 } },
      pods,
    };
    const fromObject = validateScenario(value); // the permalink path
    expect(fromObject).toEqual({
      ok: false,
      problems: [{ path: 'pods', message: '10,000 pods; at most 500 pods' }],
    });
    // As a file (JSON, one key a line, under 1 MB), with the line of the pods key.
    const text = `{\n${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
      .join(',\n')}\n}`;
    expect(text.length).toBeLessThan(LIMITS.maxBytes);
    const problems = problemsOf(parseScenario(text));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: 'pods', message: '10,000 pods; at most 500 pods' });
    expect(problems[0]!.line).toBe(6);
    expect(text.split('\n')[5]).toMatch(/^"pods": \[/);
  });

  it('refuses too many pods, faults, actions and CPUs in YAML too, each by its count', () => {
    const pods = Array.from({ length: 501 }, (_, i) => podEntry(i));
    const yaml = `${header}pods: ${JSON.stringify(pods)}\nfaults: ${JSON.stringify(
      Array.from({ length: 501 }, () => ({ kind: 'SandboxError', target: 'default/p0' })),
    )}\n`;
    const problems = problemsOf(parseScenario(yaml));
    expect(problems.map((p) => [p.path, p.message, p.line])).toEqual([
      ['pods', '501 pods; at most 500 pods', 6],
      ['faults', '501 faults; at most 500 faults', 7],
    ]);
    const cpus = Array.from({ length: 1025 }, (_, i) => ({ cpu: i, core: i, socket: 0, numa: 0 }));
    const r = validateScenario({
      apiVersion: 'kubeletscope/v1',
      kind: 'Scenario',
      metadata: { name: 'big' },
      node: { topology: { cpus } },
      pods: [],
    });
    expect(r).toEqual({
      ok: false,
      problems: [{ path: 'node.topology.cpus', message: '1,025 CPUs; at most 1,024 CPUs' }],
    });
  });

  // Topologies are built only by simulate(); validation now refuses them first.
  it('refuses a 4,096-CPU shape or lscpu listing when validating, before any topology is built', () => {
    const shape = parseScenario(
      header.replace(
        '{ sockets: 1, coresPerSocket: 4, threadsPerCore: 2 }',
        '{ sockets: 4, coresPerSocket: 512, threadsPerCore: 2 }',
      ) + 'pods: []\n',
    );
    expect(problemsOf(shape)).toEqual([
      {
        path: 'node.topology',
        message: '4,096 CPUs (4 sockets × 512 cores × 2 threads); at most 1024 CPUs',
        line: 5,
        column: 13,
      },
    ]);
    const lscpu = Array.from({ length: 4096 }, (_, i) => `${i},${i % 2048},${i >> 10},0`).join(
      '\n',
    );
    const listed = validateScenario({
      apiVersion: 'kubeletscope/v1',
      kind: 'Scenario',
      metadata: { name: 'big' },
      node: { topology: { lscpu: `# CPU,Core,Socket,Node\n${lscpu}` } },
      pods: [],
    });
    expect(listed).toEqual({
      ok: false,
      problems: [{ path: 'node.topology', message: '4,096 CPU lines; at most 1024 CPUs' }],
    });
  });

  it('still accepts and runs a machine at the limit (1,024 CPUs)', () => {
    const r = parseScenario(
      header.replace(
        '{ sockets: 1, coresPerSocket: 4, threadsPerCore: 2 }',
        '{ sockets: 2, coresPerSocket: 256, threadsPerCore: 2 }',
      ) +
        `horizon: 10s\npods:\n  - manifest: { metadata: { name: p }, spec: { containers: [{ name: a, image: x }] } }\n`,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    const run = simulate(r.scenario);
    expect(run.config.cpuCount).toBe(1024);
    expect(run.trace.events.some((e) => e.reason === 'Started')).toBe(true);
  });
});
