/** A span as a selection, carrying its container and pod so every view can follow. */
import type { LaneModel, SpanRef } from '../../viz/timeline/laneModel';
import type { Selection } from '../../state/types';

export function spanSelection(model: LaneModel, span: SpanRef): Selection {
  const lane = model.lanes[span.lane];
  return {
    kind: 'span',
    span,
    ...(lane?.container ? { container: lane.container } : {}),
    ...(lane?.pod ? { pod: lane.pod } : {}),
  };
}
