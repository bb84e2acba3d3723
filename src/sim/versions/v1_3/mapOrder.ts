/**
 * The order `for idx := range containerChanges.ContainersToStart` visits a Go map[int]string in
 * v1.3.0's DockerManager.SyncPod (docker_manager.go line 2067), derived from the go1.6 runtime's
 * mapiterinit/mapiternext (hashmap.go): with at most 8 entries the map is one bucket whose slots
 * hold the keys in insertion (spec) order; iteration starts at a random slot offset 0..7 and
 * wraps, so the order is a rotation of spec order. The offset is drawn from the scenario's
 * seeded PRNG: random across seeds, reproducible for one. Beyond 8 entries the map grows
 * buckets; the start bucket is random too, and a rotation is kept as the model.
 */
export function goMapOrder<T>(inSpecOrder: readonly T[], offset: number): T[] {
  const n = inSpecOrder.length;
  if (n === 0) return [];
  if (n > 8) {
    const k = offset % n;
    return [...inSpecOrder.slice(k), ...inSpecOrder.slice(0, k)];
  }
  const out: T[] = [];
  // Slots 0..7; slot i holds entry i when i < n. Visit (i + offset) & 7 for i = 0..7.
  for (let i = 0; i < 8; i++) {
    const slot = (i + offset) & 7;
    if (slot < n) out.push(inSpecOrder[slot]!);
  }
  return out;
}
