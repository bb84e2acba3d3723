/**
 * The log-beside-model comparison: the model's own output (klog at V4 plus the "Event
 * occurred" lines the kubelet logs at V3) replays to exactly the model's steps; a log
 * that took longer, or lacks a step, is marked where it differs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alignmentShift, compareSteps } from '../../../src/replay/compare';
import { replayOfRun } from '../../../src/replay/fromTrace';
import { recordedSteps } from '../../../src/replay/recordedSteps';
import { replayText } from '../../../src/replay';
import { importText } from '../../../src/replay/importPipeline';
import { formatKlog, klogTime, parseScenario, simulate, type KubeEvent } from '../../../src/sim';
import { buildRunView } from '../../../src/state/buildRunView';
import { withRecorded } from '../../../src/viz/replay/recordedLanes';

function run(preset: string) {
  const p = parseScenario(readFileSync(join('presets', `${preset}.yaml`), 'utf8'));
  if (!p.ok) throw new Error(preset);
  return { scenario: p.scenario, run: simulate(p.scenario) };
}

/** client-go's structured event log line (tools/record/event.go, V3). */
function eventLine(e: KubeEvent): string {
  const fp = e.fieldPath ? ` fieldPath=${JSON.stringify(e.fieldPath)}` : '';
  return `I${klogTime(e.t)}    1234 event.go:389] "Event occurred" object=${JSON.stringify(e.object)}${fp} kind="Pod" apiVersion="v1" type=${JSON.stringify(e.type)} reason=${JSON.stringify(e.reason)} message=${JSON.stringify(e.message)}`;
}

