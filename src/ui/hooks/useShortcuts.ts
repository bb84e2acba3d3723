/**
 * App-wide keys, Perfetto's where Perfetto has one: W/S zoom, A/D pan, F fit the
 * selection, `.`/`,` next/previous span on the selected lane, `?` help, Esc clears.
 * RaftScope's Space plays and pauses; ←/→ step; Home/End jump. Keys typed into a
 * field are left alone; which key goes where is decided in keyRules.ts.
 */
import { useEffect } from 'react';
import type { AppStore } from '../../state/store';
import { perturbTargetOf } from '../../state/perturbations';
import { spanSelection } from '../timeline/spanSelection';
import { appGetsKey, isTextField, keyTargetOf } from './keyRules';

/** Moves the selection to the neighbouring span on its lane and reveals it. */
export function selectNeighbour(store: AppStore, dir: 1 | -1): void {
  const s = store.getState();
  const run = s.run;
  if (!run) return;
  const model = run.lanes;
  let lane: number;
  let index: number;
  if (s.selection?.kind === 'span') {
    lane = s.selection.span.lane;
    index = s.selection.span.index + dir;
  } else {
    // Start from the selected container's (or pod's) first lane, else the first lane,
    // at the span under the playhead.
    const sel = s.selection;
    const container = sel?.kind === 'container' ? sel.container : undefined;
    const pod = sel?.kind === 'pod' ? sel.pod : undefined;
    lane = model.lanes.findIndex(
      (l) =>
        l.start.length > 0 &&
        !l.instants &&
        (container === undefined || l.container === container) &&
        (pod === undefined || l.pod === pod),
    );
    if (lane < 0) lane = model.lanes.findIndex((l) => l.start.length > 0 && !l.instants);
    if (lane < 0) return;
    const l = model.lanes[lane]!;
    index = 0;
    while (index < l.start.length - 1 && l.end[index]! <= s.timeMs) index++;
  }
  const l = model.lanes[lane];
  if (!l || index < 0 || index >= l.start.length) return;
  s.select(spanSelection(model, { lane, index }));
  const start = l.start[index]!;
  const end = l.end[index]!;
  const w = s.window;
  if (start < w.start || end > w.end) {
    const half = (w.end - w.start) / 2;
    s.setWindow({ start: start - half * 0.5, end: start - half * 0.5 + 2 * half });
  }
}

export function fitSelection(store: AppStore): void {
  const s = store.getState();
  const sel = s.selection;
  const run = s.run;
  if (run && sel?.kind === 'span') {
    const l = run.lanes.lanes[sel.span.lane];
    if (l) {
      s.fitRange(l.start[sel.span.index]!, l.end[sel.span.index]!);
      return;
    }
  }
  s.fitAll();
}

/** Ctrl/⌘+Z undoes a scenario edit; Ctrl/⌘+Shift+Z and Ctrl+Y redo it. */
function undoKeys(store: AppStore, e: KeyboardEvent): boolean {
  const k = e.key.toLowerCase();
  if (k === 'z' && !e.shiftKey) void store.getState().undo();
  else if ((k === 'z' && e.shiftKey) || (k === 'y' && e.ctrlKey)) void store.getState().redo();
  else return false;
  return true;
}

/** The keyboard path to the perturbation menu: it opens by the Inspector. */
function openMenuForSelection(store: AppStore): boolean {
  const s = store.getState();
  const target = perturbTargetOf(s.selection);
  if (!target) return false;
  const box = document
    .querySelector('section[aria-label="Inspector"]')
    ?.getBoundingClientRect() ?? { left: window.innerWidth / 3, top: window.innerHeight / 3 };
  s.openPerturbMenu({ ...target, x: box.left + 8, y: box.top + 28 });
  return true;
}

export function useShortcuts(store: AppStore): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey) return;
      const target = keyTargetOf(e.target);
      if (target && isTextField(target)) return;
      if (e.ctrlKey || e.metaKey) {
        if (undoKeys(store, e)) e.preventDefault();
        return;
      }
      if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) {
        if (openMenuForSelection(store)) e.preventDefault();
        return;
      }
      if (!appGetsKey(e.key, target)) return;
      const s = store.getState();
      const act = (): boolean => {
        switch (e.key) {
          case 'w':
          case 'W':
            s.zoomBy(0.7);
            return true;
          case 's':
          case 'S':
            s.zoomBy(1 / 0.7);
            return true;
          case 'a':
          case 'A':
            s.panBy(-0.15);
            return true;
          case 'd':
          case 'D':
            s.panBy(0.15);
            return true;
          case 'f':
          case 'F':
            fitSelection(store);
            return true;
          case '.':
            selectNeighbour(store, 1);
            return true;
          case ',':
            selectNeighbour(store, -1);
            return true;
          case '?':
            s.setHelpOpen(!s.helpOpen);
            return true;
          case 'e':
          case 'E':
            if (!s.scenario) return false;
            s.setEditorOpen(true);
            return true;
          case 'Escape':
            if (s.helpOpen) s.setHelpOpen(false);
            else s.select(null);
            return true;
          case ' ':
            s.togglePlay();
            return true;
          case 'ArrowRight':
            s.stepForward();
            return true;
          case 'ArrowLeft':
            s.stepBack();
            return true;
          case 'Home':
            s.jumpStart();
            return true;
          case 'End':
            s.jumpEnd();
            return true;
          case 'b':
          case 'B':
            if (s.bookmark === null) return false;
            s.jumpToBookmark();
            return true;
          default:
            return false;
        }
      };
      if (act()) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
