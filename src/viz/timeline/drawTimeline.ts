/**
 * Draws every visible span of the timeline onto a 2D canvas. A plain function of
 * (ctx, model, layout, scale, style): React mounts the canvas and calls this at most
 * once per frame. Rectangles first, grouped by colour; labels in a second pass and
 * only where a span is wide enough; sub-pixel spans are merged (a small version of
 * perfetto's mipmaps), so cost follows pixels, not spans.
 */
import type { LaneModel, SpanRef } from './laneModel';
import type { RowLayout } from './rowLayout';
import type { TimeScale } from '../timeScale';
import { SPAN_KINDS, SPAN_KIND_COLOR, kindIndex, textColorOn } from './spanKinds';
import { visibleRange } from './windowQuery';

export interface TimelineStyle {
  readonly background: string;
  readonly groupBackground: string;
  readonly gridLine: string;
  readonly flow: string;
  readonly flowSelected: string;
  readonly selection: string;
  /** Row tint for the lanes of the selected container. */
  readonly highlight: string;
  /** Text of decision marks drawn on the lane background. */
  readonly markText: string;
  readonly font: string;
}

export interface DrawOptions {
  readonly dpr: number;
  /** Height of the viewport in CSS px, and how far the rows are scrolled. */
  readonly height: number;
  readonly scrollY: number;
  readonly selected: SpanRef | null;
  /** 1 per lane index to emphasise (the selected container's or pod's lanes). */
  readonly highlightLanes: Uint8Array | null;
  readonly showFlows: boolean;
  /** When set, only the flows flagged 1 are drawn (the selected span's causal chain). */
  readonly flowMask?: Uint8Array | null;
  readonly style: TimelineStyle;
}

export interface DrawStats {
  rects: number;
  labels: number;
}

const MIN_LABEL_PX = 40;
const INSTANT_W = 3;
/** Decision marks (a rejection, a fault, a CPU allocation) are wider, with their label beside. */
const MARK_W = 6;
const KIND_FILL = SPAN_KINDS.map((k) => SPAN_KIND_COLOR[k]);
const KIND_TEXT = KIND_FILL.map(textColorOn);
const PROBE_FAIL = kindIndex('probefail');
const ERROR = kindIndex('error');

