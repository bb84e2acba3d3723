/**
 * Trace → lanes. Each machine instance's state history becomes spans (a state lasts
 * from the step that entered it to the next step of that machine that left it);
 * machines that never change state, like the sync loop blocked in its select, are
 * drawn as instants instead, one lane per wake-up source. Where entities go (which
 * pod group, which lane) is decided by the caller's `place`, the one place that
 * knows the engine's naming. Built once per run.
 */
import { type EntityInfo, type Trace } from '../../sim';
import { makeLane, type Flow, type Lane, type LaneGroup, type LaneModel } from './laneModel';
import { SpanColumns } from './spanColumns';
import { classifyState, kindIndex, SPAN_KINDS, type SpanKind } from './spanKinds';

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

/** A lane, span kind and label index, as a placement decided them. */
interface SpanDecision {
  lane: number;
  kind: number;
  label: number;
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
  /** Index into SpanColumns' lane tags. */
  index: number;
}

export interface LaneLayoutResult {
  readonly model: LaneModel;
}

/** The leaf of a state's first region: "a.b.c|x.y" → "c" (slices, not splits: called per new state). */
const leaf = (s: string) => {
  const bar = s.indexOf('|');
  const first = bar < 0 ? s : s.slice(0, bar);
  return first.slice(first.lastIndexOf('.') + 1);
};

