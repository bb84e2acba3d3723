/**
 * stampConditions builds each condition field by field instead of spreading it: the result must
 * have the spread's keys in the spread's order (observedGeneration after type, as in the struct) (a key present with an undefined value included:
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
  it('has the keys, order and values of { type, observedGeneration, ...c, lastTransitionTime }', () => {
    fc.assert(
      fc.property(condArb, fc.nat(), fc.option(fc.nat(3), { nil: undefined }), (c, t, gen) => {
        const { type, ...rest } = c;
        expect(Object.entries(stamped(c, t, gen))).toEqual(
          Object.entries({ type, observedGeneration: gen, ...rest, lastTransitionTime: t }),
        );
      }),
      { numRuns: 300 },
    );
  });
});
