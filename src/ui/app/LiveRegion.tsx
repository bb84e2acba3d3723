/**
 * Announces each step in words for screen readers ("12.4 s: container app started").
 * While playing, announcements are throttled so speech is not flooded.
 */
import { useEffect, useRef, useState } from 'react';
import { useAppStore } from './storeContext';
import { useEngineViews } from './engineViews';

const PLAYING_MIN_GAP_MS = 1500;

export function LiveRegion() {
  const store = useAppStore();
  const views = useEngineViews();
  const [text, setText] = useState('');
  const last = useRef(0);
  useEffect(() => {
    return store.subscribe((s, p) => {
      if (!s.run || (s.cursor === p.cursor && s.run === p.run)) return;
      const now = performance.now();
      if (s.playing && now - last.current < PLAYING_MIN_GAP_MS) return;
      last.current = now;
      setText(views.narrate(s.run, s.cursor));
    });
  }, [store, views]);
  return (
    <div
      className="sr-only"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="narration"
    >
      {text}
    </div>
  );
}
