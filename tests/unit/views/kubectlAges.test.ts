/**
 * Ages as kubectl prints them: duration.HumanDuration of the time since an API timestamp, and
 * API timestamps (metav1.Time) keep whole seconds. A pod's deletionTimestamp is the delete
 * request's time plus its grace period, so describe says "Terminating (lasts <invalid>)"
 * while the grace period runs.
 */
import { describe, expect, it } from 'vitest';
import { ageSince, apiSeconds, formatAge } from '../../../src/sim/core/time';
import { describePod, podsAt, type SimulationRun } from '../../../src/sim/index';
import { runPreset } from '../kubelet/helpers';

describe('duration.HumanDuration', () => {
  it.each([
    [-2_500, '<invalid>'],
    [-1_999, '0s'],
    [-999, '0s'],
    [0, '0s'],
    [1_999, '1s'],
    [119_999, '119s'],
    [120_000, '2m'],
    [125_000, '2m5s'],
    [600_000, '10m'],
    [3 * 3_600_000 + 59_000, '3h'],
    [7 * 3_600_000 + 30 * 60_000, '7h30m'],
    [47 * 3_600_000, '47h'],
    [50 * 3_600_000, '2d2h'],
    [72 * 3_600_000, '3d'],
    [10 * 86_400_000, '10d'],
    [(2 * 365 + 3) * 86_400_000, '2y3d'],
    [9 * 365 * 86_400_000, '9y'],
  ])('%d ms prints as %s', (ms, text) => expect(formatAge(ms)).toBe(text));
});

describe('an API timestamp keeps its second', () => {
  it('drops the milliseconds, so an age counts from the start of that second', () => {
    expect(apiSeconds(1_100)).toBe(1_000);
    expect(apiSeconds(2_000)).toBe(2_000);
    // An event at 1.1 s read at 2.0 s: its lastTimestamp says 10:00:01, one second ago.
    expect(ageSince(2_000, 1_100)).toBe('1s');
    expect(formatAge(2_000 - 1_100)).toBe('0s');
  });
});

/** The first step at or after `t`. */
function stepAt(run: SimulationRun, t: number): number {
  const i = run.trace.steps.t.findIndex((x) => x >= t);
  return i < 0 ? run.trace.steps.t.length : i + 1;
}

describe('kubectl describe of a pod being deleted', () => {
  const run = runPreset('delete-grace-period');

  it('says "lasts <invalid>" within the grace period: the deletionTimestamp is 20 s ahead', () => {
    const step = stepAt(run, 30_500);
    expect(podsAt(run, step).find((p) => p.key === 'default/web')?.status).toBe('Terminating');
    const text = describePod(run, 'default/web', step);
    expect(text).toMatch(/Status:\s+Terminating \(lasts <invalid>\)\n/);
    // The delete's own grace period, not the spec's 30 s.
    expect(text).toMatch(/Termination Grace Period:\s+20s\n/);
  });
});

describe('the Events table ages from whole-second timestamps', () => {
  const run = runPreset('hello-pod');

  it('an event in the last second counts a second once the clock passes it', () => {
    const started = run.trace.events.find((e) => e.reason === 'Started')!;
    expect(started.t % 1000).not.toBe(0);
    // The next whole second after the event: the event's lastTimestamp is one second back.
    const next = Math.ceil(started.t / 1000) * 1000;
    const step = stepAt(run, next);
    const now = run.stateAt(step).t;
    const line = describePod(run, 'default/web', step)
      .split('\n')
      .find((l) => /\sStarted\s/.test(l));
    const seconds = Math.floor((now - apiSeconds(started.t)) / 1000);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(line).toMatch(new RegExp(`Started\\s+${seconds}s\\s+kubelet`));
  });
});
