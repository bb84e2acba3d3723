/**
 * A run as Chrome trace event JSON (the object form, which Perfetto UI and
 * chrome://tracing both open): one process per lane group (each pod, the kubelet), one
 * named thread per lane with sort order, spans as complete `X` events (nestable async
 * `b`/`e` where spans on one track overlap), Events and klog lines as instants, and flow
 * arrows (`s`/`f`) from the run's causes. Types from @tracerbench/trace-event.
 */
import type { TraceEventArgs, TraceEventCommon } from '@tracerbench/trace-event';
import type { KubeEvent, LogLine } from '../sim/trace/types';
import { SPAN_KINDS } from '../viz/timeline/spanKinds';
import type { LaneModel } from '../viz/timeline/laneModel';
import type { SpanAt } from './flows';

type Phase = 'X' | 'b' | 'e' | 'i' | 's' | 'f' | 'M';
export type ChromeEvent = Omit<TraceEventCommon<Phase>, 'args'> & {
  args?: TraceEventArgs;
  dur?: number;
  s?: 'g' | 'p' | 't';
};

export interface ChromeTrace {
  traceEvents: ChromeEvent[];
  displayTimeUnit: 'ms';
  otherData: Record<string, string | number>;
}

export interface ChromeTraceInput {
  readonly model: LaneModel;
  readonly events: readonly KubeEvent[];
  readonly logs: Iterable<LogLine>;
  /** Cause → effect step pairs (causePairs) and where each step's span is (spansByStep). */
  readonly pairs: readonly (readonly [number, number])[];
  readonly spanOfStep: ReadonlyMap<number, SpanAt>;
  readonly otherData?: Record<string, string | number>;
  /** klog lines up to this verbosity become instants (default 4, as `--format log`). */
  readonly maxV?: number;
}

