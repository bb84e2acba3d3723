/**
 * Where a pod's start-up time went: from its creation to Ready, one row per step
 * (sandbox, each init container, waits in the pull queue, pulls, create, PreStart,
 * start, PostStart hooks, probes until they pass), with what each wait was blocked by,
 * and the window `kubelet_pod_start_sli_duration_seconds` measures: creation to the pod
 * observed running, minus image pulls (firstStartedPulling..lastFinishedPulling per pull
 * session, queue wait included) and init-container run time (pod_startup_latency_tracker.go,
 * PR #131950: SLO = E2E − union(pulls) − Σ init runtime). Built from the lanes of one run.
 */
import type { Trace } from '../../sim';
import type { Lane, LaneModel } from '../timeline/laneModel';
import { SPAN_KINDS, type SpanKind } from '../timeline/spanKinds';
import type { Gap } from '../timeWarp';
import type { PullWait } from './pullSpans';
import { shortName } from './entityNames';

export interface WaterfallRow {
  readonly label: string;
  readonly container: string | null;
  readonly kind: SpanKind;
  readonly start: number;
  readonly end: number;
  /** What this stretch waited for, when it is a wait. */
  readonly blockedBy?: string;
}

export interface StartupWaterfall {
  readonly pod: string;
  readonly created: number;
  /** When the pod became Ready (its containers started and their probes passed), or null. */
  readonly ready: number | null;
  /** The end of the rows: ready, or the last step seen. */
  readonly end: number;
  readonly rows: readonly WaterfallRow[];
  /** The SLI window: creation to the pod observed running, and what the SLI leaves out of it. */
  readonly sli: {
    readonly start: number;
    readonly end: number | null;
    readonly excluded: readonly Gap[];
    /** ms, or null while the pod has not been observed running. */
    readonly duration: number | null;
  };
}

export interface WaterfallInput {
  readonly trace: Trace;
  readonly model: LaneModel;
  readonly pod: string;
  readonly uid: string;
  readonly created: number;
  readonly pulls: readonly PullWait[];
  /** Init containers of the pod (regular, run to completion) by key. */
  readonly isInit: (container: string) => boolean;
  /** Container keys in spec order (init containers first). */
  readonly order: readonly string[];
}

const kindOf = (l: Lane, i: number) => SPAN_KINDS[l.kind[i]!]!;

/** Union of intervals, sorted and merged. */
export function unionOf(gaps: readonly Gap[]): Gap[] {
  const s = [...gaps].filter((g) => g.end > g.start).sort((a, b) => a.start - b.start);
  const out: Gap[] = [];
  for (const g of s) {
    const last = out[out.length - 1];
    if (last && g.start <= last.end)
      out[out.length - 1] = { start: last.start, end: Math.max(last.end, g.end) };
    else out.push({ ...g });
  }
  return out;
}

const clip = (g: Gap, a: number, b: number): Gap => ({
  start: Math.max(g.start, a),
  end: Math.min(g.end, b),
});

