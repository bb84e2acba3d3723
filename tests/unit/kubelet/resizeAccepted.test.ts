/**
 * An accepted in-place resize (preset resize-burstable), by release: the allocation,
 * PodResizeInProgress, computePodActions' ContainersToUpdate and CRI UpdateContainerResources,
 * the ConditionMet sync that clears the condition (1.33+); ResizeCompleted (1.34+) and
 * ResizeStarted (1.35+); where the decision is made (1.33 SyncPod, 1.34+ HandlePodUpdates);
 * resizePolicy RestartContainer; Deferred and the node-capacity check (1.33-1.35 Infeasible,
 * 1.36 Deferred).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatKlog, logsAt, parseScenario, simulate } from '../../../src/sim/index';
import type { Scenario } from '../../../src/sim/scenario/schema';
import type { KubeletVersionName } from '../../../src/sim/versions/names';
import { buildRunView } from '../../../src/state/buildRunView';
import { describePod } from '../../../src/sim/views/describe';
import { runToChromeTrace } from '../../../src/export';

const TEXT = readFileSync('presets/resize-burstable.yaml', 'utf8');

function scenario(text = TEXT): Scenario {
  const p = parseScenario(text);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return p.scenario;
}

function on(v: KubeletVersionName, s: Scenario = scenario()): Scenario {
  return { ...s, node: { ...s.node, kubeletVersion: v } };
}

function runOf(s: Scenario) {
  const run = simulate(s);
  const n = run.trace.steps.t.length;
  const statusAt = (ms: number) => {
    // The last step at or before `ms`.
    let step = 0;
    while (step < n && run.trace.steps.t[step]! <= ms) step++;
    const d = run.stateAt(step).domain;
    return Object.values(d.status).find((x) => x.containerStatuses[0]?.name === 'app')!;
  };
  const log = logsAt(run.trace.logs, n, 5).map(formatKlog);
  return { run, statusAt, log, events: run.trace.events };
}

const cond = (s: { conditions: { type: string }[] }, type: string) =>
  s.conditions.find((c) => c.type === type);

describe('an accepted resize (resize-burstable: CPU 500m/1 -> 1/2)', () => {
  it('1.33: allocated at 5 s with PodResizeInProgress, applied, cleared at the next relist; 1.32 does nothing', () => {
    const r = runOf(on('1.33'));
    const during = r.statusAt(5_020);
    expect(cond(during, 'PodResizeInProgress')).toMatchObject({ status: 'True' });
    // allocatedResources follow the allocation; resources what the runtime still applies.
    expect(during.containerStatuses[0]!.allocatedResources).toEqual({ cpu: '1', memory: '256Mi' });
    expect(during.containerStatuses[0]!.resources?.limits?.cpu).toBe('1');
    const after = r.statusAt(7_000);
    expect(cond(after, 'PodResizeInProgress')).toBeUndefined();
    expect(after.containerStatuses[0]!.resources).toEqual({
      limits: { cpu: '2', memory: '512Mi' },
      requests: { cpu: '1', memory: '256Mi' },
    });
    // No restart: the container is resized in place.
    expect(after.containerStatuses[0]!.restartCount).toBe(0);
    expect(r.log.filter((l) => l.includes('"Updating container resources"'))).toHaveLength(1);
    expect(r.log.some((l) => l.includes('"Type":"ConditionMet"'))).toBe(true);
    // No resize Events before 1.34.
    expect(r.events.some((e) => e.reason.startsWith('Resize'))).toBe(false);

    const old = runOf(on('1.32'));
    expect(cond(old.statusAt(7_000), 'PodResizeInProgress')).toBeUndefined();
    expect(old.statusAt(7_000).containerStatuses[0]!.allocatedResources).toBeUndefined();
    expect(old.log.some((l) => l.includes('"Updating container resources"'))).toBe(false);
  });

  it('kubectl describe shows the spec’s new resources once resized', () => {
    const r = runOf(on('1.37'));
    const before = describePod(r.run, 'default/web', 10);
    const after = describePod(r.run, 'default/web', r.run.trace.steps.t.length);
    expect(before).toMatch(/Limits:\n\s+cpu:\s+1\n/);
    expect(after).toMatch(/Limits:\n\s+cpu:\s+2\n/);
    expect(after).toMatch(/Requests:\n\s+cpu:\s+1\n/);
  });

  it('computePodActions lists the container in ContainersToUpdate (cpu), as Go prints the map', () => {
    const r = runOf(on('1.37'));
    const line = r.log.find((l) => l.includes('ContainersToUpdate: map[cpu:'));
    expect(line).toMatch(
      /ContainersToUpdate: map\[cpu:\[\{0xc000000000 \{containerd [0-9a-f]{64}\} \{536870912 268435456 2000 1000\} 0xc000000000\}\]\]/,
    );
  });

  it('UpdateContainerResources is a span on the timeline, as long as the runtime takes', () => {
    const run = buildRunView(on('1.37'));
    const spans = runToChromeTrace(run).traceEvents.filter(
      (e) => e.ph === 'X' && e.name === 'UpdateContainerResources',
    );
    expect(spans).toHaveLength(1);
    expect(spans[0]!.dur).toBe(30_000);
    const slow = scenario(
      TEXT.replace(
        'stopContainer: 200ms }',
        'stopContainer: 200ms, updateContainerResources: 250ms }',
      ),
    );
    const slowSpans = runToChromeTrace(buildRunView(on('1.37', slow))).traceEvents.filter(
      (e) => e.ph === 'X' && e.name === 'UpdateContainerResources',
    );
    expect(slowSpans[0]!.dur).toBe(250_000);
  });

  it('ResizeCompleted from 1.34 (no generation), with the generation and ResizeStarted from 1.35', () => {
    const summary =
      '{"containers":[{"name":"app","resources":{"limits":{"cpu":"2","memory":"512Mi"},"requests":{"cpu":"1","memory":"256Mi"}}}]';
    const r33 = runOf(on('1.33'));
    expect(r33.events.some((e) => e.reason === 'ResizeCompleted')).toBe(false);
    const r34 = runOf(on('1.34'));
    expect(r34.events.filter((e) => e.reason === 'ResizeCompleted')).toMatchObject([
      { type: 'Normal', t: 6000, message: `Pod resize completed: ${summary}}` },
    ]);
    expect(r34.events.some((e) => e.reason === 'ResizeStarted')).toBe(false);
    for (const v of ['1.35', '1.37'] as const) {
      const r = runOf(on(v));
      expect(r.events.filter((e) => e.reason.startsWith('Resize'))).toMatchObject([
        {
          reason: 'ResizeStarted',
          t: 5000,
          message: `Pod resize started: ${summary},"generation":2}`,
        },
        {
          reason: 'ResizeCompleted',
          t: 6000,
          message: `Pod resize completed: ${summary},"generation":2}`,
        },
      ]);
    }
  });

  it('1.34+ decide in HandlePodUpdates, before the pod worker; 1.33 in SyncPod', () => {
    const at5 = (log: string[]) => log.filter((l) => l.includes(' 10:00:05.0'));
    const r34 = at5(runOf(on('1.34')).log);
    const decided = r34.findIndex((l) => l.includes('"Pod resize successfully allocated"'));
    expect(decided).toBeGreaterThan(r34.findIndex((l) => l.includes('"SyncLoop UPDATE"')));
    expect(decided).toBeLessThan(
      r34.findIndex((l) => l.includes('"Notifying pod of pending update"')),
    );
    expect(decided).toBeLessThan(r34.findIndex((l) => l.includes('"SyncPod enter"')));
    // 1.33 (an Infeasible resize, whose line shows where): after "SyncPod enter".
    const guaranteed = parseScenario(readFileSync('presets/resize-guaranteed-static.yaml', 'utf8'));
    if (!guaranteed.ok) throw new Error('preset');
    for (const [v, after] of [
      ['1.33', true],
      ['1.34', false],
    ] as const) {
      const log = at5(runOf(on(v, guaranteed.scenario)).log);
      const infeasible = log.findIndex((l) => l.includes('Resize is infeasible'));
      const enter = log.findIndex((l) => l.includes('"SyncPod enter"'));
      expect(infeasible > enter, v).toBe(after);
    }
  });

  it('resizePolicy RestartContainer: the container is killed and started again', () => {
    const text = TEXT.replace(
      "limits: { cpu: '2', memory: 512Mi }",
      "limits: { cpu: '2', memory: 1Gi }",
    );
    const r = runOf(on('1.37', scenario(text)));
    expect(r.events.filter((e) => e.reason === 'Killing').map((e) => e.message)).toEqual([
      'Container app resize requires restart',
    ]);
    expect(r.statusAt(7_000).containerStatuses[0]!.restartCount).toBe(1);
    expect(r.log.some((l) => l.includes('UpdatePodResources: true'))).toBe(true);
    // NotRequired (the default when no policy names the resource): resized in place.
    const inPlace = runOf(
      on(
        '1.37',
        scenario(text.replace('restartPolicy: RestartContainer', 'restartPolicy: NotRequired')),
      ),
    );
    expect(inPlace.events.some((e) => e.reason === 'Killing')).toBe(false);
    expect(inPlace.statusAt(7_000).containerStatuses[0]!.restartCount).toBe(0);
  });
});

describe('a resize the node cannot take now', () => {
  /** A second pod holds 4 of the node's 8 CPUs; web asks for `cpu` CPUs. */
  function crowded(cpu: string): Scenario {
    return scenario(
      TEXT.replace(
        'actions:',
        `  - at: 0s
    manifest:
      apiVersion: v1
      kind: Pod
      metadata: { name: other, namespace: default }
      spec:
        containers:
          - name: app
            image: nginx:1.27
            resources: { requests: { cpu: '4' } }
actions:`,
      ).replace(
        "requests: { cpu: '1', memory: 256Mi }\n          limits: { cpu: '2', memory: 512Mi }",
        `requests: { cpu: '${cpu}', memory: 256Mi }\n          limits: { cpu: '40', memory: 512Mi }`,
      ),
    );
  }
  const pendingOf = (r: ReturnType<typeof runOf>) => {
    const d = r.run.stateAt(r.run.trace.steps.t.length).domain;
    const web = Object.values(d.status).find((s) =>
      s.conditions.some((c) => c.type === 'PodResizePending'),
    );
    return web && cond(web, 'PodResizePending');
  };

  it('Deferred when the other pods leave too little (1.33+), with ResizeDeferred from 1.35', () => {
    const msg =
      "Node didn't have enough resource: cpu, requested: 5000, used: 4000, capacity: 8000";
    for (const v of ['1.33', '1.34', '1.37'] as const) {
      const r = runOf(on(v, crowded('5')));
      expect(pendingOf(r), v).toMatchObject({ reason: 'Deferred', message: msg });
      expect(
        r.log.some((l) => l.includes('"Pod admission denied"') && l.includes('OutOfcpu')),
      ).toBe(true);
      expect(r.events.some((e) => e.reason === 'ResizeDeferred')).toBe(v === '1.37');
    }
    // 1.33 retries at each SyncPod: the periodic resync a minute later answers again.
    const r33 = runOf({ ...on('1.33', crowded('5')), horizon: 90_000 });
    expect(
      r33.log.filter((l) => l.includes('"Resize cannot be accommodated"')).length,
    ).toBeGreaterThan(1);
    expect(runOf(on('1.32', crowded('5'))).log.some((l) => l.includes('Resize cannot'))).toBe(
      false,
    );
  });

  it('1.34+: removing the other pod retries the Deferred resize (HandlePodRemoves), which now fits', () => {
    const s = crowded('5');
    const withDelete: Scenario = {
      ...s,
      actions: [{ kind: 'DeletePod', at: 10_000, target: 'default/other' }, ...s.actions],
    };
    for (const v of ['1.34', '1.37'] as const) {
      const r = runOf(on(v, withDelete));
      const removed = r.log.findIndex((l) => l.includes('"SyncLoop REMOVE"'));
      const allocated = r.log.findIndex((l) => l.includes('"Pod resize successfully allocated"'));
      expect(removed, v).toBeGreaterThan(0);
      expect(allocated, v).toBe(removed + (v === '1.37' ? 2 : 1));
      expect(pendingOf(r), v).toBeUndefined();
      expect(r.events.some((e) => e.reason === 'ResizeCompleted')).toBe(true);
    }
  });

  it('above the node’s allocatable: Infeasible on 1.33-1.35, Deferred by the admit handlers on 1.36', () => {
    const r35 = runOf(on('1.35', crowded('20')));
    expect(pendingOf(r35)).toMatchObject({
      reason: 'Infeasible',
      message: "Node didn't have enough capacity: cpu, requested: 20000, capacity: 8000",
    });
    expect(
      r35.log.some((l) =>
        l.includes(`allocation_manager.go:723] "Node didn't have enough capacity`),
      ),
    ).toBe(true);
    const r36 = runOf(on('1.36', crowded('20')));
    expect(pendingOf(r36)).toMatchObject({
      reason: 'Deferred',
      message:
        "Node didn't have enough resource: cpu, requested: 20000, used: 4000, capacity: 8000",
    });
    expect(r36.log.some((l) => l.includes('operation="resize"'))).toBe(true);
  });
});
