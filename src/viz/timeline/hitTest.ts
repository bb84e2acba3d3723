/**
 * Which span is under the pointer: the row by binary search on y, then the span by
 * binary search on time with a few pixels of tolerance so instants and thin spans
 * can be hit. No per-mark listeners.
 */
import type { LaneModel, SpanRef } from './laneModel';
import { rowAtY, type RowLayout } from './rowLayout';
import type { TimeScale } from '../timeScale';
import { spanAt } from './windowQuery';

export function hitTest(
  model: LaneModel,
  layout: RowLayout,
  scale: TimeScale,
  x: number,
  y: number,
  tolPx = 3,
): SpanRef | null {
  const ri = rowAtY(layout, y);
  if (ri < 0) return null;
  const row = layout.rows[ri]!;
  if (row.kind !== 'lane') return null;
  const lane = model.lanes[row.lane];
  if (!lane) return null;
  const t = scale.t(x);
  // Tolerance in time from pixels around x (the warp makes ms/px vary across gaps).
  const tol = Math.max(Math.abs(scale.t(x + tolPx) - t), Math.abs(t - scale.t(x - tolPx)));
  const index = spanAt(lane, t, tol);
  return index < 0 ? null : { lane: row.lane, index };
}