/** What the step loop does with an entity's steps (a typed array: placements differ in shape). */
const SKIP = 0;
const INSTANTS = 1;
const SPANS = 2;

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
  const nEnt = placements.length;
  const mode = new Uint8Array(nEnt);
  for (let e = 0; e < nEnt; e++) {
    const p = placements[e];
    mode[e] = !p ? SKIP : p.instants ? INSTANTS : SPANS;
  }
  const n = steps.t.length;
  // Each step closes or marks at most one span; then the extras and the spans left open.
  const spans = new SpanColumns(n + extra.length + nEnt);
  const lanes = new Map<string, LaneAcc>();
  const accs: LaneAcc[] = [];
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
        index: accs.length,
      };
      lanes.set(key, acc);
      accs.push(acc);
    }
    if (ent >= 0) acc.entities.add(ent);
    return acc;
  };
  // What a placement decides for an entity entering a state (by the step's event) is the same
  // each time: decided once per (entity, state, event), and once per (entity, event) for
  // instants. A run of the 110-pod node has ~65k steps but a few thousand such triples.
  const nStrings = strings.length;
  const spanMemo = new Map<number, SpanDecision | null>();
  const instantMemo = new Map<number, SpanDecision | null>();
  // Per entity: the open span (its lane index; -1 when none is open).
  const openLane = new Int32Array(nEnt).fill(-1);
  const openStart = new Float64Array(nEnt);
  const openStep = new Int32Array(nEnt);
  const openLabel = new Int32Array(nEnt);
  const openKind = new Int32Array(nEnt);
  // The lane an entity's last new span went to, by its label: most entities keep to one lane,
  // so a new (state, event) rarely needs laneFor's key built and looked up.
  const lastLaneLabel = new Array<string | undefined>(nEnt);
  const lastLane = new Array<LaneAcc | undefined>(nEnt);
  // The default label (the state's leaf) by string index, interned once per state.
  const leafLabel = new Int32Array(nStrings).fill(-1);
  for (let i = 0; i < n; i++) {
    const ent = steps.entity[i]!;
    const m = mode[ent];
    if (m === SKIP || m === undefined) continue;
    const t = steps.t[i]!;
    const ev = steps.event[i]!;
    if (m === INSTANTS) {
      const mk = ent * nStrings + ev;
      let d = instantMemo.get(mk);
      if (d === undefined) {
        const p = placements[ent]!;
        const event = strings[ev] ?? '';
        const laneLabel = p.instants!(event);
        d =
          laneLabel === null
            ? null
            : {
                lane: laneFor(ent, p, laneLabel, true, i).index,
                kind: kindIndex(p.kind ? p.kind(laneLabel, event) : 'wakeup'),
                label: intern(event),
              };
        instantMemo.set(mk, d);
      }
      if (d !== null) spans.push(d.lane, t, t, d.kind, d.label, i, i);
      continue;
    }
    const fi = steps.from[i]!;
    const ti = steps.to[i]!;
    const cur = openLane[ent]!;
    if (cur >= 0 && (fi === ti || strings[fi] === strings[ti])) continue;
    if (cur >= 0) {
      spans.push(cur, openStart[ent]!, t, openKind[ent]!, openLabel[ent]!, openStep[ent]!, i);
      openLane[ent] = -1;
    }
    const mk = (ent * nStrings + ti) * nStrings + ev;
    let d = spanMemo.get(mk);
    if (d === undefined) {
      const p = placements[ent]!;
      const event = strings[ev] ?? '';
      const to = strings[ti] ?? '';
      if (p.isEnd?.(to)) d = null;
      else {
        const laneLabel = p.laneOf ? p.laneOf(to) : p.lane;
        let lane = lastLane[ent];
        if (lane === undefined || lastLaneLabel[ent] !== laneLabel) {
          lane = laneFor(ent, p, laneLabel, false, i);
          lastLane[ent] = lane;
          lastLaneLabel[ent] = laneLabel;
        }
        let label: number;
        if (p.label) label = intern(p.label(to));
        else {
          label = leafLabel[ti]!;
          if (label < 0) label = leafLabel[ti] = intern(leaf(to));
        }
        d = {
          lane: lane.index,
          kind: kindIndex(
            p.kind ? p.kind(to, event) : classifyState(to, trace.entities[ent]?.kind ?? ''),
          ),
          label,
        };
      }
      spanMemo.set(mk, d);
    }
    if (d === null) continue;
    openLane[ent] = d.lane;
    openStart[ent] = t;
    openStep[ent] = i;
    openLabel[ent] = d.label;
    openKind[ent] = d.kind;
  }
  for (const x of extra) {
    const lane = laneFor(-1, x.placement, x.placement.lane, x.instant === true, x.step);
    if (x.instant && x.labelled !== false) lane.labelled = true;
    spans.push(
      lane.index,
      x.start,
      Math.max(x.end, x.start),
      kindIndex(x.kind),
      intern(x.label),
      x.step,
      x.endStep,
    );
  }
  // Spans still open at the end last to the end (each lane is sorted by start below).
  for (let ent = 0; ent < nEnt; ent++) {
    const lane = openLane[ent]!;
    if (lane >= 0)
      spans.push(
        lane,
        openStart[ent]!,
        Math.max(trace.endT, openStart[ent]!),
        openKind[ent]!,
        openLabel[ent]!,
        openStep[ent]!,
        -1,
      );
  }
  const columns = spans.byLane(accs.length);

  // Groups in order; lanes inside by order then first appearance.
  const groupFirst = new Map<string, number>();
  const byGroup = new Map<string, LaneAcc[]>();
  for (const a of accs) {
    groupFirst.set(a.group, Math.min(groupFirst.get(a.group) ?? Infinity, a.first));
    const list = byGroup.get(a.group);
    if (list) list.push(a);
    else byGroup.set(a.group, [a]);
  }
  const groupIds = [...groupFirst.keys()].sort(
    (a, b) => groupOrder(a) - groupOrder(b) || groupFirst.get(a)! - groupFirst.get(b)!,
  );
  const allLanes: Lane[] = [];
  const groups: LaneGroup[] = groupIds.map((g) => {
    const mine = byGroup.get(g)!.sort((a, b) => a.order - b.order || a.first - b.first);
    const gl: Lane[] = [];
    for (const a of mine) {
      // Sorted by start already (SpanColumns.byLane).
      const whole = makeLane(
        {
          id: a.key,
          label: a.label,
          group: a.groupLabel,
          entity: a.entities.size === 1 ? [...a.entities][0]! : -1,
          instants: a.instants,
          labelled: a.labelled,
          pod: a.pod,
          container: a.container,
        },
        columns[a.index]!,
      );
      for (const lane of a.instants ? [whole] : splitOverlaps(whole)) {
        allLanes.push(lane);
        gl.push(lane);
      }
    }
    return { id: g, label: mine[0]?.groupLabel ?? g, lanes: gl };
  });

  // Flows join the spans their causal steps began: only those steps are looked up.
  const flowEnds = spanIndex(allLanes, causal, n);
  const flows: Flow[] = [];
  for (const [a, b] of causal) {
    const fromLane = flowEnds.lane[a] ?? -1;
    const toLane = flowEnds.lane[b] ?? -1;
    if (fromLane >= 0 && toLane >= 0)
      flows.push({
        fromLane,
        fromIndex: flowEnds.index[a]!,
        toLane,
        toIndex: flowEnds.index[b]!,
      });
  }
  let spanCount = 0;
  for (const l of allLanes) spanCount += l.start.length;
  return { model: { groups, lanes: allLanes, labels, flows, endT: trace.endT, spanCount } };
}

