/**
 * cpuAccumulator.iterateCombinations, including a Go slice-aliasing effect the kubelet really has.
 *
 * Go builds each combination with `append(accum, n[i])`. Once the accumulator's backing array has
 * spare capacity (capacities grow 0→1→2→4→8…), sibling combinations share it, so a combination the
 * caller kept (`bestCombo = combo`) is overwritten by later ones: for k = 4 its last element ends
 * up as the last one written in that inner loop. takeByTopologyNUMADistributed keeps combinations
 * this way and allocates from them after the loop, so to match the kubelet CPU for CPU we keep
 * live views onto simulated backing arrays and read them when Go would.
 */

/** A Go slice header: a window onto a shared backing array. Read it with {@link sliceValues}. */
export interface GoSlice {
  readonly backing: number[];
  readonly len: number;
  readonly cap: number;
}

/** The slice's current contents (what Go would read now). */
export function sliceValues(s: GoSlice): number[] {
  return s.backing.slice(0, s.len);
}

/** Go's append of one int: in place when capacity allows, else copy into a grown array. */
export function goAppend(s: GoSlice, v: number): GoSlice {
  if (s.len < s.cap) {
    s.backing[s.len] = v;
    return { backing: s.backing, len: s.len + 1, cap: s.cap };
  }
  // growslice for small int slices: double (from 0: 1); powers of two are exact size classes.
  const cap = s.cap === 0 ? 1 : Math.max(s.len + 1, 2 * s.cap);
  const backing = s.backing.slice(0, s.len);
  backing.length = cap;
  backing[s.len] = v;
  return { backing, len: s.len + 1, cap };
}

export const EMPTY_SLICE: () => GoSlice = () => ({ backing: [], len: 0, cap: 0 });

/**
 * Calls f on every k-subset of n in lexicographic order of positions; f returns 'break' to stop.
 * The slice passed to f is live: copy it (sliceValues) to use it immediately, or keep the slice to
 * read it later as Go would.
 */
export function iterateCombinations(
  n: readonly number[],
  k: number,
  f: (combo: GoSlice) => 'continue' | 'break',
): void {
  if (k < 1) return;
  const helper = (k: number, start: number, accum: GoSlice): 'continue' | 'break' => {
    if (k === 0) return f(accum);
    for (let i = start; i <= n.length - k; i++) {
      if (helper(k - 1, i + 1, goAppend(accum, n[i] as number)) === 'break') return 'break';
    }
    return 'continue';
  };
  helper(k, 0, EMPTY_SLICE());
}
