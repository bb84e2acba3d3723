/**
 * Keeps the address bar's `#s=` current without filling the history (replaceState,
 * a moment after things settle and never while playing), and opens a link pasted
 * into the address bar of an open page (hashchange).
 */
import { useEffect } from 'react';
import { viewStateOf } from '../../state/permalinkSession';
import { retryableImport } from '../app/retryableLazy';

/** The link decoder (the schema, the YAML parser), fetched when a link is opened. */
export const loadLinkOpener = retryableImport(() => import('../../state/permalinkLinks'));
import type { AppStore } from '../../state/store';
import type { EngineViews } from '../../state/viewTypes';

const SETTLE_MS = 400;

/** `encode`: the engine worker's link encoder (compressing a big scenario is a long task). */
export function usePermalinkSync(
  store: AppStore,
  fallbackPreset: string,
  encode?: EngineViews['encodeLink'],
): void {
  useEffect(() => {
    let timer: number | undefined;
    let written = window.location.hash;
    let asked = 0;
    const put = (fragment: string) => {
      if (fragment === written) return;
      written = fragment;
      const url = `${window.location.pathname}${window.location.search}${fragment}`;
      window.history.replaceState(window.history.state, '', url);
    };
    const write = () => {
      timer = undefined;
      const s = store.getState();
      if (s.playing) return;
      if (encode && s.scenario) {
        const mine = ++asked;
        encode(s.scenario, viewStateOf(s), s.compare?.scenario ?? null).then(
          (fragment) => {
            // A later write asked meanwhile: its answer is the one to keep.
            if (mine === asked) put(fragment);
          },
          () => {},
        );
        return;
      }
      // Without the worker's encoder (tests): the page's, fetched when first needed.
      const mine = ++asked;
      void import('../../state/currentLink').then((m) => {
        const link = m.currentLink(store.getState());
        if (link && mine === asked) put(link.fragment);
      });
    };
    const unsubscribe = store.subscribe((s, prev) => {
      if (
        s.scenario === prev.scenario &&
        s.compare?.scenario === prev.compare?.scenario &&
        s.timeMs === prev.timeMs &&
        s.cursor === prev.cursor &&
        s.window === prev.window &&
        s.selection === prev.selection &&
        s.compare?.selection === prev.compare?.selection &&
        s.collapsedPanels === prev.collapsedPanels &&
        s.tour === prev.tour &&
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
        void loadLinkOpener().then(
          (m) => m.openLink(store, window.location.hash, fallbackPreset),
          (e: unknown) =>
            store.getState().setNotice({
              tone: 'error',
              text: `This link could not be opened: its code did not arrive (${e instanceof Error ? e.message : String(e)}); the scenario shown is unchanged.`,
            }),
        );
    };
    window.addEventListener('hashchange', onHash);
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
      window.removeEventListener('hashchange', onHash);
    };
  }, [store, fallbackPreset, encode]);
}
