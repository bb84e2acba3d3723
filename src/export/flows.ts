/**
 * Cause → effect pairs of steps for flow arrows: the engine's recorded causes
 * (`trace.steps.cause[i]`: the step whose action enqueued step i's event, -1 for none)
 * between different machines (a machine's own timers, a probe's next tick or the next
 * relist, are not arrows). A trace without causes falls back to the timeline's links.
 */
import type { Trace } from '../sim/trace/types';
import { causalLinks } from '../viz/kubelet/causalLinks';
import type { LaneModel } from '../viz/timeline/laneModel';

export function causePairs(trace: Trace): [number, number][] {
  const cause = (trace.steps as { cause?: ArrayLike<number> }).cause;
  if (cause && cause.length === trace.steps.t.length) {
    const out: [number, number][] = [];
    for (let i = 0; i < cause.length; i++) {
      const c = cause[i]!;
      if (c >= 0 && c !== i && trace.steps.entity[c] !== trace.steps.entity[i]) out.push([c, i]);
    }
    return out;
  }
  return causalLinks(trace);
}

export interface SpanAt {
  readonly lane: number;
  readonly index: number;
}

/** The span (or instant) each step began, from the lane model. */
export function spansByStep(model: LaneModel): Map<number, SpanAt> {
  const m = new Map<number, SpanAt>();
  model.lanes.forEach((lane, li) => {
    for (let j = 0; j < lane.step.length; j++) {
      const s = lane.step[j]!;
      if (s >= 0 && !m.has(s)) m.set(s, { lane: li, index: j });
    }
  });
  return m;
}
