/**
 * Announces each step in words for screen readers ("12.4 s: container app started").
 * While playing, announcements are throttled so speech is not flooded.
 */
import { useEffect, useRef, useState } from 'react';
import { useAppStore } from './storeContext';
import { useEngineViews } from './engineViews';
import { projectB } from '../../state/compareLens';
import { stepSentencesLoaded, stepSentencesReady } from '../../state/kubeletViews';

const PLAYING_MIN_GAP_MS = 1500;

export function LiveRegion() {
  const store = useAppStore();
  const views = useEngineViews();
  const [text, setText] = useState('');
  const last = useRef(0);
  useEffect(() => {
    return store.subscribe((s, p) => {
      const b = projectB(s);
      const bMoved = b !== null && (b.cursor !== projectB(p)?.cursor || b.run !== p.compare?.run);
      if (!s.run || (s.cursor === p.cursor && s.run === p.run && !bMoved)) return;
      const now = performance.now();
      if (s.playing && now - last.current < PLAYING_MIN_GAP_MS) return;
      last.current = now;
      const say = () => {
        const st = store.getState();
        const bb = projectB(st);
        if (!st.run) return;
        const a = views.narrate(st.run, st.cursor);
        // Under Compare each run has its own step at the shared playhead: both are said, named.
        setText(bb?.run ? `Run A: ${a} Run B: ${views.narrate(bb.run, bb.cursor)}` : a);
      };
      say();
      // The sentences' rules not here yet: said again, in full, once they are.
      // (useStepSentences fetches them after the first picture, or at the user's first move.)
      if (!stepSentencesLoaded()) void stepSentencesReady.then(say);
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
