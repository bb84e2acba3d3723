/**
 * An imported input as timeline lanes of its own ("log: <pod>" groups: SyncPod, sandbox, a
 * lane per container, PLEG, probes, Events, and the differences from the model), each pod on the
 * model's clock (shifted so the two align at the first record they share), put before the
 * model's groups. Each span keeps the record it was drawn from, for the Inspector.
 */
import type { RecordedStep, StepKind } from '../../replay/recordedSteps';
import { LaneBuilder, type Lane, type LaneGroup, type LaneModel } from '../timeline/laneModel';
import { kindIndex, type SpanKind } from '../timeline/spanKinds';

export const RECORDED_PREFIX = 'log: ';
const LANE_ORDER = ['SyncLoop', 'SyncPod', 'sandbox'];
const TAIL_ORDER = ['PLEG', 'probes', 'Events', 'differences'];

const KIND: Record<StepKind, SpanKind> = {
  sync: 'sync',
  sandbox: 'sandbox',
  pull: 'pull',
  create: 'create',
  start: 'start',
  probe: 'probe',
  wakeup: 'wakeup',
  error: 'error',
  admit: 'admit',
};

/** A difference's marker: where (input clock) and what it says. */
export interface DiffMarker {
  readonly pod: string;
  /** µs on the input's clock. */
  readonly atUs: number;
  readonly text: string;
  readonly kind: string;
  readonly input: { readonly line: number; readonly text: string } | null;
  readonly model: { readonly step: number; readonly text: string } | null;
}

/** What a span of an imported lane stands for: the input's record, or a difference. */
export interface ImportedSpan {
  readonly title: string;
  readonly rows: readonly (readonly [string, string])[];
  readonly code?: string;
}

export interface ImportedLanes {
  /** The imported lanes come first: model lane i is lane i + laneOffset of the merged model. */
  readonly laneOffset: number;
  /** Per imported lane id, its spans' records in span order. */
  readonly spans: ReadonlyMap<string, readonly ImportedSpan[]>;
}

function laneRank(name: string): number {
  const i = LANE_ORDER.indexOf(name);
  if (i >= 0) return i;
  const j = TAIL_ORDER.indexOf(name);
  return j >= 0 ? 100 + j : 10;
}

interface Item {
  start: number;
  end: number;
  kind: SpanKind;
  label: string;
  info: ImportedSpan;
}

const stepInfo = (s: RecordedStep): ImportedSpan => ({
  title: s.name,
  rows: [
    ['input line', String(s.line)],
    ...(s.what ? ([['record', s.what]] as const) : []),
    ...(s.container ? ([['container', s.container]] as const) : []),
    ...(!s.instant
      ? ([['duration in the input', `${((s.endUs - s.startUs) / 1000).toFixed(1)} ms`]] as const)
      : []),
  ],
  ...(s.text ? { code: s.text } : {}),
});

const markerInfo = (d: DiffMarker): ImportedSpan => ({
  title: `≠ ${d.text}`,
  rows: [
    ['difference', d.kind],
    ...(d.input ? ([['input line', String(d.input.line)]] as const) : []),
    ...(d.model ? ([['model step', String(d.model.step + 1)]] as const) : []),
  ],
  code: [d.input ? `input: ${d.input.text}` : '', d.model ? `model: ${d.model.text}` : '']
    .filter(Boolean)
    .join('\n'),
});

/**
 * Recorded groups merged into `model`. `shiftUs(pod)`: input µs − model µs for that pod, so an
 * input record at `us` is drawn at (us − shift) / 1000 ms.
 */
