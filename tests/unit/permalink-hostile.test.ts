/**
 * The permalink decoder reads text from strangers. Whatever comes in, it must return
 * `{ ok: true }` or `{ ok: false, reason }` promptly and never throw. Timing bounds here
 * are generous (two shared cores); they catch hangs and blow-ups, not regressions.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compressToEncodedURIComponent } from 'lz-string';
import { decodePermalink, encodePermalink } from '../../src/sim/scenario/permalink';
import { loadPreset, PRESET_IDS } from '../../src/sim/scenario/presets';
import type { Scenario } from '../../src/sim/scenario/schema';

const BOUND_MS = 1_500;

function timedDecode(input: string) {
  const t0 = performance.now();
  let result: ReturnType<typeof decodePermalink> | undefined;
  let thrown: unknown;
  try {
    result = decodePermalink(input);
  } catch (e) {
    thrown = e;
  }
  return { result, thrown, ms: performance.now() - t0 };
}

function expectWellBehaved(input: string) {
  const { result, thrown, ms } = timedDecode(input);
  expect(thrown).toBeUndefined();
  expect(ms).toBeLessThan(BOUND_MS);
  expect(result).toBeDefined();
  if (result!.ok) {
    expect(result!.scenario.apiVersion).toBe('kubeletscope/v1');
  } else {
    expect(result!.reason).toMatch(/^[A-Z][^\n]{10,400}$/);
  }
  return result!;
}

const scenarios: Scenario[] = PRESET_IDS.map((id) => {
  const r = loadPreset(id);
  if (!r.ok) throw new Error(id);
  return r.scenario;
});
const links = scenarios.map(
  (s, i) => encodePermalink(s, { t: i * 1000, selection: { kind: 'cpu', id: i } }).fragment,
);

type Mutation =
  | { op: 'truncate'; at: number }
  | { op: 'flip'; at: number; ch: string }
  | { op: 'insert'; at: number; text: string }
  | { op: 'duplicate'; from: number; len: number; at: number }
  | { op: 'delete'; at: number; len: number };

const alphabet =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$ %#&=.\u00e9\u{1F600}';
const char = fc.constantFrom(...[...alphabet]);
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('flip' as const), at: fc.nat(), ch: char }),
  fc.record({
    op: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.string({ unit: char, minLength: 1, maxLength: 8 }),
  }),
  fc.record({
    op: fc.constant('duplicate' as const),
    from: fc.nat(),
    len: fc.nat({ max: 400 }),
    at: fc.nat(),
  }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), len: fc.nat({ max: 20 }) }),
);

function mutate(link: string, ms: Mutation[]): string {
  let s = link;
  for (const m of ms) {
    const n = Math.max(s.length, 1);
    if (m.op === 'truncate') s = s.slice(0, m.at % n);
    else if (m.op === 'flip') s = s.slice(0, m.at % n) + m.ch + s.slice((m.at % n) + 1);
    else if (m.op === 'insert') s = s.slice(0, m.at % n) + m.text + s.slice(m.at % n);
    else if (m.op === 'delete') s = s.slice(0, m.at % n) + s.slice((m.at % n) + m.len);
    else {
      const piece = s.slice(m.from % n, (m.from % n) + m.len);
      s = s.slice(0, m.at % n) + piece + s.slice(m.at % n);
    }
  }
  return s;
}

describe('permalink decoder fuzz', () => {
  it('handles random strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.string({ unit: char, maxLength: 2000 }).map((s) => `#s=1.${s}`),
          fc.string({ unit: char, maxLength: 2000 }).map((s) => `#s=0.${s}`),
          fc.string({ unit: 'binary', maxLength: 300 }),
        ),
        (input) => {
          expectWellBehaved(input);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('handles mutated valid links: truncated, flipped, inserted, duplicated, deleted', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: links.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (i, ms) => {
          expectWellBehaved(mutate(links[i]!, ms));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('handles compressed random JSON of any shape', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.constantFrom(0, 1), (value, format) => {
        const r = expectWellBehaved(
          `#s=${format}.${compressToEncodedURIComponent(JSON.stringify({ s: value, scenario: value, v: value }))}`,
        );
        expect(r.ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('hostile permalinks', () => {
  it('refuses a 10 MB fragment without decompressing it', () => {
    const huge = `#s=1.${'A'.repeat(10 * 1024 * 1024)}`;
    const r = expectWellBehaved(huge);
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/too long/) as string });
    expect(timedDecode(huge).ms).toBeLessThan(100);
  });

  it('refuses a small link that would expand past 1 MB (a decompression bomb)', () => {
    const bomb = `#s=1.${compressToEncodedURIComponent('{"s":"' + 'x'.repeat(1_050_000) + '"}')}`;
    expect(bomb.length).toBeLessThan(LINK_MAX);
    const r = expectWellBehaved(bomb);
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/more than 1 MB/) as string });
  });

  it('refuses 10,000 levels of nesting', () => {
    for (const open of ['[', '{"a":']) {
      const close = open === '[' ? ']' : '}';
      const text = `{"s":${open.repeat(10_000)}1${close.repeat(10_000)}}`;
      const r = expectWellBehaved(`#s=1.${compressToEncodedURIComponent(text)}`);
      expect(r).toEqual({ ok: false, reason: expect.stringMatching(/nested more than/) as string });
    }
  });

  it('ignores __proto__ everywhere and leaves Object.prototype alone', () => {
    const base = scenarios[0]!;
    const text = JSON.stringify({
      s: { metadata: { name: 'x' }, node: { topology: { preset: 'p' } }, pods: [] },
      v: { t: 5 },
    })
      .replace('"metadata":{', '"metadata":{"__proto__":{"isAdmin":true},')
      .replace('"v":{', '"__proto__":{"polluted":1},"v":{"__proto__":{"t":9},');
    const r = expectWellBehaved(`#s=1.${compressToEncodedURIComponent(text)}`);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.view).toEqual({ t: 5 });
      expect((r.scenario.metadata as Record<string, unknown>).isAdmin).toBeUndefined();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(base.metadata.name).toBe('Hello, pod');
  });

  it('keeps <script> in strings as inert text', () => {
    const s = scenarios[0]!;
    const evil: Scenario = {
      ...s,
      metadata: {
        ...s.metadata,
        name: '<script>alert(document.cookie)</script>',
        caption: '"><img src=x onerror=alert(1)>',
      },
    };
    const r = expectWellBehaved(
      encodePermalink(evil, { selection: { kind: 'pod', id: '</script><script>x()' } }).fragment,
    );
    expect(r.ok && r.scenario.metadata).toEqual(evil.metadata);
    expect(r.ok && r.view.selection?.id).toBe('</script><script>x()');
  });

  it('names the version of a link from a newer kubeletscope', () => {
    const r = expectWellBehaved(links[0]!.replace('#s=2.', '#s=42.'));
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/format 42/) as string });
  });
});

const LINK_MAX = 65_536;
