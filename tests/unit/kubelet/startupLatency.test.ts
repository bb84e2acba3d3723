/**
 * Row 7: pod_startup_latency_tracker.go "Observed pod startup duration" (V0) with all its
 * fields, once per pod, when the watch shows every container running.
 */
import { describe, expect, it } from 'vitest';
import { formatKlog, logsAt, type SimulationRun } from '../../../src/sim/index';
import { pod, runPreset, runText, scenario } from './helpers';

function observed(preset: string, kubeletVersion?: string): string[] {
  const run = runPreset(preset, kubeletVersion);
  return logsAt(run.trace.logs, run.trace.steps.t.length, 0)
    .map(formatKlog)
    .filter((l) => l.includes('"Observed pod startup duration"'));
}

describe('"Observed pod startup duration"', () => {
  it('no pull: zero pull times, SLO = E2E (1.36 fields: pull sessions, init containers)', () => {
    const [l, ...more] = observed('hello-pod');
    expect(more).toHaveLength(0);
    expect(l).toMatch(
      /pod_startup_latency_tracker\.go:\d+\] "Observed pod startup duration" pod="default\/web" podStartSLOduration=2 podStartE2EDuration="2s" totalImagesPullingTime="0s" totalInitContainerRuntime="0s" isStatefulPod=false podCreationTimestamp="2026-11-22 10:00:00 \+0000 UTC" imagePullSessionsCount=0 imagePullSessionsStartsCount=0 observedRunningTime="2026-11-22 10:00:02 \+0000 UTC m=\+2\.000000000" watchObservedRunningTime="2026-11-22 10:00:02 \+0000 UTC m=\+2\.000000000"$/,
    );
  });

  it('1.35 and before: firstStartedPulling and lastFinishedPulling', () => {
    const [l] = observed('hello-pod', '1.35');
    expect(l).toMatch(
      /"Observed pod startup duration" pod="default\/web" podStartSLOduration=2 podStartE2EDuration="2s" podCreationTimestamp="2026-11-22 10:00:00 \+0000 UTC" firstStartedPulling="0001-01-01 00:00:00 \+0000 UTC" lastFinishedPulling="0001-01-01 00:00:00 \+0000 UTC" observedRunningTime="2026-11-22 10:00:02 \+0000 UTC m=\+2\.000000000" watchObservedRunningTime="2026-11-22 10:00:02 \+0000 UTC m=\+2\.000000000"$/,
    );
  });

  const fields = (l: string): Record<string, string> =>
    Object.fromEntries(
      [...l.matchAll(/ (\w+)=("[^"]*"|\S+)/g)].map((m) => [m[1]!, m[2]!.replace(/^"|"$/g, '')]),
    );
  const at = (s: string) => Number(/m=\+([\d.]+)/.exec(s)![1]);

  it('with a pull: the SLO duration leaves the pull out', () => {
    const kv = fields(observed('uncached-image')[0]!);
    const pull = Number(/^([\d.]+)s$/.exec(kv.totalImagesPullingTime ?? '')![1]);
    expect(pull).toBeGreaterThan(0);
    expect(kv.imagePullSessionsCount).toBe('1');
    expect(Number(kv.podStartSLOduration)).toBeCloseTo(
      at(kv.watchObservedRunningTime ?? '') - pull,
      6,
    );
    expect(kv.podStartE2EDuration).toBe(`${at(kv.watchObservedRunningTime ?? '')}s`);
  });

  it('isStatefulPod (1.36): a volume other than Secret, ConfigMap, DownwardAPI, EmptyDir or Projected', () => {
    const withVolumes = (volumes: string) =>
      runText(
        scenario({
          pods: pod('db', `volumes:${volumes}\ncontainers:\n  - { name: app, image: nginx:1.27 }`),
          horizon: '10s',
        }),
      );
    const stateful = (r: SimulationRun) =>
      fields(
        logsAt(r.trace.logs, r.trace.steps.t.length, 0)
          .map(formatKlog)
          .find((l) => l.includes('"Observed pod startup duration"'))!,
      ).isStatefulPod;
    expect(
      stateful(
        withVolumes('\n  - { name: c, configMap: { name: x } }\n  - { name: e, emptyDir: {} }'),
      ),
    ).toBe('false');
    expect(
      stateful(withVolumes('\n  - { name: data, persistentVolumeClaim: { claimName: db } }')),
    ).toBe('true');
  });

  it('with a pull, 1.35: from the first pull start to the last pull end', () => {
    const kv = fields(observed('uncached-image', '1.35')[0]!);
    const pull = at(kv.lastFinishedPulling ?? '') - at(kv.firstStartedPulling ?? '');
    expect(pull).toBeGreaterThan(0);
    expect(Number(kv.podStartSLOduration)).toBeCloseTo(
      at(kv.watchObservedRunningTime ?? '') - pull,
      6,
    );
  });
});
