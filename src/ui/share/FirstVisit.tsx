/**
 * A first visit's line under the scenario bar: what the page is and what to do first (Play, or
 * a guided tour). Dismissed with "Got it", by starting to play or by starting a tour, and
 * remembered in localStorage, so it is said once.
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
  if (!shown) return null;
  return (
    <div className="first-visit" role="region" aria-label="Welcome">
      <p className="first-visit-text">
        <strong>New here?</strong> This page replays a kubelet starting the pods of a scenario, step
        by step, in the order its Go code works. Press <strong>Play</strong> (Space) to watch it,
        step with ← and →, or let a guided tour show you around.
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
