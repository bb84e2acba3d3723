/**
 * Vertical layout of the timeline: a header row per lane group (pod), then its lanes.
 * Collapsed groups keep only their header. Pure; the canvas and the SVG labels both
 * read the same rows so they cannot drift apart.
 */
import type { LaneModel } from './laneModel';

export interface Row {
  readonly kind: 'group' | 'lane';
  readonly group: string;
  readonly label: string;
  /** Index into LaneModel.lanes for lane rows, -1 for group headers. */
  readonly lane: number;
  readonly y: number;
  readonly h: number;
}

export interface RowLayout {
  readonly rows: readonly Row[];
  readonly height: number;
  /** Row index per lane index (-1 when its group is collapsed). */
  readonly rowOfLane: Int32Array;
}

export interface RowMetrics {
  readonly laneHeight: number;
  readonly groupHeight: number;
}

export const DEFAULT_ROW_METRICS: RowMetrics = { laneHeight: 19, groupHeight: 21 };

export function layoutRows(
  model: LaneModel,
  collapsed: ReadonlySet<string>,
  m: RowMetrics = DEFAULT_ROW_METRICS,
): RowLayout {
  const rows: Row[] = [];
  const rowOfLane = new Int32Array(model.lanes.length).fill(-1);
  const laneIndex = new Map(model.lanes.map((l, i) => [l, i]));
  let y = 0;
  for (const g of model.groups) {
    rows.push({ kind: 'group', group: g.id, label: g.label, lane: -1, y, h: m.groupHeight });
    y += m.groupHeight;
    if (collapsed.has(g.id)) continue;
    for (const lane of g.lanes) {
      const li = laneIndex.get(lane) ?? -1;
      if (li >= 0) rowOfLane[li] = rows.length;
      rows.push({ kind: 'lane', group: g.id, label: lane.label, lane: li, y, h: m.laneHeight });
      y += m.laneHeight;
    }
  }
  return { rows, height: y, rowOfLane };
}

/** The row at vertical position y (content coordinates), or -1. */
export function rowAtY(layout: RowLayout, y: number): number {
  const rows = layout.rows;
  let lo = 0;
  let hi = rows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = rows[mid]!;
    if (y < r.y) hi = mid - 1;
    else if (y >= r.y + r.h) lo = mid + 1;
    else return mid;
  }
  return -1;
}
