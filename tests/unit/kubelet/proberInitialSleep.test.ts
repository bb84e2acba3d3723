/**
 * Row 2: pkg/kubelet/prober/worker.go run() sleeps rand.Float64() × period before its first
 * doProbe when the kubelet started less than a period ago; a manual trigger (probeManager
 * UpdatePodStatus) sent during the sleep waits in manualTriggerCh until the sleep is over, so
 * the readiness probe cannot pass, and the pod cannot go Ready, before the sleep ends.
 */
import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed, nextFloat } from '../../../src/sim/core/prng';
import type { SimulationRun } from '../../../src/sim/index';
import { pod, runText, scenario } from './helpers';

const PROBER = 'prober:default/web/app/readiness';

function webPod(at: string): string {
  return pod(
    'web',
    `containers:
  - name: app
    image: nginx:1.27
    readinessProbe: { httpGet: { path: /, port: 80 }, periodSeconds: 10 }`,
    at,
  );
}

/** When the prober's instance was spawned and the t of every probe it ran. */
function proberTimes(run: SimulationRun) {
  const { steps, entities } = run.trace;
  const ent = entities.findIndex((e) => e.id === PROBER);
  const started = steps.t[entities[ent]!.created]!;
  const probes = run.trace.records
    .filter((r) => r.kind === 'probe' && r.entity === PROBER)
    .map((r) => r.t);
  const triggers: number[] = [];
  for (let i = 0; i < steps.t.length; i++)
    if (steps.entity[i] === ent && run.trace.strings[steps.event[i]!] === 'DO_PROBE')
      triggers.push(steps.t[i]!);
  return { started, probes, triggers };
}

describe('prober worker: initial sleep (worker.go run)', () => {
  it('a trigger during the sleep waits for its end; the first probe runs when it ends', () => {
    const run = runText(scenario({ pods: webPod('0s') }));
    const { started, probes, triggers } = proberTimes(run);
    const sleep = Math.floor(nextFloat(createRng(deriveSeed(1, PROBER))) * 10_000);
    // The container is running (the sync after its start triggers the worker) before the sleep ends.
    expect(triggers.length).toBeGreaterThan(0);
    expect(triggers[0]!).toBeLessThan(started + sleep);
    expect(probes[0]).toBe(started + sleep);
    // The buffered trigger is taken at once after the first doProbe, then the ticker's period.
    expect(probes.slice(0, 3)).toEqual([
      started + sleep,
      started + sleep,
      started + sleep + 10_000,
    ]);
    // Ready comes from that first probe, not from the trigger.
    const ready = run.trace.logs.find(
      (l) =>
        l.msg === 'SyncLoop (probe)' && l.kv.some(([k, v]) => k === 'status' && v === '"ready"'),
    );
    expect(ready?.t).toBe(started + sleep);
  });

  it('no sleep when the kubelet started a period or more before the worker', () => {
    const run = runText(scenario({ pods: webPod('30s') }));
    const { started, probes, triggers } = proberTimes(run);
    // The trigger sent when the container runs is served at once.
    expect(probes[0]).toBe(triggers[0]);
    expect(probes[0]! - started).toBeLessThan(10_000);
  });
});
