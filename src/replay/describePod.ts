/**
 * `kubectl describe pod` (kubectl/pkg/describe/describe.go), whole or any excerpt as people
 * paste it: the header fields, the Init Containers / Containers blocks (State, Reason, Exit Code,
 * Started, Finished, Last State, Ready, Restart Count, probes, resources), Conditions and the
 * Events table, in the 1.0 (tabs, FirstSeen …), 1.3–1.9 and current layouts, with or without
 * `Name:`, `Events:` or the header row, even with the indentation lost. Every such line is a
 * record of its own. Event ages are relative to when kubectl ran (negative µs: "2m" ago is
 * -120 s); the other fields describe that moment (µs 0) and keep their absolute times as data.
 * An excerpt without `Name:` belongs to the pod the shell prompt before it named, or the one
 * its Scheduled event names, else a placeholder pod.
 */
import type { Collector } from './collector';
import type { Recognised } from './messages';
import { imageOfMessage } from './messages';
import { nodeOfSource, parseEventRow, type EventRow } from './eventRows';
import { containerOfFieldPath } from './podRef';
import { rfc1123Us } from './times';

/** The pod an excerpt is about when nothing in it says. */
export const UNNAMED_POD = 'default/unnamed-pod';
/** The container a State block is about when the excerpt names none. */
export const UNNAMED_CONTAINER = 'unnamed';

type Section = 'top' | 'containers' | 'init' | 'conditions' | 'events' | 'other';
type Block = 'state' | 'last' | null;
type Sub = 'resources-limits' | 'resources-requests' | 'skip' | null;

/** Keys that only ever start a pod-level section. */
const SECTION_KEYS: Record<string, Section> = {
  Containers: 'containers',
  'Init Containers': 'init',
  'Ephemeral Containers': 'other',
  Conditions: 'conditions',
  Events: 'events',
  Volumes: 'other',
  'QoS Class': 'other',
  'Node-Selectors': 'other',
  Tolerations: 'other',
  'Topology Spread Constraints': 'other',
  'Readiness Gates': 'other',
};

const CONTAINER_KEYS = new Set([
  'Container ID',
  'Image',
  'Image ID',
  'Port',
  'Ports',
  'Host Port',
  'Host Ports',
  'Command',
  'Args',
  'State',
  'Last State',
  'Last Termination State',
  'Reason',
  'Message',
  'Exit Code',
  'Signal',
  'Started',
  'Finished',
  'Ready',
  'Restart Count',
  'Limits',
  'Requests',
  'Liveness',
  'Readiness',
  'Startup',
  'Environment',
  'Environment Variables',
  'Environment Variables from',
  'Mounts',
  'QoS Tier',
  'Devices',
  'SeccompProfile',
  'Allocated Resources',
  'Resize Policy',
]);

/** Keys that only a container block has. */
const STATE_KEYS = new Set([
  'State',
  'Last State',
  'Last Termination State',
  'Exit Code',
  'Restart Count',
  'Finished',
]);

const FIELD = /^(\s*)([A-Z][A-Za-z ()/.-]*?):(?:[ \t]+(.*?))?\s*$/;
const CONTAINER_NAME = /^(\s{0,3})([a-z0-9]([-a-z0-9]*[a-z0-9])?):\s*$/;

interface Row {
  us: number;
  line: number;
  text: string;
  r: Recognised;
}

export interface DescribeContext {
  /** The pod a `kubectl describe pod x -n ns` prompt named, if any. */
  readonly pod?: string;
}

export class DescribePodReader {
  private key: string | null = null;
  private section: Section = 'top';
  private container = '';
  private block: Block = null;
  private sub: Sub = null;
  private eventRows = 0;
  private started: Row[] = [];
  /** Records read before the pod is known. */
  private held: Row[] = [];
  private ns = 'default';
  active = false;

  constructor(private readonly c: Collector) {}

