/**
 * NUMA affinity masks (pkg/kubelet/cm/topologymanager/bitmask/bitmask.go). Go stores a uint64;
 * here a mask is the sorted list of its set bits (NUMA ids 0-63): JSON-able and readable in the
 * UI, with every comparison defined as on the uint64.
 */
import { err, ok, type Result } from '../../model/result';

/** Sorted, unique NUMA ids in 0..63. Build with {@link newBitMask}. */
export type BitMask = readonly number[];

/** NewBitMask: error text as Go's for bits outside 0-63. */
export function newBitMask(...bits: number[]): Result<BitMask> {
  for (const b of bits)
    if (!Number.isInteger(b) || b < 0 || b >= 64) return err('bit number must be in range 0-63');
  return ok([...new Set(bits)].sort((a, b) => a - b));
}

/** Count(): bits set. */
export function maskCount(m: BitMask): number {
  return m.length;
}

/** IsSet(bit). */
export function maskIsSet(m: BitMask, bit: number): boolean {
  return m.includes(bit);
}

/** IsEqual(). */
export function maskEquals(a: BitMask, b: BitMask): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** And(first, masks...): bits set in all of them. */
export function maskAnd(first: BitMask, ...masks: BitMask[]): BitMask {
  return first.filter((b) => masks.every((m) => m.includes(b)));
}

/** Or(first, masks...). */
export function maskOr(first: BitMask, ...masks: BitMask[]): BitMask {
  return [...new Set([...first, ...masks.flat()])].sort((a, b) => a - b);
}

/** IsLessThan(): the uint64 of a is smaller than b's, i.e. b has the highest differing bit. */
export function maskIsLessThan(a: BitMask, b: BitMask): boolean {
  let i = a.length - 1;
  let j = b.length - 1;
  while (i >= 0 && j >= 0) {
    if (a[i] !== b[j]) return (a[i] as number) < (b[j] as number);
    i--;
    j--;
  }
  return j >= 0; // equal so far: the one with bits left is larger
}

/** IsNarrowerThan(): fewer bits, or as many and numerically smaller (lower NUMA ids). */
export function maskIsNarrowerThan(a: BitMask, b: BitMask): boolean {
  if (a.length === b.length) return maskIsLessThan(a, b);
  return a.length < b.length;
}

/** String(): binary, zero-padded to an even width, e.g. "01", "10", "11", "0101". */
export function maskString(m: BitMask): string {
  let v = 0n;
  for (const b of m) v |= 1n << BigInt(b);
  for (let shift = 62; shift > 0; shift -= 2) {
    if (v > 1n << BigInt(shift)) return v.toString(2).padStart(shift + 2, '0');
  }
  return v.toString(2).padStart(2, '0');
}

/** IterateBitMasks: every non-empty subset of `bits`, by size, lexicographic within a size. */
export function iterateBitMasks(bits: readonly number[], callback: (mask: BitMask) => void): void {
  const iterate = (rest: readonly number[], accum: number[], size: number): void => {
    if (accum.length === size) {
      callback([...accum].sort((a, b) => a - b));
      return;
    }
    for (let i = 0; i < rest.length; i++)
      iterate(rest.slice(i + 1), [...accum, rest[i] as number], size);
  };
  for (let size = 1; size <= bits.length; size++) iterate(bits, [], size);
}

/** Add(bits...): Go refuses the whole call (mask unchanged) when a bit is outside 0-63. */
export function maskAdd(m: BitMask, ...bits: number[]): Result<BitMask> {
  const added = newBitMask(...bits);
  return added.ok ? ok(maskOr(m, added.value)) : added;
}

/** Remove(bits...), with Add's check. */
export function maskRemove(m: BitMask, ...bits: number[]): Result<BitMask> {
  const removed = newBitMask(...bits);
  return removed.ok ? ok(m.filter((b) => !removed.value.includes(b))) : removed;
}

/** Fill(): all 64 bits. */
export function maskFill(): BitMask {
  return Array.from({ length: 64 }, (_, i) => i);
}

/** IsEmpty(). */
export function maskIsEmpty(m: BitMask): boolean {
  return m.length === 0;
}

/** AnySet(bits): whether any of the bits is set. */
export function maskAnySet(m: BitMask, bits: readonly number[]): boolean {
  return bits.some((b) => m.includes(b));
}
