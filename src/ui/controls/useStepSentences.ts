/**
 * The step sentences' rules arrive after the first picture (kubeletViews.loadStepSentences):
 * at the user's first press of a key or a pointer, else a moment after the first run is on
 * screen. Re-renders its caller once they are there.
 */
import { useEffect, useState } from 'react';
import { loadStepSentences, stepSentencesLoaded } from '../../state/kubeletViews';
import { useApp } from '../app/storeContext';

/** After the first picture, so its script is not among what that picture waits for. */
const LATER_MS = 1000;

export function useStepSentences(): boolean {
  const [loaded, setLoaded] = useState(stepSentencesLoaded);
  const hasRun = useApp((s) => s.run !== null);
  useEffect(() => {
    if (loaded || !hasRun) return;
    let live = true;
    const go = () =>
      void loadStepSentences().then(
        () => live && setLoaded(true),
        () => undefined, // A failed fetch: the next press asks again.
      );
    const id = window.setTimeout(go, LATER_MS);
    // The user reaching for a control wants the words now.
    const opts = { capture: true, once: true } as const;
    window.addEventListener('pointerdown', go, opts);
    window.addEventListener('keydown', go, opts);
    return () => {
      live = false;
      window.clearTimeout(id);
      window.removeEventListener('pointerdown', go, opts);
      window.removeEventListener('keydown', go, opts);
    };
  }, [loaded, hasRun]);
  return loaded;
}