export function drawTimeline(
  ctx: CanvasRenderingContext2D,
  model: LaneModel,
  layout: RowLayout,
  scale: TimeScale,
  o: DrawOptions,
): DrawStats {
  const { dpr, style } = o;
  const W = scale.width;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = style.background;
  ctx.fillRect(0, 0, W, o.height);
  const t0 = scale.window.start;
  const t1 = scale.window.end;
  const stats: DrawStats = { rects: 0, labels: 0 };
  const yTop = o.scrollY;
  const yBot = o.scrollY + o.height;

  // Per-kind batches of rects: one fillStyle change per kind.
  const batches: number[][] = KIND_FILL.map(() => []);
  const labels: [number, number, number, number, number][] = []; // x, y, w, kind, labelIdx
  const markLabels: [number, number, number, number][] = []; // x, y, w, labelIdx
  const cover = new Float64Array(KIND_FILL.length);

  for (const row of layout.rows) {
    if (row.y + row.h < yTop || row.y > yBot) continue;
    const y = row.y - yTop;
    if (row.kind === 'group') {
      ctx.fillStyle = style.groupBackground;
      ctx.fillRect(0, y, W, row.h);
      continue;
    }
    const lane = model.lanes[row.lane];
    if (!lane) continue;
    if (o.highlightLanes?.[row.lane] === 1) {
      ctx.fillStyle = style.highlight;
      ctx.fillRect(0, y, W, row.h);
    }
    ctx.fillStyle = style.gridLine;
    ctx.fillRect(0, y + row.h - 0.5, W, 0.5);
    const [first, last] = visibleRange(lane, t0, t1);
    const ry = y + 3;
    const rh = row.h - 6;
    // Merge state: a pending rect extended while the next span starts within 1 px. A
    // merged rect takes the colour of the kind that covers most of it (in time), so a
    // long run never turns the colour of a sliver merged into it.
    let px0 = -1;
    let px1 = -1;
    let pk = -1;
    const flush = () => {
      if (pk >= 0) {
        let best = pk;
        for (let k = 0; k < cover.length; k++) if (cover[k]! > cover[best]!) best = k;
        batches[best]!.push(px0, ry, Math.max(px1 - px0, 1), rh);
        stats.rects++;
      }
      pk = -1;
      cover.fill(0);
    };
    const labelled = lane.instants && lane.labelled === true;
    let lastMarkEnd = -Infinity;
    for (let i = first; i < last; i++) {
      const s = lane.start[i]!;
      const e = lane.end[i]!;
      let x0 = Math.max(scale.x(s), -2);
      let x1 = Math.min(scale.x(e), W + 2);
      const k = lane.kind[i]!;
      if (labelled) {
        // A decision mark: never merged away, its label beside it where there is room.
        flush();
        // Kept whole at the left edge (a fault armed at 0 s).
        batches[k]!.push(Math.max(x0 - MARK_W / 2, 0), ry - 1, MARK_W, rh + 2);
        stats.rects++;
        if (x0 + MARK_W > lastMarkEnd) {
          const next = i + 1 < last ? scale.x(lane.start[i + 1]!) : W;
          const w = Math.min(next - x0 - MARK_W, 260);
          if (w >= 24) {
            markLabels.push([x0 + MARK_W, ry, w, lane.label_[i]!]);
            lastMarkEnd = x0 + MARK_W + w;
          }
        }
        continue;
      }
      if (lane.instants || x1 - x0 < 1) {
        if (lane.instants) {
          x0 -= INSTANT_W / 2;
          x1 = x0 + INSTANT_W;
        } else x1 = x0 + 1;
      }
      // Spans weigh by duration; instants by count, a failure outweighing any number of passes.
      const weight = lane.instants
        ? k === PROBE_FAIL || k === ERROR
          ? 1e6
          : 1
        : Math.max(e - s, 0) + 1e-9;
      if (pk >= 0 && x0 <= px1 + 1 && (x1 - x0 < 2 || px1 - px0 < 2)) {
        // Too thin to tell apart: fold into the pending rect; the dominant kind colours it.
        px1 = Math.max(px1, x1);
        cover[k] = cover[k]! + weight;
        continue;
      }
      flush();
      px0 = x0;
      px1 = x1;
      pk = k;
      cover[k] = weight;
      if (!lane.instants && x1 - x0 >= MIN_LABEL_PX)
        labels.push([x0, ry, x1 - x0, k, lane.label_[i]!]);
    }
    flush();
  }

  for (let k = 0; k < batches.length; k++) {
    const b = batches[k]!;
    if (b.length === 0) continue;
    ctx.fillStyle = KIND_FILL[k]!;
    for (let j = 0; j < b.length; j += 4) ctx.fillRect(b[j]!, b[j + 1]!, b[j + 2]!, b[j + 3]!);
  }

  ctx.font = style.font;
  ctx.textBaseline = 'middle';
  const titles = model.titles ?? model.labels;
  for (const [x, y, w, k, li] of labels) {
    const text = titles[li] ?? '';
    const vx = Math.max(x, 0);
    const vw = Math.min(x + w, W) - vx - 6;
    if (vw < 12) continue;
    ctx.fillStyle = KIND_TEXT[k]!;
    ctx.save();
    ctx.beginPath();
    ctx.rect(vx, y, vw + 3, 14);
    ctx.clip();
    // A label cut by its span ends in "…", so two neighbours never read as one word.
    ctx.fillText(fitLabel(ctx, text, vw), vx + 3, y + 7);
    ctx.restore();
    stats.labels++;
  }

  ctx.fillStyle = style.markText;
  for (const [x, y, w, li] of markLabels) {
    // Cut with "…" like the span labels; a stub of a word or two letters is not drawn.
    const text = fitLabel(ctx, titles[li] ?? '', w - 2);
    if (text.endsWith('…') && text.length < 6) continue;
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, w, 14);
    ctx.clip();
    ctx.fillText(text, x, y + 7);
    ctx.restore();
    stats.labels++;
  }

  if (o.showFlows) drawFlows(ctx, model, layout, scale, o);
  if (o.selected) drawSelection(ctx, model, layout, scale, o, o.selected);
  return stats;
}

