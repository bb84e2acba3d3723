/** The last few kubectl-get-pods answers per run (shared by the Pods panel and the Inspector). */
import { podsAt, type SimulationRun, type World, type KubeletDomain } from '../sim';

/**
 * podsAt replays from the nearest checkpoint; the Pods panel and the Inspector ask
 * for the same cursor, so the last few answers are kept per run.
 */
const podsCache = new WeakMap<SimulationRun, Map<number, ReturnType<typeof podsAt>>>();
export function cachedPodsAt(r: SimulationRun, cursor: number): ReturnType<typeof podsAt> {
  let m = podsCache.get(r);
  if (!m) podsCache.set(r, (m = new Map<number, ReturnType<typeof podsAt>>()));
  let rows = m.get(cursor);
  if (!rows) {
    rows = podsAt(r, cursor);
    if (m.size >= 8) m.delete(m.keys().next().value!);
    m.set(cursor, rows);
  }
  return rows;
}

/** The world after `cursor` steps (a replay from a checkpoint), the last few per run. */
const worldCache = new WeakMap<SimulationRun, Map<number, World<KubeletDomain>>>();
export function cachedStateAt(r: SimulationRun, cursor: number): World<KubeletDomain> {
  let m = worldCache.get(r);
  if (!m) worldCache.set(r, (m = new Map<number, World<KubeletDomain>>()));
  let w = m.get(cursor);
  if (!w) {
    w = r.stateAt(cursor);
    if (m.size >= 4) m.delete(m.keys().next().value!);
    m.set(cursor, w);
  }
  return w;
}
