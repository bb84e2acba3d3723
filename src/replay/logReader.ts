/**
 * Kubelet logs, line by line: klog text (structured or printf-era), --logging-format=json,
 * either behind a journald/syslog/host prefix, and the container runtime's lines (containerd,
 * CRI-O) that often come in the same journal. A record's continuation lines (multi-line values
 * "key=<" … " >", panics, %+v dumps) are joined to it; a line that is neither a record nor a
 * continuation is counted as skipped. Memory is bounded by one record.
 */
import type { Collector } from './collector';
import { jsonFields, klogFields } from './fields';
import { parseKlogBody } from './klogFields';
import { epochUs, parseKlogHeader, type KlogHeader } from './klogHeader';
import { unwrap } from './journal';
import { recognise, type Recognised } from './messages';
import { recognisePrintf } from './printf';
import { parseRuntimeLine, recogniseRuntime, RuntimeIds } from './runtimeLog';

const MAX_CONTINUATION = 2000;
const DAY_US = 86_400_000_000;
/** Records dockertools' manager.go (≤ 1.6) printed about a container's restart. */
const DOCKERTOOLS_MANAGER: ReadonlySet<string> = new Set([
  'BackOffRestarting',
  'CheckingBackoff',
  'ContainerToStart',
]);
/** A December → January step is a new year only if the log is continuous across it. */
const YEAR_TURN_US = 45 * DAY_US;

interface Pending {
  line: number;
  text: string;
  header: KlogHeader;
  parts: string[];
  open: boolean;
}

