/**
 * parseScenario reads text from files, the editor and pasted snippets. Whatever it is given it
 * must return { ok: true } with a v1 scenario, or problems that each say what is wrong and on
 * which line, and never throw. (The permalink decoder has its own fuzz tests in
 * tests/unit/permalink-hostile.test.ts, mutated valid links included.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseScenario, type ParseResult } from '../../../src/sim/index';

const presets = readdirSync('presets')
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => readFileSync(`presets/${f}`, 'utf8'));

function expectWellBehaved(text: string): ParseResult {
  let result: ParseResult | undefined;
  expect(() => {
    result = parseScenario(text);
  }).not.toThrow();
  const r = result!;
  if (r.ok) {
    expect(r.scenario.apiVersion).toBe('kubeletscope/v1');
    expect(r.scenario.pods.length).toBeGreaterThanOrEqual(0);
  } else {
    expect(r.problems.length).toBeGreaterThan(0);
    const lines = text.split('\n').length;
    for (const p of r.problems) {
      expect(typeof p.path).toBe('string');
      expect(p.message, JSON.stringify(p)).toMatch(/\S/);
      // Every problem points somewhere in the text, so the editor can underline it.
      expect(p.line, JSON.stringify(p)).toBeGreaterThanOrEqual(1);
      expect(p.line!).toBeLessThanOrEqual(lines + 1);
    }
  }
  return r;
}

// YAML's syntax characters and a few scenario words, so random text reaches deep into the parser.
const tokens = fc.constantFrom(
  ...'{}[]:,-#&*!|>\'"%@`?\\\t \n'.split(''),
  '\n  ',
  '\n- ',
  ': ',
  '---\n',
  '...\n',
  '&a ',
  '*a',
  '<<: *a',
  '!!str ',
  '!!binary ',
  'apiVersion: kubeletscope/v1\n',
  'kind: Scenario\n',
  'pods:',
  'node:',
  'topology:',
  'containers:',
  'name: x',
  '1e309',
  '0x1F',
  '~',
  'null',
  'true',
  '__proto__',
  'constructor',
);
const yamlSoup = fc.array(tokens, { maxLength: 80 }).map((t) => t.join(''));

type Mutation =
  | { op: 'truncate'; at: number }
  | { op: 'deleteLine'; at: number }
  | { op: 'duplicateLine'; at: number }
  | { op: 'indent'; at: number; by: number }
  | { op: 'insert'; at: number; text: string }
  | { op: 'replace'; at: number; len: number; text: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('deleteLine' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('duplicateLine' as const), at: fc.nat() }),
  fc.record({
    op: fc.constant('indent' as const),
    at: fc.nat(),
    by: fc.integer({ min: -4, max: 4 }),
  }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: yamlSoup }),
  fc.record({
    op: fc.constant('replace' as const),
    at: fc.nat(),
    len: fc.nat({ max: 12 }),
    text: fc.oneof(yamlSoup, fc.string({ unit: 'grapheme', maxLength: 6 })),
  }),
);

function mutate(text: string, m: Mutation): string {
  const lines = text.split('\n');
  const li = m.at % lines.length;
  switch (m.op) {
    case 'truncate':
      return text.slice(0, m.at % (text.length + 1));
    case 'deleteLine':
      return lines.filter((_, i) => i !== li).join('\n');
    case 'duplicateLine':
      return [...lines.slice(0, li + 1), lines[li]!, ...lines.slice(li + 1)].join('\n');
    case 'indent': {
      const l = lines[li]!;
      lines[li] = m.by >= 0 ? ' '.repeat(m.by) + l : l.slice(Math.min(-m.by, l.search(/\S|$/)));
      return lines.join('\n');
    }
    case 'insert': {
      const at = m.at % (text.length + 1);
      return text.slice(0, at) + m.text + text.slice(at);
    }
    case 'replace': {
      const at = m.at % (text.length + 1);
      return text.slice(0, at) + m.text + text.slice(at + m.len);
    }
  }
}

describe('scenario parser fuzz', () => {
  it('parses every preset (the mutations below start from valid text)', () => {
    expect(presets.length).toBeGreaterThan(10);
    for (const p of presets) expect(expectWellBehaved(p).ok).toBe(true);
  });

  it('handles random text: any characters, and YAML syntax soup', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 400 }),
          fc.string({ unit: 'binary', maxLength: 200 }),
          yamlSoup,
          yamlSoup.map((s) => `apiVersion: kubeletscope/v1\nkind: Scenario\n${s}`),
        ),
        (text) => void expectWellBehaved(text),
      ),
      { numRuns: 300 },
    );
  });

  it('handles mutated presets: truncated, lines deleted, duplicated, re-indented, spliced', () => {
    let stillValid = 0;
    fc.assert(
      fc.property(
        fc.nat({ max: presets.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (i, ms) => {
          if (expectWellBehaved(ms.reduce(mutate, presets[i]!)).ok) stillValid++;
        },
      ),
      { numRuns: 250 },
    );
    // Some mutations keep the file valid (a comment line deleted...), most do not: both paths run.
    expect(stillValid).toBeGreaterThan(0);
    expect(stillValid).toBeLessThan(250);
  });

  it('handles random YAML documents, and presets with a random value spliced in anywhere', () => {
    const base = parseScenario(presets[0]!);
    if (!base.ok) throw new Error('first preset does not parse');
    // Every path to a value in a parsed preset, to overwrite one with random data.
    const paths: (string | number)[][] = [];
    const walk = (v: unknown, path: (string | number)[]) => {
      paths.push(path);
      if (v !== null && typeof v === 'object')
        for (const [k, x] of Object.entries(v))
          walk(x, [...path, Array.isArray(v) ? Number(k) : k]);
    };
    const doc = JSON.parse(JSON.stringify(base.scenario)) as Record<string, unknown>;
    walk(doc, []);
    const splice = (path: (string | number)[], value: unknown): unknown => {
      const copy = structuredClone(doc);
      if (path.length === 0) return value;
      let at: Record<string | number, unknown> = copy;
      for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
      at[path[path.length - 1]!] = value;
      return copy;
    };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue({ maxDepth: 6 }),
          fc
            .tuple(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 3 }))
            .map(([p, v]) => splice(p, v)),
        ),
        fc.boolean(),
        (value, asJson) => {
          const text = asJson ? JSON.stringify(value, null, 1) : stringify(value);
          expectWellBehaved(text ?? '');
        },
      ),
      { numRuns: 250 },
    );
  });
});
