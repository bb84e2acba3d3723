/**
 * A minor's message table: 1.18's printf lines and Event texts with every klog and event row of
 * the changelog up to the minor applied. Undefined for a minor that prints exactly as the
 * machines do (the current release): its runs need no table between the effects and the trace.
 */
import type { KubeletRun } from '../../kubelet/config';
import type { KubeletDomain } from '../../kubelet/types';
import type { EventRewrite, KlogForm, KlogKey, MessageTable } from '../messages';
import { minorNumber, type KubeletMinor } from '../names';
import { KLOG } from '../../kubelet/klog';
import { KLOG_1_18 } from '../v1_18/klog';
import { eventId, SAME_EVENT, type EventForm, type EventId, type EventIn } from './eventForms';
import { EVENTS_1_18, EVENT_ROWS } from './events';
import { KLOG_ROWS, KLOG_SOURCES } from './klog';
import { NATIVE } from './klogForms';
import { rowsUpTo } from './profile';

const tables = new Map<KubeletMinor, MessageTable | undefined>();

export function messageTableOf(v: KubeletMinor): MessageTable | undefined {
  if (tables.has(v)) return tables.get(v);
  const klog: Partial<Record<KlogKey, KlogForm>> = { ...KLOG_1_18 };
  for (const r of rowsUpTo(KLOG_ROWS, v)) Object.assign(klog, r.klog);
  const events: Partial<Record<EventId, EventForm>> = { ...EVENTS_1_18 };
  for (const r of rowsUpTo(EVENT_ROWS, v)) Object.assign(events, r.events);
  // Only the lines whose file:line differs from today's.
  const sources = Object.fromEntries(
    Object.entries(KLOG_SOURCES[v] ?? {}).filter(
      ([k, where]) => (KLOG as Record<string, { source: string }>)[k]?.source !== where,
    ),
  ) as MessageTable['sources'];
  // A line today's kubelet no longer prints, not printed by the release either, is as native.
  const retired = (k: string) => (KLOG as Record<string, { retired?: true }>)[k]?.retired === true;
  const native =
    Object.entries(klog).every(([k, f]) => f === NATIVE || (f === null && retired(k))) &&
    Object.values(events).every((f) => f === SAME_EVENT) &&
    Object.keys(sources ?? {}).length === 0;
  const event: EventRewrite = (e: EventIn, run: KubeletRun, d: KubeletDomain) => {
    const form = events[eventId(e)];
    return form ? form(e, run, d) : e;
  };
  const table: MessageTable | undefined = native
    ? undefined
    : {
        minor: minorNumber(v),
        klog: Object.fromEntries(Object.entries(klog).filter(([, f]) => f !== NATIVE)),
        event,
        sources,
      };
  tables.set(v, table);
  return table;
}