  /** A line that starts (or is part of) a describe: the dispatcher asks before switching. */
  static starts(line: string): boolean {
    if (/^Name:\s+\S/.test(line) || /^Events:/.test(line.trimStart())) return true;
    if (/^\s*Type\s+Reason\s+Age\s+From\s+Message/.test(line)) return true;
    if (/^\s*FirstSeen\s+LastSeen\s+Count\s+From/i.test(line)) return true;
    const f = FIELD.exec(line);
    if (
      f &&
      /^(State|Last State|Last Termination State|Restart Count|Init Containers|Containers)$/.test(
        f[2]!,
      )
    )
      return true;
    const e = parseEventRow(line);
    return !!e && (e.layout === 'describe' || e.layout === 'describe-old');
  }

  /** Starts reading (a new describe, or an excerpt), for `pod` when a prompt named it. */
  begin(ctx: DescribeContext): void {
    this.flush();
    this.active = true;
    this.key = ctx.pod ?? null;
    this.ns = ctx.pod ? ctx.pod.split('/')[0]! : 'default';
    this.section = 'top';
  }

  push(line: string, lineNo: number): boolean {
    if (/^Name:\s+\S/.test(line)) {
      this.flush();
      this.active = true;
      const name = line.replace(/^Name:\s+/, '').trim();
      this.key = `${this.ns}/${name}`;
      this.section = 'top';
      this.c.formats.add('describe-pod');
      return true;
    }
    if (line.trim() === '' || /^\s*(\.\.\.+|…)\s*$/.test(line)) return true;
    if (this.sub === 'resources-limits' || this.sub === 'resources-requests') {
      const r = /^\s*([a-z][\w./-]*):\s*(\S+)\s*$/.exec(line);
      if (r) {
        const info = this.c.container(
          this.c.pod(this.keyOrUnnamed(), 0),
          this.container || UNNAMED_CONTAINER,
          this.section === 'init',
        );
        const map = this.sub === 'resources-limits' ? (info.limits ??= {}) : (info.requests ??= {});
        map[r[1]!] = r[2]!;
        return true;
      }
    }
    const f = FIELD.exec(line);
    if (f) {
      const [, indent, key, value = ''] = f;
      if (this.fieldLine(indent!.length, key!, value, line, lineNo)) return true;
    }
    if (this.section === 'containers' || this.section === 'init') {
      const cm = CONTAINER_NAME.exec(line);
      if (cm && (this.sub === null || cm[1]!.length <= 2)) {
        this.openContainer(cm[2]!);
        return true;
      }
      if (this.sub) return true;
      return /^\s{4,}/.test(line);
    }
    if (this.section === 'events' || this.section === 'top' || this.section === 'other') {
      if (this.eventLine(line, lineNo)) return true;
    }
    if (this.section === 'conditions') return this.conditionLine(line, lineNo);
    // A header field's value on its own lines (Labels, Annotations, IPs) and other sections' body.
    if (/^\s/.test(line)) return true;
    // A terminal wrapping a long Events row (an id cut in two).
    return this.section === 'events' && /^[0-9a-f]{4,}\s*$/.test(line);
  }

  private fieldLine(indent: number, key: string, value: string, line: string, n: number): boolean {
    const section = SECTION_KEYS[key];
    if (section && (indent === 0 || !CONTAINER_KEYS.has(key))) {
      this.closeContainer();
      this.section = section;
      this.c.formats.add('describe-pod');
      return true;
    }
    const inContainers = this.section === 'containers' || this.section === 'init';
    if (inContainers && CONTAINER_KEYS.has(key)) {
      this.containerField(key, value.trim(), line, n);
      return true;
    }
    if (inContainers && this.sub?.startsWith('resources') && /^[a-z]/.test(key)) return false;
    if (this.section === 'top' && STATE_KEYS.has(key)) {
      // A container block pasted alone (State, Last State … without Containers:).
      this.section = 'containers';
      this.c.formats.add('describe-pod');
      this.containerField(key, value.trim(), line, n);
      return true;
    }
    if (indent === 0 || this.section === 'top') {
      this.topField(key, value.trim(), line, n);
      return true;
    }
    return false;
  }

