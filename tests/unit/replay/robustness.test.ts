/** Replay never throws, whatever it is given, and accounts for every line. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayText, unusable } from '../../../src/replay';

const seed = Number(process.env.ROBUSTNESS_SEED ?? 20261123) || undefined;

const fragments = [
  'I1129 18:13:10.314127    2775 kubelet.go:2433] ',
  '"SyncLoop ADD" source="api" pods=["default/x"]',
  'Nov 29 18:13:10 host kubelet[2775]: ',
  '{"ts":1.5,"msg":"SyncLoop ADD","pods":[',
  'output=<',
  ' >',
  '\t',
  'Name:   web',
  'Events:',
  '  Type  Reason  Age  From  Message',
  'LAST SEEN   TYPE   REASON   OBJECT   MESSAGE',
  'apiVersion: v1',
  'kind: List',
  'items:',
  '- kind: Event',
  '{"policyName":"static","defaultCpuSet":"0-3","entries":',
  'SyncLoop (ADD, "api"): "a_b(c)"',
  'event={"ID":"u","Type":"ContainerStarted"',
  '&{ID:',
  '"\\',
  '\\x',
  '\ufffd',
  '\n',
  '\r\n',
];

describe('replay never throws', () => {
  it('on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (s) => {
        const r = replayText(s, { year: 2026 });
        expect(r.skipped).toBeLessThanOrEqual(r.lines);
        expect(typeof (unusable(r) ?? '')).toBe('string');
      }),
      { seed, numRuns: 300 },
    );
  });
  it('on text built from pieces of every format', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 12 })), {
          maxLength: 60,
        }),
        fc.integer({ min: 1970, max: 2100 }),
        (parts, year) => {
          const r = replayText(parts.join(''), { year });
          for (const e of r.events) {
            expect(Number.isFinite(e.us)).toBe(true);
            expect(e.line).toBeGreaterThanOrEqual(1);
            expect(e.line).toBeLessThanOrEqual(r.lines);
          }
        },
      ),
      { seed, numRuns: 400 },
    );
  });
});
