/**
 * The canvas holding every span. React mounts it and sizes it by devicePixelRatio;
 * drawTimeline (a plain function) paints it, at most once per animation frame.
 */
import { useEffect, useRef } from 'react';
import { drawTimeline, type TimelineStyle } from '../../viz/timeline/drawTimeline';
import type { LaneModel, SpanRef } from '../../viz/timeline/laneModel';
import type { RowLayout } from '../../viz/timeline/rowLayout';
import type { TimeScale } from '../../viz/timeScale';

interface Props {
  readonly model: LaneModel;
  readonly layout: RowLayout;
  readonly scale: TimeScale;
  readonly height: number;
  readonly scrollY: number;
  readonly selected: SpanRef | null;
  readonly highlight: Uint8Array | null;
  /** Cause arrows to draw (the selected span's chain); null draws them all. */
  readonly flowMask: Uint8Array | null;
  readonly style: TimelineStyle;
}

export function TimelineCanvas(p: Props) {
  const ref = useRef<HTMLCanvasElement>(null);
  const frame = useRef(0);
  const width = p.scale.width;

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas || width <= 0 || p.height <= 0) return;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const dpr = window.devicePixelRatio || 1;
      const w = Math.round(width * dpr);
      const h = Math.round(p.height * dpr);
      if (canvas.width !== w) canvas.width = w;
      if (canvas.height !== h) canvas.height = h;
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      drawTimeline(ctx, p.model, p.layout, p.scale, {
        dpr,
        height: p.height,
        scrollY: p.scrollY,
        selected: p.selected,
        highlightLanes: p.highlight,
        showFlows: true,
        flowMask: p.flowMask,
        style: p.style,
      });
    });
    return () => cancelAnimationFrame(frame.current);
  }, [
    p.model,
    p.layout,
    p.scale,
    p.height,
    p.scrollY,
    p.selected,
    p.highlight,
    p.flowMask,
    p.style,
    width,
  ]);

  return (
    <canvas
      ref={ref}
      className="tl-canvas"
      style={{ width: `${width}px`, height: `${p.height}px` }}
      aria-hidden="true"
    />
  );
}
