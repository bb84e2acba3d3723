/**
 * Re-running only the future: where a new scenario first differs from the one a run was made
 * from, and the world and trace prefix a run of the new scenario would have just before that
 * instant, taken from the old run's checkpoints. The past of a run is a function of the
 * scenario's inputs up to that instant only (faults are found only from their `at`, pods act
 * only from their arrival, actions from their `at`), so every step strictly before it is the
 * same in both runs. Anything that cannot be placed in time (the node, the kubelet's
 * configuration, the seed, the horizon, a fault armed from the start) is instant 0: a full run.
 */
import { byTimeThenSeq, checkpointWith, Recorder } from './runner/engine';
import type { World } from './runner/types';
import type { QueueEntry } from './core/queue';
import type { Scenario } from './scenario/schema';
import type { Trace } from './trace/types';
import type { KubeletDomain } from './kubelet/types';

type KWorld = World<KubeletDomain>;

const json = (v: unknown) => JSON.stringify(v);

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || json(a) === json(b);
}

/**
 * The first simulated instant (ms) at which running `b` may differ from running `a`:
 * Infinity when they are the same, 0 when the difference cannot be placed in time.
 */
export function firstDifference(a: Scenario, b: Scenario): number {
  if (a === b) return Infinity;
  const { pods: ap, faults: af, actions: aa, ...aRest } = a;
  const { pods: bp, faults: bf, actions: ba, ...bRest } = b;
  if (!sameJson(aRest, bRest)) return 0;
  let t = Infinity;
  // A list item that differs at index i acts from its own `at` (a fault without one: from 0).
  const scan = <X>(xs: readonly X[], ys: readonly X[], at: (x: X) => number) => {
    for (let i = 0; i < Math.max(xs.length, ys.length); i++) {
      const x = xs[i];
      const y = ys[i];
      if (x !== undefined && y !== undefined && sameJson(x, y)) continue;
      if (x !== undefined) t = Math.min(t, at(x));
      if (y !== undefined) t = Math.min(t, at(y));
    }
  };
  scan(ap, bp, (p) => p.at);
  scan(af, bf, (f) => f.at ?? 0);
  scan(aa, ba, (x) => x.at);
  return t;
}

/** The bootstrap's queue entries (all of a world before its first step), in push order. */
function bootEntries(w: KWorld): QueueEntry[] {
  return [...w.queue].sort((x, y) => x.seq - y.seq);
}

function sameEntry(x: QueueEntry, y: QueueEntry): boolean {
  return (
    x.t === y.t &&
    x.target === y.target &&
    x.key === y.key &&
    x.cause === y.cause &&
    sameJson(x.event, y.event)
  );
}

/**
 * How a world of the old run maps onto the new one before instant `t`: the bootstrap pushed
 * the scenario's timed inputs first, so the new run's inputs from `t` on take other sequence
 * numbers and shift every later push by the same amount. Null when the inputs before `t`
 * differ (the scenario diff missed something): the caller then runs in full.
 */
interface SeqMap {
  t: number;
  oldBoot: number;
  shift: number;
  early: Map<number, number>;
  late: QueueEntry[];
}

function seqMap(oldBoot: KWorld, newBoot: KWorld, t: number): SeqMap | null {
  if (
    oldBoot.step !== 0 ||
    oldBoot.rng.state !== newBoot.rng.state ||
    !sameJson(oldBoot.ids, newBoot.ids) ||
    !sameJson(oldBoot.machines, newBoot.machines) ||
    !sameJson(oldBoot.domain, newBoot.domain)
  )
    return null;
  const o = bootEntries(oldBoot).filter((e) => e.t < t);
  const n = bootEntries(newBoot);
  const nEarly = n.filter((e) => e.t < t);
  if (o.length !== nEarly.length) return null;
  const early = new Map<number, number>();
  for (let i = 0; i < o.length; i++) {
    if (!sameEntry(o[i]!, nEarly[i]!)) return null;
    early.set(o[i]!.seq, nEarly[i]!.seq);
  }
  return {
    t,
    oldBoot: oldBoot.seq,
    shift: newBoot.seq - oldBoot.seq,
    early,
    late: n.filter((e) => e.t >= t),
  };
}

