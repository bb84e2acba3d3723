import { describe, expect, it } from 'vitest';
import { buildRunView } from './buildRunView';
import { kubeletViews } from './stateViews';
import { loadPreset } from '../sim';
import type { Scenario } from './types';
import { SPAN_KINDS } from '../viz/timeline/spanKinds';

function preset(id: Parameters<typeof loadPreset>[0]): Scenario {
  const r = loadPreset(id);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.scenario;
}

describe('buildRunView over the engine (hello-pod)', () => {
  const run = buildRunView(preset('hello-pod'));
  const lanes = run.lanes;

  it('has one group per pod, then a Kubelet group with the sync loop wake-ups', () => {
    const kubelet = lanes.groups[lanes.groups.length - 1]!;
    expect(kubelet.label).toBe('Kubelet (node-1)');
    const wake = kubelet.lanes.map((l) => l.label);
    for (const l of ['wake: config', 'wake: PLEG', 'wake: sync', 'wake: housekeeping'])
      expect(wake).toContain(l);
    expect(lanes.groups[0]!.label).toBe('default/web');
  });

  it('draws the container start-up steps and its life on the container lane, its hook beside', () => {
    const app = lanes.lanes.find((l) => l.container === 'default/web/app' && !l.instants)!;
    const kinds = new Set(Array.from(app.kind, (k) => SPAN_KINDS[k]));
    for (const k of ['create', 'prestart', 'start', 'running']) expect(kinds).toContain(k);
    const hook = lanes.lanes.find((l) => l.label === 'app PostStart hook')!;
    expect(Array.from(hook.kind, (k) => SPAN_KINDS[k])).toEqual(['poststart']);
  });

  it('links PLEG events to sync loop wake-ups to SyncPod', () => {
    expect(lanes.flows.length).toBeGreaterThan(0);
    const kindsOf = (lane: number) => lanes.lanes[lane]!.label;
    const labels = lanes.flows.map((f) => `${kindsOf(f.fromLane)} → ${kindsOf(f.toLane)}`);
    expect(labels).toContain('PLEG relist → wake: PLEG');
    expect(labels).toContain('wake: PLEG → SyncPod');
  });

  it('stops "kubelet step" at fewer places than every transition, but at the Started event', () => {
    expect(run.notable.length).toBeGreaterThan(5);
    expect(run.notable.length).toBeLessThan(run.total / 2);
    const started = run.raw.trace.events.find((e) => e.reason === 'Started')!;
    expect(Array.from(run.notable)).toContain(started.step);
  });

  it('answers the panels at any cursor without re-running', () => {
    const n = run.total;
    expect(kubeletViews.eventsAt(run, 0)).toEqual([]);
    expect(kubeletViews.eventsAt(run, n).map((e) => e.reason)).toContain('Started');
    const pods = kubeletViews.podsAt(run, n);
    expect(pods[0]).toMatchObject({ name: 'web', ready: '1/1', status: 'Running' });
    expect(kubeletViews.narrate(run, n)).toMatch(/^\d/);
    const machines = kubeletViews.machinesAt(run, n, 'default/web');
    const sync = machines.find((m) => m.kind === 'syncPod')!;
    expect(sync.states).toContain('runtime.creatingSandbox');
    expect(sync.states).toContain(sync.active);
    const c = kubeletViews.inspect(run, n, {
      kind: 'container',
      container: 'default/web/app',
      pod: 'default/web',
    });
    expect(c?.sections.map((s) => s.heading)).toEqual(
      expect.arrayContaining(['Status at the cursor', 'cpuset', 'Why', 'Spec']),
    );
  });

  it('shows every CPU shared once the container runs (policy none)', () => {
    const ids = run.topology.cpus.map((c) => c.id);
    expect(ids).toHaveLength(8);
  });
});

describe("the Events panel speaks the run's kubectl", () => {
  it('1.18: From "kubelet, node-1", and the scheduler\'s event Age "<unknown>"', () => {
    const s = preset('hello-pod');
    const run = buildRunView({ ...s, node: { ...s.node, kubeletVersion: '1.18' } });
    const rows = kubeletViews.eventsAt(run, run.total);
    const scheduled = rows.find((e) => e.reason === 'Scheduled')!;
    expect(scheduled.age).toBe('<unknown>');
    expect(scheduled.from).toBe('default-scheduler');
    expect(rows.find((e) => e.reason === 'Started')!.from).toBe('kubelet, node-1');
  });

  it('1.34: From "kubelet", and every Age is a duration', () => {
    const run = buildRunView(preset('hello-pod'));
    const rows = kubeletViews.eventsAt(run, run.total);
    expect(rows.find((e) => e.reason === 'Started')!.from).toBe('kubelet');
    for (const e of rows) expect(e.age).toMatch(/^\d+(ms|s|m)/);
  });
});
