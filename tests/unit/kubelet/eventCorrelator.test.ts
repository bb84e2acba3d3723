/**
 * Row 9: client-go's EventCorrelator (tools/record/events_cache.go) between the kubelet's
 * recorder and the API server: spam filter (getSpamKey = source + object, and the event type
 * from client-go v0.32; burst 25, refill 1 per 300 s), aggregation "(combined from similar
 * events): " from the 10th distinct message of one reason, and counting of identical events
 * (eventObserve counts dropped ones too); one correlator per kubelet process.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  correlatorOptions,
  describePod,
  eventsAt,
  parseScenario,
  simulate,
} from '../../../src/sim/index';
import type { KubeEvent } from '../../../src/sim/index';
import { pod, runPreset, runText, scenario } from './helpers';

function ev(i: number, t: number, over: Partial<KubeEvent> = {}): KubeEvent {
  return {
    step: i,
    t,
    type: 'Warning',
    reason: 'BackOff',
    object: 'default/web',
    fieldPath: 'spec.containers{app}',
    message: 'Back-off restarting failed container app',
    source: 'kubelet',
    ...over,
  };
}

describe('spam filter: 25 per source and object, then one per 5 minutes', () => {
  it('before client-go v0.32: drops the 26th event about an object, whatever its reason or type', () => {
    const events = Array.from({ length: 30 }, (_, i) => ev(i, i * 1000));
    // A different reason on the same object shares the bucket (getSpamKey has no reason).
    events.push(ev(30, 31_000, { type: 'Normal', reason: 'Pulled', message: 'x' }));
    const rows = eventsAt({ events }, 1000);
    const backOff = rows.find((r) => r.reason === 'BackOff')!;
    expect(backOff.count).toBe(25);
    expect(backOff.lastSeen).toBe(24_000);
    expect(rows.find((r) => r.reason === 'Pulled')).toBeUndefined();
  });

  it('lets one through after 300 s, counting the dropped ones (eventObserve runs first)', () => {
    const events = Array.from({ length: 30 }, (_, i) => ev(i, i * 1000));
    events.push(ev(30, 29_000 + 300_000));
    const row = eventsAt({ events }, 1000)[0]!;
    expect(row.count).toBe(31);
    expect(row.lastSeen).toBe(329_000);
    expect(row.firstSeen).toBe(0);
  });

  it('from client-go v0.32 (kubelet 1.34): Normal and Warning events have a bucket each', () => {
    const events = Array.from({ length: 30 }, (_, i) => ev(i, i * 1000));
    events.push(ev(30, 31_000, { type: 'Normal', reason: 'Pulled', message: 'x' }));
    events.push(ev(31, 32_000, { type: 'Warning', reason: 'Failed', message: 'y' }));
    const rows = eventsAt({ events }, 1000, undefined, { spamKeyByType: true });
    expect(rows.find((r) => r.reason === 'BackOff')!.count).toBe(25);
    expect(rows.find((r) => r.reason === 'Pulled')?.count).toBe(1);
    // The Warning bucket is spent.
    expect(rows.find((r) => r.reason === 'Failed')).toBeUndefined();
  });

  it("keeps another object's events", () => {
    const events = Array.from({ length: 30 }, (_, i) => ev(i, i * 1000));
    events.push(ev(30, 30_000, { object: 'default/other' }));
    expect(eventsAt({ events }, 1000).some((r) => r.object === 'default/other')).toBe(true);
  });
});

describe('aggregation: "(combined from similar events)"', () => {
  it('combines the 10th distinct message of one reason within 10 minutes', () => {
    const events = Array.from({ length: 12 }, (_, i) =>
      ev(i, i * 1000, { reason: 'Unhealthy', message: `Readiness probe failed: ${i}` }),
    );
    const rows = eventsAt({ events }, 1000);
    expect(rows.filter((r) => !r.message.startsWith('(combined'))).toHaveLength(9);
    const combined = rows.filter((r) => r.message.startsWith('(combined from similar events): '));
    expect(combined).toHaveLength(1);
    expect(combined[0]!.count).toBe(3);
    expect(combined[0]!.message).toBe('(combined from similar events): Readiness probe failed: 11');
  });

  it('starts afresh after 600 s without a similar event', () => {
    const events = Array.from({ length: 12 }, (_, i) =>
      ev(i, i * 700_000, { reason: 'Unhealthy', message: `m${i}` }),
    );
    expect(eventsAt({ events }, 1000).some((r) => r.message.startsWith('(combined'))).toBe(false);
  });
});

/** A preset run on another kubelet version. */
function runPresetAs(name: string, version: '1.18' | '1.34') {
  const p = parseScenario(readFileSync(`presets/${name}.yaml`, 'utf8'));
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return simulate({ ...p.scenario, node: { ...p.scenario.node, kubeletVersion: version } });
}

