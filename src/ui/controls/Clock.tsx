/** Simulated time and step count at the playhead, updated every frame by subscription. */
import { useEffect, useRef } from 'react';
import { formatClock } from '../../viz/formatTime';
import { useAppStore } from '../app/storeContext';

export function Clock() {
  const store = useAppStore();
  const time = useRef<HTMLSpanElement>(null);
  const step = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const write = () => {
      const s = store.getState();
      if (time.current) time.current.textContent = formatClock(s.timeMs);
      // Before the first run lands there is no step count or length to give: a dash, not 0/0.
      if (step.current)
        step.current.textContent = s.run
          ? `step ${s.cursor}/${s.run.total} · ${formatClock(s.run.endT)}`
          : 'step — · —';
    };
    write();
    return store.subscribe((s, p) => {
      if (s.timeMs !== p.timeMs || s.cursor !== p.cursor || s.run !== p.run) write();
    });
  }, [store]);
  return (
    <div className="clock" aria-hidden="true">
      <span ref={time} className="clock-time" />
      <span ref={step} className="clock-step" />
    </div>
  );
}
