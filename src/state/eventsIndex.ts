/**
 * The Events table at any cursor from one pass per run. eventsAt (src/sim) passes every
 * emission before the cursor through client-go's EventCorrelator on each call: on a big
 * node that is thousands of emissions per seek. The correlator's result for an emission
 * does not depend on the cursor, so it runs once here, recording what each accepted
 * emission did to which API object (created it, or patched count, message, lastSeen and
 * step, as recordToSink does); a seek then takes each object's last patch before the
 * cursor. Same rows in the same order as eventsAt (tested in eventsIndex.test.ts).
 */
import {
  EventCorrelator,
  type CorrelatedEvent,
  type CorrelatorOptions,
  type EventRow,
  type SimulationRun,
} from '../sim';
import { lowerBound } from '../viz/timeline/windowQuery';

type Trace = Pick<SimulationRun['trace'], 'events'>;

interface ObjectHistory {
  readonly created: CorrelatedEvent;
  /** Emission indices of its patches (its creation first), ascending. */
  readonly at: number[];
  readonly count: number[];
  readonly message: string[];
  readonly lastSeen: number[];
  readonly step: number[];
}

export interface EventsIndex {
  /** Each emission's step, ascending (the trace's order). */
  readonly steps: readonly number[];
  /** API objects in order of creation. */
  readonly objects: readonly ObjectHistory[];
}

/**
 * Keyed by the events array (the trace object is rebuilt on its way to the page, the
 * events array is not: packedRun's readyPiece builds the index as it arrives).
 */
const cache = new WeakMap<Trace['events'], { index: EventsIndex; options: string }>();

export function eventsIndex(trace: Trace, options?: CorrelatorOptions): EventsIndex {
  // The same options make the same index (they are plain data, compared by value).
  const sig = JSON.stringify(options ?? {});
  const hit = cache.get(trace.events);
  if (hit?.options === sig) return hit.index;
  const c = new EventCorrelator(options);
  const objects: ObjectHistory[] = [];
  const byKey = new Map<string, ObjectHistory>();
  // A live iterator over the correlator's objects: it yields each one as it is created.
  const created = c.objects.values();
  // recordToSink patches an existing object in place, its step last: a setter on `step`
  // says which object an emission patched.
  let touchedKey: string | null = null;
  trace.events.forEach((e, i) => {
    const before = c.objects.size;
    touchedKey = null;
    if (!c.correlate(e)) return;
    let touched: ObjectHistory | undefined;
    if (c.objects.size > before) {
      const o = created.next().value as CorrelatedEvent;
      touched = {
        created: { ...o },
        at: [],
        count: [],
        message: [],
        lastSeen: [],
        step: [],
      };
      objects.push(touched);
      byKey.set(o.key, touched);
      let step = o.step;
      Object.defineProperty(o, 'step', {
        enumerable: true,
        get: () => step,
        set: (v: number) => {
          step = v;
          touchedKey = o.key;
        },
      });
    } else if (touchedKey !== null) {
      touched = byKey.get(touchedKey);
    }
    if (!touched) return;
    const o = c.objects.get(touched.created.key)!;
    touched.at.push(i);
    touched.count.push(o.count);
    touched.message.push(o.message);
    touched.lastSeen.push(o.lastSeen);
    touched.step.push(o.step);
  });
  const index = { steps: trace.events.map((e) => e.step), objects };
  cache.set(trace.events, { index, options: sig });
  return index;
}

/** eventsAt(trace, step) from the index: the API objects as they were before `step`. */
export function indexedEventsAt(
  trace: Trace,
  step: number,
  /** The run's correlator (correlatorOptions); the index is built with it once per run. */
  options?: CorrelatorOptions,
): EventRow[] {
  const ix = eventsIndex(trace, options);
  const n = lowerBound(ix.steps, step);
  const rows: { r: EventRow; i: number }[] = [];
  ix.objects.forEach((h, i) => {
    if (h.at[0]! >= n) return;
    // The last patch before the cursor.
    let k = lowerBound(h.at, n) - 1;
    if (k < 0) k = 0;
    const o = h.created;
    rows.push({
      i,
      r: {
        type: o.type,
        reason: o.reason,
        object: o.object,
        fieldPath: o.fieldPath,
        message: h.message[k]!,
        source: o.source,
        count: h.count[k]!,
        firstSeen: o.firstSeen,
        lastSeen: h.lastSeen[k]!,
        step: h.step[k]!,
      },
    });
  });
  // Stable sort by last seen (SortableEvents), as eventsAt does.
  return rows.sort((a, b) => a.r.lastSeen - b.r.lastSeen || a.i - b.i).map(({ r }) => r);
}