export function startupWaterfall(inp: WaterfallInput): StartupWaterfall {
  const { model, pod, trace } = inp;
  const rows: WaterfallRow[] = [];
  const mine = model.lanes.filter((l) => l.pod === pod);
  const sync = mine.find((l) => l.label === 'SyncPod' && !l.instants);
  if (sync)
    for (let i = 0; i < sync.start.length; i++)
      if (model.labels[sync.label_[i]!] === 'creatingSandbox') {
        rows.push({
          label: 'sandbox (RunPodSandbox)',
          container: null,
          kind: 'sandbox',
          start: sync.start[i]!,
          end: sync.end[i]!,
        });
        break;
      }
  let prevHookEnd: { name: string; start: number; end: number; open: boolean } | null = null;
  let prevInit: { name: string; end: number } | null = null;
  for (const key of inp.order) {
    const name = shortName(key);
    const lane = mine.find((l) => l.container === key && !l.instants && l.label === name);
    if (!lane) {
      // Never started: SyncPod starts containers one by one, and one before it is stuck.
      if (prevHookEnd && prevHookEnd.open)
        rows.push({
          label: `${name}: not started`,
          container: key,
          kind: 'wait',
          start: prevHookEnd.start,
          end: trace.endT,
          blockedBy: `${prevHookEnd.name}'s PostStart hook, which has not returned`,
        });
      continue;
    }
    const init = inp.isInit(key);
    // The first attempt, up to its running span (start-up, not restarts).
    let runAt = -1;
    let runEnd = -1;
    const steps: WaterfallRow[] = [];
    let create: { start: number; end: number } | null = null;
    for (let i = 0; i < lane.start.length; i++) {
      const k = kindOf(lane, i);
      const label = model.labels[lane.label_[i]!] ?? '';
      const s = lane.start[i]!;
      const e = lane.end[i]!;
      if (k === 'running') {
        runAt = s;
        runEnd = lane.endStep[i]! >= 0 ? e : -1;
        break;
      }
      if (k === 'queued') {
        const w = inp.pulls.find((p) => p.container === key && p.asked === s);
        steps.push({
          label: `${name}: waiting for a pull`,
          container: key,
          kind: 'queued',
          start: s,
          end: e,
          blockedBy: w?.behind.length
            ? `queued behind the pull of ${w.behind.join(', ')}`
            : 'the image puller was busy',
        });
      } else if (k === 'pull' && e > s)
        steps.push({ label: `${name}: ${label}`, container: key, kind: 'pull', start: s, end: e });
      else if (label === 'generatingConfig' || label === 'preCreate' || label === 'creating')
        create = { start: create ? create.start : s, end: e };
      else if (label === 'preStart')
        steps.push({
          label: `${name}: PreStartContainer`,
          container: key,
          kind: 'prestart',
          start: s,
          end: e,
        });
      else if (label === 'starting')
        steps.push({ label: `${name}: start`, container: key, kind: 'start', start: s, end: e });
      else if (k === 'error')
        steps.push({ label: `${name}: ${label}`, container: key, kind: 'error', start: s, end: e });
    }
    if (create) steps.push({ label: `${name}: create`, container: key, kind: 'create', ...create });
    steps.sort((a, b) => a.start - b.start);
    const first = steps[0];
    // What this container waited for before its first step.
    if (first) {
      const after = prevHookEnd ?? prevInit;
      if (after && Math.abs(first.start - after.end) < 1_500 && first.start >= after.end)
        steps[0] = {
          ...first,
          blockedBy: prevHookEnd
            ? `started only after ${prevHookEnd.name}'s PostStart hook returned (containers start one by one)`
            : `started after init container ${prevInit!.name} exited`,
        };
    }
    rows.push(...steps);
    prevHookEnd = null;
    const hook = mine.find((l) => l.container === key && l.label === `${name} PostStart hook`);
    if (hook && hook.start.length > 0) {
      const e = hook.end[0]!;
      rows.push({
        label: `${name}: PostStart hook`,
        container: key,
        kind: 'poststart',
        start: hook.start[0]!,
        end: e,
        blockedBy: 'SyncPod waits for the hook before it starts the next container',
      });
      prevHookEnd = { name, start: hook.start[0]!, end: e, open: hook.endStep[0]! < 0 };
    }
    if (init && runAt >= 0) {
      const end = runEnd >= 0 ? runEnd : trace.endT;
      rows.push({
        label: `${name}: runs to completion`,
        container: key,
        kind: 'running',
        start: runAt,
        end,
      });
      prevInit = { name, end };
    }
    if (!init && runAt >= 0) {
      let r = hook && hook.start.length > 0 ? hook.end[0]! : runAt;
      for (const type of ['startup', 'readiness']) {
        const pl = mine.find((l) => l.container === key && l.label === `${name} ${type} probe`);
        if (!pl) continue;
        let pass = -1;
        let fails = 0;
        for (let i = 0; i < pl.start.length; i++) {
          if (pl.start[i]! < runAt) continue;
          if (kindOf(pl, i) === 'probe') {
            pass = pl.start[i]!;
            break;
          }
          fails++;
        }
        const from = Math.max(runAt, type === 'readiness' ? r : runAt);
        const to = pass >= 0 ? pass : trace.endT;
        if (to > from)
          rows.push({
            label: `${name}: ${type} probe until it passes`,
            container: key,
            kind: fails > 0 ? 'probefail' : 'probe',
            start: from,
            end: to,
            blockedBy: `waits for the ${type} probe${fails ? ` (${fails} failed first)` : ''}`,
          });
        r = Math.max(r, to);
      }
    }
  }
  rows.sort((a, b) => a.start - b.start || a.end - b.end);
  // Ready as the API server showed it: the status patch that turned the Ready condition True
  // (after PLEG and a sync noticed the containers), not the last container's own start.
  const patched = trace.records.find(
    (r) => r.kind === 'podReady' && r.data.uid === inp.uid && r.data.ready && r.t >= inp.created,
  );
  const readyAt = patched ? patched.t : null;
  const end = readyAt ?? Math.max(inp.created, ...rows.map((r) => r.end));
  // Stretches where nothing of the pod's start-up was in progress: the kubelet waited for
  // the next sync (PLEG relist, resync) to notice and act.
  const covered = unionOf(rows.map((r) => ({ start: r.start, end: r.end })));
  let t = inp.created;
  const waits: WaterfallRow[] = [];
  for (const c of [...covered, { start: end, end }]) {
    if (c.start > t && c.start <= end)
      waits.push({
        label: t === inp.created ? 'admission, pod worker' : 'waiting for the next sync',
        container: null,
        kind: 'wait',
        start: t,
        end: c.start,
        blockedBy:
          t === inp.created
            ? 'SyncLoop ADD, admission and the first SyncPod'
            : 'the next PLEG relist or resync (nothing was in progress)',
      });
    t = Math.max(t, c.end);
  }
  // Zero-length steps (a PreStartContainer with nothing to do) would only add noise.
  const all = [...rows.filter((r) => r.end > r.start), ...waits].sort(
    (a, b) => a.start - b.start || a.end - b.end,
  );
  // The SLI window ends when the pod is observed running (its status says Running).
  const running = trace.records.find(
    (r) => r.kind === 'podStatus' && r.data.uid === inp.uid && r.data.phase === 'Running',
  );
  const sliEnd = running ? running.t : null;
  const excludedRaw = [
    ...inp.pulls
      .filter((p) => p.container.startsWith(`${pod}/`))
      .map((p) => ({ start: p.asked, end: p.done })),
    ...all.filter((r) => r.kind === 'running').map((r) => ({ start: r.start, end: r.end })),
  ];
  const excluded =
    sliEnd === null ? [] : unionOf(excludedRaw.map((g) => clip(g, inp.created, sliEnd)));
  const out = excluded.reduce((a, g) => a + (g.end - g.start), 0);
  return {
    pod,
    created: inp.created,
    ready: readyAt,
    end,
    rows: all,
    sli: {
      start: inp.created,
      end: sliEnd,
      excluded,
      duration: sliEnd === null ? null : sliEnd - inp.created - out,
    },
  };
}
