/**
 * The replay entry point: feed lines (streaming, any size), then read the result. The
 * first non-blank line decides the reader: kubectl describe pod, a kubectl get events
 * table, a JSON/YAML document (events, pods, cpu_manager_state), or a kubelet log (klog
 * text, printf-era, JSON lines, behind any journal prefix). Pure: no DOM, no clock.
 */
import { Collector } from './collector';
import { DescribePodReader } from './describePod';
import { readDocuments } from './documents';
import { EVENTS_HEADER, EventsTableReader } from './eventsTable';
import { LogReader } from './logReader';
import type { EventRow, ReplayEvent, ReplayOptions, ReplayResult } from './types';

/** Documents (JSON/YAML) are read whole: this bounds them. */
export const MAX_DOCUMENT_CHARS = 64 * 1024 * 1024;

type Mode = 'unknown' | 'log' | 'describe' | 'events-table' | 'document';

const DOC_START = /^(apiVersion|kind|items|metadata|spec|status|policyName|---)\b|^\s*[[{]/;

function isJsonLogLine(s: string): boolean {
  if (!s.startsWith('{')) return false;
  try {
    const o = JSON.parse(s) as unknown;
    return !!o && typeof o === 'object' && 'ts' in o && 'msg' in o;
  } catch {
    return false;
  }
}

export class Replayer {
  private readonly c: Collector;
  private mode: Mode = 'unknown';
  private readonly log: LogReader;
  private readonly describe: DescribePodReader;
  private readonly table: EventsTableReader;
  private doc: string[] = [];
  private docChars = 0;
  private docTooBig = false;

  constructor(opts: ReplayOptions) {
    this.c = new Collector({ sink: opts.sink, keep: opts.keep });
    this.log = new LogReader(this.c, opts.year);
    this.describe = new DescribePodReader(this.c);
    this.table = new EventsTableReader(this.c);
  }

  /** One line, without its line ending (a trailing CR is dropped here). */
  push(raw: string): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const n = ++this.c.lines;
    if (this.mode === 'unknown') {
      if (line.trim() === '') return;
      const t = line.trimStart();
      if (/^Name:\s+\S/.test(line)) this.mode = 'describe';
      else if (EVENTS_HEADER.test(line)) this.mode = 'events-table';
      else if (isJsonLogLine(t)) this.mode = 'log';
      else if (DOC_START.test(line)) this.mode = 'document';
      else this.mode = 'log';
    }
    let ok: boolean;
    switch (this.mode) {
      case 'describe':
        ok = this.describe.push(line, n);
        break;
      case 'events-table':
        ok = this.table.push(line, n);
        break;
      case 'document':
        this.docChars += line.length + 1;
        if (this.docChars > MAX_DOCUMENT_CHARS) this.docTooBig = true;
        else this.doc.push(line);
        ok = true;
        break;
      default:
        ok = this.log.push(line, n) || line.trim() === '';
    }
    if (!ok) this.c.skipped++;
  }

  finish(): ReplayResult {
    this.log.flush();
    this.describe.flush();
    if (this.mode === 'document') {
      const text = this.doc.join('\n');
      this.doc = [];
      if (this.docTooBig || !readDocuments(text, this.c)) this.c.skipped = this.c.lines;
    }
    return this.c.result();
  }
}

/** Replays a whole text (the app and tests; the CLI streams a file into a Replayer). */
export function replayText(text: string, opts: ReplayOptions): ReplayResult {
  const r = new Replayer(opts);
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) {
      if (start < text.length) r.push(text.slice(start));
      break;
    }
    r.push(text.slice(start, nl));
    start = nl + 1;
  }
  return r.finish();
}

/** `--format events`: t in ms since the first recognised record (µs kept as a fraction). */
export function eventRows(r: ReplayResult): EventRow[] {
  return r.events.map((e) => eventRow(e, r.originUs));
}

export function eventRow(e: ReplayEvent, originUs: number): EventRow {
  return {
    t: Math.round(e.us - originUs) / 1000,
    pod: e.pod,
    what: e.what,
    line: e.line,
    text: e.text,
  };
}

/** A one-line reason when nothing was recognised, else null. */
export function unusable(r: ReplayResult): string | null {
  if (r.recognised > 0) return null;
  if (r.lines === 0) return 'the input is empty';
  return (
    `nothing recognisable in ${r.lines} line${r.lines === 1 ? '' : 's'}: expected kubelet klog ` +
    'or JSON log lines (optionally behind a journald/syslog prefix), kubectl describe pod, ' +
    'kubectl get events (table, -o json or -o yaml), kubectl get pod -o yaml, or cpu_manager_state'
  );
}
