/**
 * Every case of Kubernetes' own CPU manager vectors (tests/fixtures/cpu-assignment.json,
 * copied from Kubernetes' own tests) and of our extra vectors must pass through the real engine code.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../scripts/conformanceCases';

const repoRoot = new URL('../../', import.meta.url);
const load = (rel: string): unknown => JSON.parse(readFileSync(new URL(rel, repoRoot), 'utf8'));

describe('CPU assignment conformance', () => {
  it.each([['tests/fixtures/cpu-assignment.json'], ['tests/fixtures/cpu-assignment-extra.json']])(
    '%s: every case passes',
    (rel) => {
      const results = runConformance(load(rel));
      expect(results.length).toBeGreaterThan(10);
      expect(results.filter((r) => !r.pass).map((r) => `${r.name}: ${r.detail}`)).toEqual([]);
    },
  );

  it('fails a case whose expectation is wrong, and an unknown kind', () => {
    const file = load('tests/fixtures/cpu-assignment.json') as {
      cases: Record<string, unknown>[];
    };
    const take = file.cases.find(
      (c) => c.kind === 'takeByTopology' && typeof c.expect === 'string' && c.expect !== '',
    );
    const broken = {
      ...file,
      cases: [
        { ...take, expect: '0-63' },
        { kind: 'nope', name: 'x' },
      ],
    };
    const results = runConformance(broken);
    expect(results.map((r) => r.pass)).toEqual([false, false]);
    expect(results[0]?.detail).toMatch(/^expected "0-63" got "/);
    expect(results[1]?.detail).toBe('unsupported case kind "nope"');
  });
});
