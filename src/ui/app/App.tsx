/**
 * The page: header with the quick controls, the transport, the workspace, the
 * live region and the help overlay. The store and the engine's views come in as
 * props, so the same App runs in the page and in tests.
 */
import { Suspense, useEffect, useState, type CSSProperties } from 'react';
import type { AppStore } from '../../state/store';
import { PlaybackControls } from '../controls/PlaybackControls';
import { SimulatingProgress } from '../controls/SimulatingProgress';
import { QuickControls, type CatalogEntry } from '../controls/QuickControls';
import { usePlaybackLoop } from '../hooks/usePlaybackLoop';
import { useShortcuts } from '../hooks/useShortcuts';
import { useInputModality } from '../hooks/useInputModality';
import { EngineViewsContext, useEngineViews, type EngineViews } from './engineViews';
import { ErrorBoundary } from './ErrorBoundary';
import { LazyOverlay } from './LazyOverlay';
import { retryableLazy } from './retryableLazy';
import { LiveRegion } from './LiveRegion';
import { StoreContext, useApp } from './storeContext';
import { Workspace } from './Workspace';
import { Splitter } from './Splitter';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { ScenarioBar } from '../share/ScenarioBar';
import { loadLinkOpener, usePermalinkSync } from '../share/usePermalinkSync';
import { storeForRun } from '../compare/runStores';
import { loadDraft } from '../editor/drafts';

// Each part is fetched the first time it is shown; a failed fetch says so where the part
// would be (or, for an overlay, in the banner) and is fetched again on retry (retryableLazy).
// The editor (CodeMirror and the forms) is fetched the first time it is opened.
const EditorDialog = retryableLazy(
  () => import('../editor/EditorDialog'),
  (m) => m.default,
);
// Compare's two-run workspace and its diff, the first time Compare is turned on.
const CompareWorkspace = retryableLazy(
  () => import('../compare/CompareWorkspace'),
  (m) => m.default,
);
// The keyboard help and the perturbation menu, the first time each is opened.
const HelpOverlay = retryableLazy(
  () => import('./HelpOverlay'),
  (m) => m.HelpOverlay,
);
const PerturbMenu = retryableLazy(
  () => import('../perturb/PerturbMenu'),
  (m) => m.PerturbMenu,
);

function LazyHelp({ store }: { readonly store: AppStore }) {
  const open = useApp((s) => s.helpOpen);
  return open ? (
    <LazyOverlay
      store={store}
      what="The keyboard help"
      part={HelpOverlay}
      close={() => store.getState().setHelpOpen(false)}
    >
      <HelpOverlay />
    </LazyOverlay>
  ) : null;
}

function LazyPerturbMenu({ store }: { readonly store: AppStore }) {
  const open = useApp((s) => s.perturbMenu !== null);
  return open ? (
    <LazyOverlay
      store={store}
      what="The perturbation menu"
      part={PerturbMenu}
      close={() => store.getState().openPerturbMenu(null)}
    >
      <PerturbMenu />
    </LazyOverlay>
  ) : null;
}

interface Props {
  readonly store: AppStore;
  readonly views: EngineViews;
  readonly presets: readonly CatalogEntry[];
  readonly topologies: readonly CatalogEntry[];
  readonly initialPreset: string;
  /** A permalink (`#s=...`) to open instead of the preset. */
  readonly initialLink?: string;
  /** `?preset=` named no bundled preset: the default opened instead, and the page says so. */
  readonly unknownPreset?: string;
}

/** Said on load when the editor kept a draft that did not run (editor/drafts.ts). */
const DRAFT_KEPT = {
  tone: 'info',
  text: 'A scenario draft that did not run was kept from your last visit: Edit scenario (E) offers it back.',
} as const;

/** An id from the address, short enough for a banner. */
const clip = (id: string) => (id.length > 60 ? `${id.slice(0, 60)}…` : id);

/** Stores whose first scenario has been asked for (StrictMode runs the effect twice). */
const opened = new WeakSet<AppStore>();