export function withRecorded(
  model: LaneModel,
  steps: readonly RecordedStep[],
  markers: readonly DiffMarker[],
  shiftUs: number | ((pod: string) => number),
): LaneModel & { readonly imported: ImportedLanes } {
  const shiftOf = typeof shiftUs === 'number' ? () => shiftUs : shiftUs;
  const labels = [...model.labels];
  const labelIdx = new Map(labels.map((l, i) => [l, i]));
  const intern = (s: string) => {
    let i = labelIdx.get(s);
    if (i === undefined) {
      i = labels.length;
      labels.push(s);
      labelIdx.set(s, i);
    }
    return i;
  };
  const ms = (pod: string, us: number) => (us - shiftOf(pod)) / 1000;
  // pod → lane → items
  const pods = new Map<
    string,
    Map<string, { instants: boolean; container: string | null; items: Item[] }>
  >();
  const laneOf = (pod: string, lane: string, instants: boolean, container: string | null) => {
    const p = pods.get(pod) ?? pods.set(pod, new Map()).get(pod)!;
    const key = `${lane}\u0000${instants ? 'i' : 's'}`;
    return p.get(key) ?? p.set(key, { instants, container, items: [] }).get(key)!;
  };
  for (const s of steps)
    laneOf(s.pod, s.lane, s.instant, s.container ? `${s.pod}/${s.container}` : null).items.push({
      start: ms(s.pod, s.startUs),
      end: ms(s.pod, s.endUs),
      kind: KIND[s.kind],
      label: s.name,
      info: stepInfo(s),
    });
  for (const d of markers)
    laneOf(d.pod, 'differences', true, null).items.push({
      start: ms(d.pod, d.atUs),
      end: ms(d.pod, d.atUs),
      kind: 'error',
      label: `≠ ${d.text}`,
      info: markerInfo(d),
    });
  const groups: LaneGroup[] = [];
  const spans = new Map<string, ImportedSpan[]>();
  let endT = model.endT;
  for (const [pod, lanes] of pods) {
    const gid = `${RECORDED_PREFIX}${pod}`;
    const built: Lane[] = [];
    const entries = [...lanes.entries()].sort(
      (a, b) => laneRank(a[0].split('\u0000')[0]!) - laneRank(b[0].split('\u0000')[0]!),
    );
    for (const [key, l] of entries) {
      const name = key.split('\u0000')[0]!;
      const items = [...l.items].sort((a, b) => a.start - b.start || b.end - a.end);
      // Spans in a lane must not overlap: an overlapping one goes to "name (2)".
      const rows: { end: number; b: LaneBuilder; info: ImportedSpan[] }[] = [];
      for (const it of items) {
        endT = Math.max(endT, it.end);
        let r = l.instants ? rows[0] : rows.find((x) => x.end <= it.start);
        if (!r) rows.push((r = { end: -Infinity, b: new LaneBuilder(), info: [] }));
        r.b.push(it.start, it.end, kindIndex(it.kind), intern(it.label), -1, -1);
        r.info.push(it.info);
        r.end = it.end;
      }
      rows.forEach((r, k) => {
        const id = `${gid}\u0000${name}\u0000${l.instants ? 'i' : 's'}${k ? `#${k + 1}` : ''}`;
        spans.set(id, r.info);
        built.push(
          r.b.build({
            id,
            label: k ? `${name} (${k + 1})` : name,
            group: `${RECORDED_PREFIX}${pod}`,
            entity: -1,
            instants: l.instants,
            labelled: l.instants && name !== 'PLEG',
            pod,
            container: l.container,
          }),
        );
      });
    }
    groups.push({ id: gid, label: `${RECORDED_PREFIX}${pod}`, lanes: built });
  }
  const offset = groups.reduce((n, g) => n + g.lanes.length, 0);
  const lanes = [...groups.flatMap((g) => g.lanes), ...model.lanes];
  let spanCount = model.spanCount;
  for (const g of groups) for (const l of g.lanes) spanCount += l.start.length;
  return {
    groups: [...groups, ...model.groups],
    lanes,
    labels,
    // The recorded steps are named in the log's own words: their titles are their labels.
    ...(model.titles && { titles: [...model.titles, ...labels.slice(model.titles.length)] }),
    flows: model.flows.map((f) => ({
      ...f,
      fromLane: f.fromLane + offset,
      toLane: f.toLane + offset,
    })),
    endT,
    spanCount,
    imported: { laneOffset: offset, spans },
  };
}

export function isRecordedLane(lane: Lane): boolean {
  return lane.group.startsWith(RECORDED_PREFIX);
}
