/** Counter-based ids: deterministic, no randomness, kept in the world so checkpoints restore them. */
export type IdCounters = Record<string, number>;

export function nextId(counters: IdCounters, prefix: string): string {
  const n = (counters[prefix] ?? 0) + 1;
  counters[prefix] = n;
  return `${prefix}-${n}`;
}

/** A 64-hex-digit runtime id derived from a counter, as containerd would print one. */
export function runtimeId(n: number, salt: number): string {
  let h = (n * 2654435761 + salt) >>> 0;
  let out = '';
  for (let i = 0; i < 8; i++) {
    h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
    out += h.toString(16).padStart(8, '0');
  }
  return out;
}
