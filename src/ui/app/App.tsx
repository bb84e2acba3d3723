/**
 * The page: header with the quick controls, the transport, the workspace, the
 * live region and the help overlay. The store and the engine's views come in as
 * props, so the same App runs in the page and in tests.
 */
import { useEffect } from 'react';
import type { AppStore } from '../../state/store';
import { PlaybackControls } from '../controls/PlaybackControls';
import { QuickControls, type CatalogEntry } from '../controls/QuickControls';
import { usePlaybackLoop } from '../hooks/usePlaybackLoop';
import { useShortcuts } from '../hooks/useShortcuts';
import { EngineViewsContext, type EngineViews } from './engineViews';
import { ErrorBoundary } from './ErrorBoundary';
import { HelpOverlay } from './HelpOverlay';
import { LiveRegion } from './LiveRegion';
import { StoreContext, useApp } from './storeContext';
import { Workspace } from './Workspace';

interface Props {
  readonly store: AppStore;
  readonly views: EngineViews;
  readonly presets: readonly CatalogEntry[];
  readonly topologies: readonly CatalogEntry[];
  readonly initialPreset: string;
}

export function App(p: Props) {
  useEffect(() => {
    if (p.store.getState().run === null) p.store.getState().loadPreset(p.initialPreset);
  }, [p.store, p.initialPreset]);
  return (
    <StoreContext.Provider value={p.store}>
      <EngineViewsContext.Provider value={p.views}>
        <ErrorBoundary
          what="kubeletscope"
          onReset={() => p.store.getState().loadPreset(p.initialPreset)}
        >
          <Shell presets={p.presets} topologies={p.topologies} store={p.store} />
        </ErrorBoundary>
      </EngineViewsContext.Provider>
    </StoreContext.Provider>
  );
}

function Shell({ presets, topologies, store }: Pick<Props, 'presets' | 'topologies' | 'store'>) {
  usePlaybackLoop();
  useShortcuts(store);
  const caption = useApp((s) => s.scenario?.metadata.caption ?? s.scenario?.metadata.name ?? '');
  const runError = useApp((s) => s.runError);
  return (
    <div className="app">
      <header className="masthead">
        <div className="topbar">
          <div className="brand">
            <svg viewBox="0 0 20 20" aria-hidden="true" className="brand-mark">
              <rect x="1" y="1" width="18" height="18" rx="3" />
              <path d="M4 6h6M6 10h8M9 14h7" />
            </svg>
            <h1>kubeletscope</h1>
          </div>
          <QuickControls presets={presets} topologies={topologies} />
        </div>
        {runError ? (
          <div role="alert" className="banner banner-error">
            {runError}
          </div>
        ) : (
          caption && <p className="caption">{caption}</p>
        )}
      </header>
      <PlaybackControls />
      <Workspace />
      <LiveRegion />
      <HelpOverlay />
    </div>
  );
}
