/**
 * Where a tour step points, found in the run itself (DOM-free): the cursor from a predicate
 * over the trace (an Event, a machine entering a state, a probe result, a cpuset written),
 * the selection from lane, container, pod or CPU names. Anything that matches nothing comes
 * back as a sentence, never as a guess; the unit tests run every tour against its preset.
 */
import { findMoment, type SimulationRun } from '../../sim';
import type { RunView, Selection } from '../../state/types';
import { SPAN_KINDS } from '../../viz/timeline/spanKinds';
import type { TourAt, TourTarget } from './tourSchema';

export type KubeletRun = RunView<SimulationRun>;

/** The cursor a step asks for: `cursor` steps applied, the playhead at `t` ms. */
export interface ResolvedAt {
  readonly cursor: number;
  readonly t: number;
}

export type Resolved<T> = { ok: true; value: T } | { ok: false; error: string };

const ok = <T>(value: T): Resolved<T> => ({ ok: true, value });
const fail = <T>(error: string): Resolved<T> => ({ ok: false, error });

/** "default/web/app" → ["default/web", "app"]. */
function splitKey(key: string): [string, string] {
  const i = key.lastIndexOf('/');
  return [key.slice(0, i), key.slice(i + 1)];
}

/** The step just after the nth match, so the matching step is applied and on screen. */
function afterStep(run: KubeletRun, step: number): ResolvedAt {
  return { cursor: step + 1, t: run.times[step] ?? 0 };
}

export function resolveAt(run: KubeletRun, at: TourAt): Resolved<ResolvedAt> {
  const trace = run.raw.trace;
  const podKeyOf = (uid: string) => run.raw.config.pods[uid]?.key;
  if ('ms' in at) {
    if (at.ms > run.endT) return fail(`${at.ms} ms is after the run's end (${run.endT} ms)`);
    let cursor = 0;
    while (cursor < run.total && run.times[cursor]! <= at.ms) cursor++;
    return ok({ cursor, t: at.ms });
  }
  const found = findMoment(trace, podKeyOf, at);
  return found.ok ? ok(afterStep(run, found.step)) : fail(found.error);
}

/** The selection a step asks for, at playhead time t (for "the span under the cursor"). */
export function resolveTarget(run: KubeletRun, target: TourTarget, t: number): Resolved<Selection> {
  const lanes = run.lanes.lanes;
  if ('container' in target) {
    if (!lanes.some((l) => l.container === target.container))
      return fail(`no lane of container ${target.container}`);
    return ok({
      kind: 'container',
      container: target.container,
      pod: splitKey(target.container)[0],
    });
  }
  if ('pod' in target) {
    if (!lanes.some((l) => l.pod === target.pod)) return fail(`no lane of pod ${target.pod}`);
    return ok({ kind: 'pod', pod: target.pod });
  }
  if ('cpu' in target) {
    if (!run.topology.cpus.some((c) => c.id === target.cpu))
      return fail(`the node has no CPU ${target.cpu}`);
    return ok({ kind: 'cpu', cpu: target.cpu });
  }
  // A group by its id ("default/web", "node") or its label ("Kubelet (node-1)").
  const group = run.lanes.groups.find((g) => g.id === target.group || g.label === target.group);
  const lane = group?.lanes.find((l) => l.label === target.lane);
  const li = lane ? lanes.indexOf(lane) : -1;
  if (!lane || li < 0) return fail(`no lane "${target.lane}" in group "${target.group}"`);
  let index = -1;
  if (target.span !== undefined) {
    const k = SPAN_KINDS.indexOf(target.span as (typeof SPAN_KINDS)[number]);
    if (k < 0) return fail(`"${target.span}" is not a span kind (${SPAN_KINDS.join(', ')})`);
    index = lane.kind.findIndex((x) => x === k);
    if (index < 0) return fail(`lane "${target.lane}" has no ${target.span} span`);
  } else {
    // The span under the playhead, else the last one begun before it.
    for (let i = 0; i < lane.start.length && lane.start[i]! <= t; i++) index = i;
    if (index < 0) return fail(`lane "${target.lane}" has nothing at or before ${t} ms`);
  }
  return ok({
    kind: 'span',
    span: { lane: li, index },
    ...(lane.container ? { container: lane.container } : {}),
    ...(lane.pod ? { pod: lane.pod } : {}),
  });
}
