/**
 * The run and the cursor for text panels. While playing, the cursor can move every frame; the
 * tables and logs follow at most a few times a second (a reader cannot read faster,
 * and their views replay from a checkpoint), then catch up exactly on pause.
 * Paused, a Step or a scrub moves them as a transition too: the clock, the timeline and
 * the slider answer in the input's own frame, the panels (thousands of Events and klog
 * lines on a big node) follow in the frames after it, interruptible by the next input.
 */
import { startTransition, useEffect, useState } from 'react';
import type { RunView } from '../../state/types';
import { useApp, useAppStore } from '../app/storeContext';

const PLAYING_INTERVAL_MS = 150;

export interface PanelView {
  readonly run: RunView | null;
  readonly cursor: number;
  /** The view has not caught up with the store's cursor or run yet (a panel's aria-busy). */
  readonly behind: boolean;
}

/**
 * The run and the cursor the panels show, moved together (a cursor always indexes the run
 * it came with), in a transition: a new run lands on the timeline and the NUMA diagram in
 * its own task, and the panels (Events, klog, pods, machines, inspector) render after it,
 * interruptibly, instead of in one long task with them.
 */
export function usePanelView(): PanelView {
  const store = useAppStore();
  const [view, setView] = useState<Omit<PanelView, 'behind'>>(() => {
    const s = store.getState();
    return { run: s.run, cursor: s.cursor };
  });
  // Compare's panels switch between runs by switching the store they read: the view is the
  // new store's at once, never the other run's under this one's name.
  const [viewStore, setViewStore] = useState(store);
  if (viewStore !== store) {
    const s = store.getState();
    setViewStore(store);
    setView({ run: s.run, cursor: s.cursor });
  }
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const unsub = store.subscribe((s, p) => {
      if (s.cursor === p.cursor && s.playing === p.playing && s.run === p.run) return;
      if (!s.playing) {
        if (timer) clearTimeout(timer);
        timer = null;
        startTransition(() => setView({ run: s.run, cursor: s.cursor }));
        return;
      }
      // A transition: React may spread the panels' renders over several frames.
      const now = performance.now();
      if (now - last >= PLAYING_INTERVAL_MS) {
        last = now;
        startTransition(() => setView({ run: s.run, cursor: s.cursor }));
      } else if (!timer) {
        timer = setTimeout(() => {
          timer = null;
          last = performance.now();
          const st = store.getState();
          startTransition(() => setView({ run: st.run, cursor: st.cursor }));
        }, PLAYING_INTERVAL_MS);
      }
    });
    return () => {
      unsub();
      if (timer) clearTimeout(timer);
    };
  }, [store]);
  // Read urgently, so the render that moves the clock marks the panels behind until the
  // transition that catches them up commits.
  const behind = useApp((s) => s.cursor !== view.cursor || s.run !== view.run);
  return { ...view, behind };
}
