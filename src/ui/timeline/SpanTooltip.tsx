/** What is under the pointer on the timeline: state, lane, start and duration. */
import type { LaneModel, SpanRef } from '../../viz/timeline/laneModel';
import { SPAN_KINDS, SPAN_KIND_LABEL } from '../../viz/timeline/spanKinds';
import { formatClock, formatDuration } from '../../viz/formatTime';

interface Props {
  readonly model: LaneModel;
  readonly hit: SpanRef;
  readonly x: number;
  readonly y: number;
  readonly width: number;
}

export function SpanTooltip({ model, hit, x, y, width }: Props) {
  const lane = model.lanes[hit.lane];
  if (!lane) return null;
  const s = lane.start[hit.index] ?? 0;
  const e = lane.end[hit.index] ?? s;
  const kind = SPAN_KINDS[lane.kind[hit.index] ?? 0] ?? 'sync';
  const left = Math.min(x + 12, Math.max(0, width - 240));
  return (
    <div
      className="tl-tooltip"
      style={{ transform: `translate(${left}px, ${y + 14}px)` }}
      role="presentation"
    >
      <div className="tl-tooltip-title">
        {(model.titles ?? model.labels)[lane.label_[hit.index] ?? 0]}
      </div>
      <div className="tl-tooltip-row">
        {lane.group} · {lane.label}
      </div>
      <div className="tl-tooltip-row">
        {SPAN_KIND_LABEL[kind]} · {formatClock(s)}
        {lane.instants ? '' : ` for ${formatDuration(e - s)}`}
      </div>
    </div>
  );
}
