/**
 * `kubectl describe pod` (kubectl/pkg/describe/describe.go): the header fields, the
 * (Init) Containers sections and the Events table (DescribeEvents). Event ages are relative
 * to when kubectl ran, so their times are negative µs ("2m" ago → -120 s); the container
 * Started times are absolute and are used only when the Events table is empty.
 */
import type { Collector } from './collector';
import type { Recognised } from './messages';
import { imageOfMessage } from './messages';
import { ageSeconds, cells, columnStarts, rfc1123Us } from './times';

const MODERN_ROW =
  /^\s+(Normal|Warning)\s+(\w+)\s+(\S+(?: \(x\d+ over [^)]+\))?)\s+(.+?)\s{2,}(.*)$/;

type Section = 'top' | 'containers' | 'init' | 'events' | 'other';

interface Row {
  us: number;
  line: number;
  text: string;
  r: Recognised;
}

export class DescribePodReader {
  private name = '';
  private ns = 'default';
  private section: Section = 'top';
  private container = '';
  private sub = '';
  private cols: { name: string; at: number }[] | null = null;
  private eventRows = 0;
  private started: Row[] = [];

  constructor(private readonly c: Collector) {}

  private get key(): string {
    return `${this.ns}/${this.name}`;
  }

  push(line: string, lineNo: number): boolean {
    if (/^Name:\s+\S/.test(line)) {
      this.flush();
      this.name = line.replace(/^Name:\s+/, '').trim();
      this.ns = 'default';
      this.section = 'top';
      this.c.formats.add('describe-pod');
      return true;
    }
    if (!this.name) return false;
    const top = /^([A-Z][\w ]*):\s*(.*)$/.exec(line);
    if (top) {
      const [, field, value] = top;
      if (field === 'Namespace') this.ns = value!.trim();
      else if (field === 'Node') this.c.node ??= value!.split('/')[0];
      else if (field === 'Containers') this.section = 'containers';
      else if (field === 'Init Containers') this.section = 'init';
      else if (field === 'Events') {
        this.section = 'events';
        this.cols = null;
      } else if (field !== 'Namespace') this.section = this.section === 'top' ? 'top' : 'other';
      return true;
    }
    if (this.section === 'containers' || this.section === 'init')
      return this.containerLine(line, lineNo);
    if (this.section === 'events') return this.eventLine(line, lineNo);
    return line.trim() === '' || /^\s/.test(line);
  }

  private containerLine(line: string, lineNo: number): boolean {
    const cm = /^ {2}([a-z0-9]([-a-z0-9]*[a-z0-9])?):\s*$/.exec(line);
    const pod = this.c.pod(this.key, 0);
    if (cm) {
      this.container = cm[1]!;
      this.c.container(pod, this.container, this.section === 'init');
      this.sub = '';
      return true;
    }
    if (!this.container) return /^\s*$/.test(line);
    const c = this.c.container(pod, this.container, this.section === 'init');
    const kv = /^ {4}(\S[^:]*):\s*(.*)$/.exec(line);
    if (kv) {
      this.sub = kv[1]!;
      if (kv[1] === 'Image') c.image = kv[2]!.trim();
      return true;
    }
    const deep = /^ {6}(\S[^:]*):\s*(.*)$/.exec(line);
    if (deep) {
      const [, k, v] = deep;
      if (k === 'Started' && this.sub === 'State') {
        const us = rfc1123Us(v!);
        if (us !== null)
          this.started.push({
            us,
            line: lineNo,
            text: line,
            r: { what: 'ContainerStarted', pods: [this.key], container: this.container },
          });
      } else if ((this.sub === 'Requests' || this.sub === 'Limits') && /^[a-z][\w./-]*$/.test(k!)) {
        const map = this.sub === 'Requests' ? (c.requests ??= {}) : (c.limits ??= {});
        map[k!] = v!.trim();
      }
    }
    return true;
  }

  private eventLine(line: string, lineNo: number): boolean {
    if (/^\s*$/.test(line) || /<none>/.test(line)) return true;
    if (!this.cols) {
      if (
        /^\s+Type\s+Reason\s+Age\s+From\s+Message/.test(line) ||
        /^\s+FirstSeen\s+LastSeen/.test(line)
      ) {
        this.cols = columnStarts(line);
        if (/FirstSeen/.test(line))
          this.c.tells.add(
            'v1.3',
            'describe Events with FirstSeen/LastSeen/SubObjectPath columns: kubectl ≤ v1.9',
          );
        return true;
      }
      return false;
    }
    if (/^\s+-+\s+-+/.test(line)) return true;
    // Columns are tabwriter-aligned, but a pasted row may not be: the modern layout is also
    // read by shape (Type Reason Age[ (xN over T)] From  Message, cells apart by 2+ spaces).
    const m = MODERN_ROW.exec(line);
    const row =
      m && this.cols.some((c) => c.name === 'Age')
        ? { Type: m[1]!, Reason: m[2]!, Age: m[3]!, From: m[4]!, Message: m[5]! }
        : (cells(line, this.cols) as Record<string, string | undefined>);
    const reason = row.Reason ?? '';
    if (!/^[A-Za-z]+$/.test(reason)) return false;
    // Age "30s (x3 over 2m)": the first occurrence was "over" ago.
    const ageText = row.Age ?? row.FirstSeen ?? '';
    const over = /\(x\d+ over ([^)]+)\)/.exec(ageText)?.[1];
    const age = ageSeconds((over ?? ageText).split(' ')[0]!);
    const us = age === null ? 0 : -age * 1_000_000;
    const message = row.Message ?? '';
    const from = row.From ?? '';
    if (/^kubelet, /.test(from) || /^\{kubelet /.test(from))
      this.c.node ??= from.replace(/^\{?kubelet,? /, '').replace(/\}$/, '');
    const fp = /spec\.(containers|initContainers)\{([^}]+)\}/.exec(row.SubObjectPath ?? '');
    this.eventRows++;
    this.c.add(us, lineNo, line, {
      what: `Event${reason}`,
      pods: [this.key],
      container: fp?.[2] ?? containerOfMessage(reason, message),
      data: { reason, type: row.Type ?? '', message },
      image: reason === 'Pulling' || reason === 'Pulled' ? imageOfMessage(message) : undefined,
    });
    return true;
  }

  flush(): void {
    if (this.name && this.eventRows === 0)
      for (const s of this.started) this.c.add(s.us, s.line, s.text, s.r);
    this.started = [];
    this.eventRows = 0;
    this.container = '';
    this.cols = null;
  }
}

/** "Created container: app" / "Started container app" / "Stopping container app" → app. */
export function containerOfMessage(reason: string, message: string): string | undefined {
  if (!/^(Created|Started|Killing|BackOff|Failed)$/.test(reason)) return undefined;
  return /(?:container:? |docker container )([a-z0-9]([-a-z0-9]*[a-z0-9])?)\b/.exec(message)?.[1];
}
