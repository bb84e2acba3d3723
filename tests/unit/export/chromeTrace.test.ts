/**
 * Chrome trace export checked against the Trace Event Format's rules (the ones Perfetto
 * and chrome://tracing enforce): X has dur ≥ 0 and X slices nest per thread; every b has
 * its e; every pid and tid is named by metadata; flows s/f come in pairs, each bound to a
 * slice on its thread.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runToChromeTrace, type ChromeEvent } from '../../../src/export';
import { toChromeTrace } from '../../../src/export/chromeTrace';
import { parseScenario } from '../../../src/sim';
import { buildRunView } from '../../../src/state/buildRunView';
import { LaneBuilder } from '../../../src/viz/timeline/laneModel';
import { kindIndex } from '../../../src/viz/timeline/spanKinds';

function view(preset: string) {
  const p = parseScenario(readFileSync(join('presets', `${preset}.yaml`), 'utf8'));
  if (!p.ok) throw new Error(preset);
  return buildRunView(p.scenario);
}

/** Throws on the first broken rule; returns counts for the caller's checks. */
function checkFormat(events: ChromeEvent[]) {
  const procNames = new Set<number>();
  const threadNames = new Set<string>();
  for (const e of events)
    if (e.ph === 'M') {
      if (e.name === 'process_name') procNames.add(e.pid);
      if (e.name === 'thread_name') threadNames.add(`${e.pid}:${e.tid}`);
      if (e.name.endsWith('_sort_index'))
        expect(typeof (e.args as { sort_index: unknown }).sort_index).toBe('number');
    }
  const xs = new Map<string, ChromeEvent[]>();
  const asyncOpen = new Map<string, ChromeEvent>();
  const flows = new Map<string, { s?: ChromeEvent; f?: ChromeEvent }>();
  let b = 0;
  for (const e of events) {
    if (e.ph === 'M') continue;
    expect(['X', 'b', 'e', 'i', 's', 'f']).toContain(e.ph);
    expect(Number.isFinite(e.ts) && e.ts >= 0).toBe(true);
    expect(procNames.has(e.pid)).toBe(true);
    expect(threadNames.has(`${e.pid}:${e.tid}`)).toBe(true);
    if (e.ph === 'X') {
      expect(e.dur).toBeGreaterThanOrEqual(0);
      const k = `${e.pid}:${e.tid}`;
      (xs.get(k) ?? xs.set(k, []).get(k)!).push(e);
    } else if (e.ph === 'b') {
      b++;
      const k = `${e.pid}:${e.cat}:${e.id}`;
      expect(asyncOpen.has(k)).toBe(false);
      asyncOpen.set(k, e);
    } else if (e.ph === 'e') {
      const k = `${e.pid}:${e.cat}:${e.id}`;
      const open = asyncOpen.get(k);
      expect(open).toBeDefined();
      expect(e.ts).toBeGreaterThanOrEqual(open!.ts);
      asyncOpen.delete(k);
    } else if (e.ph === 's' || e.ph === 'f') {
      const pair = flows.get(e.id!) ?? flows.set(e.id!, {}).get(e.id!)!;
      expect(pair[e.ph]).toBeUndefined();
      pair[e.ph] = e;
    } else if (e.ph === 'i') expect(e.s).toBe('t');
  }
  expect(asyncOpen.size).toBe(0);
  // X slices on one thread nest: sorted by start (longer first), each ends before its parent.
  for (const list of xs.values()) {
    const sorted = [...list].sort((a, c) => a.ts - c.ts || c.dur! - a.dur!);
    const stack: number[] = [];
    for (const e of sorted) {
      while (
        stack.length &&
        stack[stack.length - 1]! <= e.ts &&
        !(e.dur === 0 && stack[stack.length - 1] === e.ts)
      )
        stack.pop();
      if (stack.length) expect(e.ts + e.dur!).toBeLessThanOrEqual(stack[stack.length - 1]!);
      stack.push(e.ts + e.dur!);
    }
  }
  // Flow ends pair up and each binds to an X slice enclosing its time on its thread.
  const encloses = (f: ChromeEvent) =>
    (xs.get(`${f.pid}:${f.tid}`) ?? []).some((x) => x.ts <= f.ts && f.ts <= x.ts + x.dur!);
  for (const { s, f } of flows.values()) {
    expect(s && f).toBeTruthy();
    expect(f!.bp).toBe('e');
    expect(encloses(s!)).toBe(true);
    expect(encloses(f!)).toBe(true);
  }
  return { flows: flows.size, async: b, procs: procNames.size };
}

