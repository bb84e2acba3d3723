/**
 * The content-box size of an element, updated by a ResizeObserver. The first size comes from
 * the observer's first report (in the next frame, after the page's layout), not from a
 * measurement in the commit: measuring there forced the first layout of the whole page inside
 * React's first commit and re-rendered every measured part synchronously in the same task
 * (one 85–200 ms main-thread task while the page loaded). The update is a transition, so a
 * re-render for a new size yields to the browser.
 */
import { startTransition, useLayoutEffect, useState, type RefObject } from 'react';

export interface Size {
  readonly width: number;
  readonly height: number;
}

export function useResizeObserver(ref: RefObject<HTMLElement | null>): Size {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      startTransition(() =>
        setSize((s) =>
          Math.round(s.width) === Math.round(r.width) &&
          Math.round(s.height) === Math.round(r.height)
            ? s
            : { width: Math.round(r.width), height: Math.round(r.height) },
        ),
      );
    };
    // The observer reports the element's size once when it starts observing.
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}