  private topField(key: string, value: string, line: string, n: number): void {
    this.c.formats.add('describe-pod');
    switch (key) {
      case 'Namespace':
        this.ns = value;
        if (this.key) this.key = `${value}/${this.key.split('/')[1]}`;
        return;
      case 'Node':
        if (value && value !== '<none>') this.c.node ??= value.split('/')[0];
        return;
      case 'Status':
        if (value) this.record(0, n, line, { what: 'PodPhase', pods: [], data: { phase: value } });
        return;
      case 'Reason':
        if (value)
          this.record(0, n, line, { what: 'PodReason', pods: [], data: { reason: value } });
        return;
      case 'Message':
        if (value)
          this.record(0, n, line, { what: 'PodMessage', pods: [], data: { message: value } });
        return;
      case 'Start Time': {
        const at = rfc1123Us(value);
        this.record(0, n, line, {
          what: 'PodStartTime',
          pods: [],
          data: at === null ? {} : { atUs: at },
        });
        return;
      }
    }
  }

  private openContainer(name: string): void {
    this.container = name;
    this.block = null;
    this.sub = null;
    this.c.container(this.c.pod(this.keyOrUnnamed(), 0), name, this.section === 'init');
  }

  private closeContainer(): void {
    this.container = '';
    this.block = null;
    this.sub = null;
  }

  private containerField(key: string, value: string, line: string, n: number): void {
    const name = this.container || UNNAMED_CONTAINER;
    const init = this.section === 'init';
    const info = this.c.container(this.c.pod(this.keyOrUnnamed(), 0), name, init);
    const rec = (what: string, data: Record<string, string | number>) =>
      this.record(0, n, line, { what, pods: [], container: name, init, data });
    this.sub = null;
    switch (key) {
      case 'Image':
        if (value) info.image = value;
        return;
      case 'Container ID':
        return;
      case 'State':
        this.block = 'state';
        rec('ContainerState', { block: 'state', state: value });
        return;
      case 'Last State':
      case 'Last Termination State':
        this.block = 'last';
        rec('ContainerState', { block: 'last', state: value });
        return;
      case 'Reason':
        rec('ContainerReason', { block: this.block ?? 'state', reason: value });
        return;
      case 'Message':
        rec('ContainerStatusMessage', { block: this.block ?? 'state', message: value });
        return;
      case 'Exit Code':
        rec('ContainerExitCode', { block: this.block ?? 'state', exitCode: Number(value) });
        return;
      case 'Signal':
        rec('ContainerSignal', { block: this.block ?? 'state', signal: Number(value) });
        return;
      case 'Started':
      case 'Finished': {
        const at = rfc1123Us(value);
        // kubectl prints Go's zero time for a Started it does not know.
        const known = at !== null && !/ 0001 /.test(value);
        rec(key === 'Started' ? 'ContainerStartedAt' : 'ContainerFinishedAt', {
          block: this.block ?? 'state',
          ...(known ? { atUs: at } : {}),
        });
        if (key === 'Started' && known && this.block !== 'last')
          this.started.push({
            us: at,
            line: n,
            text: line,
            r: { what: 'ContainerStarted', pods: [], container: name },
          });
        return;
      }
      case 'Ready':
        this.block = null;
        rec('ContainerReady', { ready: value === 'True' ? 1 : 0 });
        return;
      case 'Restart Count':
        rec('ContainerRestartCount', { count: Number(value) });
        return;
      case 'Limits':
      case 'Requests':
        this.sub = key === 'Limits' ? 'resources-limits' : 'resources-requests';
        // 1.0 printed "Limits:" with the values on the next lines; later ones too.
        return;
      case 'Liveness':
      case 'Readiness':
      case 'Startup':
        (info.probes ??= {})[key.toLowerCase() as 'liveness'] = value;
        return;
      default:
        this.sub = 'skip';
    }
  }

  private eventLine(line: string, lineNo: number): boolean {
    if (
      /^\s*Type\s+Reason\s+Age\s+From\s+Message/.test(line) ||
      /^\s*FirstSeen\s+LastSeen/i.test(line)
    ) {
      if (/FirstSeen/i.test(line))
        this.c.tells.add(
          'describe Events with FirstSeen/LastSeen/Count columns: kubectl ≤ 1.9 (kubelet of that era)',
          0,
          9,
        );
      this.section = 'events';
      return true;
    }
    if (/^\s+-+\s+-+/.test(line) || /^\s*[─]+/.test(line)) return true;
    if (/^\s*<none>\s*$/.test(line) || /^Events:\s*<none>/.test(line)) return true;
    const row = parseEventRow(line);
    if (!row || (row.layout !== 'describe' && row.layout !== 'describe-old')) return false;
    this.section = 'events';
    this.c.formats.add('describe-pod');
    this.event(row, line, lineNo);
    return true;
  }

