/**
 * The replay entry point: feed lines (streaming, any size), then read the result. Each line goes
 * to the reader of the output it is part of, and a line that reader cannot take is sniffed for
 * the start of another: a paste can hold a kubelet log, then a `kubectl describe pod`, then a
 * pod's YAML. Readers: kubelet and container runtime logs (klog text, printf-era, JSON lines,
 * behind any journal prefix), kubectl describe pod (whole or excerpts), kubectl get events and
 * get pods tables (with or without header), and JSON/YAML documents (events, pods, status
 * fragments, the kubelet's checkpoint files). A shell prompt line (`$ kubectl describe pod x`)
 * names the pod of the excerpt after it. Pure: no DOM, no clock.
 */
import { Collector } from './collector';
import { DescribePodReader, UNNAMED_POD } from './describePod';
import { readDocuments } from './documents';
import { EventsTableReader } from './eventsTable';
import { LogReader } from './logReader';
import { cleanLine, parseKubectl, type KubectlCommand } from './paste';
import { PodsTableReader } from './podsTable';
import type { EventRow, ReplayEvent, ReplayOptions, ReplayResult } from './types';

/** Documents (JSON/YAML) are read whole: this bounds them. */
export const MAX_DOCUMENT_CHARS = 64 * 1024 * 1024;

type Mode = 'unknown' | 'log' | 'describe' | 'events' | 'pods' | 'document';

