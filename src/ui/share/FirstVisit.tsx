/**
 * A first visit's line under the step sentence while the cursor is at a run's start: what the
 * page is and what to do first (Play, or a guided tour). Dismissed with "Got it", by starting to
 * play or by starting a tour, and remembered in localStorage, so it is said once.
 */
import { useEffect, useState } from 'react';
import { useApp, useAppStore } from '../app/storeContext';
import { startTour } from '../tours/TourButton';

const KEY = 'kubeletscope.welcomed';

function welcomedBefore(): boolean {
  try {
    return window.localStorage.getItem(KEY) !== null;
  } catch {
    return true; // storage blocked: say nothing rather than every time
  }
}

function remember(): void {
  try {
    window.localStorage.setItem(KEY, '1');
  } catch {
    // Storage blocked: the line goes for this page only.
  }
}

export function FirstVisit() {
  const store = useAppStore();
  const [shown, setShown] = useState(() => !welcomedBefore());
  const hasRun = useApp((s) => s.run !== null);
  // Said at the start of a run only, in the row the step's component takes at later steps.
  const atStart = useApp((s) => s.cursor === 0);
  const dismiss = () => {
    remember();
    setShown(false);
  };
  // Playing or a tour is the first thing done: the line has said its piece.
  useEffect(
    () =>
      store.subscribe((s) => {
        if (s.playing || s.tour !== null) {
          remember();
          setShown(false);
        }
      }),
    [store],
  );
  if (!shown || !atStart) return null;
  return (
    <div className="first-visit" role="region" aria-label="Welcome">
      <p className="first-visit-text">
        <strong>New here?</strong> Press <strong>Play</strong> (Space) to watch this kubelet start
        these pods as its Go code does, step with ← →, or take a tour.
      </p>
      <button
        type="button"
        className="text-btn text-btn-primary"
        disabled={!hasRun}
        onClick={() => {
          dismiss();
          startTour(store, null);
        }}
      >
        Start a guided tour
      </button>
      <button type="button" className="text-btn" onClick={dismiss}>
        Got it
      </button>
    </div>
  );
}