  private event(row: EventRow, line: string, lineNo: number): void {
    const node = nodeOfSource(row.source);
    if (node) this.c.node ??= node;
    // "Successfully assigned ns/name to node" names the pod of an excerpt without Name:.
    if (!this.key && row.reason === 'Scheduled') {
      const m = /Successfully assigned (?:([a-z0-9][-a-z0-9]*)\/)?([a-z0-9][-a-z0-9.]*) to /.exec(
        row.message,
      );
      if (m) this.bind(`${m[1] ?? this.ns}/${m[2]}`);
    }
    // A sync error names the pod as kubelet formats it: "pod=name_namespace(uid)".
    if (!this.key) {
      const m = /\bpod=([a-z0-9][-a-z0-9.]*)_([a-z0-9][-a-z0-9]*)\([0-9a-f-]+\)/.exec(row.message);
      if (m) this.bind(`${m[2]}/${m[1]}`);
    }
    const fp = containerOfFieldPath(row.fieldPath);
    this.eventRows++;
    const us = row.firstUs ?? (row.firstAgo === null ? 0 : -row.firstAgo * 1_000_000);
    this.record(us, lineNo, line, {
      what: `Event${row.reason}`,
      pods: [],
      container: fp?.name ?? containerOfMessage(row.reason, row.message),
      init: fp?.init,
      data: { reason: row.reason, type: row.type ?? '', message: row.message, count: row.count },
      image:
        row.reason === 'Pulling' || row.reason === 'Pulled'
          ? imageOfMessage(row.message)
          : undefined,
    });
  }

  private conditionLine(line: string, lineNo: number): boolean {
    if (/^\s*Type\s+Status/.test(line)) return true;
    const m = /^\s*([A-Z]\w+)\s+(True|False|Unknown)\s*$/.exec(line);
    if (!m) return /^\s/.test(line);
    this.record(0, lineNo, line, {
      what: 'PodCondition',
      pods: [],
      data: { type: m[1]!, status: m[2]! },
    });
    return true;
  }

  private keyOrUnnamed(): string {
    return this.key ?? UNNAMED_POD;
  }

  /** Learns the pod of an excerpt: held records go out under it. */
  private bind(key: string): void {
    this.key = key;
    const held = this.held;
    this.held = [];
    const placeholder = this.c.pods.get(UNNAMED_POD);
    if (placeholder && placeholder.containers.size) {
      const p = this.c.pod(key, 0);
      for (const [n, ci] of placeholder.containers)
        if (!p.containers.has(n)) p.containers.set(n, ci);
      this.c.pods.delete(UNNAMED_POD);
    } else if (placeholder) this.c.pods.delete(UNNAMED_POD);
    for (const h of held) this.c.add(h.us, h.line, h.text, { ...h.r, pods: [key] });
  }

  private record(us: number, line: number, text: string, r: Recognised): void {
    if (this.key) this.c.add(us, line, text, { ...r, pods: [this.key] });
    else this.held.push({ us, line, text, r });
  }

  flush(): void {
    if (this.held.length) {
      const held = this.held;
      this.held = [];
      for (const h of held) this.c.add(h.us, h.line, h.text, { ...h.r, pods: [UNNAMED_POD] });
    }
    // Container start times stand for the start only when no Events told it.
    if (this.key && this.eventRows === 0)
      for (const s of this.started) this.c.add(s.us, s.line, s.text, { ...s.r, pods: [this.key] });
    this.started = [];
    this.eventRows = 0;
    this.closeContainer();
    this.active = false;
  }
}

/** "Created container: app" / "Started container app" / "Stopping container app" → app. */
export function containerOfMessage(reason: string, message: string): string | undefined {
  if (!/^(Created|Started|Killing|BackOff|Failed|Unhealthy)$/.test(reason)) return undefined;
  return (
    /(?:container:? |docker container |Container )(?!with )([a-z0-9]([-a-z0-9]*[a-z0-9])?)\b/.exec(
      message,
    )?.[1] ?? undefined
  );
}
