/** Collapsed idle gaps over the lanes: a hatched band with its length written on it. */
import type { TimeScale } from '../../viz/timeScale';
import { formatDuration } from '../../viz/formatTime';

export function GapBands({ scale, height }: { scale: TimeScale; height: number }) {
  const gaps = scale.warp.gaps.filter(
    (g) => g.end > scale.window.start && g.start < scale.window.end,
  );
  return (
    <>
      {gaps.map((g) => {
        const x0 = scale.x(g.start);
        const x1 = scale.x(g.end);
        const len = formatDuration(g.end - g.start);
        return (
          <div
            key={g.start}
            className="tl-gap-band"
            style={{ transform: `translateX(${x0}px)`, width: Math.max(2, x1 - x0), height }}
            title={`${len} with nothing in progress, collapsed`}
          >
            <span className="tl-gap-len" aria-label={`collapsed gap: ${len}`}>
              {len}
            </span>
          </div>
        );
      })}
    </>
  );
}
