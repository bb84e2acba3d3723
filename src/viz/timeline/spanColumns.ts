/**
 * Every lane's spans in one set of columns while a layout is built, each span tagged with
 * its lane; at the end each lane's columns are gathered in push order. One typed array per
 * column instead of six growing arrays per lane (~900 lanes, ~32k spans on the 110-pod
 * node): most of the layout's allocation and its copy into typed arrays went there.
 */
import type { LaneColumns } from './laneModel';

export class SpanColumns {
  start: Float64Array;
  end: Float64Array;
  kind: Uint8Array;
  label: Int32Array;
  step: Int32Array;
  endStep: Int32Array;
  lane: Int32Array;
  length = 0;

  /** `capacity`: spans expected (it grows past that if need be). */
  constructor(capacity: number) {
    const n = Math.max(capacity, 16);
    this.start = new Float64Array(n);
    this.end = new Float64Array(n);
    this.kind = new Uint8Array(n);
    this.label = new Int32Array(n);
    this.step = new Int32Array(n);
    this.endStep = new Int32Array(n);
    this.lane = new Int32Array(n);
  }

  push(
    lane: number,
    start: number,
    end: number,
    kind: number,
    label: number,
    step: number,
    endStep: number,
  ): void {
    const i = this.length;
    if (i === this.start.length) this.grow();
    this.lane[i] = lane;
    this.start[i] = start;
    this.end[i] = end;
    this.kind[i] = kind;
    this.label[i] = label;
    this.step[i] = step;
    this.endStep[i] = endStep;
    this.length = i + 1;
  }

  private grow(): void {
    const n = this.start.length * 2;
    const more = <A extends Float64Array | Uint8Array | Int32Array>(a: A): A => {
      const out = new (a.constructor as new (n: number) => A)(n);
      out.set(a);
      return out;
    };
    this.start = more(this.start);
    this.end = more(this.end);
    this.kind = more(this.kind);
    this.label = more(this.label);
    this.step = more(this.step);
    this.endStep = more(this.endStep);
    this.lane = more(this.lane);
  }

  /**
   * Lane l's columns (lanes 0..laneCount-1) as views into one array per column, its spans sorted
   * by start then step (spans are pushed as they close), ties in push order.
   */
  byLane(laneCount: number): LaneColumns[] {
    const n = this.length;
    const offsets = new Int32Array(laneCount + 1);
    for (let i = 0; i < n; i++) offsets[this.lane[i]! + 1]!++;
    for (let l = 0; l < laneCount; l++) offsets[l + 1]! += offsets[l]!;
    const at = offsets.slice(0, laneCount);
    const start = new Float64Array(n);
    const end = new Float64Array(n);
    const kind = new Uint8Array(n);
    const label = new Int32Array(n);
    const step = new Int32Array(n);
    const endStep = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const j = at[this.lane[i]!]!++;
      start[j] = this.start[i]!;
      end[j] = this.end[i]!;
      kind[j] = this.kind[i]!;
      label[j] = this.label[i]!;
      step[j] = this.step[i]!;
      endStep[j] = this.endStep[i]!;
    }
    const cols = { start, end, kind, label_: label, step, endStep };
    const out: LaneColumns[] = [];
    for (let l = 0; l < laneCount; l++) {
      const a = offsets[l]!;
      const b = offsets[l + 1]!;
      sortSegment(cols, a, b);
      out.push({
        start: start.subarray(a, b),
        end: end.subarray(a, b),
        kind: kind.subarray(a, b),
        label_: label.subarray(a, b),
        step: step.subarray(a, b),
        endStep: endStep.subarray(a, b),
      });
    }
    return out;
  }
}

/** Sorts spans [a, b) of the columns by start then step, stably (sort() of their indices). */
function sortSegment(c: LaneColumns, a: number, b: number): void {
  const { start, step } = c;
  let sorted = true;
  for (let i = a + 1; i < b; i++)
    if (start[i]! < start[i - 1]! || (start[i] === start[i - 1] && step[i]! < step[i - 1]!)) {
      sorted = false;
      break;
    }
  if (sorted) return;
  const order = Array.from({ length: b - a }, (_, i) => a + i).sort(
    (x, y) => start[x]! - start[y]! || step[x]! - step[y]!,
  );
  for (const col of [c.start, c.end, c.kind, c.label_, c.step, c.endStep]) {
    const was = col.slice(a, b);
    for (let i = 0; i < order.length; i++) col[a + i] = was[order[i]! - a]!;
  }
}
