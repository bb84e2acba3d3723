/**
 * stampConditions builds each condition field by field instead of spreading it: the result must
 * have the spread's keys in the spread's order (a key present with an undefined value included:
 * setPodStatus compares stored conditions key by key) and its values, for every Cond shape
 * conditions() writes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stamped, type Cond } from '../../../src/sim/kubelet/statusManager';

const value = fc.option(fc.string({ maxLength: 8 }), { nil: undefined });

const condArb: fc.Arbitrary<Cond> = fc.oneof(
  fc.record({ type: fc.string(), status: fc.constantFrom('True' as const, 'False' as const) }),
  fc.record({
    type: fc.string(),
    status: fc.constantFrom('True' as const, 'False' as const),
    reason: value,
  }),
  fc.record({
    type: fc.string(),
    status: fc.constantFrom('True' as const, 'False' as const),
    reason: value,
    message: value,
  }),
);

describe('stamped condition', () => {
  it('has the keys, order and values of { ...c, lastTransitionTime }', () => {
    fc.assert(
      fc.property(condArb, fc.nat(), (c, t) => {
        expect(Object.entries(stamped(c, t))).toEqual(
          Object.entries({ ...c, lastTransitionTime: t }),
        );
      }),
      { numRuns: 300 },
    );
  });
});
