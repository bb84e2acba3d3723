/**
 * Trace → lanes. Each machine instance's state history becomes spans (a state lasts
 * from the step that entered it to the next step of that machine that left it);
 * machines that never change state, like the sync loop blocked in its select, are
 * drawn as instants instead, one lane per wake-up source. Where entities go (which
 * pod group, which lane) is decided by the caller's `place`, the one place that
 * knows the engine's naming. Built once per run.
 */
import { type EntityInfo, type Trace } from '../../sim';
import { LaneBuilder, type Flow, type Lane, type LaneGroup, type LaneModel } from './laneModel';
import { classifyState, kindIndex, type SpanKind } from './spanKinds';

export interface Placement {
  readonly group: string;
  readonly groupLabel: string;
  /** Lane label; entities with the same group and lane share a lane when they do not overlap. */
  readonly lane: string;
  /** Order of the lane within its group (then by first appearance). */
  readonly order: number;
  readonly pod: string | null;
  readonly container: string | null;
  /** For instant machines: the lane label for a step's event, or null to skip the step. */
  readonly instants?: (event: string) => string | null;
  /** Label shown on a span for a state (defaults to the state's leaf name). */
  readonly label?: (state: string) => string;
  /** Lane for a state, when some states belong on another lane (a container's PostStart hook). */
  readonly laneOf?: (state: string) => string;
  /** States that end the lane (no span drawn after entering them). */
  readonly isEnd?: (state: string) => boolean;
  /** Span kind for a state (defaults to classifyState). */
  readonly kind?: (state: string, event: string) => SpanKind;
}

export interface GroupOrder {
  /** Sort key for a group id (lower first); groups then by first appearance. */
  (group: string): number;
}

export type Place = (entity: EntityInfo, index: number) => Placement | null;

/** A span not recorded as a state (a container running, a back-off wait), derived by the caller. */
export interface ExtraSpan {
  readonly placement: Placement;
  readonly start: number;
  readonly end: number;
  readonly kind: SpanKind;
  readonly label: string;
  /** Step that began it and the step that ended it (-1: lasts to the end). */
  readonly step: number;
  readonly endStep: number;
  /** A mark at one instant (start === end) in an instants lane. */
  readonly instant?: boolean;
  /** An instant whose label is drawn beside it (default for instants; false for ticks). */
  readonly labelled?: boolean;
}

interface Pending {
  label: number;
  kind: number;
  start: number;
  step: number;
}

interface LaneAcc {
  key: string;
  group: string;
  groupLabel: string;
  label: string;
  order: number;
  first: number;
  pod: string | null;
  container: string | null;
  instants: boolean;
  labelled: boolean;
  entity: number;
  entities: Set<number>;
  b: LaneBuilder;
}

/** Maps (step) → the span or instant that the step began, for flows. */
export type StepIndex = Map<number, { lane: number; index: number }>;

export interface LaneLayoutResult {
  readonly model: LaneModel;
  readonly spanOfStep: StepIndex;
}

const leaf = (s: string) => {
  const first = s.split('|')[0] ?? s;
  const parts = first.split('.');
  return parts[parts.length - 1] ?? first;
};

