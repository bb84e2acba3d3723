/**
 * Kubernetes' own topology manager, memory manager and device manager test tables
 * (tests/fixtures/topology/) through the engine's code: every case passes as the release its
 * table was read at; a wrong expectation fails; a release whose behaviour differs fails exactly
 * the cases that behaviour changes; and `npm run conformance` prints and exits as its contract says.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runTopologyVectors } from '../../scripts/topologyConformance/index';

const repoRoot = new URL('../../', import.meta.url);
const FILES = ['topology-merge', 'topology-policy-options', 'memory-static', 'device-hints'];
const load = (name: string) =>
  JSON.parse(readFileSync(new URL(`tests/fixtures/topology/${name}.json`, repoRoot), 'utf8')) as {
    schema: string;
    cases: Record<string, unknown>[];
  };

describe('topology, memory and device manager conformance', () => {
  it.each(FILES)('%s: every case passes', (name) => {
    const file = load(name);
    const { results } = runTopologyVectors(file);
    expect(results).toHaveLength(file.cases.length);
    expect(results.filter((r) => !r.pass).map((r) => `${r.name}: ${r.detail}`)).toEqual([]);
  });

  it('fails each case whose expectation is changed', () => {
    const mutate = (
      name: string,
      pick: (c: Record<string, unknown>) => boolean,
      change: object,
    ) => {
      const file = load(name);
      const i = file.cases.findIndex(pick);
      expect(i).toBeGreaterThanOrEqual(0);
      const cases = [{ ...file.cases[i], ...change }];
      return runTopologyVectors({ ...file, cases }).results[0]!;
    };
    const merge = mutate('topology-merge', (c) => c.kind === 'merge', {
      expected: { numaNodes: [0, 1, 2, 3], preferred: false },
    });
    expect(merge.pass).toBe(false);
    expect(merge.detail).toMatch(/^Merge\(\): expected/);
    const hints = mutate(
      'memory-static',
      (c) =>
        (c.source as { testFunction: string }).testFunction ===
          'TestStaticPolicyGetTopologyHints' && c.expectedTopologyHints !== null,
      { expectedTopologyHints: {} },
    );
    expect(hints.pass).toBe(false);
    const alloc = mutate(
      'memory-static',
      (c) =>
        (c.source as { testFunction: string }).testFunction === 'TestStaticPolicyAllocate' &&
        c.expectedError === undefined &&
        c.expectedMachineState !== undefined,
      { expectedMachineState: {} },
    );
    expect(alloc.pass).toBe(false);
    const aligned = mutate(
      'device-hints',
      (c) =>
        (c.source as { testFunction: string }).testFunction === 'TestTopologyAlignedAllocation',
      { expectedAlignment: { '7': 1 } },
    );
    expect(aligned.pass).toBe(false);
    expect(aligned.detail).toMatch(/^alignment: expected/);
  });

  it('as kubelet 1.35, the device hints iterate only NUMA nodes with devices: four cases change', () => {
    const { results } = runTopologyVectors(load('device-hints'), '1.35');
    const failed = results.filter((r) => !r.pass);
    expect(failed.map((r) => r.name)).toEqual([
      'TestGetTopologyHints/getCommonTestCases: Single Request, only one with alignment',
      'TestGetTopologyHints/getCommonTestCases: Single device type, all already allocated to container',
      'TestGetPodTopologyHints/getCommonTestCases: 2 device types, mixed configuration',
      'TestGetPodTopologyHints/getCommonTestCases: Single device type, all already allocated to container',
    ]);
    for (const r of failed)
      expect(r.detail).toMatch(/passes as 1\.34: the behaviour differs in 1\.35\)$/);
  });

  it('as kubelet 1.23, the merge has no compareHints: the cases 1.24 changed fail, none as 1.24', () => {
    const failed = (v: string) =>
      runTopologyVectors(load('topology-merge'), v).results.filter((r) => !r.pass);
    expect(failed('1.24')).toEqual([]);
    const old = failed('1.23');
    expect(old.length).toBe(22);
    // "1 wider mask, both preferred": preferred before 1.24 (every hint is), not from 1.24.
    expect(old.map((r) => r.name)).toContain(
      'TestPolicyBestEffortMerge/(*bestEffortPolicy).mergeTestCases: Two providers, 1 hint each, 1 wider mask, both preferred 1/2',
    );
    for (const r of old) expect(r.detail).toMatch(/the behaviour differs in 1\.23\)$/);
  });

  it('as kubelet 1.31, prefer-closest-numa-nodes is beta and the gate errors are capitalised', () => {
    const failed = runTopologyVectors(load('topology-policy-options'), '1.31').results.filter(
      (r) => !r.pass,
    );
    expect(failed.map((r) => r.name)).toEqual([
      'TestNewTopologyManagerOptions: test beta options fail',
      'TestNewTopologyManagerOptions: test alpha options fail',
      'TestPolicyOptionsAvailable: prefer-closest-numa-nodes #2',
    ]);
  });

  it('npm run conformance prints PASS/FAIL per case and the counts, and exits by the result', () => {
    const run = (args: string[]) => {
      try {
        return {
          out: execFileSync('npx', ['tsx', 'scripts/conformance.ts', ...args], {
            cwd: repoRoot,
            encoding: 'utf8',
          }),
          code: 0,
        };
      } catch (e) {
        const x = e as { stdout: string; status: number };
        return { out: x.stdout, code: x.status };
      }
    };
    const ok = run(['tests/fixtures/topology/memory-static.json']);
    expect(ok.code).toBe(0);
    const lines = ok.out.trim().split('\n');
    expect(lines[0]).toBe('# kubeletscope/topology-vectors/memory-static@1 as kubelet 1.30');
    expect(lines.slice(1, -1).every((l) => l.startsWith('PASS '))).toBe(true);
    expect(lines.at(-1)).toBe(`${load('memory-static').cases.length} passed, 0 failed`);
    const other = run(['tests/fixtures/topology/device-hints.json', '--kubelet-version', '1.36']);
    expect(other.code).toBe(1);
    expect(other.out).toMatch(
      /^FAIL TestGetTopologyHints\/getCommonTestCases: Single Request, only one with alignment: /m,
    );
    expect(other.out.trim().split('\n').at(-1)).toBe('30 passed, 4 failed');
  }, 60_000);
});
