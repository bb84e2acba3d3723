/**
 * Everything that needs the engine: the store wired to the simulation (in a Web
 * Worker, through the engine client), the catalog of presets and topologies, and the
 * App. Loaded as its own chunk, so the page's first script is only React and this
 * shell's loader.
 */
import { useState } from 'react';
import { scenarioMoment, scenarioOpenAt } from '../../state/buildRunView';
import { browserEngineClient } from '../../state/engine/browserEngine';
import { isCancelled } from '../../state/engine/engineClient';
import { workerViews } from '../../state/engine/workerViews';
import { createAppStore, type PresetLoad } from '../../state/store';
import { App } from './App';
import { initialPresetId, presetCatalog, topologyCatalog, unknownPresetId } from './catalog';

export default function Root() {
  const [boot] = useState(() => {
    const engine = browserEngineClient();
    const initial = initialPresetId(window.location.search);
    const unknown = unknownPresetId(window.location.search);
    const link = window.location.hash.includes('s=') ? window.location.hash : undefined;
    // The first preset is asked for now, before the App's first render: the worker
    // answers while the page renders, not after. Handed once to the App's first load.
    let first: Promise<PresetLoad> | null = link === undefined ? ask(initial) : null;
    first?.catch(() => {}); // its taker sees a failure; unhandled until then is not one
    function ask(id: string): Promise<PresetLoad> {
      performance.mark('ks:preset-ask');
      return engine.preset(id).then((p) => {
        performance.mark('ks:preset');
        return p;
      });
    }
    return {
      store: createAppStore({
        buildRun: (scenario, opts) => {
          performance.mark('ks:run-ask');
          return engine.simulate(scenario, opts).then((r) => {
            performance.mark('ks:run-landed');
            return r;
          });
        },
        isCancelled,
        cancelRun: (lane) => engine.cancel(lane),
        // Parsed in the worker: the page's code has no YAML parser nor the scenario schema.
        loadPreset: (id) => {
          const early = id === initial ? first : null;
          first = null;
          return early ?? ask(id);
        },
        openAt: scenarioOpenAt,
        momentOf: scenarioMoment,
      }),
      views: workerViews(engine),
      presets: presetCatalog(),
      topologies: topologyCatalog(),
      initial,
      unknown,
      link,
    };
  });
  return (
    <App
      store={boot.store}
      views={boot.views}
      presets={boot.presets}
      topologies={boot.topologies}
      initialPreset={boot.initial}
      {...(boot.unknown !== null ? { unknownPreset: boot.unknown } : {})}
      {...(boot.link !== undefined ? { initialLink: boot.link } : {})}
    />
  );
}
