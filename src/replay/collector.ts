/**
 * What every reader feeds: events in input order, the pods and containers they name, the
 * uid → pod map (PLEG lines name only the uid), counters and version tells.
 */
import type { Recognised } from './messages';
import type { ContainerInfo, InputFormat, PodInfo, ReplayEvent, ReplayResult } from './types';
import { VersionTells } from './version';

/** Bounded memory: a 50 MB log has ~250k events; more than this are counted, not kept. */
export const MAX_EVENTS = 2_000_000;

export interface CollectorOptions {
  /** Streaming: each event goes here as it is read instead of being kept. */
  readonly sink?: (e: ReplayEvent) => void;
  /** With a sink: events still kept (without their text), e.g. what a scenario needs. */
  readonly keep?: (what: string) => boolean;
}

export class Collector {
  readonly events: ReplayEvent[] = [];
  private origin: number | null = null;
  private recognised = 0;
  private maxUs = -Infinity;
  readonly pods = new Map<string, PodInfo>();
  readonly uidPod = new Map<string, string>();
  readonly formats = new Set<InputFormat>();
  readonly tells = new VersionTells();
  lines = 0;
  skipped = 0;
  unknownMessages = 0;
  dropped = 0;
  node: string | undefined;
  cpuManager: ReplayResult['cpuManager'];

  constructor(private readonly opts: CollectorOptions = {}) {}

  pod(key: string, us: number): PodInfo {
    let p = this.pods.get(key);
    if (!p) {
      p = { key, firstUs: us, containers: new Map() };
      this.pods.set(key, p);
    }
    return p;
  }

  container(pod: PodInfo, name: string, init = false): ContainerInfo {
    let c = pod.containers.get(name);
    if (!c) {
      c = { name, init };
      pod.containers.set(name, c);
    }
    if (init) c.init = true;
    return c;
  }

  learnUid(key: string, uid: string | undefined, us: number): void {
    if (!uid) return;
    this.uidPod.set(uid, key);
    const p = this.pod(key, us);
    p.uid ??= uid;
  }

  /** Records one recognised record (one event per pod it names, or one node-wide event). */
  add(us: number, line: number, text: string, r: Recognised): void {
    let pods = r.pods;
    if (pods.length === 0 && r.uid) {
      const k = this.uidPod.get(r.uid);
      if (k) pods = [k];
    }
    if (pods.length === 1) this.learnUid(pods[0]!, r.uid, us);
    const reason = r.data?.reason;
    if (typeof reason === 'string') this.tells.eventMessage(reason, String(r.data?.message ?? ''));
    const targets: (string | null)[] = pods.length ? [...pods] : [null];
    for (const key of targets) {
      if (key) {
        const p = this.pod(key, us);
        if (r.what === 'SyncLoopAdd' && p.addUs === undefined) p.addUs = us;
        if (r.container) {
          const c = this.container(p, r.container, r.init === true);
          if (r.image && !c.image) c.image = r.image;
        }
      }
      this.origin ??= us;
      if (us > this.maxUs) this.maxUs = us;
      this.recognised++;
      const ev: ReplayEvent = { us, pod: key, what: r.what, line, text };
      const withExtra = ev as { container?: string; data?: ReplayEvent['data'] };
      if (r.container) withExtra.container = r.container;
      if (r.data) withExtra.data = r.data;
      const { sink, keep } = this.opts;
      if (sink) {
        sink(ev);
        if (!keep?.(r.what)) continue;
      }
      if (this.events.length >= MAX_EVENTS) {
        this.dropped++;
        continue;
      }
      this.events.push(sink ? { ...ev, text: '' } : ev);
    }
  }

  result(): ReplayResult {
    return {
      events: this.events,
      recognised: this.recognised,
      formats: [...this.formats],
      lines: this.lines,
      skipped: this.skipped,
      unknownMessages: this.unknownMessages,
      pods: this.pods,
      version: this.tells.guess(),
      node: this.node,
      cpuManager: this.cpuManager,
      originUs: this.origin ?? 0,
      lastUs: Number.isFinite(this.maxUs) ? this.maxUs : 0,
    };
  }
}