/** A checkpoint of the old run as the new run has it (the state is shared: never mutated). */
function remap(w: KWorld, m: SeqMap): KWorld {
  if (m.shift === 0 && m.late.length === 0 && [...m.early].every(([a, b]) => a === b)) return w;
  const queue: QueueEntry[] = [];
  for (const e of w.queue) {
    if (e.seq >= 0 && e.seq < m.oldBoot) {
      // An input of the old scenario from `t` on is replaced by the new scenario's.
      if (e.t >= m.t) continue;
      queue.push({ ...e, seq: m.early.get(e.seq)! });
    } else queue.push({ ...e, seq: e.seq + m.shift });
  }
  for (const e of m.late) queue.push({ ...e });
  queue.sort(byTimeThenSeq);
  return checkpointWith(w, { seq: w.seq + m.shift, queue: queue as KWorld['queue'] });
}

/** The trace of the first `steps` steps of `trace`, with `checkpoints`. */
function tracePrefix(
  trace: Trace<KWorld>,
  steps: number,
  checkpoints: KWorld[],
): Trace<World<unknown>> {
  const s = trace.steps;
  const cut = <T>(xs: T[]) => xs.slice(0, steps);
  const columns = {
    t: cut(s.t),
    entity: cut(s.entity),
    event: cut(s.event),
    from: cut(s.from),
    to: cut(s.to),
    cause: cut(s.cause),
    guard: cut(s.guard),
  };
  // Strings and entities are added in first-use order: the prefix uses a prefix of each.
  let strings = 0;
  for (const col of [columns.event, columns.from, columns.to, columns.guard])
    for (const i of col) if (i >= strings) strings = i + 1;
  let entities = 0;
  for (const i of columns.entity) if (i >= entities) entities = i + 1;
  const before = <T extends { step: number }>(xs: T[]) => {
    let n = 0;
    while (n < xs.length && xs[n]!.step < steps) n++;
    return xs.slice(0, n);
  };
  return {
    steps: columns,
    strings: trace.strings.slice(0, strings),
    entities: trace.entities.slice(0, entities),
    events: before(trace.events),
    logs: trace.logs.before(steps),
    records: before(trace.records),
    checkpoints,
    checkpointEvery: trace.checkpointEvery,
    endT: 0,
    stopReason: 'idle',
  };
}

export interface ResumePoint {
  /** The live world to run on from (a copy: the old run is left as it was). */
  world: KWorld;
  recorder: Recorder;
}

/**
 * Where a run of `next` (whose bootstrapped world is `boot`) can go on from `prev`, or null
 * when nothing before the first difference can be reused.
 */
export function resumePoint(
  prev: { scenario: Scenario; trace: Trace<KWorld> },
  next: Scenario,
  boot: KWorld,
  checkpointEvery: number,
  copy: (w: KWorld) => KWorld,
): ResumePoint | null {
  const t = firstDifference(prev.scenario, next);
  const cps = prev.trace.checkpoints;
  if (t <= 0 || prev.trace.checkpointEvery !== checkpointEvery || cps.length < 2) return null;
  // The last checkpoint all of whose steps come strictly before the difference.
  let ci = 0;
  while (ci + 1 < cps.length && cps[ci + 1]!.t < t) ci++;
  if (ci === 0) return null;
  const m = seqMap(cps[0]!, boot, t);
  if (!m) return null;
  const checkpoints = cps.slice(0, ci + 1).map((w) => remap(w, m));
  const at = checkpoints[ci]!;
  const prefix = tracePrefix(prev.trace, at.step, checkpoints);
  return { world: copy(at), recorder: Recorder.resuming(prefix) };
}
