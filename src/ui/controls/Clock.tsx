/**
 * Simulated time and step count at the playhead, updated every frame by subscription.
 * Under Compare the playhead is shared but each run has its own steps: each run's count is
 * given, named ("A step 12/515", "B step 14/528").
 */
import { useEffect, useRef } from 'react';
import { formatClock } from '../../viz/formatTime';
import { projectB } from '../../state/compareLens';
import type { AppState } from '../../state/store';
import { useAppStore } from '../app/storeContext';

/** "step 12/515 · 2 min 00 s", after `prefix`; a dash before the first run lands, not 0/0. */
export function stepCount(s: Pick<AppState, 'run' | 'cursor'>, prefix = ''): string {
  return s.run
    ? `${prefix}step ${s.cursor}/${s.run.total} · ${formatClock(s.run.endT)}`
    : `${prefix}step — · —`;
}

export function Clock() {
  const store = useAppStore();
  const time = useRef<HTMLSpanElement>(null);
  const step = useRef<HTMLSpanElement>(null);
  const stepB = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const write = () => {
      const s = store.getState();
      const b = projectB(s);
      if (time.current) time.current.textContent = formatClock(s.timeMs);
      if (step.current) step.current.textContent = stepCount(s, b ? 'A ' : '');
      if (stepB.current) {
        stepB.current.textContent = b ? stepCount(b, 'B ') : '';
        stepB.current.hidden = !b;
      }
    };
    write();
    return store.subscribe((s, p) => {
      if (
        s.timeMs !== p.timeMs ||
        s.cursor !== p.cursor ||
        s.run !== p.run ||
        s.compare?.run !== p.compare?.run
      )
        write();
    });
  }, [store]);
  return (
    <div className="clock" aria-hidden="true">
      <span ref={time} className="clock-time" />
      <span ref={step} className="clock-step" />
      <span ref={stepB} className="clock-step-b" hidden />
    </div>
  );
}
