/**
 * Entry point: the stylesheets and a loader. The engine and the app arrive as a
 * separate chunk (Root), fetched at once; meanwhile the page says what it is doing.
 * Nothing from the address bar reaches the DOM except a preset id checked against
 * the list of presets.
 */
// First: starts the engine's worker before anything else is evaluated.
import './bootWorker';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from './ui/app/ErrorBoundary';
import { initTheme } from './ui/theme';
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

const loading = <p className="boot">Loading the kubelet model…</p>;
const shell = (child: ReactNode) => (
  <StrictMode>
    <ErrorBoundary what="kubeletscope">{child}</ErrorBoundary>
  </StrictMode>
);
/** Shows a failed load of the app's chunk through the ErrorBoundary, as plain text. */
function LoadFailed({ error }: { error: unknown }): ReactNode {
  throw error instanceof Error ? error : new Error(String(error));
}

const el = document.getElementById('root');
if (el) {
  const root = createRoot(el);
  root.render(shell(loading));
  // Not lazy() in a Suspense: React holds content that replaces a shown fallback for up
  // to 300 ms after it (its fallback throttle), which delayed the first diagram by ~200 ms.
  // The app's first render is a transition: React renders it in slices that yield to the
  // browser (and to the engine worker's answers) instead of one long main-thread task.
  import('./ui/app/Root').then(
    ({ default: Root }) => startTransition(() => root.render(shell(<Root />))),
    (e: unknown) => root.render(shell(<LoadFailed error={e} />)),
  );
}
