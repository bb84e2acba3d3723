import { describe, expect, it } from 'vitest';
import { scrollToActive, type Box } from './chartScroll';

const box = (x: number, y: number, width = 100, height = 30): Box => ({ x, y, width, height });
const view = { width: 300, height: 200 };
const content = { width: 2000, height: 1000 };
/** Is `b` cut by the view's left or top edge at this scroll? */
const cutAt = (b: Box, s: { left: number; top: number }) =>
  (b.x < s.left && s.left < b.x + b.width) || (b.y < s.top && s.top < b.y + b.height);
const inView = (b: Box, s: { left: number; top: number }) =>
  b.x >= s.left &&
  b.x + b.width <= s.left + view.width &&
  b.y >= s.top &&
  b.y + b.height <= s.top + view.height;

describe('scrollToActive', () => {
  it('keeps the active state in view and cuts no state at the left or top edge', () => {
    // A row of states 120 px apart: centring on the active one would cut its left neighbour.
    const row = Array.from({ length: 12 }, (_, i) => box(20 + i * 120, 400));
    const active = row[6]!;
    const centred = active.x + active.width / 2 - view.width / 2;
    expect(row.some((b) => cutAt(b, { left: centred, top: 0 }))).toBe(true);
    const s = scrollToActive(active, row, view, content);
    expect(inView(active, s)).toBe(true);
    expect(row.filter((b) => cutAt(b, s))).toEqual([]);
  });

  it('a box below the active state that starts a little further left is not cut either', () => {
    // As in startContainer's chart: pullingImage, and under it the wider generatingConfig;
    // to its left a state too close to clear, so the view starts near the active one.
    const active = box(1365, 355, 108);
    const below = box(1352, 468, 134);
    const left = box(1120, 355, 230);
    const s = scrollToActive(active, [active, below, left], view, content);
    expect(inView(active, s)).toBe(true);
    expect([active, below, left].filter((b) => cutAt(b, s))).toEqual([]);
  });

  it('moves up past a label the top edge would cut', () => {
    const active = box(500, 600);
    const label = box(480, 480, 140, 16);
    const s = scrollToActive(active, [active, label], view, content);
    expect(inView(active, s)).toBe(true);
    expect(cutAt(label, s)).toBe(false);
  });

  it('a neighbour too wide to show whole beside it is left out of view, not cut', () => {
    // It starts 260 px before the active one: showing it would push the active one out.
    const active = box(1000, 100, 150);
    const wide = box(740, 100, 250);
    const s = scrollToActive(active, [active, wide], view, content);
    expect(inView(active, s)).toBe(true);
    expect(cutAt(wide, s)).toBe(false);
    expect(s.left).toBeGreaterThanOrEqual(wide.x + wide.width);
  });

  it('stays within the content, and at 0 for a chart that fits', () => {
    const s = scrollToActive(box(10, 10), [box(10, 10)], view, { width: 250, height: 150 });
    expect(s).toEqual({ left: 0, top: 0 });
    const end = scrollToActive(box(1950, 950, 40, 40), [], view, content);
    expect(end).toEqual({ left: content.width - view.width, top: content.height - view.height });
  });
});