/** `text`, or its longest prefix + "…" that fits in `w` px (binary search on measureText). */
export function fitLabel(ctx: CanvasRenderingContext2D, text: string, w: number): string {
  if (ctx.measureText(text).width <= w) return text;
  let lo = 0;
  let hi = text.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= w) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}

function spanCenterY(layout: RowLayout, lane: number, scrollY: number): number | null {
  const ri = layout.rowOfLane[lane] ?? -1;
  if (ri < 0) return null;
  const r = layout.rows[ri]!;
  return r.y - scrollY + r.h / 2;
}

function drawFlows(
  ctx: CanvasRenderingContext2D,
  model: LaneModel,
  layout: RowLayout,
  scale: TimeScale,
  o: DrawOptions,
): void {
  const { start: t0, end: t1 } = scale.window;
  const sel = o.selected;
  ctx.lineWidth = 1;
  for (let fi = 0; fi < model.flows.length; fi++) {
    if (o.flowMask && o.flowMask[fi] !== 1) continue;
    const f = model.flows[fi]!;
    const a = model.lanes[f.fromLane];
    const b = model.lanes[f.toLane];
    if (!a || !b) continue;
    const ta = a.instants ? a.start[f.fromIndex]! : a.end[f.fromIndex]!;
    const tb = b.start[f.toIndex]!;
    if (tb < t0 || ta > t1) continue;
    const ya = spanCenterY(layout, f.fromLane, o.scrollY);
    const yb = spanCenterY(layout, f.toLane, o.scrollY);
    if (ya === null || yb === null) continue;
    const isSel =
      sel !== null &&
      ((sel.lane === f.fromLane && sel.index === f.fromIndex) ||
        (sel.lane === f.toLane && sel.index === f.toIndex));
    ctx.strokeStyle = isSel ? o.style.flowSelected : o.style.flow;
    ctx.lineWidth = isSel ? 2 : 1;
    const xa = scale.x(ta);
    const xb = scale.x(tb);
    const mx = Math.max(xa, xb) + 8;
    ctx.beginPath();
    ctx.moveTo(xa, ya);
    // A right-angled bezier like perfetto's flow arrows: out, along, in.
    ctx.bezierCurveTo(mx, ya, mx, yb, xb, yb);
    ctx.stroke();
    const dir = yb >= ya ? 1 : -1;
    ctx.fillStyle = ctx.strokeStyle;
    ctx.beginPath();
    ctx.moveTo(xb, yb);
    ctx.lineTo(xb + 4, yb - 5 * dir);
    ctx.lineTo(xb - 1, yb - 6 * dir);
    ctx.closePath();
    ctx.fill();
  }
}

function drawSelection(
  ctx: CanvasRenderingContext2D,
  model: LaneModel,
  layout: RowLayout,
  scale: TimeScale,
  o: DrawOptions,
  sel: SpanRef,
): void {
  const lane = model.lanes[sel.lane];
  const cy = spanCenterY(layout, sel.lane, o.scrollY);
  if (!lane || cy === null) return;
  const s = lane.start[sel.index];
  const e = lane.end[sel.index];
  if (s === undefined || e === undefined) return;
  let x0 = scale.x(s);
  let x1 = scale.x(e);
  if (lane.instants || x1 - x0 < 3) {
    x0 -= 3;
    x1 = x0 + 6;
  }
  ctx.strokeStyle = o.style.selection;
  // A soft halo around the ring, so a selected sliver (a mark, a tour's target) stands out.
  ctx.save();
  ctx.globalAlpha = 0.35;
  ctx.lineWidth = 6;
  ctx.strokeRect(x0 - 4, cy - 12, x1 - x0 + 8, 24);
  ctx.restore();
  ctx.lineWidth = 2;
  ctx.strokeRect(x0 - 1, cy - 9, x1 - x0 + 2, 18);
}
