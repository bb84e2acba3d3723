/**
 * The time ruler (React SVG): ticks from the scale, collapsed gaps drawn as a
 * zig-zag break with their length ("⋯ 160 s idle"). Dragging on the ruler scrubs the
 * playhead (touch too), as in a video editor.
 */
import { useMemo } from 'react';
import { timeTicks, type TimeScale } from '../../viz/timeScale';
import { formatDuration } from '../../viz/formatTime';

interface Props {
  readonly scale: TimeScale;
  readonly height: number;
  readonly onScrub: (t: number) => void;
}

export function TimeAxis({ scale, height, onScrub }: Props) {
  const gaps = scale.warp.gaps.filter(
    (g) => g.end > scale.window.start && g.start < scale.window.end,
  );
  // A tick whose label would run into a gap marker is dropped.
  const ticks = useMemo(
    () =>
      timeTicks(scale).filter(
        (t) => !scale.warp.gaps.some((g) => t.x > scale.x(g.start) - 46 && t.x < scale.x(g.end)),
      ),
    [scale],
  );
  const scrubAt = (e: React.PointerEvent<SVGSVGElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    onScrub(scale.t(e.clientX - r.left));
  };
  return (
    <svg
      className="tl-axis"
      width={scale.width}
      height={height}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        scrubAt(e);
      }}
      onPointerMove={(e) => {
        if (e.currentTarget.hasPointerCapture(e.pointerId)) scrubAt(e);
      }}
      aria-hidden="true"
    >
      <rect className="tl-axis-bg" width={scale.width} height={height} />
      {ticks.map((t) => (
        <g key={t.t} transform={`translate(${t.x},0)`}>
          <line className="tl-tick" y1={height - 6} y2={height} />
          <text className="tl-tick-label" x={3} y={height - 9}>
            {t.label}
          </text>
        </g>
      ))}
      {gaps.map((g) => {
        const x0 = scale.x(g.start);
        const x1 = scale.x(g.end);
        const mid = (x0 + x1) / 2;
        const w = x1 - x0;
        return (
          <g key={g.start} className="tl-gap">
            <rect x={x0} width={Math.max(2, w)} height={height} />
            {w >= 34 ? (
              <>
                <path d={`M${mid - 3},1 l6,4 l-6,4`} />
                <text x={mid} y={height - 4}>
                  ⋯{formatDuration(g.end - g.start)}
                </text>
              </>
            ) : (
              <path d={`M${mid - 3},2 l6,5 l-6,5 l6,5 l-6,5`} />
            )}
            <title>{`${formatDuration(g.end - g.start)} idle, collapsed`}</title>
          </g>
        );
      })}
    </svg>
  );
}
