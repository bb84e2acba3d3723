/**
 * A kubelet restart and its containers' Started and Ready (KEP-4781): through 1.34 the restarted
 * kubelet's probe workers start from their initial results, so a container with a startup probe
 * is not Started, and one with a readiness probe not Ready, until the probes pass again; from
 * 1.35 (ChangeContainerStatusOnKubeletRestart deprecated and off by default) a container running
 * since before the restart keeps both (prober_manager.go isContainerStarted and
 * setReadyStateOnKubeletRestart, worker.go doProbe, kubelet_pods.go convertToAPIContainerStatuses,
 * v1.35.3). The gate turned on brings the old behaviour back.
 */
import { describe, expect, it } from 'vitest';
import type { SimulationRun } from '../../../src/sim/index';
import { pod, runText, scenario } from '../kubelet/helpers';

const RESTART_AT = 30_000;
const BACK_AT = 35_000;

function run(version: string, gate?: boolean): SimulationRun {
  return runText(
    scenario({
      kubeletVersion: version,
      kubelet:
        gate === undefined
          ? ''
          : `featureGates: { ChangeContainerStatusOnKubeletRestart: ${gate} }`,
      pods: pod(
        'web',
        [
          'containers:',
          '  - name: app',
          '    image: nginx:1.27',
          '    startupProbe: { httpGet: { path: /, port: 80 }, periodSeconds: 5 }',
          '    readinessProbe: { httpGet: { path: /, port: 80 }, periodSeconds: 5 }',
        ].join('\n'),
      ),
      actions: `  - { kind: RestartKubelet, at: ${RESTART_AT / 1000}s, downtime: ${(BACK_AT - RESTART_AT) / 1000}s }`,
      horizon: '1m',
    }),
  );
}

/** The container's Started and Ready as the API status had them after the restart. */
function afterRestart(r: SimulationRun): { started: Set<boolean>; ready: Set<boolean> } {
  const started = new Set<boolean>();
  const ready = new Set<boolean>();
  const t = r.trace.steps.t;
  for (let i = 0; i < t.length; i++) {
    if (t[i]! < BACK_AT) continue;
    const status = Object.values(r.stateAt(i + 1).domain.status)[0];
    const c = status?.containerStatuses[0];
    if (!c?.state.running) continue;
    started.add(c.started === true);
    ready.add(c.ready);
  }
  return { started, ready };
}

describe('a kubelet restart and Started/Ready (ChangeContainerStatusOnKubeletRestart)', () => {
  it('1.34: the restarted kubelet resets Started and Ready until the probes pass again', () => {
    const r = run('1.34');
    const before = Object.values(
      r.stateAt(r.trace.steps.t.findIndex((x) => x >= RESTART_AT)).domain.status,
    )[0]!.containerStatuses[0]!;
    expect([before.started, before.ready]).toEqual([true, true]);
    const got = afterRestart(r);
    expect([...got.started].sort()).toEqual([false, true]);
    expect([...got.ready].sort()).toEqual([false, true]);
  });

  for (const v of ['1.35', '1.37'])
    it(`${v}: the container stays Started and Ready across the restart`, () => {
      const got = afterRestart(run(v));
      expect([...got.started]).toEqual([true]);
      expect([...got.ready]).toEqual([true]);
    });

  it('1.35 with the gate on: Started and Ready are reset again, as before', () => {
    const got = afterRestart(run('1.35', true));
    expect([...got.started].sort()).toEqual([false, true]);
    expect([...got.ready].sort()).toEqual([false, true]);
  });
});
