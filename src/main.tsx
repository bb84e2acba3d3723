/**
 * Entry point: the stylesheets and a loader. The engine and the app arrive as a
 * separate chunk (Root), fetched at once; meanwhile the page says what it is doing.
 * Nothing from the address bar reaches the DOM except a preset id checked against
 * the list of presets.
 */
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from './ui/app/ErrorBoundary';
import { initTheme } from './ui/theme';
import { prewarmEngineWorker } from './state/engine/spawnWorker';
import './ui/styles/tokens.css';
import './ui/styles/base.css';
import './ui/styles/layout.css';
import './ui/styles/controls.css';
import './ui/styles/timeline.css';
import './ui/styles/topology.css';
import './ui/styles/panels.css';
import './ui/styles/editor.css';
import './ui/styles/tours.css';

initTheme();
// The engine's worker loads while the app's chunk does (the first run needs both).
prewarmEngineWorker(window.location.search);

const Root = lazy(() => import('./ui/app/Root'));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary what="kubeletscope">
        <Suspense fallback={<p className="boot">Loading the kubelet model…</p>}>
          <Root />
        </Suspense>
      </ErrorBoundary>
    </StrictMode>,
  );
}
