/**
 * Row 9: client-go's EventCorrelator (tools/record/events_cache.go) between the kubelet's
 * recorder and the API server: spam filter (getSpamKey = source + object, burst 25, refill
 * 1 per 300 s), aggregation "(combined from similar events): " from the 10th distinct message
 * of one reason, and counting of identical events (eventObserve counts dropped ones too).
 */
import { describe, expect, it } from 'vitest';
import { describePod, eventsAt } from '../../../src/sim/index';
import type { KubeEvent } from '../../../src/sim/index';
import { runPreset } from './helpers';

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
  it('drops the 26th event about an object, whatever its reason, until a token refills', () => {
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

describe('a 15-minute crash loop as describe shows it', () => {
  it('Created/Started stop counting once the object has used its burst', () => {
    const run = runPreset('crashloop-15m');
    const end = run.trace.steps.t.length;
    const emitted = run.trace.events.filter((e) => e.reason === 'Started').length;
    const row = eventsAt(run.trace, end).find((r) => r.reason === 'Started')!;
    expect(emitted).toBeGreaterThan(row.count);
    expect(describePod(run, 'default/flaky', end)).toMatch(/Started\s+13m \(x5 over 14m\)/);
  });
});
