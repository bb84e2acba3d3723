/**
 * The comparison of an input with the model's run: the model's own output (klog at V4, which
 * holds the "Event occurred" lines the kubelet logs at V3) compares equal to its own run record
 * by record; a log that took longer, lacks a step or crashes where the model does not is told
 * apart; "no differences" is said only when every record was compared.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  alignmentShift,
  diffRecords,
  diffSummary,
  noDifferences,
} from '../../../src/replay/compare';
import { replayOfRun } from '../../../src/replay/fromTrace';
import { recordedSteps } from '../../../src/replay/recordedSteps';
import { replayText } from '../../../src/replay';
import { importText } from '../../../src/replay/importPipeline';
import { formatKlog, klogTime, parseScenario, simulate } from '../../../src/sim';
import { buildRunView } from '../../../src/state/buildRunView';
import { withRecorded } from '../../../src/viz/replay/recordedLanes';

function run(preset: string) {
  const p = parseScenario(readFileSync(join('presets', `${preset}.yaml`), 'utf8'));
  if (!p.ok) throw new Error(preset);
  return { scenario: p.scenario, run: simulate(p.scenario) };
}

/** The run as a kubelet at -v=4 would log it, lines in time order, each edited by `edit`. */
function logOf(
  r: ReturnType<typeof simulate>,
  edit: (t: number, line: string) => number | null = (t) => t,
) {
  const out: { t: number; text: string; i: number }[] = [];
  r.trace.logs.forEach((l, i) => {
    const text = formatKlog(l);
    const t = edit(l.t, text);
    if (t !== null)
      out.push({
        t,
        i,
        text: t === l.t ? text : text.replace(/^I\d{4} [\d:.]+/, `I${klogTime(t)}`),
      });
  });
  return out
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((l) => l.text)
    .join('\n');
}

