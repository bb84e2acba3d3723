/**
 * A list that renders only the rows in view (fixed row height, or given row tops when
 * rows differ, as wrapped log lines do), for klog output and step lists of thousands of
 * lines. Sticks to the newest row like `tail -f`. Rows are asked for by index, so a list
 * whose rows are elsewhere (the engine worker's log) needs only those in view.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { rowAt } from '../../viz/log/wrapLines';

interface Props {
  /** How many rows the list has. */
  readonly count: number;
  readonly rowHeight: number;
  readonly render: (index: number) => ReactNode;
  readonly label: string;
  readonly className?: string;
  /** Index to keep in view (the current step), or -1. */
  readonly focusIndex?: number;
  /** Expose as an ordered list (role list/listitem) rather than a plain group. */
  readonly asList?: boolean;
  /**
   * Row tops in px (rows of different heights), for at least `count` rows and the bottom of
   * the last: row `count`'s top is the list's height.
   */
  readonly offsets?: Float64Array | undefined;
}

/** Rows rendered beyond each edge of the view. */
export const OVERSCAN = 10;

export function VirtualList({
  count,
  rowHeight,
  render,
  label,
  className,
  focusIndex = -1,
  asList = false,
  offsets,
}: Props) {
  const topOf = (i: number) => (offsets ? (offsets[i] ?? 0) : i * rowHeight);
  const total = offsets ? (offsets[count] ?? 0) : count * rowHeight;
  const ref = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const [height, setHeight] = useState(300);
  const stuck = useRef(true);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The observer's first report gives the height (a read here would force the page's
    // first layout inside React's commit, and re-render synchronously after it).
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (focusIndex >= 0) {
      const y = topOf(focusIndex);
      if (y < el.scrollTop || y + rowHeight > el.scrollTop + el.clientHeight)
        el.scrollTop = Math.max(0, y - el.clientHeight / 2);
    } else if (stuck.current && count > 0) el.scrollTop = el.scrollHeight;
    // Nothing listed yet: nothing to measure (and no layout to force).
    if (count > 0 || focusIndex >= 0) setTop(el.scrollTop);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- topOf reads offsets
  }, [count, focusIndex, rowHeight, offsets]);
  const first = Math.max(
    0,
    (offsets ? rowAt(offsets, top, count) : Math.floor(top / rowHeight)) - OVERSCAN,
  );
  const last = Math.min(
    count,
    (offsets ? rowAt(offsets, top + height, count) + 1 : Math.ceil((top + height) / rowHeight)) +
      OVERSCAN,
  );
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++)
    rows.push(
      asList ? (
        <div role="listitem" key={i} aria-posinset={i + 1} aria-setsize={count}>
          {render(i)}
        </div>
      ) : (
        render(i)
      ),
    );
  return (
    <div
      ref={ref}
      className={`vlist ${className ?? ''}`}
      tabIndex={0}
      role={asList ? undefined : 'group'}
      aria-label={asList ? undefined : label}
      onScroll={(e) => {
        const el = e.currentTarget;
        stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight < rowHeight * 1.5;
        setTop(el.scrollTop);
      }}
    >
      <div style={{ height: total, position: 'relative' }}>
        <div
          style={{ transform: `translateY(${topOf(first)}px)` }}
          role={asList ? 'list' : undefined}
          aria-label={asList ? label : undefined}
        >
          {rows}
        </div>
      </div>
    </div>
  );
}