const US = 1000;
const baseId = (id: string) => id.replace(/#\d+$/, '');

/** The pod a klog line is about ("ns/name" in its pod kv), else null. */
function podOfLog(l: LogLine): string | null {
  for (const [k, v] of l.kv)
    if (k === 'pod' && v.startsWith('"')) {
      try {
        return JSON.parse(v) as string;
      } catch {
        return null;
      }
    }
  return null;
}

export function toChromeTrace(input: ChromeTraceInput): ChromeTrace {
  const { model } = input;
  const out: ChromeEvent[] = [];
  const meta: ChromeEvent[] = [];
  const pidOfGroup = new Map<string, number>();
  const podPid = new Map<string, number>();
  let kubeletPid = 0;
  // Where each lane's spans went: thread (pid, tid) and, per span, X or async.
  const laneTrack: { pid: number; tid: number }[] = [];
  const asyncSpan = new Set<string>();
  model.groups.forEach((g, gi) => {
    const pid = gi + 1;
    pidOfGroup.set(g.id, pid);
    const pod = g.lanes.find((l) => l.pod)?.pod ?? null;
    if (pod) podPid.set(pod, pid);
    else if (!kubeletPid) kubeletPid = pid;
    meta.push({
      ph: 'M',
      pid,
      tid: 0,
      ts: 0,
      cat: '__metadata',
      name: 'process_name',
      args: { name: pod ? `pod ${g.label}` : g.label },
    });
    meta.push({
      ph: 'M',
      pid,
      tid: 0,
      ts: 0,
      cat: '__metadata',
      name: 'process_sort_index',
      args: { sort_index: gi },
    });
    // One thread per lane; lanes split because their spans overlapped share one track again.
    const tidOf = new Map<string, number>();
    for (const lane of g.lanes) {
      const key = baseId(lane.id);
      let tid = tidOf.get(key);
      if (tid === undefined) {
        tid = tidOf.size + 1;
        tidOf.set(key, tid);
        meta.push({
          ph: 'M',
          pid,
          tid,
          ts: 0,
          cat: '__metadata',
          name: 'thread_name',
          args: { name: lane.label.replace(/ \(\d+\)$/, '') },
        });
        meta.push({
          ph: 'M',
          pid,
          tid,
          ts: 0,
          cat: '__metadata',
          name: 'thread_sort_index',
          args: { sort_index: tid },
        });
      }
      laneTrack[model.lanes.indexOf(lane)] = { pid, tid };
    }
  });
  // Spans per track, in time order: X while they nest, async b/e for any that overlap.
  const tracks = new Map<string, { lane: number; j: number }[]>();
  model.lanes.forEach((lane, li) => {
    const t = laneTrack[li];
    if (!t) return;
    const k = `${t.pid}:${t.tid}`;
    const arr = tracks.get(k) ?? tracks.set(k, []).get(k)!;
    for (let j = 0; j < lane.start.length; j++) arr.push({ lane: li, j });
  });
  let asyncId = 0;
  for (const arr of tracks.values()) {
    arr.sort(
      (a, b) =>
        model.lanes[a.lane]!.start[a.j]! - model.lanes[b.lane]!.start[b.j]! ||
        model.lanes[b.lane]!.end[b.j]! - model.lanes[a.lane]!.end[a.j]!,
    );
    let openEnd = -Infinity;
    for (const { lane: li, j } of arr) {
      const lane = model.lanes[li]!;
      const { pid, tid } = laneTrack[li]!;
      const start = lane.start[j]!;
      const end = Math.max(lane.end[j]!, start);
      const kind = SPAN_KINDS[lane.kind[j]!] ?? 'sync';
      const state = model.labels[lane.label_[j]!] ?? '';
      const name = model.titles?.[lane.label_[j]!] ?? state;
      const args: TraceEventArgs = { kind, lane: lane.label, step: lane.step[j]! };
      // The model's state behind the Go name, for whoever reads the machines beside it.
      if (name !== state) args.state = state;
      if (lane.container) args.container = lane.container;
      // A zero-length span sits inside whatever is open; others must start after it ends.
      if (end === start || start >= openEnd) {
        out.push({
          ph: 'X',
          pid,
          tid,
          ts: start * US,
          dur: (end - start) * US,
          cat: kind,
          name,
          args,
        });
        if (end > start) openEnd = end;
      } else {
        const id = `0x${(++asyncId).toString(16)}`;
        asyncSpan.add(`${li}:${j}`);
        out.push({ ph: 'b', pid, tid, ts: start * US, cat: kind, name, id, args });
        out.push({ ph: 'e', pid, tid, ts: end * US, cat: kind, name, id, args: {} });
      }
    }
  }
  // Events: instants on their pod's "Events" thread; klog lines on "klog" threads.
  const extraTid = new Map<string, number>();
  const threadOf = (pid: number, name: string): number => {
    const k = `${pid}:${name}`;
    let tid = extraTid.get(k);
    if (tid === undefined) {
      tid = 1000 + extraTid.size;
      extraTid.set(k, tid);
      meta.push({
        ph: 'M',
        pid,
        tid,
        ts: 0,
        cat: '__metadata',
        name: 'thread_name',
        args: { name },
      });
      meta.push({
        ph: 'M',
        pid,
        tid,
        ts: 0,
        cat: '__metadata',
        name: 'thread_sort_index',
        args: { sort_index: tid },
      });
    }
    return tid;
  };
  const fallbackPid = kubeletPid || 1;
  if (!model.groups.length)
    meta.push({
      ph: 'M',
      pid: fallbackPid,
      tid: 0,
      ts: 0,
      cat: '__metadata',
      name: 'process_name',
      args: { name: 'kubelet' },
    });
  for (const e of input.events) {
    const pid = podPid.get(e.object) ?? fallbackPid;
    out.push({
      ph: 'i',
      s: 't',
      pid,
      tid: threadOf(pid, 'Events'),
      ts: e.t * US,
      cat: 'event',
      name: `${e.reason}`,
      args: {
        type: e.type,
        reason: e.reason,
        object: e.object,
        fieldPath: e.fieldPath ?? '',
        message: e.message,
        from: e.source,
      },
    });
  }
  const maxV = input.maxV ?? 4;
  for (const l of input.logs) {
    if (l.v > maxV) continue;
    const pod = podOfLog(l);
    const pid = (pod && podPid.get(pod)) || fallbackPid;
    out.push({
      ph: 'i',
      s: 't',
      pid,
      tid: threadOf(pid, 'klog'),
      ts: l.t * US,
      cat: 'klog',
      // An older kubelet's printf line is exported as it printed it: its kv pairs are the
      // model's, kept only to tell the line's pod.
      name: l.text ?? l.msg,
      args:
        l.text !== undefined
          ? { severity: l.severity, v: l.v, source: l.source }
          : { severity: l.severity, v: l.v, source: l.source, ...Object.fromEntries(l.kv) },
    });
  }
  // Flow arrows (v1: s binds to the enclosing slice, f with bp "e" likewise) between spans drawn as X.
  let flowId = 0;
  for (const [a, b] of input.pairs) {
    const from = input.spanOfStep.get(a);
    const to = input.spanOfStep.get(b);
    if (!from || !to) continue;
    if (asyncSpan.has(`${from.lane}:${from.index}`) || asyncSpan.has(`${to.lane}:${to.index}`))
      continue;
    const ft = laneTrack[from.lane];
    const tt = laneTrack[to.lane];
    if (!ft || !tt) continue;
    const id = `0x${(++flowId).toString(16)}`;
    out.push({
      ph: 's',
      pid: ft.pid,
      tid: ft.tid,
      ts: model.lanes[from.lane]!.start[from.index]! * US,
      cat: 'cause',
      name: 'cause',
      id,
    });
    out.push({
      ph: 'f',
      bp: 'e',
      pid: tt.pid,
      tid: tt.tid,
      ts: model.lanes[to.lane]!.start[to.index]! * US,
      cat: 'cause',
      name: 'cause',
      id,
    });
  }
  return {
    traceEvents: [...meta, ...out],
    displayTimeUnit: 'ms',
    otherData: { tool: 'kubeletscope', ...(input.otherData ?? {}) },
  };
}
