/**
 * Which rows of a long table to render: those in view plus a margin, the rest stood in
 * for by two spacer rows whose height is the rows' measured average. Rows of the Events
 * table wrap, so heights differ a little; the scroll position is only as exact as that
 * average, which a table of thousands of rows needs far less than a seek that does not
 * re-render and re-lay out every row. Short tables (up to `whole` rows) are rendered
 * whole. Sticks to the newest row like `tail -f` until the user scrolls up.
 */
import { useLayoutEffect, useRef, useState } from 'react';

const MARGIN = 15;

export function useRowWindow<T extends HTMLElement>(count: number, whole = 200) {
  const ref = useRef<T>(null);
  const [view, setView] = useState({ top: 0, height: 400, stuck: true });
  const [rowH, setRowH] = useState(22);
  // The windows already measured at this row count: a new average changes how many rows fit,
  // so the window and its average change with it, and rows of unequal heights can make the two
  // alternate for ever (React's "Maximum update depth exceeded"). Each window is measured once.
  const measured = useRef({ count: -1, windows: new Set<string>() });
  // Through React's onScroll (the element may mount after the hook's first effect).
  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    setView({
      top: el.scrollTop,
      height: el.clientHeight,
      stuck: el.scrollHeight - el.scrollTop - el.clientHeight < 24,
    });
  };
  const windowed = count > whole;
  const visible = Math.ceil(view.height / rowH);
  let first = 0;
  let end = count;
  if (windowed) {
    first = view.stuck
      ? Math.max(0, count - visible - MARGIN)
      : Math.max(0, Math.floor(view.top / rowH) - MARGIN);
    end = Math.min(count, first + visible + 2 * MARGIN);
  }
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The average height of the rows drawn, for the spacers (header and spacers excluded).
    const drawn = el.querySelectorAll('tbody tr:not(.row-spacer)');
    // Measured at the newest rows only: re-measuring while the user reads further up would
    // resize the spacers under them and move what they read.
    const seen = measured.current;
    if (seen.count !== count) {
      seen.count = count;
      seen.windows.clear();
    }
    const key = `${first}:${end}`;
    if (windowed && view.stuck && drawn.length > 0 && !seen.windows.has(key)) {
      seen.windows.add(key);
      const a = drawn[0]!.getBoundingClientRect();
      const b = drawn[drawn.length - 1]!.getBoundingClientRect();
      const avg = (b.bottom - a.top) / drawn.length;
      if (avg > 0 && Math.abs(avg - rowH) > 0.5) setRowH(avg);
    }
    // Nothing to keep in view yet: reading scrollHeight would force a layout in the commit.
    if (view.stuck && count > 0) el.scrollTop = el.scrollHeight;
  }, [count, windowed, first, end, rowH, view.stuck]);
  return { ref, onScroll, first, end, before: first * rowH, after: (count - end) * rowH };
}
