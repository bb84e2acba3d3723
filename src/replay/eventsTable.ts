/**
 * `kubectl get events` as a table, with or without its header row: LAST SEEN, TYPE, REASON,
 * OBJECT, MESSAGE (NAMESPACE first with -A; -o wide adds SUBOBJECT, SOURCE, FIRST SEEN, COUNT,
 * NAME), and the ≤ 1.9 layout (LASTSEEN FIRSTSEEN COUNT NAME KIND SUBOBJECT …). Ages are
 * relative to when kubectl ran (negative µs). Events about other objects (ReplicaSets,
 * Deployments) are read too, as node-wide records.
 */
import type { Collector } from './collector';
import { containerOfMessage } from './describePod';
import { nodeOfSource, parseEventRow } from './eventRows';
import { imageOfMessage } from './messages';
import { containerOfFieldPath } from './podRef';
import { ageSeconds, cells, columnStarts } from './times';

export const EVENTS_HEADER = /^(NAMESPACE\s+)?LAST ?SEEN\s+(TYPE|FIRST ?SEEN)\s+/;

export class EventsTableReader {
  private cols: { name: string; at: number }[] | null = null;
  /** The namespace a `-n ns` prompt gave (rows without a NAMESPACE column). */
  namespace = 'default';

  constructor(private readonly c: Collector) {}

  static starts(line: string): boolean {
    if (EVENTS_HEADER.test(line)) return true;
    const r = parseEventRow(line);
    return !!r && (r.layout === 'get' || r.layout === 'get-old');
  }

  push(line: string, lineNo: number): boolean {
    if (EVENTS_HEADER.test(line)) {
      this.cols = columnStarts(line);
      this.c.formats.add('events-table');
      return true;
    }
    if (line.trim() === '') return true;
    const row = parseEventRow(line);
    if (row && (row.layout === 'get' || row.layout === 'get-old')) {
      // -o wide's extra columns are read by the header (they sit between OBJECT and MESSAGE).
      const wide = this.cols?.some((c) => c.name === 'SUBOBJECT') ? cells(line, this.cols) : null;
      const fp = containerOfFieldPath(wide?.SUBOBJECT ?? row.fieldPath);
      const first = wide ? ageSeconds(wide['FIRST SEEN'] ?? '') : null;
      const age = first ?? row.firstAgo;
      const isPod = /^pods?$|^Pod$/.test(row.objectKind ?? '');
      const ns = wide?.NAMESPACE || row.namespace || this.namespace;
      const source = wide?.SOURCE ?? row.source;
      const node = nodeOfSource(source);
      if (node) this.c.node ??= node;
      const message = wide ? (wide.MESSAGE ?? row.message) : row.message;
      this.c.formats.add('events-table');
      this.c.add(age === null ? 0 : -age * 1_000_000, lineNo, line, {
        what: `Event${row.reason}`,
        pods: isPod && row.objectName ? [`${ns}/${row.objectName}`] : [],
        container: fp?.name ?? containerOfMessage(row.reason, message),
        init: fp?.init,
        data: {
          reason: row.reason,
          type: row.type ?? '',
          message,
          count: row.count,
          ...(isPod ? {} : { object: `${row.objectKind}/${row.objectName}` }),
        },
        image:
          row.reason === 'Pulling' || row.reason === 'Pulled' ? imageOfMessage(message) : undefined,
      });
      return true;
    }
    return false;
  }
}
