/**
 * The timeline's data, columnar: per lane, parallel typed arrays of spans sorted by
 * start. Spans in one lane never overlap, so `end` is sorted too and the visible
 * window is a binary search (perfetto's slice tracks work the same way).
 */

export interface Lane {
  readonly id: string;
  readonly label: string;
  /** Lane group (one per pod, plus "Kubelet" for node-wide machines). */
  readonly group: string;
  /** Index into trace.entities of the machine drawn here, or -1 for derived lanes. */
  readonly entity: number;
  /** "<namespace>/<pod>" and "<namespace>/<pod>/<container>" this lane belongs to, if any. */
  readonly pod: string | null;
  readonly container: string | null;
  /** Marks are instants (wake-ups) rather than spans. */
  readonly instants: boolean;
  /** Instants whose labels are worth reading on the lane (decisions, not ticks). */
  readonly labelled?: boolean;
  /** Why the lane is there, when its name does not say (an overflow row, "app (2)"). */
  readonly note?: string;
  readonly start: Float64Array;
  readonly end: Float64Array;
  /** Index into SPAN_KINDS. */
  readonly kind: Uint8Array;
  /** Index into LaneModel.labels. */
  readonly label_: Int32Array;
  /** Trace step that began the span (its transition). */
  readonly step: Int32Array;
  /** Trace step that ended it, or -1 while it lasts to the end of the run. */
  readonly endStep: Int32Array;
}

export interface LaneGroup {
  readonly id: string;
  readonly label: string;
  readonly lanes: readonly Lane[];
}

/** A causal link between two marks (PLEG event → sync loop wake-up → SyncPod). */
export interface Flow {
  readonly fromLane: number;
  readonly fromIndex: number;
  readonly toLane: number;
  readonly toIndex: number;
}

export interface LaneModel {
  readonly groups: readonly LaneGroup[];
  /** All lanes in display order; `Flow` and hits refer to these indices. */
  readonly lanes: readonly Lane[];
  readonly labels: readonly string[];
  /** What a person reads for each label, index for index (labels themselves when absent). */
  readonly titles?: readonly string[];
  readonly flows: readonly Flow[];
  readonly endT: number;
  /** Total spans, for the status line and benchmarks. */
  readonly spanCount: number;
}

/** A span reference: lane index in LaneModel.lanes and span index in that lane. */
export interface SpanRef {
  readonly lane: number;
  readonly index: number;
}

/** Grows typed arrays while a lane is built. */
export class LaneBuilder {
  start: number[] = [];
  end: number[] = [];
  kind: number[] = [];
  label: number[] = [];
  step: number[] = [];
  endStep: number[] = [];

  push(start: number, end: number, kind: number, label: number, step: number, endStep: number) {
    this.start.push(start);
    this.end.push(end);
    this.kind.push(kind);
    this.label.push(label);
    this.step.push(step);
    this.endStep.push(endStep);
  }

  get length(): number {
    return this.start.length;
  }

  build(
    meta: Pick<
      Lane,
      'id' | 'label' | 'group' | 'entity' | 'instants' | 'pod' | 'container' | 'labelled'
    >,
  ): Lane {
    return makeLane(meta, {
      start: Float64Array.from(this.start),
      end: Float64Array.from(this.end),
      kind: Uint8Array.from(this.kind),
      label_: Int32Array.from(this.label),
      step: Int32Array.from(this.step),
      endStep: Int32Array.from(this.endStep),
    });
  }
}

/** A lane's typed-array columns. */
export type LaneColumns = Pick<Lane, 'start' | 'end' | 'kind' | 'label_' | 'step' | 'endStep'>;

/**
 * A lane from its description and columns, its fields named one by one: spreading the
 * description and adding the columns takes V8's slow path (~900 lanes on a big node, built in
 * the worker and again on the page). `satisfies` fails the build if a field of Lane, optional
 * ones included, is not copied here.
 */
export function makeLane(meta: Omit<Lane, keyof LaneColumns>, cols: LaneColumns): Lane {
  return {
    id: meta.id,
    label: meta.label,
    group: meta.group,
    entity: meta.entity,
    instants: meta.instants,
    labelled: meta.labelled,
    note: meta.note,
    pod: meta.pod,
    container: meta.container,
    start: cols.start,
    end: cols.end,
    kind: cols.kind,
    label_: cols.label_,
    step: cols.step,
    endStep: cols.endStep,
  } satisfies { [K in keyof Lane]-?: unknown };
}
