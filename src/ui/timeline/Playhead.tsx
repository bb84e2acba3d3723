/**
 * The playhead line and the veil over the not-yet-happened future. They move every
 * frame while playing, so they subscribe to the store and write a transform
 * directly instead of re-rendering React (zustand's transient updates).
 */
import { useEffect, useRef } from 'react';
import type { TimeScale } from '../../viz/timeScale';
import { useAppStore } from '../app/storeContext';

export function Playhead({ scale, height }: { scale: TimeScale; height: number }) {
  const store = useAppStore();
  const line = useRef<HTMLDivElement>(null);
  const veil = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const place = (t: number) => {
      const x = Math.round(scale.x(t));
      const clamped = Math.min(Math.max(x, -2), scale.width + 2);
      if (line.current) {
        line.current.style.transform = `translateX(${clamped}px)`;
        line.current.style.visibility = x < -1 || x > scale.width + 1 ? 'hidden' : 'visible';
      }
      if (veil.current) {
        const left = Math.max(0, Math.min(x, scale.width));
        veil.current.style.transform = `translateX(${left}px)`;
        veil.current.style.width = `${Math.max(0, scale.width - left)}px`;
      }
    };
    place(store.getState().timeMs);
    return store.subscribe((s, prev) => {
      if (s.timeMs !== prev.timeMs) place(s.timeMs);
    });
  }, [store, scale]);
  return (
    <>
      <div ref={veil} className="tl-veil" style={{ height }} aria-hidden="true" />
      <div ref={line} className="tl-playhead" style={{ height }} aria-hidden="true" />
    </>
  );
}
