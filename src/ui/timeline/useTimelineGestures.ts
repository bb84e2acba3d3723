/**
 * Pointer and wheel input on the lanes: drag pans, a click selects the span under
 * the pointer, two fingers pinch-zoom; Ctrl/⌘+wheel zooms about the pointer,
 * Shift+wheel or a sideways wheel pans (Perfetto and DevTools' "modern" mapping). A
 * plain wheel scrolls the lanes, or zooms when there is nothing to scroll.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { TimeScale } from '../../viz/timeScale';
import type { AppStore } from '../../state/store';

interface Options {
  readonly scale: TimeScale;
  readonly canScroll: boolean;
  readonly onClick: (x: number, y: number) => void;
  readonly onHover: (x: number, y: number) => void;
  readonly onLeave: () => void;
  /** A right click, or a long press on a touch screen: the perturbation menu. */
  readonly onContext: (x: number, y: number, clientX: number, clientY: number) => void;
}

const CLICK_SLOP_PX = 4;
const LONG_PRESS_MS = 550;

export function useTimelineGestures(
  el: RefObject<HTMLElement | null>,
  store: AppStore,
  opts: Options,
): void {
  const o = useRef(opts);
  useEffect(() => {
    o.current = opts;
  });

  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const pointers = new Map<number, { x: number; y: number }>();
    let downAt: { x: number; y: number } | null = null;
    let moved = false;
    let pinchDist = 0;
    let longPress: number | undefined;
    let longPressed = false;
    const cancelLongPress = () => {
      window.clearTimeout(longPress);
      longPress = undefined;
    };

    const local = (e: { clientX: number; clientY: number }) => {
      const r = node.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const panPx = (dx: number) => {
      const { scale } = o.current;
      const s = store.getState();
      store.getState().setWindow(
        {
          start: scale.t(scale.x(s.window.start) - dx),
          end: scale.t(scale.x(s.window.end) - dx),
        },
        true,
      );
    };

    const onWheel = (e: WheelEvent) => {
      const { scale, canScroll } = o.current;
      const p = local(e);
      const horizontal = e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY);
      if (horizontal) {
        e.preventDefault();
        panPx(-(e.shiftKey ? e.deltaY || e.deltaX : e.deltaX));
        return;
      }
      if (e.ctrlKey || e.metaKey || !canScroll) {
        e.preventDefault();
        const factor = Math.exp(e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
        store.getState().zoomBy(factor, scale.t(p.x));
      }
    };
    const onDown = (e: PointerEvent) => {
      if (e.button !== 0) return;
      node.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, local(e));
      if (pointers.size === 1) {
        downAt = local(e);
        moved = false;
        longPressed = false;
        if (e.pointerType === 'touch') {
          const { clientX, clientY } = e;
          const at = downAt;
          longPress = window.setTimeout(() => {
            longPress = undefined;
            longPressed = true;
            // Held still: a long press, not a tap or a drag.
            moved = true;
            o.current.onContext(at.x, at.y, clientX, clientY);
          }, LONG_PRESS_MS);
        }
      } else if (pointers.size === 2) {
        cancelLongPress();
        const [a, b] = [...pointers.values()];
        pinchDist = Math.hypot(a!.x - b!.x, a!.y - b!.y);
        moved = true;
      }
    };
    const onMove = (e: PointerEvent) => {
      const p = local(e);
      const prev = pointers.get(e.pointerId);
      if (!prev) {
        o.current.onHover(p.x, p.y);
        return;
      }
      pointers.set(e.pointerId, p);
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a!.x - b!.x, a!.y - b!.y);
        if (pinchDist > 0 && d > 0) {
          const mid = (a!.x + b!.x) / 2;
          store.getState().zoomBy(pinchDist / d, o.current.scale.t(mid));
        }
        pinchDist = d;
        return;
      }
      if (downAt && Math.hypot(p.x - downAt.x, p.y - downAt.y) > CLICK_SLOP_PX) {
        moved = true;
        cancelLongPress();
      }
      if (moved) {
        panPx(p.x - prev.x);
        // Vertical drag scrolls the lanes, like a touch list.
        if (o.current.canScroll) node.parentElement?.scrollBy({ top: prev.y - p.y });
      }
    };
    const onUp = (e: PointerEvent) => {
      cancelLongPress();
      const wasOnly = pointers.size === 1;
      pointers.delete(e.pointerId);
      if (wasOnly && !moved && downAt) o.current.onClick(downAt.x, downAt.y);
      if (pointers.size === 0) downAt = null;
    };
    const onContextMenu = (e: MouseEvent) => {
      e.preventDefault();
      // A long press already opened the menu; the browser's own follows it on some devices.
      if (longPressed) return;
      cancelLongPress();
      const p = local(e);
      o.current.onContext(p.x, p.y, e.clientX, e.clientY);
    };
    node.addEventListener('contextmenu', onContextMenu);
    node.addEventListener('wheel', onWheel, { passive: false });
    node.addEventListener('pointerdown', onDown);
    node.addEventListener('pointermove', onMove);
    node.addEventListener('pointerup', onUp);
    node.addEventListener('pointercancel', onUp);
    const leave = () => o.current.onLeave();
    node.addEventListener('pointerleave', leave);
    return () => {
      cancelLongPress();
      node.removeEventListener('contextmenu', onContextMenu);
      node.removeEventListener('wheel', onWheel);
      node.removeEventListener('pointerdown', onDown);
      node.removeEventListener('pointermove', onMove);
      node.removeEventListener('pointerup', onUp);
      node.removeEventListener('pointercancel', onUp);
      node.removeEventListener('pointerleave', leave);
    };
  }, [el, store]);
}
