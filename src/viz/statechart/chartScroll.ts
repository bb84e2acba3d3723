/**
 * Where to scroll a statechart drawn at actual size so its active state is in view and no
 * state or label is cut by the view's left or top edge: centred on the active state, then
 * moved back (left, up) past any box the edge would cut, as long as the active state stays
 * wholly in view. The right and bottom edges read as "more this way"; a cut word at the
 * left or top reads as a different word.
 */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const PAD = 8;

interface Span {
  readonly start: number;
  readonly size: number;
}

/** The scroll offset on one axis: `view` long, over `content`, keeping `active` in view. */
function axis(
  active: Span,
  spans: readonly Span[],
  optional: readonly Span[],
  view: number,
  content: number,
): number {
  const max = Math.max(0, content - view);
  const clamp = (v: number) => Math.min(max, Math.max(0, v));
  const atActive = clamp(active.start - PAD);
  // A wider-than-the-view active state starts at its own edge.
  if (active.size + PAD > view) return atActive;
  const ideal = clamp(active.start + active.size / 2 - view / 2);
  const shows = (pos: number) => pos <= active.start && pos + view >= active.start + active.size;
  const all = [...spans, ...optional];
  // The nearest place to the centred one that shows the active state whole and cuts no box
  // (states, then labels too if it can): the centred one itself, or just before some box's
  // start, or just after its end.
  const places = [
    ideal,
    atActive,
    ...all.flatMap((s) => [clamp(s.start - PAD), clamp(s.start + s.size)]),
  ].filter(shows);
  const nearest = (ps: number[]) =>
    ps.length === 0
      ? null
      : ps.reduce((best, p) => (Math.abs(p - ideal) < Math.abs(best - ideal) ? p : best));
  const cuts = (pos: number, of: readonly Span[]) =>
    of.some((s) => s.start < pos && pos < s.start + s.size);
  return (
    nearest(places.filter((p) => !cuts(p, all))) ??
    nearest(places.filter((p) => !cuts(p, spans))) ??
    atActive
  );
}

const overlaps = (a0: number, a1: number, b0: number, b1: number) => a0 < b1 && b0 < a1;

export function scrollToActive(
  active: Box,
  boxes: readonly Box[],
  view: { readonly width: number; readonly height: number },
  content: { readonly width: number; readonly height: number },
  /** Boxes better not cut (transition labels), given up before `boxes` (states). */
  optional: readonly Box[] = [],
): { left: number; top: number } {
  // Rows first, over the boxes in the columns the view will roughly show; then columns,
  // over the boxes in the rows it does show.
  const roughLeft = Math.max(0, active.x + active.width / 2 - view.width / 2);
  const cols = (bs: readonly Box[]) =>
    bs
      .filter((b) => overlaps(b.x, b.x + b.width, roughLeft, roughLeft + view.width))
      .map((b) => ({ start: b.y, size: b.height }));
  const top = axis(
    { start: active.y, size: active.height },
    cols(boxes),
    cols(optional),
    view.height,
    content.height,
  );
  const rows = (bs: readonly Box[]) =>
    bs
      .filter((b) => overlaps(b.y, b.y + b.height, top, top + view.height))
      .map((b) => ({ start: b.x, size: b.width }));
  const left = axis(
    { start: active.x, size: active.width },
    rows(boxes),
    rows(optional),
    view.width,
    content.width,
  );
  return { left, top };
}
