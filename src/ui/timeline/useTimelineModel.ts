/**
 * The timeline's derived view data for the current run and view: lane rows, the
 * scale and which lanes to emphasise. Memoised so the canvas redraws only when an
 * input changed.
 */
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { layoutRows } from '../../viz/timeline/rowLayout';
import { makeTimeScale } from '../../viz/timeScale';
import type { LaneModel, SpanRef } from '../../viz/timeline/laneModel';
import type { Selection } from '../../state/types';
import { useApp } from '../app/storeContext';

const EMPTY: LaneModel = { groups: [], lanes: [], labels: [], flows: [], endT: 1, spanCount: 0 };

export function selectedSpan(sel: Selection | null): SpanRef | null {
  return sel?.kind === 'span' ? sel.span : null;
}

/** Lanes of the selected container (or pod) get a tint, so "select everywhere" shows here. */
export function highlightLanes(model: LaneModel, sel: Selection | null): Uint8Array | null {
  if (!sel) return null;
  const container = sel.kind === 'container' || sel.kind === 'span' ? sel.container : undefined;
  const pod = sel.kind === 'pod' ? sel.pod : undefined;
  if (container === undefined && pod === undefined) return null;
  const out = new Uint8Array(model.lanes.length);
  model.lanes.forEach((l, i) => {
    if (
      (container !== undefined && l.container === container) ||
      (pod !== undefined && l.pod === pod)
    )
      out[i] = 1;
  });
  return out;
}

export function useTimelineModel(width: number) {
  const { run, window, warp, collapsedGroups, selection } = useApp(
    useShallow((s) => ({
      run: s.run,
      window: s.window,
      warp: s.warp,
      collapsedGroups: s.collapsedGroups,
      selection: s.selection,
    })),
  );
  const model = run?.lanes ?? EMPTY;
  const layout = useMemo(
    () => layoutRows(model, new Set(collapsedGroups)),
    [model, collapsedGroups],
  );
  const scale = useMemo(() => makeTimeScale(window, width, warp), [window, width, warp]);
  const highlight = useMemo(() => highlightLanes(model, selection), [model, selection]);
  return { run, model, layout, scale, selection, highlight, selected: selectedSpan(selection) };
}