/** The first line of a JSON/YAML document or of a status fragment. */
const DOC_START =
  /^\s*(?:-\s+)?"?(?:apiVersion|kind|items|metadata|spec|status|phase|policyName|machineState|Data|Checksum|containerStatuses|initContainerStatuses|conditions|lastState|state|restartCount)"?\s*:|^\s*[[{]|^\s*"[\w.-]+"\s*:\s*[[{]\s*$|^---\s*$/;

/** A pod document's or status fragment's own keys (not a line of a log record's value). */
const STATUS_KEY =
  /^\s*(?:-\s+)?"?(?:apiVersion|status|containerStatuses|initContainerStatuses|lastState)"?\s*:/;

export class Replayer {
  private readonly c: Collector;
  private mode: Mode = 'unknown';
  private readonly log: LogReader;
  private readonly describe: DescribePodReader;
  private readonly table: EventsTableReader;
  private readonly podsTable: PodsTableReader;
  private doc: string[] = [];
  private docStart = 0;
  private docChars = 0;
  private docTooBig = false;
  private prompt: KubectlCommand | null = null;

  constructor(opts: ReplayOptions) {
    this.c = new Collector({ sink: opts.sink, keep: opts.keep });
    this.log = new LogReader(this.c, opts.year);
    this.describe = new DescribePodReader(this.c);
    this.table = new EventsTableReader(this.c);
    this.podsTable = new PodsTableReader(this.c);
  }

  /** One line, without its line ending (a trailing CR is dropped here). */
  push(raw: string): void {
    const n = ++this.c.lines;
    const line = cleanLine(raw);
    if (this.mode === 'document') {
      if (!this.leavesDocument(line)) {
        this.docChars += line.length + 1;
        if (this.docChars > MAX_DOCUMENT_CHARS) this.docTooBig = true;
        else this.doc.push(line);
        return;
      }
      this.endDocument();
    }
    if (this.mode === 'unknown' && line.trim() === '') return;
    const cmd = parseKubectl(line);
    if (cmd) {
      this.command(cmd, n);
      return;
    }
    // A status document pasted under a log (its keys indented as `kubectl get -o yaml` prints
    // them) is no continuation of the log's last record.
    const docAfterLog =
      this.mode === 'log' && !this.log.open && STATUS_KEY.test(line) && DOC_START.test(line);
    if (this.mode !== 'unknown' && !docAfterLog && this.reader(this.mode, line, n)) return;
    const next = this.sniff(line);
    if (next) {
      this.enter(next, n);
      if (next === 'document') {
        this.doc.push(line);
        this.docChars += line.length + 1;
        return;
      }
      if (this.reader(next, line, n)) return;
    }
    if (line.trim() !== '') this.c.skipped++;
  }

  /** A `kubectl describe pod x` / `kubectl get …` prompt: what follows is its output. */
  private command(cmd: KubectlCommand, n: number): void {
    this.c.saw('kubectl command line');
    this.prompt = cmd;
    const ns = cmd.namespace ?? 'default';
    if (cmd.output && /^(ya?ml|json)$/.test(cmd.output)) this.enter('document', n + 1);
    else if (cmd.verb === 'describe' && cmd.resource === 'pod') {
      this.enter('describe', n);
      this.describe.begin({ ...(cmd.name ? { pod: `${ns}/${cmd.name}` } : {}) });
    } else if (cmd.resource === 'events') {
      this.enter('events', n);
      this.table.namespace = ns;
    } else if (cmd.resource === 'pod') {
      this.enter('pods', n);
      this.podsTable.namespace = ns;
    }
  }

  private sniff(line: string): Mode | null {
    if (LogReader.starts(line)) return 'log';
    if (DescribePodReader.starts(line)) return 'describe';
    if (EventsTableReader.starts(line)) return 'events';
    if (PodsTableReader.starts(line)) return 'pods';
    if (DOC_START.test(line)) return 'document';
    return null;
  }

  private enter(mode: Mode, n: number): void {
    if (mode === this.mode) return;
    if (this.mode === 'describe') this.describe.flush();
    if (this.mode === 'log') this.log.flush();
    if (this.mode === 'document') this.endDocument();
    this.mode = mode;
    if (mode === 'describe' && !this.describe.active) {
      const p = this.prompt;
      this.describe.begin(
        p?.verb === 'describe' && p.name ? { pod: `${p.namespace ?? 'default'}/${p.name}` } : {},
      );
    }
    if (mode === 'document') {
      this.doc = [];
      this.docChars = 0;
      this.docStart = n;
    }
  }

  private reader(mode: Mode, line: string, n: number): boolean {
    switch (mode) {
      case 'log':
        return this.log.push(line, n);
      case 'describe':
        return this.describe.push(line, n);
      case 'events':
        return this.table.push(line, n);
      case 'pods':
        return this.podsTable.push(line, n);
      default:
        return false;
    }
  }

  /** Output of another kind after a document ends it (a log line, a describe, a prompt). */
  private leavesDocument(line: string): boolean {
    if (parseKubectl(line)) return true;
    if (/^Name:\s+\S/.test(line)) return true;
    return /^[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d{6}\s+\d+ \S+:\d+\]/.test(line);
  }

  private endDocument(): void {
    const text = this.doc.join('\n');
    const lines = this.doc.length;
    this.doc = [];
    this.mode = 'unknown';
    if (text.trim() === '') return;
    const p = this.prompt;
    const pod = p?.name ? `${p.namespace ?? 'default'}/${p.name}` : undefined;
    const ok =
      !this.docTooBig &&
      readDocuments(text, this.c, { lineOffset: this.docStart - 1, ...(pod ? { pod } : {}) });
    if (!ok) this.c.skipped += text.split('\n').filter((l) => l.trim() !== '').length || lines;
    this.docTooBig = false;
  }

  finish(): ReplayResult {
    if (this.mode === 'document') this.endDocument();
    this.log.flush();
    this.describe.flush();
    this.c.nameUnnamed(UNNAMED_POD);
    return this.c.result();
  }
}

/** Replays a whole text (the app and tests; the CLI streams a file into a Replayer). */
export function replayText(text: string, opts: ReplayOptions): ReplayResult {
  const r = new Replayer(opts);
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
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

const EXPECTED =
  'expected kubelet klog or JSON log lines (optionally behind a journald/syslog prefix), ' +
  'containerd or CRI-O log lines, kubectl describe pod (or an excerpt), kubectl get events or ' +
  'get pods rows, a pod or its status as YAML/JSON, or a kubelet state file ' +
  '(cpu_manager_state, memory_manager_state, kubelet_internal_checkpoint)';

const plural = (n: number, w: string) => `${n.toLocaleString('en')} ${w}${n === 1 ? '' : 's'}`;

/** A one-line reason when nothing usable was read (no record about a pod or the node), else null. */
export function unusable(r: ReplayResult): string | null {
  const state = r.events.some((e) =>
    /^(CpuManagerState|MemoryManagerState|DeviceRegistered|DeviceCheckpoint)$/.test(e.what),
  );
  if (r.recognised > 0 && (r.pods.size > 0 || state)) return null;
  if (r.lines === 0) return 'the input is empty';
  const seen = Object.entries(r.seen)
    .filter(([k]) => k !== 'kubectl command line')
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => plural(n, k));
  if (seen.length === 0) return `nothing recognisable in ${plural(r.lines, 'line')}: ${EXPECTED}`;
  const files = Object.entries(r.unknownByFile)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([f, n]) => `${n} from ${f}`);
  return (
    `${seen.join(', ')}, none about a pod` +
    (files.length ? ` (messages the replay does not read: ${files.join(', ')})` : '') +
    `; ${EXPECTED}`
  );
}
