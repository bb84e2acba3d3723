/**
 * What every reader feeds: events in input order, the pods and containers they name, the
 * uid → pod map (PLEG lines name only the uid), counters, node facts and version tells.
 */
import type { Recognised } from './messages';
import type {
  ContainerInfo,
  InputFormat,
  NodeFacts,
  PodInfo,
  ReplayEvent,
  ReplayResult,
} from './types';
import { VersionTells } from './version';

/** Bounded memory: a 50 MB log has ~250k events; more than this are counted, not kept. */
export const MAX_EVENTS = 2_000_000;
/** Records held while a printf line's pod is known by name only, awaiting its namespace. */
const MAX_UNBOUND = 10_000;

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
  /** Pod name → key, for lines that name a pod without its namespace. */
  private readonly namePod = new Map<string, string>();
  readonly formats = new Set<InputFormat>();
  readonly tells = new VersionTells();
  readonly nodeFacts: NodeFacts = {};
  readonly seen: Record<string, number> = {};
  readonly unknownByFile: Record<string, number> = {};
  lines = 0;
  skipped = 0;
  unknownMessages = 0;
  dropped = 0;
  node: string | undefined;
  cpuManager: ReplayResult['cpuManager'];

  constructor(private readonly opts: CollectorOptions = {}) {}

  /** Counts a kind of line ("klog line", "kubectl table row") for the nothing-usable message. */
  saw(kind: string): void {
    this.seen[kind] = (this.seen[kind] ?? 0) + 1;
  }

  unknown(file: string): void {
    this.unknownMessages++;
    const k = file || '(no file)';
    this.unknownByFile[k] = (this.unknownByFile[k] ?? 0) + 1;
  }

  pod(key: string, us: number): PodInfo {
    let p = this.pods.get(key);
    if (!p) {
      p = { key, firstUs: us, containers: new Map() };
      this.pods.set(key, p);
      const name = key.slice(key.indexOf('/') + 1);
      if (!this.namePod.has(name)) this.namePod.set(name, key);
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

  /** Node settings the input shows; the first word on each stays (a state file beats a guess). */
  fact(k: keyof NodeFacts, v: string | undefined): void {
    if (v !== undefined && v !== '' && this.nodeFacts[k] === undefined) this.nodeFacts[k] = v;
  }

  /** Pods added from the kubelet's manifest directory (SyncLoop ADD source="file"). */
  private readonly filePods = new Set<string>();
  /**
   * The device manager's allocateContainerResources for one container and resource: "Looking
   * for needed resources" (no pod), then "Need devices to allocate for pod" (its uid and
   * container), GetPreferredAllocation and "Making allocation request" (resource only).
   */
  private deviceBlock: {
    resource: string;
    pod?: string;
    container?: string;
    pending: number[];
  } | null = null;

  /** The record's pod and container where only the device manager's block around it names them. */
  private ofDeviceBlock(r: Recognised, pods: readonly string[]): Recognised {
    const resource = r.data?.resource;
    if (!r.what.startsWith('Device') || typeof resource !== 'string') return r;
    const b = this.deviceBlock;
    if (r.what === 'DeviceNeeded' && !r.container && pods.length === 0) {
      this.deviceBlock = { resource, pending: [] };
      return r;
    }
    if (!b || b.resource !== resource) return r;
    if (r.what === 'DeviceNeeded' && r.container && pods.length === 1 && !b.pod) {
      b.pod = pods[0]!;
      b.container = r.container;
      for (const i of b.pending) {
        const e = this.events[i];
        if (e && e.pod === null) this.events[i] = { ...e, pod: b.pod, container: b.container };
      }
      return r;
    }
    if (
      b.pod &&
      pods.length === 0 &&
      !r.container &&
      /^Device(Preferred|Allocate|PreStart|Reused)$/.test(r.what)
    ) {
      if (r.what === 'DeviceAllocate') this.deviceBlock = null;
      return { ...r, pods: [b.pod], container: b.container };
    }
    return r;
  }

  /** Records one recognised record (one event per pod it names, or one node-wide event). */
  add(us: number, line: number, text: string, given: Recognised, step?: number): void {
    let r = given;
    let pods = r.pods;
    if (pods.length === 0 && r.uid) {
      const k = this.uidPod.get(r.uid);
      if (k) pods = [k];
      // A static pod's uid is a hash of its manifest (32 hex digits) that no line before this
      // one named: the one file pod added without a uid yet.
      else if (/^[0-9a-f]{32}$/.test(r.uid)) {
        const open = [...this.filePods].filter((p) => this.pods.get(p)?.uid === undefined);
        if (open.length === 1) pods = [open[0]!];
      }
    }
    if (r.what === 'SyncLoopAdd' && r.data?.source === 'file')
      for (const p of r.pods) this.filePods.add(p);
    r = this.ofDeviceBlock(r, pods);
    pods = r.pods.length ? r.pods : pods;
    const blockStart =
      r.what === 'DeviceNeeded' && this.deviceBlock && !r.container && !pods.length;
    if (pods.length === 0 && r.podName) {
      // Named without a namespace: its uid or the one pod of that name, else "default".
      const k = this.namePod.get(r.podName);
      pods = [k ?? `default/${r.podName}`];
    }
    if (pods.length === 1) this.learnUid(pods[0]!, r.uid, us);
    this.nodeFactsOf(r);
    const reason = r.data?.reason;
    if (typeof reason === 'string') this.tells.eventMessage(reason, String(r.data?.message ?? ''));
    if (r.what === 'ContainerStatusMessage')
      this.tells.statusMessage(String(r.data?.message ?? ''));
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
      const withExtra = ev as { container?: string; data?: ReplayEvent['data']; step?: number };
      if (r.container) withExtra.container = r.container;
      if (r.data) withExtra.data = r.data;
      if (step !== undefined) withExtra.step = step;
      const { sink, keep } = this.opts;
      if (sink) {
        sink(ev);
        if (!keep?.(r.what)) continue;
      }
      if (this.events.length >= MAX_EVENTS) {
        this.dropped++;
        continue;
      }
      if (blockStart) this.deviceBlock!.pending.push(this.events.length);
      this.events.push(sink ? { ...ev, text: '' } : ev);
    }
  }

  /** KubeletConfiguration facts a start-up line states. */
  private nodeFactsOf(r: Recognised): void {
    const d = r.data;
    if (!d) return;
    const s = (k: string) => (typeof d[k] === 'string' ? d[k] : undefined);
    switch (r.what) {
      case 'NodeConfig':
      case 'TopologyManagerConfig':
      case 'CpuManagerStart':
        this.fact('cpuManagerPolicy', s('cpuManagerPolicy'));
        this.fact('topologyManagerPolicy', s('topologyManagerPolicy'));
        this.fact('topologyManagerScope', s('topologyManagerScope'));
        this.fact('memoryManagerPolicy', s('memoryManagerPolicy'));
        this.fact('reservedSystemCPUs', s('reservedSystemCPUs'));
        break;
      case 'CpuReserved':
        this.fact('reservedSystemCPUs', s('reserved'));
        break;
    }
  }

  /**
   * A pod first known as "default/<name>" (a line with its name only) whose real namespace a
   * later line gave (same uid): its records move to the real key.
   */
  private rebind(): void {
    const moves = new Map<string, string>();
    for (const [key, p] of this.pods) {
      if (!key.startsWith('default/') || !p.uid) continue;
      const real = this.uidPod.get(p.uid);
      if (real && real !== key) moves.set(key, real);
    }
    if (!moves.size || moves.size > MAX_UNBOUND) return;
    for (let i = 0; i < this.events.length; i++) {
      const e = this.events[i]!;
      const to = e.pod ? moves.get(e.pod) : undefined;
      if (to) this.events[i] = { ...e, pod: to };
    }
    for (const [from, to] of moves) {
      const src = this.pods.get(from)!;
      const dst = this.pods.get(to)!;
      for (const [n, c] of src.containers) if (!dst.containers.has(n)) dst.containers.set(n, c);
      dst.firstUs = Math.min(dst.firstUs, src.firstUs);
      this.pods.delete(from);
    }
  }

  /**
   * Records held under a placeholder pod (a status fragment or describe excerpt without its
   * name) go to the pod the rest of the paste names: the one whose containers include all of
   * the placeholder's, else the only pod named at all (a describe's Name:, a log line's
   * pod="ns/name", a prompt). Returns that pod, or null when the paste does not say.
   */
  nameUnnamed(placeholder: string): string | null {
    const un = this.pods.get(placeholder);
    if (!un) return null;
    const named = [...this.pods.values()].filter((p) => p.key !== placeholder);
    const mine = [...un.containers.keys()];
    const holding = named.filter(
      (p) => mine.length > 0 && p.containers.size > 0 && mine.every((c) => p.containers.has(c)),
    );
    const fits = (p: PodInfo) => p.containers.size === 0 || mine.every((c) => p.containers.has(c));
    const to =
      holding.length === 1 ? holding[0]! : named.length === 1 && fits(named[0]!) ? named[0]! : null;
    if (!to || this.events.length > MAX_UNBOUND * 100) return null;
    for (let i = 0; i < this.events.length; i++) {
      const e = this.events[i]!;
      if (e.pod === placeholder) this.events[i] = { ...e, pod: to.key };
    }
    for (const [n, c] of un.containers) {
      const have = to.containers.get(n);
      if (!have) to.containers.set(n, c);
      else {
        have.image ??= c.image;
        if (c.init) have.init = true;
      }
    }
    to.firstUs = Math.min(to.firstUs, un.firstUs);
    this.pods.delete(placeholder);
    return to.key;
  }

  result(): ReplayResult {
    this.rebind();
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
      nodeFacts: this.nodeFacts,
      seen: this.seen,
      unknownByFile: this.unknownByFile,
      originUs: this.origin ?? 0,
      lastUs: Number.isFinite(this.maxUs) ? this.maxUs : 0,
    };
  }
}
