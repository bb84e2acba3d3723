/**
 * simulate(scenario): the engine's one entry point. Pure and deterministic: the same scenario
 * gives the same trace, byte for byte. The run keeps what the views need to rebuild the
 * kubelet's state after any step (checkpoints + replay).
 */
import { createWorld, Engine } from './runner/engine';
import { resumePoint } from './rerun';
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

/**
 * Steps between checkpoints. A checkpoint shares the kubelet's state with the live run (the
 * run copies what it changes afterwards, core/cow.ts) and keeps the machine map as its changes,
 * so its cost is the copies made in its interval; a seek copies the checkpoint's map and
 * replays at most 511 steps (replays build no log lines). On the 110-pod node (one process,
 * quiet machine) 384 / 512 gave runs of 167 / 160 ms (fastest of 16) and seeks of 0.64 /
 * 0.77 ms (median of 200): 512 is the widest that keeps a seek under 0.5% of a run.
 */
const CHECKPOINT_EVERY = 512;

/**
 * The compiled run a scenario gives (what `SimulationRun.config` holds), for a page
 * that received a run's trace from the engine worker and needs its config beside it.
 */
export function compileScenario(scenario: Scenario): KubeletRun {
  return compileRun(scenarioForVersion(scenario));
}

export interface SimulateOptions {
  /**
   * A run of an earlier version of the scenario: the steps before the first instant at which
   * the two differ are taken from it (resuming from its last checkpoint before that instant)
   * instead of being run again. The result is the same as without it.
   */
  from?: SimulationRun;
  /** Steps between checkpoints (tests use small ones so short runs have several). */
  checkpointEvery?: number;
  /**
   * Checkpoints freeze the state they share (tests): a write that skips core/cow.ts's copy
   * throws instead of changing a checkpoint. Slower, the same run.
   */
  freezeCheckpoints?: boolean;
}

export function simulate(scenario: Scenario, opts: SimulateOptions = {}): SimulationRun {
  // The scenario's kubeletVersion picks the machines and message tables (src/sim/versions).
  const config = compileRun(scenarioForVersion(scenario));
  const spec = kubeletEngineSpec(config, kubeletOf(scenario));
  const engine = new Engine(
    opts.freezeCheckpoints && spec.copyOnWrite
      ? { ...spec, copyOnWrite: { ...spec.copyOnWrite, freeze: true } }
      : spec,
  );
  const world = createWorld<KubeletDomain>(scenario.seed, emptyDomain(config));
  bootstrap(config, engine.api(world, 'engine', null));
  const horizon = scenario.horizon;
  const every = opts.checkpointEvery ?? CHECKPOINT_EVERY;
  const resume = opts.from
    ? resumePoint(opts.from, scenario, world, every, (w) => engine.copyWorld(w))
    : null;
  const trace = resume
    ? engine.run(resume.world, horizon, { recorder: resume.recorder })
    : engine.run(world, horizon, { checkpointEvery: every });
  return {
    scenario,
    config,
    trace,
    horizon,
    stateAt: (step) => engine.stateAt(trace, step, horizon),
  };
}
