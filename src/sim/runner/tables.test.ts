import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { own, own2, shareAll, stopLogging } from '../core/cow';
import { table } from '../core/shapes';
import { domainOf, TableHistory } from './tables';

interface Domain {
  t: Record<string, { n: number }>;
  nested: { u: Record<string, number> };
}

const fresh = (): Domain => ({ t: table(), nested: { u: table() } });

afterEach(() => stopLogging());

describe('logged tables', () => {
  it('a checkpoint keeps each table as it was then, key order included, while the run writes in place', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.tuple(
              fc.constantFrom('set', 'row', 'delete', 'nested'),
              fc.integer({ min: 0, max: 9 }),
            ),
            { maxLength: 30 },
          ),
          { minLength: 1, maxLength: 30 },
        ),
        (intervals) => {
          const d = fresh();
          const live = d.t;
          const history = new TableHistory(['t', 'nested.u']);
          shareAll();
          const kept = [{ versions: history.checkpoint(d), expect: structuredClone(d) }];
          let n = 0;
          for (const ops of intervals) {
            for (const [op, i] of ops) {
              const k = `k${i}`;
              if (op === 'set') own(d, 't')[k] = { n: n++ };
              else if (op === 'row' && d.t[k]) own2(d, 't', k).n = n++;
              else if (op === 'delete') delete own(d, 't')[k];
              else if (op === 'nested') own2(d, 'nested', 'u')[k] = n++;
            }
            shareAll();
            kept.push({ versions: history.checkpoint(d), expect: structuredClone(d) });
          }
          // Written in place: the table is the one the run started with.
          expect(d.t).toBe(live);
          for (const { versions, expect: then } of kept) {
            const built = domainOf<Domain>({ skeleton: d, paths: history.paths, versions });
            expect(Object.keys(built.t)).toEqual(Object.keys(then.t));
            expect(built.t).toEqual(then.t);
            expect(Object.keys(built.nested.u)).toEqual(Object.keys(then.nested.u));
            expect(built.nested.u).toEqual(then.nested.u);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a write that goes round the log is caught by the check', () => {
    const d = fresh();
    const history = new TableHistory(['t', 'nested.u']);
    shareAll();
    history.checkpoint(d);
    own(d, 't').a = { n: 1 };
    history.verify(d, history.checkpoint(d));
    // The table itself, not the proxy `own` hands out: the change is not logged.
    d.t.b = { n: 2 };
    expect(() => history.verify(d, history.checkpoint(d))).toThrow(/domain table t was written/);
  });

  it('a table replaced whole is kept as a copy of the new one', () => {
    const d = fresh();
    const history = new TableHistory(['t', 'nested.u']);
    shareAll();
    history.checkpoint(d);
    const old = d.t;
    own(d, 't').a = { n: 1 };
    d.t = table();
    own(d, 't').b = { n: 2 };
    const versions = history.checkpoint(d);
    const built = domainOf<Domain>({ skeleton: d, paths: history.paths, versions });
    expect(Object.keys(built.t)).toEqual(['b']);
    expect(Object.keys(old)).toEqual(['a']);
  });
});