/** klog's struct values: `&{ID:… Type:…}` (%+v, klog < v2.100) or JSON (klog ≥ v2.100). */
const PLUS_V_STRUCT = /^&\{\w+:/;
const JSON_STRUCT = /^\{"\w+":/;

export class LogReader {
  private pending: Pending | null = null;
  private lastMonth = 0;
  private lastUs: number | null = null;
  private yearShift = 0;
  private readonly runtimeIds = new RuntimeIds();

  constructor(
    private readonly c: Collector,
    private readonly year: number,
  ) {}

  /** Whether a line starts a log record this reader knows (the dispatcher's sniff). */
  static starts(raw: string): boolean {
    const { payload, ident } = unwrap(raw);
    const p = payload.trimStart();
    if (parseKlogHeader(p)) return true;
    if (p.startsWith('{"') && /"msg"/.test(p)) return true;
    return parseRuntimeLine(p, ident) !== null;
  }

  /** A record is open to lines of its multi-line value ("key=<" until " >"). */
  get open(): boolean {
    return this.pending?.open === true;
  }

  /** Reads one physical line; false if it was neither a record nor a continuation. */
  push(raw: string, lineNo: number): boolean {
    const { payload, host, journal, ident } = unwrap(raw);
    // A pasted line may carry the indentation of the paste around it.
    const trimmed = /^\s+[IWEF]\d{4} /.test(payload) ? payload.trimStart() : payload;
    const header = parseKlogHeader(trimmed);
    if (header) {
      this.flush();
      if (host && !this.c.node) this.c.node = host;
      this.c.saw(journal ? 'journald klog line' : 'klog line');
      const body = trimmed.slice(header.bodyAt);
      this.pending = { line: lineNo, text: raw, header, parts: [body], open: /=<$/.test(body) };
      return true;
    }
    if (payload.startsWith('{') && this.json(payload, raw, lineNo)) {
      if (host && !this.c.node) this.c.node = host;
      return true;
    }
    const rt = parseRuntimeLine(payload, ident);
    if (rt) {
      this.flush();
      this.runtime(rt, raw, lineNo);
      return true;
    }
    const p = this.pending;
    if (p && (p.open || /^\s/.test(payload) || journal) && p.parts.length < MAX_CONTINUATION) {
      if (journal && !p.open && !/^\s/.test(payload)) {
        // Another unit's line in the journal (systemd, sshd): not this record's continuation.
        this.c.saw('journald line of another unit');
        return false;
      }
      p.parts.push(payload);
      if (payload === ' >') p.open = false;
      return true;
    }
    return false;
  }

  /** µs of a klog time, with the year the log is in (klog prints none). */
  private timeOf(h: KlogHeader): number {
    let us = epochUs(this.year + this.yearShift, h.month, h.day, h.usOfDay);
    const last = this.lastUs;
    if (last !== null && us < last - DAY_US) {
      const next = epochUs(this.year + this.yearShift + 1, h.month, h.day, h.usOfDay);
      if (this.lastMonth === 12 && h.month === 1 && next - last <= YEAR_TURN_US) {
        // December → January with the log going on: New Year.
        this.yearShift++;
        us = next;
      } else if (this.yearShift !== 0) {
        // Back in time by more than a day: another log pasted after this one. Its year is the
        // user's again, so concatenated logs never drift a year per file.
        this.yearShift = 0;
        us = epochUs(this.year, h.month, h.day, h.usOfDay);
      }
    }
    this.lastMonth = h.month;
    this.lastUs = us;
    return us;
  }

  flush(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    const h = p.header;
    const us = this.timeOf(h);
    const body = p.parts.join('\n');
    // dockertools' DockerManager (SyncPod, the infra container) was gone after v1.6 (1.6 kept it
    // behind --enable-cri=false).
    if (h.file === 'docker_manager.go')
      this.c.tells.add('docker_manager.go lines (DockerManager.SyncPod): ≤ 1.6', 0, 6);
    const parsed = parseKlogBody(body);
    let hit: Recognised | null;
    if (parsed.structured) {
      hit = recognise(h.file, parsed.msg, klogFields(parsed.kv), (u) => this.c.uidPod.get(u));
      if (hit) {
        this.c.formats.add('klog');
        this.structuredTells(parsed.msg, h.file, parsed.kv);
      }
    } else {
      const ph = recognisePrintf(p.parts[0]!);
      hit = ph;
      if (ph) {
        this.c.formats.add('klog-printf');
        // Container back-off and restart lines came from dockertools/manager.go up to 1.6;
        // kuberuntime logs them from kuberuntime_manager.go.
        if (h.file === 'manager.go' && DOCKERTOOLS_MANAGER.has(ph.what))
          this.c.tells.add('container back-off lines from dockertools manager.go: ≤ 1.6', 0, 6);
        const [lo, hi] = ph.minors ?? [0, 20];
        this.c.tells.add(
          ph.tell ?? 'printf-style kubelet lines (klog.Infof): ≤ 1.20 (InfoS from 1.21, #99861)',
          lo,
          hi,
        );
      }
    }
    if (hit) this.c.add(us, p.line, p.text, hit);
    else this.c.unknown(h.file);
  }

  private structuredTells(msg: string, file: string, kv: ReadonlyMap<string, string>): void {
    this.c.tells.add('structured klog lines (InfoS): ≥ 1.21', 21, Infinity);
    this.c.tells.message(msg, file);
    const struct = kv.get('event') ?? kv.get('podActions') ?? kv.get('status');
    if (struct && PLUS_V_STRUCT.test(struct))
      this.c.tells.add(
        'struct values printed %+v (event=&{…}): klog < v2.100, kubelet ≤ 1.27',
        21,
        27,
      );
    else if (struct && JSON_STRUCT.test(struct))
      this.c.tells.add(
        'struct values printed as JSON (event={"ID":…}): klog ≥ v2.100, kubelet ≥ 1.27 (1.26.15 vendors v2.80.1, 1.27.15 v2.100.1)',
        27,
        Infinity,
      );
    if (msg === 'Observed pod startup duration') {
      if (kv.has('totalImagesPullingTime'))
        this.c.tells.add(
          '"Observed pod startup duration" with totalImagesPullingTime: ≥ 1.36',
          36,
          Infinity,
        );
      else if (kv.has('podStartE2EDuration') && kv.has('firstStartedPulling'))
        this.c.tells.add(
          '"Observed pod startup duration" with podStartE2EDuration and firstStartedPulling: 1.29–1.35',
          29,
          35,
        );
      else if (kv.has('podStartE2EDuration'))
        this.c.tells.add(
          '"Observed pod startup duration" with podStartE2EDuration: ≥ 1.29',
          29,
          Infinity,
        );
      else
        this.c.tells.add(
          '"Observed pod startup duration" without podStartE2EDuration: 1.26–1.28',
          26,
          28,
        );
    }
  }

  private runtime(
    l: ReturnType<typeof parseRuntimeLine> & object,
    raw: string,
    lineNo: number,
  ): void {
    this.c.saw(`${l.runtime} line`);
    const hit = recogniseRuntime(l, this.runtimeIds);
    if (!hit) {
      this.c.unknown(l.runtime);
      return;
    }
    this.c.formats.add(l.runtime);
    const us = l.us ?? this.lastUs ?? 0;
    this.c.add(us, lineNo, raw, hit);
  }

  private json(payload: string, raw: string, lineNo: number): boolean {
    let o: unknown;
    try {
      o = JSON.parse(payload);
    } catch {
      return false;
    }
    if (!o || typeof o !== 'object' || Array.isArray(o)) return false;
    const rec = o as Record<string, unknown>;
    if (typeof rec.ts !== 'number' || typeof rec.msg !== 'string') return false;
    this.flush();
    this.c.saw('JSON log line');
    const caller = typeof rec.caller === 'string' ? rec.caller : '';
    const file = caller.replace(/:\d+$/, '').split('/').pop() ?? '';
    // zap's epoch-millis encoder: float ms.
    const us = Math.round(rec.ts * 1000);
    this.lastUs = us;
    const msg = rec.msg.replace(/\n$/, '');
    let hit = recognise(file, msg, jsonFields(rec), (u) => this.c.uidPod.get(u));
    if (hit) this.c.tells.message(msg, file);
    if (!hit) hit = recognisePrintf(msg);
    if (hit) {
      this.c.formats.add('json');
      this.c.tells.add('--logging-format=json: ≥ 1.19', 19, Infinity);
      this.c.add(us, lineNo, raw, hit);
    } else this.c.unknown(file);
    return true;
  }
}
