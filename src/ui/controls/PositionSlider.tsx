/**
 * "Timeline position": a range over simulated time. Dragging (or touch) scrubs the
 * playhead; arrow keys step exactly one step (not a time increment), Home/End jump.
 * Its value follows playback through a store subscription.
 */
import { useEffect, useRef } from 'react';
import { formatClock } from '../../viz/formatTime';
import { useApp, useAppStore } from '../app/storeContext';
import { timeEnd } from '../../state/slices/compareSlice';

export function PositionSlider() {
  const store = useAppStore();
  const ref = useRef<HTMLInputElement>(null);
  // With Compare on, the shared axis ends with the later run.
  const endT = useApp(timeEnd);
  const total = useApp((s) => s.run?.total ?? 0);

  useEffect(() => {
    const write = () => {
      const el = ref.current;
      if (!el) return;
      const s = store.getState();
      el.value = String(Math.round(s.timeMs));
      el.setAttribute('aria-valuetext', `${formatClock(s.timeMs)}, step ${s.cursor} of ${total}`);
      el.style.setProperty('--fill', `${endT > 0 ? (s.timeMs / endT) * 100 : 0}%`);
    };
    write();
    return store.subscribe((s, p) => {
      if (s.timeMs !== p.timeMs || s.cursor !== p.cursor) write();
    });
  }, [store, endT, total]);

  return (
    <input
      ref={ref}
      type="range"
      className="position-slider"
      aria-label="Timeline position"
      min={0}
      max={Math.max(1, Math.round(endT))}
      step={1}
      defaultValue={0}
      disabled={total === 0}
      onInput={(e) => {
        store.getState().pause();
        store.getState().seekTime(Number(e.currentTarget.value), true);
      }}
      onKeyDown={(e) => {
        const s = store.getState();
        const keys: Record<string, () => void> = {
          ArrowRight: s.stepForward,
          ArrowUp: s.stepForward,
          ArrowLeft: s.stepBack,
          ArrowDown: s.stepBack,
          Home: s.jumpStart,
          End: s.jumpEnd,
        };
        const k = keys[e.key];
        if (k) {
          e.preventDefault();
          e.stopPropagation();
          k();
        }
      }}
    />
  );
}
