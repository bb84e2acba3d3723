/**
 * Rows 7/8 (topology admission): the modelled kubelet's topology manager Admit
 * (cm/topologymanager/topology_manager.go) logs V(4) "Topology manager admission check" and
 * V(4) "Pod Admit Result". The V(0) "Topology Admit Handler" the issue asks for is the line of
 * older kubelets (<= ~v1.27); a real v1.31 journal shows none between "SyncLoop ADD" and the
 * first "No sandbox…" line, so it is not printed.
 */
import { describe, expect, it } from 'vitest';
import { formatKlog, logsAt } from '../../../src/sim/index';
import { runPreset } from './helpers';

describe('topology manager admission lines', () => {
  it('admitted pod: check then an empty result, at V(4) only', () => {
    const run = runPreset('static-vs-none');
    const end = run.trace.steps.t.length;
    const v4 = logsAt(run.trace.logs, end, 4).map(formatKlog);
    const check = v4.findIndex((l) =>
      l.includes('"Topology manager admission check" pod="default/web"'),
    );
    expect(check).toBeGreaterThan(v4.findIndex((l) => l.includes('"SyncLoop ADD"')));
    // Between them, the CPU manager's Allocate lines (cpuManagerKlog.test.ts).
    const result = v4.findIndex((l, i) => i > check && l.includes('"Pod Admit Result"'));
    expect(v4[result]).toMatch(
      /topology_manager\.go:\d+\] "Pod Admit Result" Message="" pod="default\/web"$/,
    );
    const v0 = logsAt(run.trace.logs, end, 0).map(formatKlog);
    expect(v0.some((l) => l.includes('topology_manager.go'))).toBe(false);
  });

  it('rejected pod: the result carries the TopologyAffinityError message', () => {
    const run = runPreset('numa-does-not-fit');
    const v4 = logsAt(run.trace.logs, run.trace.steps.t.length, 4).map(formatKlog);
    expect(v4.find((l) => l.includes('"Pod Admit Result"'))).toContain(
      'Message="Resources cannot be allocated with Topology locality"',
    );
  });
});