describe('the input beside the model, record by record', () => {
  it.each([
    'hello-pod',
    'uncached-image',
    'two-init-containers',
    'serial-pulls',
    'crashloop-backoff',
    'sandbox-failure',
    'v1-18-prestart-cpuset',
  ])('%s: the model’s own log compares equal to its run, every record compared', (preset) => {
    const { run: r } = run(preset);
    const input = replayText(logOf(r), { year: 2026 });
    const d = diffRecords(input, replayOfRun(r));
    expect(d.diffs).toEqual([]);
    expect(d.notCompared).toBe(0);
    expect(d.compared).toBe(input.recognised);
    expect(noDifferences(d)).toBe(true);
  });

  it('a slower sandbox is a timing difference at the records after it, with both lines', () => {
    const { run: r } = run('hello-pod');
    const sandboxDone = r.trace.logs.find((l) => l.msg === 'Created PodSandbox for pod')!.t;
    const input = replayText(
      logOf(r, (t) => (t >= sandboxDone ? t + 3000 : t)),
      { year: 2026 },
    );
    const d = diffRecords(input, replayOfRun(r));
    const created = d.diffs.find((x) => x.what === 'default/web CreatedSandbox')!;
    expect(created.kind).toBe('timing');
    expect(created.input!.text).toContain('"Created PodSandbox for pod"');
    expect(created.model!.text).toContain('"Created PodSandbox for pod"');
    expect(created.model!.step).toBe(
      r.trace.logs.find((l) => l.msg === 'Created PodSandbox for pod')!.step,
    );
    expect(sandboxDone).toBe(1100);
    expect(created.detail).toBe('CreatedSandbox: at 4.10 s in the input, 1.10 s in the model');
    expect(
      d.diffs.filter((x) => x.kind !== 'timing').map((x) => [x.kind, x.what, x.detail]),
    ).toEqual([]);
  });

  it('a step the input lacks is only in the model; the input’s end bounds what is expected', () => {
    const { run: r } = run('hello-pod');
    const exits = r.trace.logs.filter((l) => l.msg === 'SyncPod exit');
    const second = exits[1]!;
    const input = replayText(
      logOf(r, (t, line) => (t === second.t && line.includes('"SyncPod exit"') ? null : t)),
      { year: 2026 },
    );
    const d = diffRecords(input, replayOfRun(r));
    expect(d.diffs.map((x) => [x.kind, x.what])).toEqual([
      ['only-in-model', 'default/web SyncPodExit'],
    ]);
    expect(d.diffs[0]!.input).toBeNull();
    // An excerpt that stops at 1.5 s expects nothing after it.
    const cut = replayText(
      logOf(r, (t) => (t <= 1500 ? t : null)),
      { year: 2026 },
    );
    expect(diffRecords(cut, replayOfRun(r)).diffs).toEqual([]);
  });

  it('steps a -v=2 log cannot show are not differences', () => {
    const { run: r } = run('hello-pod');
    const v2 = r.trace.logs
      .filter((l) => l.v <= 2)
      .map(formatKlog)
      .join('\n');
    const d = diffRecords(replayText(v2, { year: 2026 }), replayOfRun(r));
    expect(d.diffs).toEqual([]);
  });

  it('a record of a kind the model never prints is a difference that says so', () => {
    const { run: r } = run('hello-pod');
    // A kill that failed (the model's kills never fail).
    const extra =
      'E1122 10:00:00.500000    1234 kuberuntime_container.go:707] "Container termination failed with gracePeriod" err="rpc error: code = Unavailable desc = error reading from server: EOF" pod="default/web" podUID="cf54df4f-d054-40e2-94e2-ca54d770e275" containerName="app" containerID="containerd://da507add576b" gracePeriod=30';
    const input = replayText(`${logOf(r)}\n${extra}`, { year: 2026 });
    const d = diffRecords(input, replayOfRun(r));
    expect(d.diffs.map((x) => [x.kind, x.detail])).toEqual([
      ['only-in-input', 'app: KillFailed in the input: the model never prints it (containers)'],
    ]);
    expect(d.notCompared).toBe(0);
    expect(noDifferences(d)).toBe(false);
    expect(diffSummary(d)).toMatch(/^1 difference \(\d+ records compared, 0 not compared\)$/);
  });

  it("every status field is compared by value: each condition, the pod's reason, a state's message", () => {
    const { run: r } = run('hello-pod');
    const describe = [
      'Name:             web',
      'Namespace:        default',
      'Status:           Running',
      'Containers:',
      '  app:',
      '    State:          Running',
      '    Ready:          True',
      '    Restart Count:  0',
      'Conditions:',
      '  Type                        Status',
      '  PodReadyToStartContainers   True ',
      '  Initialized                 True ',
      '  Ready                       True ',
      '  ContainersReady             True ',
      '  PodScheduled                True ',
    ];
    const diff = (lines: string[]) =>
      diffRecords(replayText(lines.join('\n'), { year: 2026 }), replayOfRun(r));
    expect(diff(describe).diffs).toEqual([]);
    // Ready False where the model's pod is ready: before, only the last condition
    // (PodScheduled) was looked at, and only for being there.
    const notReady = diff(describe.map((l) => l.replace(/^( {2}Ready {23})True/, '$1False')));
    expect(notReady.diffs.map((x) => [x.kind, x.what, x.detail])).toEqual([
      ['text', 'default/web PodCondition', 'PodCondition: False in the input, True in the model'],
    ]);
    expect(noDifferences(notReady)).toBe(false);
    // A reason the model's pod does not have, or another one, is a difference.
    const evicted = diff([
      ...describe.slice(0, 3),
      'Reason:           Evicted',
      ...describe.slice(3),
    ]);
    expect(evicted.diffs.map((x) => [x.kind, x.what])).toEqual([
      ['only-in-input', 'default/web PodReason'],
    ]);
  });

  it('lanes of their own: a "log:" group per pod before the model, each span keeping its record', () => {
    const { scenario, run: r } = run('hello-pod');
    const view = buildRunView(scenario);
    const input = replayText(logOf(r), { year: 2026 });
    const log = recordedSteps(input.events);
    const model = recordedSteps(replayOfRun(r).events);
    const shift = alignmentShift(log, model);
    const merged = withRecorded(
      view.lanes,
      log,
      [{ pod: 'default/web', atUs: shift, text: 'x', kind: 'timing', input: null, model: null }],
      shift,
    );
    expect(merged.groups[0]!.label).toBe('log: default/web');
    expect(merged.groups[0]!.lanes.map((l) => l.label)).toEqual([
      'SyncLoop',
      'SyncPod',
      'sandbox',
      'app',
      'PLEG',
      'probes',
      'Events',
      'differences',
    ]);
    expect(merged.imported.laneOffset).toBe(8);
    expect(merged.lanes.length).toBe(view.lanes.lanes.length + 8);
    expect(merged.groups.slice(1)).toEqual(view.lanes.groups);
    const sandbox = merged.groups[0]!.lanes[2]!;
    // The sandbox runs 300–1100 ms: after WaitForAttachAndMount's 300 ms.
    expect([sandbox.start[0], sandbox.end[0]]).toEqual([300, 1100]);
    // The span's record is the input's line that began it.
    const info = merged.imported.spans.get(sandbox.id)![0]!;
    expect(info.code).toContain('"Creating PodSandbox for pod"');
    expect(info.rows).toContainEqual(['record', 'CreatingSandbox']);
    // Flows still point at the same model spans.
    const f0 = view.lanes.flows[0]!;
    expect(merged.lanes[merged.flows[0]!.fromLane]).toBe(view.lanes.lanes[f0.fromLane]);
  });
});

