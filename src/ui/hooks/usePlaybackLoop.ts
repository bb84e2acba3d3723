/**
 * The app's one animation-frame loop (perfetto's RafScheduler idea): while playing,
 * each frame advances the playhead in the store; views that move every frame
 * (playhead, veil, slider) subscribe to the store and write styles directly, while
 * React re-renders only what depends on the cursor, which changes at steps.
 */
import { useEffect } from 'react';
import { useAppStore } from '../app/storeContext';

export function usePlaybackLoop(): void {
  const store = useAppStore();
  useEffect(() => {
    let raf = 0;
    let last = 0;
    const frame = (now: number) => {
      // Cap a frame at 100 ms so a background tab does not leap when it returns.
      const dt = last === 0 ? 16 : Math.min(100, now - last);
      last = now;
      store.getState().tick(dt);
      if (store.getState().playing) raf = requestAnimationFrame(frame);
      else {
        raf = 0;
        last = 0;
      }
    };
    const unsub = store.subscribe((s, prev) => {
      if (s.playing && !prev.playing && raf === 0) raf = requestAnimationFrame(frame);
    });
    if (store.getState().playing) raf = requestAnimationFrame(frame);
    return () => {
      unsub();
      if (raf) cancelAnimationFrame(raf);
    };
  }, [store]);
}
