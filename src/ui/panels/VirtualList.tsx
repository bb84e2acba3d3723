/**
 * A list that renders only the rows in view (fixed row height, or given row tops when
 * rows differ, as wrapped log lines do), for klog output and step lists of thousands of
 * lines. Sticks to the newest row like `tail -f`.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { rowAt } from '../../viz/log/wrapLines';

interface Props<T> {
  readonly items: readonly T[];
  readonly rowHeight: number;
  readonly render: (item: T, index: number) => ReactNode;
  readonly label: string;
  readonly className?: string;
  /** Index to keep in view (the current step), or -1. */
  readonly focusIndex?: number;
  /** Expose as an ordered list (role list/listitem) rather than a plain group. */
  readonly asList?: boolean;
  /** Row tops in px and, last, the total height (rows of different heights). */
  readonly offsets?: Float64Array | undefined;
}

export function VirtualList<T>({
  items,
  rowHeight,
  render,
  label,
  className,
  focusIndex = -1,
  asList = false,
  offsets,
}: Props<T>) {
  const topOf = (i: number) => (offsets ? (offsets[i] ?? 0) : i * rowHeight);
  const total = offsets ? (offsets[items.length] ?? 0) : items.length * rowHeight;
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
    } else if (stuck.current && items.length > 0) el.scrollTop = el.scrollHeight;
    // Nothing listed yet: nothing to measure (and no layout to force).
    if (items.length > 0 || focusIndex >= 0) setTop(el.scrollTop);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- topOf reads offsets
  }, [items.length, focusIndex, rowHeight, offsets]);
  const first = Math.max(0, (offsets ? rowAt(offsets, top) : Math.floor(top / rowHeight)) - 10);
  const last = Math.min(
    items.length,
    (offsets ? rowAt(offsets, top + height) + 1 : Math.ceil((top + height) / rowHeight)) + 10,
  );
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++)
    rows.push(
      asList ? (
        <div role="listitem" key={i} aria-posinset={i + 1} aria-setsize={items.length}>
          {render(items[i]!, i)}
        </div>
      ) : (
        render(items[i]!, i)
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