/**
 * Step → the span or instant it began (final lane indices, -1: none), for the causal steps;
 * a step that began spans on two lanes (a container's derived span) maps to the later lane.
 * Arrays by step (`steps`: the trace's step count), not maps: ~32k spans are checked.
 */
function spanIndex(
  lanes: readonly Lane[],
  causal: readonly (readonly [number, number])[],
  steps: number,
): { lane: Int32Array; index: Int32Array } {
  const wanted = new Uint8Array(steps);
  for (const [a, b] of causal) {
    if (a >= 0 && a < steps) wanted[a] = 1;
    if (b >= 0 && b < steps) wanted[b] = 1;
  }
  const lane = new Int32Array(steps).fill(-1);
  const index = new Int32Array(steps);
  for (let li = 0; li < lanes.length; li++) {
    const st = lanes[li]!.step;
    for (let j = 0; j < st.length; j++) {
      const s = st[j]!;
      if (wanted[s] === 1) {
        lane[s] = li;
        index[s] = j;
      }
    }
  }
  return { lane, index };
}

/**
 * Machines sharing a lane (a container's successive attempts) normally follow one
 * another; if two overlap, the later ones move to extra lanes ("app (2)") so spans
 * in a lane never overlap, which the window queries rely on.
 */
function splitOverlaps(l: Lane): Lane[] {
  const n = l.start.length;
  // Most lanes follow on: each span starts after the one before it ends (one lane, nothing to split).
  let overlaps = false;
  for (let i = 1; i < n && !overlaps; i++) overlaps = !(l.end[i - 1]! <= l.start[i]!);
  if (!overlaps) return [l];
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
    // An overflow row says why it is there: what it holds overlaps the row above in time.
    const checks = idx.every((j) => l.end[j] === l.start[j] && SPAN_KINDS[l.kind[j]!] === 'error');
    const note =
      k === 0
        ? l.note
        : checks
          ? `${l.label}'s failed start attempts that fall inside a wait drawn above: each sync during a back-off tries the container again and fails at once (ImagePullBackOff: the image is still in its pull back-off). A row of their own, so none hides the wait.`
          : `spans of ${l.label} that overlap the row above in time (a new attempt while the previous one is still being stopped, or a check during a wait), on a row of their own so none hides another.`;
    return {
      ...l,
      id: k === 0 ? l.id : `${l.id}#${k + 1}`,
      label: k === 0 ? l.label : `${l.label} (${k + 1})`,
      note,
      start: pick(l.start),
      end: pick(l.end),
      kind: pick(l.kind),
      label_: pick(l.label_),
      step: pick(l.step),
      endStep: pick(l.endStep),
    };
  });
}
