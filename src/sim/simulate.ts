/**
 * simulate(scenario): the engine's one entry point. Pure and deterministic: the same scenario
 * gives the same trace, byte for byte. The run keeps what the views need to rebuild the
 * kubelet's state after any step (checkpoints + replay).
 */
import { createWorld, Engine } from './runner/engine';
import type { World } from './runner/types';
import type { Scenario } from './scenario/schema';
import type { Trace } from './trace/types';
import { compileRun, type KubeletRun } from './kubelet/config';
import { bootstrap, emptyDomain, kubeletEngineSpec } from './kubelet/spec';
import type { KubeletDomain } from './kubelet/types';
import { kubeletOf, scenarioForVersion } from './versions';

export interface SimulationRun {
  scenario: Scenario;
  config: KubeletRun;
  trace: Trace<World<KubeletDomain>>;
  horizon: number;
  /** The world after `step` steps (0 = before the first). */
  stateAt(step: number): World<KubeletDomain>;
}

const CHECKPOINT_EVERY = 2048;

/**
 * The compiled run a scenario gives (what `SimulationRun.config` holds), for a page
 * that received a run's trace from the engine worker and needs its config beside it.
 */
export function compileScenario(scenario: Scenario): KubeletRun {
  return compileRun(scenarioForVersion(scenario));
}

export function simulate(scenario: Scenario): SimulationRun {
  // The scenario's kubeletVersion picks the machines and message tables (src/sim/versions).
  const config = compileRun(scenarioForVersion(scenario));
  const engine = new Engine(kubeletEngineSpec(config, kubeletOf(scenario)));
  const world = createWorld<KubeletDomain>(scenario.seed, emptyDomain(config));
  bootstrap(config, engine.api(world, 'engine', null));
  const horizon = scenario.horizon;
  const trace = engine.run(world, horizon, { checkpointEvery: CHECKPOINT_EVERY });
  return {
    scenario,
    config,
    trace,
    horizon,
    stateAt: (step) => engine.stateAt(trace, step, horizon),
  };
}
