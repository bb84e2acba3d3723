/**
 * Seeded PRNG (mulberry32) whose whole state is one 32-bit integer, so a
 * world checkpoint captures it as data. Sub-streams are derived from
 * (seed, name) so a new pod does not shift every other random draw.
 */
export interface Rng {
  state: number;
}

export function createRng(seed: number): Rng {
  return { state: seed >>> 0 };
}

/** A float in [0, 1); advances the state. */
export function nextFloat(rng: Rng): number {
  rng.state = (rng.state + 0x6d2b79f5) >>> 0;
  let t = rng.state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** An integer in [min, max] inclusive. */
export function nextInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(nextFloat(rng) * (max - min + 1));
}

/** FNV-1a hash of a string, for deriving sub-stream seeds. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function deriveSeed(seed: number, name: string): number {
  return (hashString(name) ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0;
}

/**
 * wait.Jitter(d, maxFactor) from k8s.io/apimachinery: d + rand*maxFactor*d.
 * The pod workers use it for requeue delays with maxFactor 0.5.
 */
export function jitter(rng: Rng, ms: number, maxFactor: number): number {
  return ms + Math.floor(nextFloat(rng) * maxFactor * ms);
}
