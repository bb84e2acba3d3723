/**
 * The timeline: lane labels (HTML), a time ruler (SVG), the spans (one canvas), the
 * playhead and the future's veil (moved by transform), collapsed-gap bands, a hover
 * tooltip, and the legend. Keys (W/S/A/D, F, . and ,) are handled app-wide in
 * useShortcuts; here are the pointer and wheel gestures.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { causalChain } from '../../viz/timeline/causalChain';
import { hitTest } from '../../viz/timeline/hitTest';
import { warmCanvasText } from './warmCanvasText';
import type { SpanRef } from '../../viz/timeline/laneModel';
import { useApp, useAppStore, useRunRegionName } from '../app/storeContext';
import { useResizeObserver } from '../hooks/useResizeObserver';
import { useTimelineStyle } from '../hooks/useThemeColors';
import { GapBands } from './GapBands';
import { LaneLabels } from './LaneLabels';
import { Legend } from './Legend';
import { Playhead } from './Playhead';
import { SpanTooltip } from './SpanTooltip';
import { TimeAxis } from './TimeAxis';
import { TimelineCanvas } from './TimelineCanvas';
import { TimelineToolbar } from './TimelineToolbar';
import { spanSelection } from './spanSelection';
import { useTimelineGestures } from './useTimelineGestures';
import { useTimelineModel } from './useTimelineModel';

const AXIS_H = 24;

export function Timeline() {
  const store = useAppStore();
  const scrollRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<HTMLDivElement>(null);
  const scrollSize = useResizeObserver(scrollRef);
  const plotSize = useResizeObserver(plotRef);
  const [scrollY, setScrollY] = useState(0);
  const [hover, setHover] = useState<{ hit: SpanRef; x: number; y: number } | null>(null);
  const style = useTimelineStyle();
  // The canvas font is set up before the first run lands, not in the frame that draws it.
  useEffect(() => warmCanvasText(style.font), [style.font]);
  const collapsed = useApp((s) => s.collapsedGroups);
  const regionName = useRunRegionName('Timeline');
  const width = plotSize.width;
  const viewH = Math.max(40, scrollSize.height);
  const { run, model, layout, scale, highlight, selected } = useTimelineModel(width);
  // Cause arrows: the selected span's chain only, unless the reader asks for all of them
  // (at full zoom the whole web hides the spans it links).
  const [allCauses, setAllCauses] = useState(false);
  const flowMask = useMemo(
    () => (allCauses ? null : causalChain(model.flows, selected, model.lanes)),
    [allCauses, model, selected],
  );

  const onClick = useCallback(
    (x: number, y: number) => {
      const hit = hitTest(model, layout, scale, x, y + scrollY);
      store.getState().select(hit ? spanSelection(model, hit) : null);
    },
    [model, layout, scale, scrollY, store],
  );
  const onHover = useCallback(
    (x: number, y: number) => {
      const hit = hitTest(model, layout, scale, x, y + scrollY);
      setHover((h) => {
        if (!hit) return h ? null : h;
        if (h && h.hit.lane === hit.lane && h.hit.index === hit.index) return h;
        return { hit, x, y };
      });
    },
    [model, layout, scale, scrollY],
  );
  const onContext = useCallback(
    (x: number, y: number, clientX: number, clientY: number) => {
      const hit = hitTest(model, layout, scale, x, y + scrollY);
      if (!hit) return;
      const sel = spanSelection(model, hit);
      store.getState().select(sel);
      if (sel.kind !== 'span' || sel.pod === undefined) return;
      store.getState().openPerturbMenu({
        pod: sel.pod,
        ...(sel.container !== undefined ? { container: sel.container } : {}),
        x: clientX,
        y: clientY,
      });
    },
    [model, layout, scale, scrollY, store],
  );
  useTimelineGestures(plotRef, store, {
    scale,
    canScroll: layout.height > viewH + 1,
    onClick,
    onContext,
    onHover,
    onLeave: () => setHover(null),
  });

  return (
    <section className="panel timeline" aria-label={regionName}>
      <TimelineToolbar allCauses={allCauses} onAllCauses={setAllCauses} />
      <div className="tl-grid">
        <div className="tl-corner" aria-hidden="true" />
        <div className="tl-axis-wrap">
          {width > 0 && (
            <TimeAxis
              scale={scale}
              height={AXIS_H}
              onScrub={(t) => {
                store.getState().pause();
                store.getState().seekTime(t, true);
              }}
            />
          )}
        </div>
        <div
          className="tl-scroll"
          ref={scrollRef}
          onScroll={(e) => setScrollY(e.currentTarget.scrollTop)}
        >
          <div className="tl-scroll-inner" style={{ height: Math.max(layout.height, viewH) }}>
            <LaneLabels
              model={model}
              layout={layout}
              scrollY={scrollY}
              viewHeight={viewH}
              collapsed={collapsed}
              highlight={highlight}
              onToggleGroup={(id) => store.getState().toggleGroup(id)}
              onSelect={(sel) => store.getState().select(sel)}
            />
            <div className="tl-plot-col">
              <div
                className="tl-plot"
                ref={plotRef}
                style={{ height: viewH }}
                data-testid="timeline-plot"
              >
                {width > 0 && run && (
                  <>
                    <TimelineCanvas
                      model={model}
                      layout={layout}
                      scale={scale}
                      height={viewH}
                      scrollY={scrollY}
                      selected={selected}
                      highlight={highlight}
                      flowMask={flowMask}
                      style={style}
                    />
                    <GapBands scale={scale} height={viewH} />
                    <Playhead scale={scale} height={viewH} />
                    {hover && (
                      <SpanTooltip
                        model={model}
                        hit={hover.hit}
                        x={hover.x}
                        y={hover.y}
                        width={width}
                      />
                    )}
                  </>
                )}
              </div>
            </div>
          </div>
        </div>
      </div>
      <Legend model={model} allCauses={allCauses} />
    </section>
  );
}
