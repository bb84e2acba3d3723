/**
 * What part of the run is in view: the time window (Perfetto-style zoom and pan),
 * collapsed idle gaps, CPU numbering, panels and the help overlay.
 */
import type { StateCreator } from 'zustand';
import { buildTimeWarp, findIdleGaps, IDENTITY_WARP, type TimeWarp } from '../../viz/timeWarp';
import type { TimeWindow } from '../../viz/timeScale';
import { clampWindow, fitWindow, followWindow, panWindow, zoomWindow } from '../../viz/zoomWindow';
import type { AppState } from '../store';
import { timeEnd } from './compareSlice';
import type { CpuIdMode, PanelId, RunId, RunView } from '../types';

/** Idle stretches longer than this are collapsible (ms); they keep this much margin. */
export const GAP_MIN_MS = 8_000;
export const GAP_MARGIN_MS = 1_000;
/** How long a collapsed gap lasts on the axis and in playback (ms of warped time). */
export const GAP_WARPED_MS = 600;

/** The perturbation menu: for whom, and where on screen (client px) it opens. */
export interface PerturbMenuState {
  readonly pod: string;
  readonly container?: string;
  readonly x: number;
  readonly y: number;
  /** Which run it perturbs (Compare's B); A when absent. */
  readonly run?: RunId;
}

export interface ViewSlice {
  readonly window: TimeWindow;
  readonly warp: TimeWarp;
  readonly collapseGaps: boolean;
  readonly cpuIds: CpuIdMode;
  readonly collapsedPanels: Readonly<Record<PanelId, boolean>>;
  readonly collapsedGroups: readonly string[];
  readonly helpOpen: boolean;
  readonly follow: boolean;
  readonly editorOpen: boolean;
  readonly perturbMenu: PerturbMenuState | null;
  setEditorOpen: (open: boolean) => void;
  openPerturbMenu: (menu: PerturbMenuState | null) => void;
  setWindow: (w: TimeWindow, manual?: boolean) => void;
  zoomBy: (factor: number, anchorT?: number) => void;
  panBy: (fraction: number) => void;
  fitAll: () => void;
  /** Frames the run's story (its pods' start-up), or the whole run when it has none. */
  fitStory: () => void;
  fitRange: (start: number, end: number) => void;
  followPlayhead: () => void;
  setCollapseGaps: (on: boolean) => void;
  setCpuIds: (mode: CpuIdMode) => void;
  togglePanel: (id: PanelId) => void;
  toggleGroup: (id: string) => void;
  setHelpOpen: (open: boolean) => void;
  /** Called by the scenario slice after a new run replaced the old one. */
  onRunChanged: (first: boolean) => void;
}

export function warpFor(run: RunView | null, collapse: boolean, other?: RunView | null): TimeWarp {
  if (!run || !collapse) return IDENTITY_WARP;
  if (other) {
    // Compare: one time axis for both runs, so a gap is collapsed only where both are idle.
    const activity = Float64Array.from([
      ...Array.from(run.activity),
      ...Array.from(other.activity),
    ]);
    activity.sort();
    const busy = [...(run.busy ?? []), ...(other.busy ?? [])].sort((a, b) => a.start - b.start);
    return buildTimeWarp(findIdleGaps(activity, GAP_MIN_MS, GAP_MARGIN_MS, busy), GAP_WARPED_MS);
  }
  const gaps = findIdleGaps(run.activity, GAP_MIN_MS, GAP_MARGIN_MS, run.busy ?? []);
  return buildTimeWarp(gaps, GAP_WARPED_MS);
}

export const createViewSlice: StateCreator<AppState, [], [], ViewSlice> = (set, get) => {
  const maxT = () => Math.max(timeEnd(get()), 1);
  return {
    window: { start: 0, end: 1000 },
    warp: IDENTITY_WARP,
    collapseGaps: true,
    cpuIds: 'os',
    collapsedPanels: { events: false, log: false, inspector: false, machines: false, pods: false },
    collapsedGroups: [],
    helpOpen: false,
    follow: true,
    editorOpen: false,
    perturbMenu: null,
    setEditorOpen(open) {
      set({ editorOpen: open });
    },
    openPerturbMenu(menu) {
      set({ perturbMenu: menu });
    },
    setWindow(w, manual = true) {
      set({ window: clampWindow(w, maxT(), get().warp), ...(manual ? { follow: false } : {}) });
    },
    zoomBy(factor, anchorT) {
      const s = get();
      const anchor = anchorT ?? s.timeMs;
      set({ window: zoomWindow(s.window, factor, anchor, maxT(), s.warp), follow: false });
    },
    panBy(fraction) {
      const s = get();
      set({ window: panWindow(s.window, fraction, maxT(), s.warp), follow: false });
    },
    fitAll() {
      set({ window: fitWindow(0, maxT(), maxT(), get().warp, 0), follow: true });
    },
    fitStory() {
      const story = get().run?.story;
      // A story that is most of the run is the run.
      if (story === undefined || story <= 0 || story >= 0.6 * maxT()) return get().fitAll();
      set({ window: fitWindow(0, story, maxT(), get().warp, 0.06), follow: true });
    },
    fitRange(start, end) {
      set({ window: fitWindow(start, end, maxT(), get().warp), follow: false });
    },
    followPlayhead() {
      const s = get();
      const w = followWindow(s.window, s.timeMs, maxT(), s.warp);
      if (w !== s.window) set({ window: w });
    },
    setCollapseGaps(on) {
      const warp = warpFor(get().run, on, get().compare?.run);
      set({ collapseGaps: on, warp, window: clampWindow(get().window, maxT(), warp) });
    },
    setCpuIds(mode) {
      set({ cpuIds: mode });
    },
    togglePanel(id) {
      const c = get().collapsedPanels;
      set({ collapsedPanels: { ...c, [id]: !c[id] } });
    },
    toggleGroup(id) {
      const g = get().collapsedGroups;
      set({ collapsedGroups: g.includes(id) ? g.filter((x) => x !== id) : [...g, id] });
    },
    setHelpOpen(open) {
      set({ helpOpen: open });
    },
    onRunChanged(first) {
      const n = get().notice;
      if (
        n?.forScenario &&
        n.forScenario !== get().scenario &&
        n.forScenario !== get().compare?.scenario
      )
        set({ notice: null });
      const warp = warpFor(get().run, get().collapseGaps, get().compare?.run);
      set({ warp });
      if (first) get().fitStory();
      else set({ window: clampWindow(get().window, maxT(), warp) });
    },
  };
};
