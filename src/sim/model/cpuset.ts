/**
 * CPU sets, modelled on k8s.io/utils/cpuset. A CPUSet is a plain sorted array of unique,
 * non-negative CPU ids: JSON-able, structuredClone-able, and cheap to merge. Every operation is
 * pure and linear in the sizes of its inputs (merges of sorted arrays), which keeps 4096-CPU
 * machines fast without bitset bookkeeping.
 */
import { err, ok, type Result } from './result';

/** Sorted (ascending), duplicate-free CPU ids. Build one with {@link cpuset}, never by hand. */
export type CPUSet = readonly number[];

/** Largest CPU id accepted by the parser: guards against "0-999999999" freezing a tab. */
export const MAX_CPU_ID = 65535;

/** The empty set. */
export const EMPTY_CPUSET: CPUSet = Object.freeze([]);

/** Builds a set from ids in any order, with duplicates (cpuset.New). */
export function cpuset(ids: Iterable<number>): CPUSet {
  const arr = Array.from(ids);
  arr.sort((a, b) => a - b);
  const out: number[] = [];
  for (const id of arr) if (out.length === 0 || out[out.length - 1] !== id) out.push(id);
  return out;
}

/** Whether ids are sorted ascending without duplicates (the CPUSet invariant). */
export function isCPUSet(ids: readonly number[]): boolean {
  for (let i = 1; i < ids.length; i++)
    if ((ids[i] as number) <= (ids[i - 1] as number)) return false;
  return true;
}

/** Membership by binary search. */
export function contains(set: CPUSet, id: number): boolean {
  let lo = 0;
  let hi = set.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = set[mid] as number;
    if (v === id) return true;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** a ∪ b ∪ ... (CPUSet.Union). */
export function union(a: CPUSet, ...rest: CPUSet[]): CPUSet {
  let acc = a;
  for (const b of rest) acc = union2(acc, b);
  return acc;
}

function union2(a: CPUSet, b: CPUSet): CPUSet {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      out.push(x);
      i++;
      j++;
    } else if (x < y) {
      out.push(x);
      i++;
    } else {
      out.push(y);
      j++;
    }
  }
  while (i < a.length) out.push(a[i++] as number);
  while (j < b.length) out.push(b[j++] as number);
  return out;
}

/** a ∩ b (CPUSet.Intersection). */
export function intersection(a: CPUSet, b: CPUSet): CPUSet {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      out.push(x);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out;
}

/** a − b (CPUSet.Difference). */
export function difference(a: CPUSet, b: CPUSet): CPUSet {
  if (b.length === 0) return a;
  const out: number[] = [];
  let j = 0;
  for (const x of a) {
    while (j < b.length && (b[j] as number) < x) j++;
    if (j < b.length && b[j] === x) continue;
    out.push(x);
  }
  return out;
}

/** Set equality (CPUSet.Equals). */
export function equals(a: CPUSet, b: CPUSet): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** a ⊆ b (CPUSet.IsSubsetOf). */
export function isSubsetOf(a: CPUSet, b: CPUSet): boolean {
  return intersection(a, b).length === a.length;
}

/** Whether the sets share no CPU. */
export function isDisjoint(a: CPUSet, b: CPUSet): boolean {
  return intersection(a, b).length === 0;
}

/** The kernel list format, e.g. "0-3,8-11" or "2,6"; "" for the empty set (CPUSet.String). */
export function formatCPUSet(set: CPUSet): string {
  if (set.length === 0) return '';
  const parts: string[] = [];
  let start = set[0] as number;
  let end = start;
  for (let i = 1; i <= set.length; i++) {
    const v = set[i];
    if (v !== undefined && v === end + 1) {
      end = v;
      continue;
    }
    parts.push(start === end ? String(start) : `${start}-${end}`);
    if (v !== undefined) {
      start = v;
      end = v;
    }
  }
  return parts.join(',');
}

// strconv.Atoi's grammar: optional sign, then decimal digits only.
function atoi(s: string): Result<number> {
  if (!/^[+-]?[0-9]+$/.test(s)) return err(`strconv.Atoi: parsing ${goQuote(s)}: invalid syntax`);
  const n = Number(s);
  if (!Number.isSafeInteger(n))
    return err(`strconv.Atoi: parsing ${goQuote(s)}: value out of range`);
  return ok(n);
}

function goQuote(s: string): string {
  return JSON.stringify(s);
}

function checkId(id: number, piece: string): Result<number> {
  if (id < 0) return err(`negative CPU id ${id} in ${goQuote(piece)}`);
  if (id > MAX_CPU_ID) return err(`CPU id ${id} in ${goQuote(piece)} is larger than ${MAX_CPU_ID}`);
  return ok(id);
}

/**
 * Parses the kernel list format (cpuset.Parse): comma-separated ids and inclusive ranges, in any
 * order, overlaps allowed ("0-29,40-69,30,31"). The empty string is the empty set. Errors carry
 * Go's text (e.g. `strconv.Atoi: parsing "x": invalid syntax`, `invalid range "5-3" (5 > 3)`),
 * plus two guards Go lacks: negative ids and ids above {@link MAX_CPU_ID}.
 */
export function parseCPUSet(text: string): Result<CPUSet> {
  if (text === '') return ok(EMPTY_CPUSET);
  const ids: number[] = [];
  for (const piece of text.split(',')) {
    const dash = piece.indexOf('-', 1);
    if (dash < 0) {
      const n = atoi(piece);
      if (!n.ok) return n;
      const id = checkId(n.value, piece);
      if (!id.ok) return id;
      ids.push(id.value);
      continue;
    }
    const a = atoi(piece.slice(0, dash));
    if (!a.ok) return a;
    const b = atoi(piece.slice(dash + 1));
    if (!b.ok) return b;
    if (a.value > b.value) return err(`invalid range ${goQuote(piece)} (${a.value} > ${b.value})`);
    const lo = checkId(a.value, piece);
    if (!lo.ok) return lo;
    const hi = checkId(b.value, piece);
    if (!hi.ok) return hi;
    for (let id = lo.value; id <= hi.value; id++) ids.push(id);
  }
  return ok(cpuset(ids));
}

/** Parses text that must be valid (fixtures, constants); throws with the parse error otherwise. */
export function mustParseCPUSet(text: string): CPUSet {
  const r = parseCPUSet(text);
  if (!r.ok) throw new Error(`invalid cpuset ${goQuote(text)}: ${r.error}`);
  return r.value;
}