export function layoutLanes(
  trace: Trace,
  place: Place,
  groupOrder: GroupOrder = () => 0,
  causal: readonly (readonly [number, number])[] = [],
  extra: readonly ExtraSpan[] = [],
): LaneLayoutResult {
  const { steps, strings } = trace;
  const labels: string[] = [];
  const labelIdx = new Map<string, number>();
  const intern = (s: string) => {
    let i = labelIdx.get(s);
    if (i === undefined) {
      i = labels.length;
      labels.push(s);
      labelIdx.set(s, i);
    }
    return i;
  };
  const placements = trace.entities.map((e, i) => place(e, i));
  const lanes = new Map<string, LaneAcc>();
  const laneFor = (
    ent: number,
    p: Placement,
    label: string,
    instants: boolean,
    first: number,
  ): LaneAcc => {
    const key = `${p.group}\u0000${label}\u0000${instants ? 'i' : 's'}`;
    let acc = lanes.get(key);
    if (!acc) {
      acc = {
        key,
        group: p.group,
        groupLabel: p.groupLabel,
        label,
        order: p.order,
        first,
        pod: p.pod,
        container: p.container,
        instants,
        labelled: false,
        entity: instants ? -1 : ent,
        entities: new Set<number>(),
        b: new LaneBuilder(),
      };
      lanes.set(key, acc);
    }
    if (ent >= 0) acc.entities.add(ent);
    return acc;
  };
  // Per entity: the open span.
  const open = new Map<number, { pending: Pending; lane: LaneAcc }>();
  const n = steps.t.length;
  for (let i = 0; i < n; i++) {
    const ent = steps.entity[i]!;
    const p = placements[ent];
    if (!p) continue;
    const t = steps.t[i]!;
    const event = strings[steps.event[i]!] ?? '';
    if (p.instants) {
      const laneLabel = p.instants(event);
      if (laneLabel === null) continue;
      const lane = laneFor(ent, p, laneLabel, true, i);
      const k = p.kind ? p.kind(laneLabel, event) : 'wakeup';
      lane.b.push(t, t, kindIndex(k), intern(event), i, i);
      continue;
    }
    const from = strings[steps.from[i]!] ?? '';
    const to = strings[steps.to[i]!] ?? '';
    const cur = open.get(ent);
    if (cur && from === to) continue;
    if (cur) {
      cur.lane.b.push(
        cur.pending.start,
        t,
        cur.pending.kind,
        cur.pending.label,
        cur.pending.step,
        i,
      );
      open.delete(ent);
    }
    if (p.isEnd?.(to)) continue;
    const k = p.kind ? p.kind(to, event) : classifyState(to, trace.entities[ent]?.kind ?? '');
    const lane = laneFor(ent, p, p.laneOf ? p.laneOf(to) : p.lane, false, i);
    open.set(ent, {
      pending: {
        label: intern(p.label ? p.label(to) : leaf(to)),
        kind: kindIndex(k),
        start: t,
        step: i,
      },
      lane,
    });
  }
  for (const x of extra) {
    const lane = laneFor(-1, x.placement, x.placement.lane, x.instant === true, x.step);
    if (x.instant && x.labelled !== false) lane.labelled = true;
    lane.b.push(
      x.start,
      Math.max(x.end, x.start),
      kindIndex(x.kind),
      intern(x.label),
      x.step,
      x.endStep,
    );
  }
  for (const { pending, lane } of open.values())
    lane.b.push(
      pending.start,
      Math.max(trace.endT, pending.start),
      pending.kind,
      pending.label,
      pending.step,
      -1,
    );

  // Groups in order; lanes inside by order then first appearance.
  const accs = [...lanes.values()];
  const groupFirst = new Map<string, number>();
  for (const a of accs)
    groupFirst.set(a.group, Math.min(groupFirst.get(a.group) ?? Infinity, a.first));
  const groupIds = [...groupFirst.keys()].sort(
    (a, b) => groupOrder(a) - groupOrder(b) || groupFirst.get(a)! - groupFirst.get(b)!,
  );
  const allLanes: Lane[] = [];
  const groups: LaneGroup[] = groupIds.map((g) => {
    const mine = accs
      .filter((a) => a.group === g)
      .sort((a, b) => a.order - b.order || a.first - b.first);
    const gl: Lane[] = [];
    for (const a of mine) {
      const whole = sortLane(
        a.b.build({
          id: a.key,
          label: a.label,
          group: a.groupLabel,
          entity: a.entities.size === 1 ? [...a.entities][0]! : -1,
          instants: a.instants,
          labelled: a.labelled,
          pod: a.pod,
          container: a.container,
        }),
      );
      for (const lane of a.instants ? [whole] : splitOverlaps(whole)) {
        allLanes.push(lane);
        gl.push(lane);
      }
    }
    return { id: g, label: mine[0]?.groupLabel ?? g, lanes: gl };
  });

  // Spans were pushed in step order per lane, but a span is pushed when it closes:
  // map steps to final indices by (lane, start step).
  const spanOfStep: StepIndex = new Map();
  allLanes.forEach((lane, li) => {
    for (let j = 0; j < lane.step.length; j++)
      spanOfStep.set(lane.step[j]!, { lane: li, index: j });
  });
  const flows: Flow[] = [];
  for (const [a, b] of causal) {
    const from = spanOfStep.get(a);
    const to = spanOfStep.get(b);
    if (from && to)
      flows.push({
        fromLane: from.lane,
        fromIndex: from.index,
        toLane: to.lane,
        toIndex: to.index,
      });
  }
  let spanCount = 0;
  for (const l of allLanes) spanCount += l.start.length;
  return {
    model: { groups, lanes: allLanes, labels, flows, endT: trace.endT, spanCount },
    spanOfStep,
  };
}

/**
 * Machines sharing a lane (a container's successive attempts) normally follow one
 * another; if two overlap, the later ones move to extra lanes ("app (2)") so spans
 * in a lane never overlap, which the window queries rely on.
 */
function splitOverlaps(l: Lane): Lane[] {
  const n = l.start.length;
  const laneOf = new Int32Array(n);
  const ends: number[] = [];
  for (let i = 0; i < n; i++) {
    let k = ends.findIndex((e) => e <= l.start[i]!);
    if (k < 0) {
      k = ends.length;
      ends.push(0);
    }
    ends[k] = l.end[i]!;
    laneOf[i] = k;
  }
  if (ends.length <= 1) return [l];
  return ends.map((_, k) => {
    const idx: number[] = [];
    for (let i = 0; i < n; i++) if (laneOf[i] === k) idx.push(i);
    const pick = <A extends Float64Array | Uint8Array | Int32Array>(arr: A): A => {
      const out = new (arr.constructor as new (n: number) => A)(idx.length);
      idx.forEach((j, i) => (out[i] = arr[j]!));
      return out;
    };
    return {
      ...l,
      id: k === 0 ? l.id : `${l.id}#${k + 1}`,
      label: k === 0 ? l.label : `${l.label} (${k + 1})`,
      start: pick(l.start),
      end: pick(l.end),
      kind: pick(l.kind),
      label_: pick(l.label_),
      step: pick(l.step),
      endStep: pick(l.endStep),
    };
  });
}

/** Sorts a lane's spans by start (they are pushed as they close). */
function sortLane(l: Lane): Lane {
  const n = l.start.length;
  let sorted = true;
  for (let i = 1; i < n; i++)
    if (
      l.start[i]! < l.start[i - 1]! ||
      (l.start[i] === l.start[i - 1] && l.step[i]! < l.step[i - 1]!)
    ) {
      sorted = false;
      break;
    }
  if (sorted) return l;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => l.start[a]! - l.start[b]! || l.step[a]! - l.step[b]!,
  );
  const pick = <A extends Float64Array | Uint8Array | Int32Array>(arr: A): A => {
    const out = new (arr.constructor as new (n: number) => A)(n);
    order.forEach((j, i) => (out[i] = arr[j]!));
    return out;
  };
  return {
    ...l,
    start: pick(l.start),
    end: pick(l.end),
    kind: pick(l.kind),
    label_: pick(l.label_),
    step: pick(l.step),
    endStep: pick(l.endStep),
  };
}
