/**
 * The Events rows kubectl describe shows, up to a step: emissions aggregated as client-go's
 * event correlator does for identical events (same object incl. field path, type, reason,
 * message, source) -> one row with a count and first/last seen, sorted by last seen.
 */
import type { KubeEvent, Trace } from '../trace/types';

export interface EventRow {
  type: KubeEvent['type'];
  reason: string;
  object: string;
  fieldPath: string | null;
  message: string;
  source: string;
  count: number;
  firstSeen: number;
  lastSeen: number;
  /** Step of the latest emission. */
  step: number;
}

export function eventsAt(trace: Pick<Trace, 'events'>, step: number, object?: string): EventRow[] {
  const rows = new Map<string, EventRow>();
  for (const e of trace.events) {
    if (e.step >= step) break;
    if (object !== undefined && e.object !== object) continue;
    const key = `${e.object}\u0000${e.fieldPath ?? ''}\u0000${e.type}\u0000${e.reason}\u0000${e.message}\u0000${e.source}`;
    const row = rows.get(key);
    if (row) {
      row.count++;
      row.lastSeen = e.t;
      row.step = e.step;
    } else {
      rows.set(key, {
        type: e.type,
        reason: e.reason,
        object: e.object,
        fieldPath: e.fieldPath,
        message: e.message,
        source: e.source,
        count: 1,
        firstSeen: e.t,
        lastSeen: e.t,
        step: e.step,
      });
    }
  }
  // Stable sort by last seen (SortableEvents).
  return [...rows.values()]
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.lastSeen - b.r.lastSeen || a.i - b.i)
    .map((x) => x.r);
}