export function App(p: Props) {
  const { store, initialLink, initialPreset, unknownPreset } = p;
  useEffect(() => {
    const st = store.getState();
    // (StrictMode runs this twice: a run already asked for is not asked again.)
    if (st.run !== null || st.simulating || opened.has(store)) return;
    opened.add(store);
    // A link's codec (lz-string, the schema, the YAML parser) is fetched only for a link.
    if (initialLink)
      void loadLinkOpener().then(
        (m) =>
          void Promise.resolve(m.openLink(store, initialLink, initialPreset)).then(() => {
            // A link that opened without a word of its own: the waiting draft is said.
            if (store.getState().notice === null && loadDraft())
              store.getState().setNotice(DRAFT_KEPT);
          }),
        (e: unknown) => {
          st.loadPreset(initialPreset);
          st.setNotice({
            tone: 'error',
            text: `This link could not be opened, so the preset "${initialPreset}" is shown instead: its code did not arrive (${e instanceof Error ? e.message : String(e)}).`,
          });
        },
      );
    else {
      st.loadPreset(initialPreset);
      if (unknownPreset !== undefined)
        st.setNotice({
          tone: 'warning',
          text: `There is no preset named "${clip(unknownPreset)}" (?preset= in the address), so the default scenario is shown instead.`,
        });
      else if (loadDraft()) st.setNotice(DRAFT_KEPT);
    }
  }, [store, initialPreset, initialLink, unknownPreset]);
  return (
    <StoreContext.Provider value={p.store}>
      <EngineViewsContext.Provider value={p.views}>
        <ErrorBoundary
          what="kubeletscope"
          onReset={() => p.store.getState().loadPreset(p.initialPreset)}
        >
          <Shell
            presets={p.presets}
            topologies={p.topologies}
            store={p.store}
            initialPreset={p.initialPreset}
          />
        </ErrorBoundary>
      </EngineViewsContext.Provider>
    </StoreContext.Provider>
  );
}

function Shell({
  presets,
  topologies,
  store,
  initialPreset,
}: Pick<Props, 'presets' | 'topologies' | 'store' | 'initialPreset'>) {
  usePlaybackLoop();
  useShortcuts(store);
  useInputModality();
  usePermalinkSync(store, initialPreset, useEngineViews().encodeLink);
  const editorOpen = useApp((s) => s.editorOpen);
  const comparing = useApp((s) => s.compare !== null);
  // The perturbation menu edits the run it was opened on (Compare's B, or A).
  const menuRun = useApp((s) => s.perturbMenu?.run ?? 'A');
  // Mounted once opened, then kept (hidden) so the user's text and CodeMirror's state survive.
  const [editorLoaded, setEditorLoaded] = useState(false);
  if (editorOpen && !editorLoaded) setEditorLoaded(true);
  // The editor is docked beside the run (never over the diagram), its width adjustable;
  // on a phone it takes the top of the page and the run scrolls below it.
  const phone = useMediaQuery('(max-width: 760px)');
  const [mainShare, setMainShare] = useState(62);
  const docked = editorOpen && !phone;
  return (
    <div
      className={`app${editorOpen ? ' has-editor' : ''}`}
      style={docked ? ({ '--main': `${mainShare}%` } as CSSProperties) : undefined}
    >
      <header className="masthead">
        <div className="topbar">
          <div className="brand">
            <svg viewBox="0 0 20 20" aria-hidden="true" className="brand-mark">
              <rect x="1" y="1" width="18" height="18" rx="3" />
              <path d="M4 6h6M6 10h8M9 14h7" />
            </svg>
            <h1>kubeletscope</h1>
          </div>
          <QuickControls
            presets={presets}
            topologies={topologies}
            {...(comparing ? { part: 'scenario' as const } : {})}
          />
        </div>
        <ScenarioBar onEdit={() => store.getState().setEditorOpen(true)} />
        <SimulatingProgress />
      </header>
      <PlaybackControls />
      {comparing ? (
        <ErrorBoundary
          what="Compare"
          onReset={() => void store.getState().setCompare(null)}
          onError={CompareWorkspace.retry}
        >
          <Suspense fallback={<p className="loading-line">Loading Compare…</p>}>
            <CompareWorkspace topologies={topologies} />
          </Suspense>
        </ErrorBoundary>
      ) : (
        <Workspace />
      )}
      <LiveRegion />
      <LazyHelp store={store} />
      <StoreContext.Provider value={storeForRun(store, menuRun)}>
        <LazyPerturbMenu store={store} />
      </StoreContext.Provider>
      {docked && (
        <Splitter
          orientation="vertical"
          value={mainShare}
          min={35}
          max={80}
          label="Resize editor"
          onChange={setMainShare}
        />
      )}
      {editorLoaded && (
        <ErrorBoundary
          what="The scenario editor"
          className="editor-failed"
          onError={EditorDialog.retry}
        >
          <Suspense fallback={<p className="loading-line">Loading the editor…</p>}>
            <EditorDialog presets={presets} topologies={topologies} />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
