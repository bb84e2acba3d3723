/**
 * How engine time and retained memory grow with the node: 1 → 110 pods of the
 * same shape, and 8 → 512 CPUs under the static policy with the same workload.
 */
import { simulate, type Scenario } from '../../src/sim/index';
import { quantile, time } from './harness';
import { MB, retainedBytes } from './memory';
import { guaranteedNode, podNode } from './scenarios';

export interface ScalingRow {
  axis: 'pods' | 'cpus';
  size: number;
  /** Transitions in the run: the work the engine did. */
  steps: number;
  /** Median engine time, ms. */
  ms: number;
  /** Median retained heap of the SimulationRun (trace, checkpoints), MB. */
  retainedMB: number;
}

const median = (xs: number[]) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

function row(axis: ScalingRow['axis'], size: number, scenario: Scenario): ScalingRow {
  // Fewer timed runs for the big ones: the 110-pod node alone takes most of a second.
  const n = size >= 50 && axis === 'pods' ? 3 : 5;
  const ms = median(time(() => simulate(scenario), n, 1));
  const mem = Array.from({ length: 3 }, () => retainedBytes(() => simulate(scenario)));
  return {
    axis,
    size,
    steps: simulate(scenario).trace.steps.t.length,
    ms,
    retainedMB: median(mem) / MB,
  };
}

export function scalingRows(): ScalingRow[] {
  return [
    ...[1, 10, 50, 110].map((n) => row('pods', n, podNode(n, { faults: true }))),
    ...[8, 64, 256, 512].map((c) => row('cpus', c, guaranteedNode(c))),
  ];
}
