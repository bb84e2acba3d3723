/**
 * The cursor for text panels. While playing, the cursor can move every frame; the
 * tables and logs follow at most a few times a second (a reader cannot read faster,
 * and their views replay from a checkpoint), then catch up exactly on pause.
 * Paused, a Step or a scrub moves them as a transition too: the clock, the timeline and
 * the slider answer in the input's own frame, the panels (thousands of Events and klog
 * lines on a big node) follow in the frames after it, interruptible by the next input.
 */
import { startTransition, useEffect, useState } from 'react';
import { useAppStore } from '../app/storeContext';

const PLAYING_INTERVAL_MS = 150;

export function usePanelCursor(): number {
  const store = useAppStore();
  const [cursor, setCursor] = useState(() => store.getState().cursor);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const unsub = store.subscribe((s, p) => {
      if (s.cursor === p.cursor && s.playing === p.playing && s.run === p.run) return;
      if (!s.playing) {
        if (timer) clearTimeout(timer);
        timer = null;
        startTransition(() => setCursor(s.cursor));
        return;
      }
      // A transition: React may spread the panels' renders over several frames.
      const now = performance.now();
      if (now - last >= PLAYING_INTERVAL_MS) {
        last = now;
        startTransition(() => setCursor(s.cursor));
      } else if (!timer) {
        timer = setTimeout(() => {
          timer = null;
          last = performance.now();
          startTransition(() => setCursor(store.getState().cursor));
        }, PLAYING_INTERVAL_MS);
      }
    });
    return () => {
      unsub();
      if (timer) clearTimeout(timer);
    };
  }, [store]);
  return cursor;
}
