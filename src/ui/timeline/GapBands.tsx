/** Collapsed idle gaps over the lanes: a hatched band (its length is written in the ruler). */
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
        return (
          <div
            key={g.start}
            aria-hidden="true"
            className="tl-gap-band"
            style={{ transform: `translateX(${x0}px)`, width: Math.max(2, x1 - x0), height }}
            title={`${formatDuration(g.end - g.start)} with nothing of note, collapsed`}
          />
        );
      })}
    </>
  );
}
