/**
 * Everything that needs the engine: the store wired to the simulation, the catalog
 * of presets and topologies, and the App. Loaded as its own chunk, so the page's
 * first script is only React and this shell's loader.
 */
import { useState } from 'react';
import { buildRunView, scenarioOpenAt } from '../../state/buildRunView';
import { kubeletViews } from '../../state/kubeletViews';
import { createAppStore } from '../../state/store';
import { App } from './App';
import { initialPresetId, loadBundledPreset, presetCatalog, topologyCatalog } from './catalog';

export default function Root() {
  const [boot] = useState(() => ({
    store: createAppStore({
      buildRun: buildRunView,
      loadPreset: loadBundledPreset,
      openAt: scenarioOpenAt,
    }),
    presets: presetCatalog(),
    topologies: topologyCatalog(),
    initial: initialPresetId(window.location.search),
    link: window.location.hash.includes('s=') ? window.location.hash : undefined,
  }));
  return (
    <App
      store={boot.store}
      views={kubeletViews}
      presets={boot.presets}
      topologies={boot.topologies}
      initialPreset={boot.initial}
      {...(boot.link !== undefined ? { initialLink: boot.link } : {})}
    />
  );
}
