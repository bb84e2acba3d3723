/**
 * The store and the address bar: what a link carries of the view (cursor, zoom
 * window, selection, open panels). Opening a link and the link of what is on screen
 * are in permalinkLinks.ts, loaded when first needed (they bring the codec: the YAML
 * parser, the schema and lz-string). The codec itself (bounded, never throws) is the
 * engine's scenario/permalink module; this is the part that knows the store.
 */
import type { PermalinkViewState as ViewState } from '../sim';
import { splitContainer } from './perturbations';
import type { AppState, AppStore } from './store';
import type { PanelId, Selection } from './types';

const PANEL_IDS: readonly PanelId[] = ['events', 'log', 'inspector', 'machines', 'pods'];

/** The selection as a link carries it: spans by their lane's id, so they survive a re-run. */
function selectionOf(s: Pick<AppState, 'run' | 'selection'>): ViewState['selection'] {
  const sel = s.selection;
  if (!sel) return undefined;
  switch (sel.kind) {
    case 'span': {
      const lane = s.run?.lanes.lanes[sel.span.lane];
      return lane ? { kind: 'span', id: `${sel.span.index}@${lane.id}` } : undefined;
    }
    case 'container':
      return { kind: 'container', id: sel.container };
    case 'pod':
      return { kind: 'pod', id: sel.pod };
    case 'cpu':
      return { kind: 'cpu', id: sel.cpu };
  }
}

export function viewStateOf(s: AppState): ViewState {
  const selection = selectionOf(s);
  // Run B's selection rides along: its spans by B's lane ids.
  const selectionB = s.compare ? selectionOf(s.compare) : undefined;
  return {
    t: Math.round(s.timeMs),
    step: s.cursor,
    window: [Math.max(0, Math.floor(s.window.start)), Math.ceil(s.window.end)],
    ...(selection ? { selection } : {}),
    ...(selectionB ? { selectionB } : {}),
    panels: PANEL_IDS.filter((id) => !s.collapsedPanels[id]),
    ...(s.tour ? { tour: { id: s.tour.id, step: s.tour.step } } : {}),
  };
}

function selectionFrom(
  s: Pick<AppState, 'run'>,
  v: NonNullable<ViewState['selection']>,
): Selection | null {
  if (v.kind === 'cpu' && typeof v.id === 'number') return { kind: 'cpu', cpu: v.id };
  if (typeof v.id !== 'string') return null;
  if (v.kind === 'container')
    return { kind: 'container', container: v.id, pod: splitContainer(v.id).podKey };
  if (v.kind === 'pod') return { kind: 'pod', pod: v.id };
  if (v.kind === 'span' && s.run) {
    const at = v.id.indexOf('@');
    const index = Number(v.id.slice(0, at));
    const laneId = v.id.slice(at + 1);
    const lanes = s.run.lanes.lanes;
    const lane = lanes.findIndex((l) => l.id === laneId);
    const l = lanes[lane];
    if (!l || !Number.isInteger(index) || index < 0 || index >= l.start.length) return null;
    return {
      kind: 'span',
      span: { lane, index },
      ...(l.container ? { container: l.container } : {}),
      ...(l.pod ? { pod: l.pod } : {}),
    };
  }
  return null;
}

/** Puts the view a link carries onto the store (after its scenario has run). */
export function applyViewState(store: AppStore, v: ViewState): void {
  const st = store.getState();
  if (v.t !== undefined) st.seekTime(v.t, true);
  // Several steps share an instant: the step says which of them the sender was at.
  if (v.step !== undefined) {
    st.seekCursor(v.step);
    const t = store.getState().timeMs;
    if (v.t !== undefined && v.t > t) store.setState({ timeMs: v.t });
  }
  if (v.window) st.setWindow({ start: v.window[0], end: v.window[1] }, true);
  if (v.selection) st.select(selectionFrom(store.getState(), v.selection));
  const b = store.getState().compare;
  if (v.selectionB && b) st.selectB(selectionFrom(b, v.selectionB));
  if (v.panels) {
    const open = new Set<string>(v.panels);
    const collapsed = { ...store.getState().collapsedPanels };
    for (const id of PANEL_IDS) collapsed[id] = !open.has(id);
    store.setState({ collapsedPanels: collapsed });
  }
  // The tour's panel opens on its step; the link's cursor and selection are that step's.
  st.setTour(v.tour ? { id: v.tour.id, step: v.tour.step } : null);
}

/** Compare's run B in a link: the `b=` part of the fragment, in the `s=` format, or null. */
export function compareParam(link: string): string | null {
  const hash = link.includes('#') ? link.slice(link.indexOf('#') + 1) : link;
  for (const part of hash.split('&')) if (part.startsWith('b=')) return part.slice(2);
  return null;
}
