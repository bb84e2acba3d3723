/** The colour key for span kinds present in this run (and only those). */
import { useMemo } from 'react';
import type { LaneModel } from '../../viz/timeline/laneModel';
import { SPAN_KINDS, SPAN_KIND_COLOR, SPAN_KIND_LABEL } from '../../viz/timeline/spanKinds';

export function Legend({ model, allCauses }: { model: LaneModel; allCauses: boolean }) {
  const present = useMemo(() => {
    const seen = new Uint8Array(SPAN_KINDS.length);
    for (const l of model.lanes) for (const k of l.kind) seen[k] = 1;
    return SPAN_KINDS.filter((_, i) => seen[i] === 1);
  }, [model]);
  return (
    <ul className="tl-legend" aria-label="Span colours">
      {present.map((k) => (
        <li key={k}>
          <span className="swatch" style={{ background: SPAN_KIND_COLOR[k] }} aria-hidden="true" />
          {SPAN_KIND_LABEL[k]}
        </li>
      ))}
      <li>
        <span className="swatch swatch-flow" aria-hidden="true" />
        {allCauses ? 'cause → effect' : 'cause → effect (select a span)'}
      </li>
    </ul>
  );
}
