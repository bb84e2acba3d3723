/** Collapsed idle gaps over the lanes: a hatched band with its length written on it. */
import type { TimeScale } from '../../viz/timeScale';
import { formatDuration } from '../../viz/formatTime';

// .tl-gap-len: 10 px text (about 6 px a character) plus padding and border.
const labelWidth = (text: string) => text.length * 6 + 8;

interface Band {
  readonly key: number;
  readonly x0: number;
  readonly x1: number;
  readonly len: string;
  readonly labelled: boolean;
}

/**
 * Many short gaps side by side (a narrow window, a long run) would write their lengths over
 * each other: a label that would touch the one before it is left out. Every band keeps its
 * length in its tooltip.
 */
function bandsOf(scale: TimeScale): Band[] {
  const out: Band[] = [];
  let lastRight = -Infinity;
  for (const g of scale.warp.gaps) {
    if (g.end <= scale.window.start || g.start >= scale.window.end) continue;
    const x0 = scale.x(g.start);
    const x1 = scale.x(g.end);
    const len = formatDuration(g.end - g.start);
    const half = labelWidth(len) / 2;
    const mid = (x0 + x1) / 2;
    const labelled = mid - half >= lastRight + 2;
    if (labelled) lastRight = mid + half;
    out.push({ key: g.start, x0, x1, len, labelled });
  }
  return out;
}

export function GapBands({ scale, height }: { scale: TimeScale; height: number }) {
  return (
    <>
      {bandsOf(scale).map(({ key, x0, x1, len, labelled }) => (
        <div
          key={key}
          className="tl-gap-band"
          style={{ transform: `translateX(${x0}px)`, width: Math.max(2, x1 - x0), height }}
          title={`${len} with nothing in progress, collapsed`}
        >
          {labelled && (
            <span className="tl-gap-len" aria-label={`collapsed gap: ${len}`}>
              {len}
            </span>
          )}
        </div>
      ))}
    </>
  );
}