describe('a 15-minute crash loop as describe shows it', () => {
  it("1.34: the BackOff warnings no longer spend the Normal events' tokens: Started counts every start", () => {
    const run = runPreset('crashloop-15m');
    const end = run.trace.steps.t.length;
    const emitted = run.trace.events.filter((e) => e.reason === 'Started').length;
    const row = eventsAt(run.trace, end, undefined, correlatorOptions(run)).find(
      (r) => r.reason === 'Started',
    )!;
    expect(emitted).toBeGreaterThan(5);
    expect(row.count).toBe(emitted);
    expect(describePod(run, 'default/flaky', end)).toMatch(
      new RegExp(`Started\\s+\\S+ \\(x${emitted} over 14m\\)`),
    );
  });

  it('1.18: Created/Started stop counting once the object has used its burst', () => {
    const run = runPresetAs('crashloop-15m', '1.18');
    const end = run.trace.steps.t.length;
    const emitted = run.trace.events.filter((e) => e.reason === 'Started').length;
    const row = eventsAt(run.trace, end, undefined, correlatorOptions(run)).find(
      (r) => r.reason === 'Started',
    )!;
    expect(emitted).toBeGreaterThan(row.count);
    expect(describePod(run, 'default/flaky', end)).toMatch(/Started\s+13m \(x5 over 14m\)/);
  });
});

describe('a restarted kubelet has a correlator of its own', () => {
  it("its events become new API objects beside the old process's", () => {
    const run = runText(
      scenario({
        horizon: '4m',
        pods: pod(
          'flaky',
          `containers:
          - { name: worker, image: busybox:1.36 }`,
        ),
        faults:
          '  - { kind: ContainerExit, target: default/flaky/worker, afterSeconds: 2, exitCode: 1, reason: Error }',
        actions: '  - { kind: RestartKubelet, at: 100s }',
      }),
    );
    const end = run.trace.steps.t.length;
    const started = run.trace.events.filter((e) => e.reason === 'Started');
    expect(started.some((e) => e.t < 100_000) && started.some((e) => e.t > 101_000)).toBe(true);
    const rows = eventsAt(run.trace, end, undefined, correlatorOptions(run)).filter(
      (r) => r.reason === 'Started',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]!.lastSeen).toBeLessThan(100_000);
    expect(rows[1]!.firstSeen).toBeGreaterThan(100_000);
    expect(rows[0]!.count + rows[1]!.count).toBe(started.length);
  });
});

describe('kubectl 1.18 against a 1.18 scheduler', () => {
  it("prints the Scheduled event's Age as <unknown> (events.k8s.io, no FirstTimestamp)", () => {
    const run = runPresetAs('hello-pod', '1.18');
    const text = describePod(run, 'default/web', run.trace.steps.t.length);
    expect(text).toMatch(
      /Normal\s+Scheduled\s+<unknown>\s+default-scheduler\s+Successfully assigned/,
    );
    expect(text).toMatch(/Normal\s+Pulled\s+\d+s\s+kubelet, node-1/);
  });
});