describe('a crash loop imported from a -v=2 log', () => {
  const { run: r } = run('crashloop-backoff');
  const v2 = r.trace.logs
    .filter((l) => l.v <= 2)
    .map(formatKlog)
    .join('\n');

  it('rebuilds the crash as a ContainerExit fault, and the rebuilt run dies as often', () => {
    const out = importText(v2, 2026, 'crash.log');
    if (!out.ok) throw new Error(out.error);
    const pod = out.scenario.pods[0]!.manifest;
    expect(pod.spec.containers.map((c) => c.name)).toEqual(['worker']);
    expect(out.scenario.faults).toEqual([
      expect.objectContaining({
        kind: 'ContainerExit',
        target: 'default/flaky/worker',
        exitCode: 1,
        reason: 'Error',
      }),
    ]);
    const d = diffRecords({ events: out.records }, replayOfRun(simulate(out.scenario)));
    expect(d.diffs.filter((x) => x.what.endsWith('PLEGContainerDied'))).toEqual([]);
    expect(out.records.filter((e) => e.what === 'PLEGContainerDied').length).toBeGreaterThan(5);
  });

  it('a model that does not crash is told apart: each death is a difference', () => {
    const out = importText(v2, 2026, 'crash.log');
    if (!out.ok) throw new Error(out.error);
    const healthy = simulate({ ...out.scenario, faults: [] });
    const d = diffRecords({ events: out.records }, replayOfRun(healthy));
    const deaths = out.records.filter((e) => e.what === 'PLEGContainerDied').length;
    expect(
      d.diffs.filter((x) => x.kind === 'only-in-input' && x.what.endsWith('PLEGContainerDied'))
        .length,
    ).toBe(deaths);
  });
});

describe('deaths that are not crashes', () => {
  it('a graceful deletion (its container killed, its sandbox stopped) is no ContainerExit fault', () => {
    const log = run('delete-grace-period')
      .run.trace.logs.filter((l) => l.v <= 2)
      .map(formatKlog)
      .join('\n');
    // The log holds both deaths PLEG reports: the container's and the sandbox's.
    expect(log.match(/"Type":"ContainerDied"/g)?.length).toBeGreaterThanOrEqual(2);
    const out = importText(log, 2026, 'delete.log');
    if (!out.ok) throw new Error(out.error);
    expect(out.scenario.faults.filter((f) => f.kind === 'ContainerExit')).toEqual([]);
    expect(out.scenario.actions.map((a) => a.kind)).toEqual(['DeletePod']);
  });
});