/** The run as a kubelet at -v=4 would log it, lines in time order. */
function logOf(
  r: ReturnType<typeof simulate>,
  edit: (t: number, line: string) => number | null = (t) => t,
) {
  const lines: { t: number; text: string }[] = [];
  for (const l of r.trace.logs) lines.push({ t: l.t, text: formatKlog(l) });
  for (const e of r.trace.events) lines.push({ t: e.t, text: eventLine(e) });
  const out: { t: number; text: string }[] = [];
  lines.forEach((l) => {
    const t = edit(l.t, l.text);
    if (t !== null)
      out.push({
        t,
        text: t === l.t ? l.text : l.text.replace(/^I\d{4} [\d:.]+/, `I${klogTime(t)}`),
      });
  });
  return out
    .map((l, i) => ({ ...l, i }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((l) => l.text)
    .join('\n');
}

describe('log beside the model', () => {
  it.each(['hello-pod', 'uncached-image', 'two-init-containers', 'serial-pulls'])(
    '%s: the model’s own log replays to its own steps, no differences',
    (preset) => {
      const { run: r } = run(preset);
      const log = recordedSteps(replayText(logOf(r), { year: 2026 }).events);
      const model = recordedSteps(replayOfRun(r).events);
      const shift = alignmentShift(log, model);
      // The log's clock is 2026-11-22 10:00 UTC + the model's.
      expect(shift).toBe(Date.UTC(2026, 10, 22, 10) * 1000);
      const key =
        (d: number) =>
        (s: { pod: string; lane: string; name: string; startUs: number; endUs: number }) =>
          `${s.pod}|${s.lane}|${s.name}|${(s.startUs - d) / 1000}|${(s.endUs - d) / 1000}`;
      expect(log.map(key(shift)).sort()).toEqual(model.map(key(0)).sort());
      expect(log.some((s) => s.name === 'sandbox')).toBe(true);
      expect(log.some((s) => s.name === 'start')).toBe(true);
      expect(compareSteps(log, model, shift)).toEqual([]);
    },
  );

  it('a slower sandbox and a missing SyncPod are marked', () => {
    const { run: r } = run('hello-pod');
    // The runtime took 3 s more for the sandbox; the last SyncPod's exit line is missing.
    const at = (msg: string) => r.trace.logs.filter((l) => l.msg === msg).map((l) => l.t);
    const sandboxDone = at('Created PodSandbox for pod')[0]!;
    const lastExit = Math.max(...at('SyncPod exit'));
    const text = logOf(r, (t, line) =>
      t === lastExit && line.includes('"SyncPod exit"') ? null : t >= sandboxDone ? t + 3000 : t,
    );
    const log = recordedSteps(replayText(text, { year: 2026 }).events);
    const model = recordedSteps(replayOfRun(r).events);
    const shift = alignmentShift(log, model);
    const diffs = compareSteps(log, model, shift);
    expect(diffs.map((d) => [d.kind, d.text])).toEqual([
      ['longer', 'SyncPod: 4.58 s in the log, 1.58 s in the model'],
      ['longer', 'sandbox: 3.80 s in the log, 800 ms in the model'],
      ['only-model', 'SyncPod in the model, not in the log'],
    ]);
  });

  it('an excerpt that stops early is not missing what follows', () => {
    const { run: r } = run('hello-pod');
    const log = recordedSteps(
      replayText(
        logOf(r, (t) => (t <= 1500 ? t : null)),
        { year: 2026 },
      ).events,
    );
    const model = recordedSteps(replayOfRun(r).events);
    expect(compareSteps(log, model, alignmentShift(log, model))).toEqual([]);
    // Cut inside the run, a later step the log should have shown is reported.
    const cut = recordedSteps(
      replayText(
        logOf(r, (t, l) => (l.includes('"SyncPod exit"') && t === 2000 ? null : t)),
        { year: 2026 },
      ).events,
    );
    expect(compareSteps(cut, model, alignmentShift(cut, model)).map((d) => d.text)).toEqual([
      'SyncPod in the model, not in the log',
    ]);
  });

  it('steps the log cannot show at its verbosity are not differences', () => {
    const { run: r } = run('hello-pod');
    // -v=2: no SyncPod enter/exit, no sandbox lines, no Event occurred lines.
    const v2 = r.trace.logs
      .filter((l) => l.v <= 2)
      .map(formatKlog)
      .join('\n');
    const log = recordedSteps(replayText(v2, { year: 2026 }).events);
    const model = recordedSteps(replayOfRun(r).events);
    expect(compareSteps(log, model, alignmentShift(log, model))).toEqual([]);
    expect(log.map((s) => s.name)).toContain('SyncLoop ADD');
  });

  it('lanes of their own: a "log:" group per pod before the model, shifted onto its clock', () => {
    const { scenario, run: r } = run('hello-pod');
    const view = buildRunView(scenario);
    const text = logOf(r, (t) => t);
    const log = recordedSteps(replayText(text, { year: 2026 }).events);
    const model = recordedSteps(replayOfRun(r).events);
    const shift = alignmentShift(log, model);
    const merged = withRecorded(
      view.lanes,
      log,
      [
        {
          pod: 'default/web',
          lane: 'sandbox',
          name: 'sandbox',
          atUs: shift + 0,
          text: 'x',
          kind: 'longer',
        },
      ],
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
    expect(merged.lanes.length).toBe(view.lanes.lanes.length + 8);
    expect(merged.groups.slice(1)).toEqual(view.lanes.groups);
    const sandbox = merged.groups[0]!.lanes[2]!;
    // The sandbox runs 300–1100 ms: after WaitForAttachAndMount's 300 ms.
    expect([sandbox.start[0], sandbox.end[0]]).toEqual([300, 1100]);
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

  it('rebuilds the container from "Error syncing pod" and its crash as a ContainerExit fault', () => {
    const out = importText(v2, 2026, 'crash.log');
    if (!out.ok) throw new Error(out.error);
    const pod = out.scenario.pods[0]!.manifest;
    expect(pod.spec.containers.map((c) => c.name)).toEqual(['worker']);
    expect(out.scenario.faults).toEqual([
      expect.objectContaining({
        kind: 'ContainerExit',
        target: 'default/flaky/worker',
        afterSeconds: 2,
        exitCode: 1,
        reason: 'Error',
      }),
    ]);
    // The rebuilt run crash-loops as the log does: as many deaths, no disagreement about them.
    const rebuilt = simulate(out.scenario);
    const model = recordedSteps(replayOfRun(rebuilt).events);
    const diffs = compareSteps(out.steps, model, alignmentShift(out.steps, model));
    expect(diffs.filter((d) => d.name === 'ContainerDied')).toEqual([]);
    expect(out.steps.filter((s) => s.name === 'ContainerDied').length).toBeGreaterThan(5);
  });

  it('a model that does not crash is told apart: each death is a difference', () => {
    const out = importText(v2, 2026, 'crash.log');
    if (!out.ok) throw new Error(out.error);
    const healthy = simulate({ ...out.scenario, faults: [] });
    const model = recordedSteps(replayOfRun(healthy).events);
    const diffs = compareSteps(out.steps, model, alignmentShift(out.steps, model));
    expect(
      diffs.filter((d) => d.text === 'ContainerDied in the log, not in the model').length,
    ).toBe(out.steps.filter((s) => s.name === 'ContainerDied').length);
  });
});

describe('deaths that are not crashes', () => {
  const v2Of = (preset: string) =>
    run(preset)
      .run.trace.logs.filter((l) => l.v <= 2)
      .map(formatKlog)
      .join('\n');

  it('a graceful deletion (its container killed, its sandbox stopped) is no ContainerExit fault', () => {
    const log = v2Of('delete-grace-period');
    // The log holds both deaths PLEG reports: the container's and the sandbox's.
    expect(log.match(/"Type":"ContainerDied"/g)?.length).toBeGreaterThanOrEqual(2);
    const out = importText(log, 2026, 'delete.log');
    if (!out.ok) throw new Error(out.error);
    expect(out.scenario.faults.filter((f) => f.kind === 'ContainerExit')).toEqual([]);
  });
});