describe('chrome-trace export', () => {
  it('hello-pod: a process per pod plus the kubelet, named tracks, instants, flows', () => {
    const rv = view('hello-pod');
    const t = runToChromeTrace(rv, 'Hello, pod');
    expect(t.displayTimeUnit).toBe('ms');
    const c = checkFormat(t.traceEvents);
    expect(c.procs).toBe(2);
    const names = t.traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'process_name')
      .map((e) => (e.args as { name: string }).name);
    expect(names).toEqual(['pod default/web', 'Kubelet (node-1)']);
    const threads = t.traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === 1)
      .map((e) => (e.args as { name: string }).name);
    expect(threads).toEqual([
      'pod worker',
      'SyncPod',
      'volumes',
      'app',
      'app PostStart hook',
      'app readiness probe',
      'Events',
      'klog',
    ]);
    const trace = rv.raw.trace;
    const evs = t.traceEvents.filter((e) => e.ph === 'i' && e.cat === 'event');
    expect(evs.map((e) => [e.ts / 1000, e.name])).toEqual(trace.events.map((e) => [e.t, e.reason]));
    expect(t.traceEvents.filter((e) => e.ph === 'i' && e.cat === 'klog')).toHaveLength(
      trace.logs.filter((l) => l.v <= 4).length,
    );
    // Arrows from the recorded causes: every one the timeline draws, and the rest of the chain.
    expect(c.flows).toBeGreaterThan(rv.lanes.flows.length);
    const flowStarts = new Set(
      t.traceEvents.filter((e) => e.ph === 's').map((e) => `${e.pid}:${e.tid}:${e.ts}`),
    );
    expect(flowStarts.size).toBeGreaterThan(3);
    // The pull-free start: sandbox from 300 ms (after WaitForAttachAndMount) for 800 ms on
    // SyncPod, µs in the file.
    const sandbox = t.traceEvents.find((e) => e.ph === 'X' && e.name === 'RunPodSandbox')!;
    expect([sandbox.ts, sandbox.dur]).toEqual([300_000, 800_000]);
  });

  it.each(['poststart-deadlock', 'parallel-pulls', 'crashloop-backoff', 'static-vs-none'])(
    '%s obeys the format',
    (p) => {
      // The PostStart hook has a lane of its own, so no preset track overlaps any more; the
      // async b/e path is covered by the LaneBuilder case below.
      const c = checkFormat(runToChromeTrace(view(p)).traceEvents);
      expect(c.procs).toBeGreaterThan(1);
    },
  );

  it('overlapping spans on one track become async b/e, the rest stay X', () => {
    const b = new LaneBuilder();
    b.push(0, 100, kindIndex('pull'), 0, 0, 1);
    b.push(50, 150, kindIndex('pull'), 0, 2, 3);
    b.push(200, 210, kindIndex('create'), 1, 4, 5);
    const lane = b.build({
      id: 'p\u0000pulls\u0000s',
      label: 'pulls',
      group: 'default/p',
      entity: -1,
      instants: false,
      pod: 'default/p',
      container: null,
    });
    const t = toChromeTrace({
      model: {
        groups: [{ id: 'default/p', label: 'default/p', lanes: [lane] }],
        lanes: [lane],
        labels: ['pullingImage', 'creating'],
        flows: [],
        endT: 300,
        spanCount: 3,
      },
      events: [],
      logs: [],
      pairs: [],
      spanOfStep: new Map(),
    });
    checkFormat(t.traceEvents);
    expect(t.traceEvents.filter((e) => e.ph !== 'M').map((e) => [e.ph, e.ts])).toEqual([
      ['X', 0],
      ['b', 50_000],
      ['e', 150_000],
      ['X', 200_000],
    ]);
  });
});

describe('klog instants of an older kubelet', () => {
  it('a v1.18 printf line is exported as printed: its text, not the model’s pairs', () => {
    const p = parseScenario(readFileSync(join('presets', 'hello-pod.yaml'), 'utf8'));
    if (!p.ok) throw new Error('hello-pod');
    const rv = buildRunView({
      ...p.scenario,
      node: { ...p.scenario.node, kubeletVersion: '1.18' },
    });
    const printf = rv.raw.trace.logs.filter((l) => l.text !== undefined && l.kv.length > 0);
    expect(printf.length).toBeGreaterThan(0);
    const klog = runToChromeTrace(rv, 'v1.18').traceEvents.filter(
      (e) => e.ph === 'i' && e.cat === 'klog',
    );
    const names = new Set(klog.map((e) => e.name));
    for (const l of printf) expect(names).toContain(l.text);
    for (const e of klog.filter((x) => printf.some((l) => l.text === x.name)))
      expect(Object.keys(e.args as object).sort()).toEqual(['severity', 'source', 'v']);
  });
});
