/**
 * The start-up waterfall over real runs: rows, blocked-by lines and the SLI window are
 * derived from the trace the engine wrote.
 */
import { describe, expect, it } from 'vitest';
import { buildRunView } from './buildRunView';
import { waterfallOf } from './startupView';
import { loadPreset } from '../sim';
import { kubeletViews } from './stateViews';

function runOf(id: Parameters<typeof loadPreset>[0]) {
  const r = loadPreset(id);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return buildRunView(r.scenario);
}

describe('start-up waterfall', () => {
  const run = runOf('startup-time-breakdown');
  const trace = run.raw.trace;
  const w = waterfallOf(run, 'default/shop-api')!;

  it('has sandbox, the init container, the pull, create, start, the hook and the probes, in order', () => {
    const kinds = w.rows.map((r) => r.kind);
    for (const k of ['sandbox', 'running', 'pull', 'create', 'start', 'poststart'])
      expect(kinds).toContain(k);
    for (let i = 1; i < w.rows.length; i++)
      expect(w.rows[i]!.start).toBeGreaterThanOrEqual(w.rows[i - 1]!.start);
    // The pull row is the engine's pull: from pullStarted to the end of pullingImage.
    const started = trace.records.find((r) => r.kind === 'pullStarted')!;
    const pull = w.rows.find((r) => r.kind === 'pull')!;
    expect(pull.start).toBe(started.t);
    expect(pull.end - pull.start).toBe(started.data.ms);
    // The startup probe row ends at the first passed startup probe.
    const pass = trace.records.find(
      (r) => r.kind === 'probe' && r.data.probe === 'startup' && r.data.result === 'Success',
    )!;
    const probe = w.rows.find((r) => r.label.includes('startup probe'))!;
    expect(probe.end).toBe(pass.t);
    expect(probe.blockedBy).toMatch(/failed first/);
    expect(w.ready).toBeGreaterThanOrEqual(pass.t);
  });

  it("Ready is when the API server's pod turned Ready (the status patch), as the Pods table shows it", () => {
    // static-vs-none: both containers run by 1.5 s; PLEG's relist and a sync patch Ready at 2 s.
    const r = runOf('static-vs-none');
    const ws = waterfallOf(r, 'default/web')!;
    const uid = Object.values(r.raw.config.pods).find((p) => p.key === 'default/web')!.uid;
    const starts = r.raw.trace.records.filter(
      (x) => x.kind === 'containerStarted' && x.data.uid === uid,
    );
    expect(starts).toHaveLength(2);
    const lastStart = Math.max(...starts.map((x) => x.t));
    const patched = r.raw.trace.records.find(
      (x) => x.kind === 'podReady' && x.data.uid === uid && x.data.ready,
    )!;
    expect(ws.ready).toBe(patched.t);
    expect(ws.ready!).toBeGreaterThan(lastStart);
    // The table turns 2/2 at that step, not before.
    const at = (t: number) => r.raw.trace.steps.t.findIndex((x) => x > t);
    expect(kubeletViews.podsAt(r, at(ws.ready!))[0]!.ready).toBe('2/2');
    expect(kubeletViews.podsAt(r, at(ws.ready! - 1))[0]!.ready).not.toBe('2/2');
  });

  it('the SLI window is creation to observed running, minus pulls and init containers', () => {
    const running = trace.records.find(
      (r) => r.kind === 'podStatus' && r.data.phase === 'Running',
    )!;
    expect(w.sli.end).toBe(running.t);
    const pulled = w.rows.filter((r) => r.kind === 'pull').reduce((a, r) => a + r.end - r.start, 0);
    const init = w.rows
      .filter((r) => r.kind === 'running')
      .reduce((a, r) => a + r.end - r.start, 0);
    expect(pulled).toBeGreaterThan(0);
    expect(init).toBeGreaterThan(0);
    expect(w.sli.duration).toBe(running.t - w.created - pulled - init);
  });

  it('a queued pull says which pull it waited behind', () => {
    const r2 = runOf('slow-image-blocks-neighbour');
    const w2 = waterfallOf(r2, 'default/web')!;
    const q = w2.rows.find((r) => r.kind === 'queued')!;
    const queued = r2.raw.trace.records.find(
      (r): r is Extract<typeof r, { kind: 'pullQueued' }> =>
        r.kind === 'pullQueued' && r.data.container === 'nginx',
    )!;
    const ahead = queued.data.ahead[0]!;
    expect(q.blockedBy).toContain(ahead.image);
    expect(q.start).toBe(queued.t);
  });

  it('a container after a PostStart hook says it waited for the hook', () => {
    const r3 = runOf('poststart-deadlock-sidecar');
    const pods = r3.raw.config.arrivals.map((a) => r3.raw.config.pods[a.uid]!.key);
    const rows = pods.flatMap((p) => waterfallOf(r3, p)?.rows ?? []);
    expect(rows.some((r) => r.kind === 'poststart')).toBe(true);
  });

  it('a container that never starts says which hook it waits for', () => {
    const r4 = runOf('poststart-deadlock');
    const w4 = waterfallOf(r4, 'default/shop')!;
    const row = w4.rows.find((r) => r.label === 'istio-proxy: not started')!;
    expect(row.blockedBy).toBe("app's PostStart hook, which has not returned");
    expect(w4.ready).toBeNull();
    // Nothing in the trace says istio-proxy started.
    expect(
      r4.raw.trace.records.some(
        (r) => r.kind === 'containerStarted' && r.data.container === 'istio-proxy',
      ),
    ).toBe(false);
  });
});
