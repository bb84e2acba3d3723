/**
 * A seek replays steps with nothing recorded (api.recording false): klog lines and events are
 * not built, while what the kubelet's state keeps beside them (the startup latency tracker's
 * pull times) still changes.
 */
import { describe, expect, it } from 'vitest';
import { recordKubeletEvent } from '../../../src/sim/kubelet/eventRecorder';
import { klog, q } from '../../../src/sim/kubelet/klog';
import type { KubeletDomain } from '../../../src/sim/kubelet/types';

function fakeApi(recording: boolean | undefined) {
  const logged: unknown[] = [];
  const events: unknown[] = [];
  const domain = { startupLatency: { u1: {} } } as unknown as KubeletDomain;
  const api = {
    recording,
    t: 5_000,
    domain,
    log: (l: unknown) => void logged.push(l),
    event: (e: unknown) => void events.push(e),
  };
  return { api, logged, events, domain };
}

describe('klog and the event recorder while a seek replays', () => {
  it('klog builds no line when the step is not recorded, and does otherwise', () => {
    const off = fakeApi(false);
    klog(off.api, 'SyncLoop ADD', [['pods', q('[default/web]')]]);
    expect(off.logged).toEqual([]);
    // Test doubles without the flag (and recorded steps) log as before.
    for (const recording of [true, undefined]) {
      const on = fakeApi(recording);
      klog(on.api, 'SyncLoop ADD', [['pods', q('[default/web]')]]);
      expect(on.logged).toEqual([
        expect.objectContaining({ msg: 'SyncLoop ADD', v: 2, source: 'kubelet.go:2724' }),
      ]);
    }
  });

  it("a Pulling event not recorded still starts the tracker's pull time", () => {
    const off = fakeApi(false);
    recordKubeletEvent(off.api, { key: 'default/web', uid: 'u1' }, 'Normal', 'Pulling', 'x', null);
    expect(off.events).toEqual([]);
    expect(off.logged).toEqual([]);
    expect(off.domain.startupLatency!.u1!.firstStartedPulling).toBe(5_000);
    const on = fakeApi(true);
    recordKubeletEvent(on.api, { key: 'default/web', uid: 'u1' }, 'Normal', 'Pulling', 'x', null);
    expect(on.events).toEqual([
      {
        type: 'Normal',
        reason: 'Pulling',
        object: 'default/web',
        fieldPath: null,
        message: 'x',
        source: 'kubelet',
        step: 0,
        t: 0,
      },
    ]);
    expect(on.logged).toHaveLength(1);
    expect(on.domain.startupLatency!.u1!.firstStartedPulling).toBe(5_000);
  });
});

describe('q', () => {
  it('quotes long values as Go %q does, also once its cache of them has been emptied', () => {
    const long = `{"status":{"conditions":[${'"x\\"y",'.repeat(40)}]}}\n\t`;
    expect(long.length).toBeGreaterThan(64);
    expect(q(long)).toBe(JSON.stringify(long));
    expect(q(`${long.slice(0, 10)}${long.slice(10)}`)).toBe(JSON.stringify(long));
    // More distinct long values than the cache holds (2^21 characters): it starts over.
    for (let i = 0; i < 600; i++) q(`${i} ${'y'.repeat(4000)}`);
    expect(q(long)).toBe(JSON.stringify(long));
    expect(q('7 ' + 'y'.repeat(4000))).toBe(`"7 ${'y'.repeat(4000)}"`);
    expect(q('short "one"')).toBe('"short \\"one\\""');
  });
});
