/**
 * Kubelet logs, line by line: klog text (structured or printf-era), --logging-format=json,
 * either behind a journald/syslog/host prefix. A record's continuation lines (multi-line
 * values "key=<" … " >", panics, %+v dumps) are joined to it; a line that is neither a
 * record nor a continuation is counted as skipped. Memory is bounded by one record.
 */
import type { Collector } from './collector';
import { jsonFields, klogFields } from './fields';
import { parseKlogBody } from './klogFields';
import { epochUs, parseKlogHeader, type KlogHeader } from './klogHeader';
import { unwrap } from './journal';
import { recognise, type Recognised } from './messages';
import { recognisePrintf } from './printf';

const MAX_CONTINUATION = 2000;

interface Pending {
  line: number;
  text: string;
  header: KlogHeader;
  parts: string[];
  open: boolean;
}

export class LogReader {
  private pending: Pending | null = null;
  private lastMonth = 0;
  private yearShift = 0;

  constructor(
    private readonly c: Collector,
    private readonly year: number,
  ) {}

  /** Reads one physical line; false if it was neither a record nor a continuation. */
  push(raw: string, lineNo: number): boolean {
    const { payload, host } = unwrap(raw);
    const header = parseKlogHeader(payload);
    if (header) {
      this.flush();
      if (host && !this.c.node) this.c.node = host;
      const body = payload.slice(header.bodyAt);
      this.pending = { line: lineNo, text: raw, header, parts: [body], open: /=<$/.test(body) };
      return true;
    }
    if (payload.startsWith('{') && this.json(payload, raw, lineNo)) {
      if (host && !this.c.node) this.c.node = host;
      return true;
    }
    const p = this.pending;
    if (p && (p.open || /^\s/.test(payload)) && p.parts.length < MAX_CONTINUATION) {
      p.parts.push(payload);
      if (payload === ' >') p.open = false;
      return true;
    }
    return false;
  }

  flush(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    const h = p.header;
    // No year in klog: the user's, bumped when the month goes backwards (December → January).
    if (this.lastMonth && h.month < this.lastMonth && this.lastMonth - h.month >= 6)
      this.yearShift++;
    this.lastMonth = h.month;
    const us = epochUs(this.year + this.yearShift, h.month, h.day, h.usOfDay);
    const body = p.parts.join('\n');
    // dockertools' DockerManager (SyncPod, the infra container) was gone after v1.6 (1.6 kept it
    // behind --enable-cri=false).
    if (h.file === 'docker_manager.go')
      this.c.tells.add('v1.3', 'docker_manager.go lines (DockerManager.SyncPod): kubelet ≤ v1.6');
    const parsed = parseKlogBody(body);
    let hit: Recognised | null;
    if (parsed.structured) {
      hit = recognise(h.file, parsed.msg, klogFields(parsed.kv), (u) => this.c.uidPod.get(u));
      if (hit) {
        this.c.formats.add('klog');
        this.structuredTell(parsed.kv.get('pods') ?? parsed.kv.get('event'));
      }
    } else {
      const ph = recognisePrintf(p.parts[0]!);
      hit = ph;
      if (ph) {
        this.c.formats.add('klog-printf');
        if (ph.tell === 'v1.3')
          this.c.tells.add('v1.3', 'api.ObjectReference in Event lines: kubelet ≤ v1.3');
        else
          this.c.tells.add(
            'v1.18',
            'printf-style klog lines (SyncLoop (ADD, "api"): …): kubelet ≤ v1.20',
          );
      }
    }
    if (hit) this.c.add(us, p.line, p.text, hit);
    else this.c.unknownMessages++;
  }

  private structuredTell(raw: string | undefined): void {
    if (raw && (/^\[[^"\]]/.test(raw) || raw.startsWith('&{')))
      this.c.tells.add(
        'current',
        'structured klog with %+v values (pods=[ns/name], event=&{…}): kubelet v1.21–v1.27',
      );
    else
      this.c.tells.add(
        'current',
        'structured klog lines ("SyncLoop ADD" pods=[…]): kubelet ≥ v1.21',
      );
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
    const caller = typeof rec.caller === 'string' ? rec.caller : '';
    const file = caller.replace(/:\d+$/, '').split('/').pop() ?? '';
    // zap's epoch-millis encoder: float ms.
    const us = Math.round(rec.ts * 1000);
    const msg = rec.msg.replace(/\n$/, '');
    let hit = recognise(file, msg, jsonFields(rec), (u) => this.c.uidPod.get(u));
    if (!hit) hit = recognisePrintf(msg);
    if (hit) {
      this.c.formats.add('json');
      this.c.tells.add('current', '--logging-format=json: kubelet ≥ v1.19');
      this.c.add(us, lineNo, raw, hit);
    } else this.c.unknownMessages++;
    return true;
  }
}
