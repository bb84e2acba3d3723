/**
 * Keeps the address bar's `#s=` current without filling the history (replaceState,
 * a moment after things settle and never while playing), and opens a link pasted
 * into the address bar of an open page (hashchange).
 */
import { useEffect } from 'react';
import { currentLink, openLink } from '../../state/permalinkSession';
import type { AppStore } from '../../state/store';

const SETTLE_MS = 400;

export function usePermalinkSync(store: AppStore, fallbackPreset: string): void {
  useEffect(() => {
    let timer: number | undefined;
    let written = window.location.hash;
    const write = () => {
      timer = undefined;
      const s = store.getState();
      if (s.playing) return;
      const link = currentLink(s);
      if (!link || link.fragment === written) return;
      written = link.fragment;
      const url = `${window.location.pathname}${window.location.search}${link.fragment}`;
      window.history.replaceState(window.history.state, '', url);
    };
    const unsubscribe = store.subscribe((s, prev) => {
      if (
        s.scenario === prev.scenario &&
        s.timeMs === prev.timeMs &&
        s.cursor === prev.cursor &&
        s.window === prev.window &&
        s.selection === prev.selection &&
        s.collapsedPanels === prev.collapsedPanels &&
        s.playing === prev.playing
      )
        return;
      window.clearTimeout(timer);
      timer = window.setTimeout(write, SETTLE_MS);
    });
    const onHash = () => {
      if (window.location.hash === written) return;
      written = window.location.hash;
      if (window.location.hash.includes('s='))
        void openLink(store, window.location.hash, fallbackPreset);
    };
    window.addEventListener('hashchange', onHash);
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
      window.removeEventListener('hashchange', onHash);
    };
  }, [store, fallbackPreset]);
}
