/**
 * Everything that needs the engine: the store wired to the simulation (in a Web
 * Worker, through the engine client), the catalog of presets and topologies, and the
 * App. Loaded as its own chunk, so the page's first script is only React and this
 * shell's loader.
 */
import { useState } from 'react';
import { scenarioOpenAt } from '../../state/buildRunView';
import { browserEngineClient } from '../../state/engine/browserEngine';
import { isCancelled } from '../../state/engine/engineClient';
import { workerViews } from '../../state/engine/workerViews';
import { createAppStore } from '../../state/store';
import { App } from './App';
import { initialPresetId, presetCatalog, topologyCatalog } from './catalog';

export default function Root() {
  const [boot] = useState(() => {
    const engine = browserEngineClient();
    return {
      store: createAppStore({
        buildRun: (scenario, opts) => engine.simulate(scenario, opts),
        isCancelled,
        // Parsed in the worker: the page's code has no YAML parser nor the scenario schema.
        loadPreset: (id) => engine.preset(id),
        openAt: scenarioOpenAt,
      }),
      views: workerViews(engine),
      presets: presetCatalog(),
      topologies: topologyCatalog(),
      initial: initialPresetId(window.location.search),
      link: window.location.hash.includes('s=') ? window.location.hash : undefined,
    };
  });
  return (
    <App
      store={boot.store}
      views={boot.views}
      presets={boot.presets}
      topologies={boot.topologies}
      initialPreset={boot.initial}
      {...(boot.link !== undefined ? { initialLink: boot.link } : {})}
    />
  );
}
