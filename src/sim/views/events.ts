/**
 * The Events rows kubectl describe shows, up to a step: the emissions passed through
 * client-go's event correlator (eventCorrelator.ts: aggregation, counting, spam filter), one row
 * per API Event object, sorted by last seen.
 */
import type { KubeEvent, Trace } from '../trace/types';
import { EventCorrelator, type CorrelatorOptions } from './eventCorrelator';

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
  /** Step of the latest emission that reached the API server. */
  step: number;
}

export function eventsAt(
  trace: Pick<Trace, 'events'>,
  step: number,
  object?: string,
  /** The run's correlator (correlatorOptions): its spam key and the kubelet's restarts. */
  options?: CorrelatorOptions,
): EventRow[] {
  const c = new EventCorrelator(options);
  for (const e of trace.events) {
    if (e.step >= step) break;
    if (object !== undefined && e.object !== object) continue;
    c.correlate(e);
  }
  // Stable sort by last seen (SortableEvents).
  return [...c.objects.values()]
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.lastSeen - b.r.lastSeen || a.i - b.i)
    .map(({ r }) => ({
      type: r.type,
      reason: r.reason,
      object: r.object,
      fieldPath: r.fieldPath,
      message: r.message,
      source: r.source,
      count: r.count,
      firstSeen: r.firstSeen,
      lastSeen: r.lastSeen,
      step: r.step,
    }));
}
