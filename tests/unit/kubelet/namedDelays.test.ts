/**
 * The model's clock: the pull time, the sync loop's tickers, the pod worker's requeue and the
 * back-off windows are named delays of their machines (`after` transitions), and the runs show
 * them taking exactly the time the kubelet takes.
 */
import { describe, expect, it } from 'vitest';
import type { SimulationRun } from '../../../src/sim/index';
import { runPreset } from './helpers';

interface Row {
  i: number;
  t: number;
  id: string;
  event: string;
  from: string;
  to: string;
  guard: string;
}

function rows(run: SimulationRun, kind: string): Row[] {
  const { steps, strings, entities } = run.trace;
  const out: Row[] = [];
  for (let i = 0; i < steps.t.length; i++) {
    const e = entities[steps.entity[i]!]!;
    if (e.kind !== kind) continue;
    out.push({
      i,
      t: steps.t[i]!,
      id: e.id,
      event: strings[steps.event[i]!]!,
      from: strings[steps.from[i]!]!,
      to: strings[steps.to[i]!]!,
      guard: strings[steps.guard[i]!]!,
    });
  }
  return out;
}

describe('named delays', () => {
  it('each pull is an imagePull instance whose pullTime is the image pull time, in parallel', () => {
    const run = runPreset('parallel-pulls');
    const pulls = rows(run, 'imagePull');
    const span = (id: string) => {
      const start = pulls.find((r) => r.id === id && r.event === 'xstate.init')!;
      const end = pulls.find((r) => r.id === id && r.event.startsWith('xstate.after.pullTime'))!;
      return { start: start.t, end: end.t, to: end.to };
    };
    const model = span('imagePull:default/model/server');
    const web = span('imagePull:default/web/app');
    expect(model.end - model.start).toBe(40_000);
    expect(web.end - web.start).toBe(3_000);
    expect(model.to).toBe('pulled');
    // maxParallelImagePulls: 2 — the web pull runs inside the model pull.
    expect(web.start).toBeLessThan(model.end);
    // The requester gets PULLED at the pull's end.
    const sc = rows(run, 'startContainer').find(
      (r) => r.id === 'startContainer:default/web/app' && r.event === 'PULLED',
    )!;
    expect(sc.t).toBe(web.end);
  });

  it('the sync loop ticks every syncTickerPeriod (1 s) and housekeeps every 2 s', () => {
    const run = runPreset('hello-pod');
    const loop = rows(run, 'syncLoop');
    const times = (prefix: string) =>
      loop.filter((r) => r.event.startsWith(prefix)).map((r) => r.t);
    const ticks = times('xstate.after.syncTickerPeriod');
    const hk = times('xstate.after.housekeepingPeriod');
    expect(ticks.length).toBeGreaterThan(5);
    expect(hk.length).toBeGreaterThan(2);
    const start = loop[0]!.t;
    ticks.forEach((t, k) => expect(t).toBe(start + 1000 * (k + 1)));
    hk.forEach((t, k) => expect(t).toBe(start + 2000 * (k + 1)));
  });

  it("completeWork's requeue: 10-15 s after a failed sync, 60-90 s after a good one", () => {
    const run = runPreset('crashloop-backoff');
    const worker = rows(run, 'podWorker');
    const failed = worker.filter((r) => r.event === 'SYNC_DONE' && r.guard === 'sync failed');
    const good = worker.filter((r) => r.event === 'SYNC_DONE' && r.guard === '');
    expect(failed.length).toBeGreaterThan(2);
    expect(good.length).toBeGreaterThan(0);
    const dueAfter = (r: Row) => {
      const next = worker.find((n) => n.i > r.i && n.from !== 'idle.requeued')!;
      const due = worker.find(
        (n) => n.i > r.i && n.from === 'idle.requeued' && n.to === 'idle.due' && n.i < next.i,
      );
      return due ? due.t - r.t : null;
    };
    let seen = 0;
    for (const r of failed) {
      const d = dueAfter(r);
      if (d === null) continue; // an update came first
      seen++;
      expect(d).toBeGreaterThanOrEqual(10_000);
      expect(d).toBeLessThan(15_000);
    }
    expect(seen).toBeGreaterThan(0);
    for (const r of good) {
      const d = dueAfter(r);
      if (d !== null) expect(d).toBeGreaterThanOrEqual(60_000);
    }
  });

  it('a CrashLoopBackOff window runs from the exit for the back-off; the restart comes after it', () => {
    const run = runPreset('crashloop-backoff');
    const bo = rows(run, 'backOff');
    expect(bo.length).toBeGreaterThan(3);
    const expiries = bo.filter((r) => r.event.startsWith('xstate.after.backOff'));
    expect(expiries.length).toBeGreaterThan(1);
    const starts = run.trace.events
      .filter((e) => e.reason === 'Started')
      .map((e) => e.t)
      .slice(1);
    for (const s of starts) {
      // Every restart (but the first) is at or after a window's end, never inside an open one.
      const open = bo.filter((r) => r.t <= s && r.to === 'backingOff').pop();
      const closed = expiries.filter((r) => r.t <= s).pop();
      if (open && closed) expect(closed.i).toBeGreaterThan(open.i);
    }
    // The BackOff Events the sync records all fall inside a window the machine shows.
    for (const e of run.trace.events.filter((x) => x.reason === 'BackOff')) {
      const last = bo.filter((r) => r.t <= e.t).pop()!;
      expect(last.to, `BackOff at ${e.t}`).toBe('backingOff');
    }
  });

  it('an ImagePullBackOff window opens at the failed pull', () => {
    const run = runPreset('image-pull-backoff');
    const bo = rows(run, 'backOff').filter((r) => r.id.endsWith('/ImagePullBackOff'));
    const failed = run.trace.events.filter(
      (e) => e.reason === 'Failed' && e.message.startsWith('Failed to pull image'),
    );
    expect(failed.length).toBeGreaterThan(1);
    for (const f of failed) expect(bo.some((r) => r.t === f.t && r.to === 'backingOff')).toBe(true);
    for (const e of run.trace.events.filter(
      (x) => x.reason === 'BackOff' && /image/i.test(x.message),
    )) {
      const last = bo.filter((r) => r.t <= e.t).pop()!;
      expect(last.to, `image BackOff at ${e.t}`).toBe('backingOff');
    }
  });
});
