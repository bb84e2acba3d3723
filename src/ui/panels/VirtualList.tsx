/**
 * A list that renders only the rows in view (fixed row height), for klog output
 * and step lists of thousands of lines. Sticks to the newest row like `tail -f`.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

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
}

export function VirtualList<T>({
  items,
  rowHeight,
  render,
  label,
  className,
  focusIndex = -1,
  asList = false,
}: Props<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const [height, setHeight] = useState(300);
  const stuck = useRef(true);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    setHeight(el.clientHeight);
    return () => ro.disconnect();
  }, []);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (focusIndex >= 0) {
      const y = focusIndex * rowHeight;
      if (y < el.scrollTop || y + rowHeight > el.scrollTop + el.clientHeight)
        el.scrollTop = Math.max(0, y - el.clientHeight / 2);
    } else if (stuck.current) el.scrollTop = el.scrollHeight;
    setTop(el.scrollTop);
  }, [items.length, focusIndex, rowHeight]);
  const first = Math.max(0, Math.floor(top / rowHeight) - 10);
  const last = Math.min(items.length, Math.ceil((top + height) / rowHeight) + 10);
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
      <div style={{ height: items.length * rowHeight, position: 'relative' }}>
        <div
          style={{ transform: `translateY(${first * rowHeight}px)` }}
          role={asList ? 'list' : undefined}
          aria-label={asList ? label : undefined}
        >
          {rows}
        </div>
      </div>
    </div>
  );
}
