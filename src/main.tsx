/**
 * Entry point: one store wired to the engine, the App, the stylesheets. Nothing
 * from the address bar reaches the DOM except a preset id checked against the list.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { buildRunView, scenarioOpenAt } from './state/buildRunView';
import { kubeletViews } from './state/kubeletViews';
import { createAppStore } from './state/store';
import { App } from './ui/app/App';
import {
  initialPresetId,
  loadBundledPreset,
  presetCatalog,
  topologyCatalog,
} from './ui/app/catalog';
import './ui/styles/tokens.css';
import './ui/styles/base.css';
import './ui/styles/layout.css';
import './ui/styles/controls.css';
import './ui/styles/timeline.css';
import './ui/styles/topology.css';
import './ui/styles/panels.css';

const store = createAppStore({
  buildRun: buildRunView,
  loadPreset: loadBundledPreset,
  openAt: scenarioOpenAt,
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App
        store={store}
        views={kubeletViews}
        presets={presetCatalog()}
        topologies={topologyCatalog()}
        initialPreset={initialPresetId(window.location.search)}
      />
    </StrictMode>,
  );
}
