import { describe, expect, it } from 'vitest';
import { iterateCombinations, sliceValues, type GoSlice } from './goCombinations';

describe("iterateCombinations (Go's append aliasing)", () => {
  it('visits k-subsets in lexicographic order of positions', () => {
    const seen: string[] = [];
    iterateCombinations([5, 6, 7, 8], 2, (c) => {
      seen.push(sliceValues(c).join(''));
      return 'continue';
    });
    expect(seen).toEqual(['56', '57', '58', '67', '68', '78']);
  });

  it('overwrites a kept 4-combination with its later siblings, as Go slices sharing a backing array do', () => {
    const kept: GoSlice[] = [];
    iterateCombinations([0, 1, 2, 3, 4], 4, (c) => {
      kept.push(c);
      return 'continue';
    });
    // Go visits 0123, 0124, 0134, 0234, 1234, but the first two share one backing array.
    expect(kept.map((c) => sliceValues(c).join(''))).toEqual([
      '0124',
      '0124',
      '0134',
      '0234',
      '1234',
    ]);
  });

  it('keeps 3-combinations intact (each gets a fresh array)', () => {
    const kept: GoSlice[] = [];
    iterateCombinations([0, 1, 2, 3], 3, (c) => {
      kept.push(c);
      return 'continue';
    });
    expect(kept.map((c) => sliceValues(c).join(''))).toEqual(['012', '013', '023', '123']);
  });

  it('stops on break', () => {
    let n = 0;
    iterateCombinations([1, 2, 3], 1, () => (++n === 2 ? 'break' : 'continue'));
    expect(n).toBe(2);
  });
});
