/**
 * `kubectl get events` as a table (printers.go eventColumnDefinitions): LAST SEEN, TYPE,
 * REASON, OBJECT, MESSAGE; NAMESPACE first with -A; -o wide adds SUBOBJECT, SOURCE,
 * FIRST SEEN, COUNT, NAME. Ages are relative to when kubectl ran (negative µs).
 */
import type { Collector } from './collector';
import { containerOfMessage } from './describePod';
import { imageOfMessage } from './messages';
import { containerOfFieldPath } from './podRef';
import { ageSeconds, cells, columnStarts } from './times';

export const EVENTS_HEADER = /^(NAMESPACE\s+)?LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+/;

export class EventsTableReader {
  private cols: { name: string; at: number }[] | null = null;

  constructor(private readonly c: Collector) {}

  push(line: string, lineNo: number): boolean {
    if (EVENTS_HEADER.test(line)) {
      this.cols = columnStarts(line);
      this.c.formats.add('events-table');
      return true;
    }
    if (!this.cols || line.trim() === '') return false;
    const row = cells(line, this.cols);
    const reason = row.REASON ?? '';
    const obj = /^pod\/([a-z0-9]([-a-z0-9.]*[a-z0-9])?)$/.exec(row.OBJECT ?? '');
    if (!/^[A-Za-z]+$/.test(reason)) return false;
    const ns = row.NAMESPACE || 'default';
    const first = ageSeconds(row['FIRST SEEN'] ?? '');
    const last = ageSeconds(row['LAST SEEN'] ?? '');
    const age = first ?? last;
    const message = row.MESSAGE ?? '';
    const fp = containerOfFieldPath(row.SUBOBJECT);
    const source = row.SOURCE ?? '';
    if (source.startsWith('kubelet, ')) this.c.node ??= source.slice(9);
    this.c.add(age === null ? 0 : -age * 1_000_000, lineNo, line, {
      what: `Event${reason}`,
      pods: obj ? [`${ns}/${obj[1]}`] : [],
      container: fp?.name ?? containerOfMessage(reason, message),
      init: fp?.init,
      data: { reason, type: row.TYPE ?? '', message },
      image: reason === 'Pulling' || reason === 'Pulled' ? imageOfMessage(message) : undefined,
    });
    return true;
  }
}
