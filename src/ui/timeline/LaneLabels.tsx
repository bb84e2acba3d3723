/**
 * Lane names beside the canvas: a header per pod (a button that collapses its lanes)
 * and one label per lane (a button that selects its container). Only rows near the
 * viewport are rendered.
 */
import type { LaneModel } from '../../viz/timeline/laneModel';
import type { RowLayout } from '../../viz/timeline/rowLayout';
import type { Selection } from '../../state/types';
import { useMemo } from 'react';
import { distinctLabels } from '../../viz/timeline/distinctLabels';

interface Props {
  readonly model: LaneModel;
  readonly layout: RowLayout;
  readonly scrollY: number;
  readonly viewHeight: number;
  readonly collapsed: readonly string[];
  readonly highlight: Uint8Array | null;
  readonly onToggleGroup: (id: string) => void;
  readonly onSelect: (sel: Selection) => void;
}

export function LaneLabels(p: Props) {
  // Pods whose names share a long prefix show the part that differs (full name in the title).
  const shown = useMemo(() => {
    const names = p.model.groups.map((g) => g.label);
    const d = distinctLabels(names);
    return new Map(names.map((n, i) => [n, d[i]!]));
  }, [p.model]);
  const top = p.scrollY - 60;
  const bottom = p.scrollY + p.viewHeight + 60;
  return (
    <div className="tl-labels" style={{ height: p.layout.height }}>
      {p.layout.rows.map((r, i) => {
        if (r.y + r.h < top || r.y > bottom) return null;
        const style = { transform: `translateY(${r.y}px)`, height: r.h };
        if (r.kind === 'group') {
          const open = !p.collapsed.includes(r.group);
          return (
            <button
              type="button"
              key={`g${i}`}
              className="tl-group-label"
              style={style}
              aria-expanded={open}
              title={open ? `Collapse ${r.label}` : `Expand ${r.label}`}
              aria-label={r.label}
              onClick={() => p.onToggleGroup(r.group)}
            >
              <span className="tl-caret" aria-hidden="true">
                {open ? '▾' : '▸'}
              </span>
              {shown.get(r.label) ?? r.label}
            </button>
          );
        }
        const lane = p.model.lanes[r.lane];
        const hl = p.highlight?.[r.lane] === 1;
        const target: Selection | null = lane?.container
          ? { kind: 'container', container: lane.container, pod: lane.pod ?? '' }
          : lane?.pod
            ? { kind: 'pod', pod: lane.pod }
            : null;
        return target ? (
          <button
            type="button"
            key={`l${i}`}
            className={`tl-lane-label${hl ? ' is-highlight' : ''}`}
            style={style}
            onClick={() => p.onSelect(target)}
            // The whole lane name, readable even when the label is cut; an overflow row's why.
            title={`${r.label}: ${lane?.note ? `${lane.note} Click to ` : ''}select ${target.kind === 'container' ? target.container : target.pod}`}
            aria-description={lane?.note}
          >
            {r.label}
            {lane?.note && (
              <span className="tl-lane-note" aria-hidden="true">
                {' '}
                ⓘ
              </span>
            )}
          </button>
        ) : (
          <div key={`l${i}`} className="tl-lane-label" style={style} title={r.label}>
            {r.label}
          </div>
        );
      })}
    </div>
  );
}
