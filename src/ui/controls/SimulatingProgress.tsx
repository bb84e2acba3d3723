/**
 * Says that a run is in flight in the engine worker, once it has taken longer than
 * 200 ms (a quicker one would only flash). The run on screen stays usable meanwhile;
 * a newer edit replaces the run in flight.
 */
import { useEffect, useState } from 'react';
import { useApp } from '../app/storeContext';

/** A run shorter than this shows no indicator. */
export const PROGRESS_AFTER_MS = 200;

export function SimulatingProgress() {
  const simulating = useApp((s) => s.simulating || s.simulatingB);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!simulating) return;
    const timer = window.setTimeout(() => setShown(true), PROGRESS_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      setShown(false);
    };
  }, [simulating]);
  if (!simulating || !shown) return null;
  return (
    <div
      className="simulating"
      role="progressbar"
      aria-label="Simulating"
      aria-valuetext="Running the scenario"
    >
      <span className="simulating-label">Simulating…</span>
      <span className="simulating-track" aria-hidden="true">
        <span className="simulating-bar" />
      </span>
    </div>
  );
}
