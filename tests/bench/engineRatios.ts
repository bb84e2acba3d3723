/**
 * Engine figures that are ratios of two engines or two node sizes, each pair timed alternately
 * in one process so a busy machine slows both sides alike:
 * - the 110-pod node's full run against the engine at BASELINE_COMMIT (both bundled alike);
 * - the cost of a step at 250 pods on a 512-CPU node against that at 110 pods on 256 CPUs.
 */
import { BASELINE_COMMIT, BUDGETS } from './budgets';
import { engineAtCommit, engineOfWorkingTree, type EngineModule } from './engineBundles';
import { summarise, type Figure } from './harness';
import { podNodeInput } from './scenarios';

const G = 'engine';

function prepared(engine: EngineModule, input: Record<string, unknown>) {
  const v = engine.validateScenario(structuredClone(input));
  if (!v.ok) throw new Error(`bench scenario does not validate: ${JSON.stringify(v.problems)}`);
  return v.scenario;
}

/** CPU milliseconds (user + system, all of the process's threads: the GC's too) so far. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * One run of `scenario` on its own copy, as the app's worker gets one: the CPU time it took.
 * CPU time, not wall time: on a machine busy with other work a run waits for a core, and
 * that wait is not the engine's.
 */
function timedRun(engine: EngineModule, scenario: unknown): { ms: number; steps: number } {
  const own = structuredClone(scenario);
  const t0 = cpuMs();
  const run = engine.simulate(own);
  return { ms: cpuMs() - t0, steps: run.trace.steps.t.length };
}

/**
 * `rounds` alternations of a and b (which goes first alternates too), after `warmup` of each:
 * the per-round ratios b / a.
 */
function alternate(a: () => number, b: () => number, rounds: number, warmup = 2): number[] {
  for (let i = 0; i < warmup; i++) {
    a();
    b();
  }
  const ratios: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      const x = a();
      ratios.push(b() / x);
    } else {
      const y = b();
      ratios.push(y / a());
    }
  }
  return ratios;
}

async function againstBaseline(current: EngineModule): Promise<Figure[]> {
  const baseline = await engineAtCommit(BASELINE_COMMIT);
  if (!baseline) return [];
  const input = podNodeInput(110, { faults: true });
  const [old, now] = [prepared(baseline, input), prepared(current, input)];
  const ms = { old: [] as number[], now: [] as number[] };
  const ratios = alternate(
    () => {
      const r = timedRun(baseline, old).ms;
      ms.old.push(r);
      return r;
    },
    () => {
      const r = timedRun(current, now).ms;
      ms.now.push(r);
      return r;
    },
    9,
  );
  const med = (xs: number[]) => [...xs].sort((p, q) => p - q)[xs.length >> 1]!;
  return [
    summarise(
      G,
      `110-pod node full run ÷ engine at ${BASELINE_COMMIT} (bundled, alternated)`,
      ratios,
      BUDGETS.fullRunVsBaseline,
      '×',
      `CPU time, median ${med(ms.now).toFixed(0)} ms against ${med(ms.old).toFixed(0)} ms`,
    ),
  ];
}

function stepCostScaling(current: EngineModule): Figure {
  const small = prepared(current, podNodeInput(110, { faults: true }));
  const big = prepared(current, podNodeInput(250, { faults: true, cpus: 512 }));
  let steps = { small: 0, big: 0 };
  const perStep = (which: 'small' | 'big') => () => {
    const r = timedRun(current, which === 'small' ? small : big);
    steps = { ...steps, [which]: r.steps };
    return r.ms / r.steps;
  };
  const ratios = alternate(perStep('small'), perStep('big'), 5, 1);
  return summarise(
    G,
    'cost of a step, 250 pods / 512 CPUs ÷ 110 pods / 256 CPUs',
    ratios,
    BUDGETS.stepCostGrowth,
    '×',
    `${steps.big} and ${steps.small} steps`,
  );
}

export async function engineRatioFigures(): Promise<Figure[]> {
  const current = await engineOfWorkingTree();
  return [...(await againstBaseline(current)), stepCostScaling(current)];
}
