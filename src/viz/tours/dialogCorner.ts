/**
 * Where the tour's floating dialog goes: the corner of the viewport where it hides least of
 * what the step points at. The step's own target (a CPU, a lane) must stay visible above
 * all; the region around it (the run's NUMA diagram or timeline) should too. Bottom right is
 * preferred (over the lower panels), then bottom left, then the top corners.
 */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type Corner = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

export const CORNERS: readonly Corner[] = ['bottom-right', 'bottom-left', 'top-right', 'top-left'];

/** The dialog's rectangle at `corner`, `margin` px from the viewport's edges. */
export function cornerRect(
  corner: Corner,
  size: { readonly width: number; readonly height: number },
  viewport: { readonly width: number; readonly height: number },
  margin: number,
): Rect {
  const x = corner.endsWith('right') ? viewport.width - margin - size.width : margin;
  const y = corner.startsWith('bottom') ? viewport.height - margin - size.height : margin;
  return { x, y, width: size.width, height: size.height };
}

/** The area two rectangles share (0 when they do not touch). */
export function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The corner where the dialog covers the least of `target` (the step's own element), and
 * among those the least of `region` (the picture it belongs to); ties keep CORNERS' order.
 */
export function dialogCorner(
  size: { readonly width: number; readonly height: number },
  viewport: { readonly width: number; readonly height: number },
  target: Rect | null,
  region: Rect | null,
  margin = 12,
): Corner {
  let best: Corner = CORNERS[0]!;
  let bestScore: readonly [number, number] = [Infinity, Infinity];
  for (const c of CORNERS) {
    const r = cornerRect(c, size, viewport, margin);
    const score = [
      target ? overlapArea(r, target) : 0,
      region ? overlapArea(r, region) : 0,
    ] as const;
    if (score[0] < bestScore[0] || (score[0] === bestScore[0] && score[1] < bestScore[1])) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}
