/**
 * Row 7: pod_startup_latency_tracker.go "Observed pod startup duration" (V0) with all its
 * fields, once per pod, when the watch shows every container running.
 */
import { describe, expect, it } from 'vitest';
import { formatKlog, logsAt } from '../../../src/sim/index';
import { runPreset } from './helpers';

function observed(preset: string): string[] {
  const run = runPreset(preset);
  return logsAt(run.trace.logs, run.trace.steps.t.length, 0)
    .map(formatKlog)
    .filter((l) => l.includes('"Observed pod startup duration"'));
}

describe('"Observed pod startup duration"', () => {
  it('no pull: zero pull times, SLO = E2E', () => {
    const [l, ...more] = observed('hello-pod');
    expect(more).toHaveLength(0);
    expect(l).toMatch(
      /pod_startup_latency_tracker\.go:\d+\] "Observed pod startup duration" pod="default\/web" podStartSLOduration=2 podStartE2EDuration="2s" podCreationTimestamp="2026-11-22 10:00:00 \+0000 UTC" firstStartedPulling="0001-01-01 00:00:00 \+0000 UTC" lastFinishedPulling="0001-01-01 00:00:00 \+0000 UTC" observedRunningTime="2026-11-22 10:00:02 \+0000 UTC m=\+2\.000000000" watchObservedRunningTime="2026-11-22 10:00:02 \+0000 UTC m=\+2\.000000000"$/,
    );
  });

  it('with a pull: the SLO duration leaves the pull out', () => {
    const l = observed('uncached-image')[0]!;
    const kv: Record<string, string> = Object.fromEntries(
      [...l.matchAll(/ (\w+)=("[^"]*"|\S+)/g)].map((m) => [m[1]!, m[2]!.replace(/^"|"$/g, '')]),
    );
    const at = (s: string) => Number(/m=\+([\d.]+)/.exec(s)![1]);
    const pull = at(kv.lastFinishedPulling ?? '') - at(kv.firstStartedPulling ?? '');
    expect(pull).toBeGreaterThan(0);
    expect(Number(kv.podStartSLOduration)).toBeCloseTo(
      at(kv.watchObservedRunningTime ?? '') - pull,
      6,
    );
    expect(kv.podStartE2EDuration).toBe(`${at(kv.watchObservedRunningTime ?? '')}s`);
  });
});
