/**
 * The timeline's lanes over real engine runs agree with the trace: hooks on a lane
 * named for the hook, probes only once they run (passed and failed told apart), pull
 * waits split into queue and pull by the puller's records.
 */
import { describe, expect, it } from 'vitest';
import { buildRunView } from './buildRunView';
import { loadPreset, simulate } from '../sim';
import { perturb } from './perturbations';
import { SPAN_KINDS } from '../viz/timeline/spanKinds';

function runOf(id: Parameters<typeof loadPreset>[0]) {
  const r = loadPreset(id);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return buildRunView(r.scenario);
}

describe('lanes that match reality', () => {
  it('a hanging PostStart hook is its own lane, not "app (2)"', () => {
    const run = runOf('poststart-deadlock');
    const labels = run.lanes.lanes.map((l) => l.label);
    expect(labels).toContain('app PostStart hook');
    expect(labels.some((l) => /\(\d\)$/.test(l))).toBe(false);
    // The process runs from CRI StartContainer: its running span starts at the Started record.
    const started = run.raw.trace.records.find((r) => r.kind === 'containerStarted')!;
    const app = run.lanes.lanes.find((l) => l.label === 'app')!;
    const i = Array.from(app.kind).findIndex((k) => SPAN_KINDS[k] === 'running');
    expect(app.start[i]).toBe(started.t);
  });

  it('probe marks start with the first probe run, after the container started', () => {
    const run = runOf('startup-time-breakdown');
    const trace = run.raw.trace;
    const apiStart = trace.records.find(
      (r) => r.kind === 'containerStarted' && r.data.container === 'api',
    )!;
    const probes = run.lanes.lanes.filter(
      (l) => l.label.startsWith('api ') && l.label.endsWith(' probe'),
    );
    expect(probes.map((l) => l.label).sort()).toEqual(['api readiness probe', 'api startup probe']);
    const runs = trace.records.filter(
      (r): r is Extract<typeof r, { kind: 'probe' }> =>
        r.kind === 'probe' && r.data.container === 'api',
    );
    let marks = 0;
    for (const l of probes) {
      marks += l.start.length;
      for (const t of l.start) expect(t).toBeGreaterThanOrEqual(apiStart.t);
    }
    expect(marks).toBe(runs.length);
    const startup = probes.find((l) => l.label === 'api startup probe')!;
    const kinds = Array.from(startup.kind, (k) => SPAN_KINDS[k]);
    const failed = runs.filter((r) => r.data.probe === 'startup' && r.data.result === 'Failure');
    expect(kinds.filter((k) => k === 'probefail')).toHaveLength(failed.length);
    expect(failed.length).toBeGreaterThan(0);
    expect(kinds[kinds.length - 1]).toBe('probe');
  });

  it('a pull queued behind another is drawn as a wait, then the pull, with whom it waited for', () => {
    const run = runOf('slow-image-blocks-neighbour');
    const web = run.lanes.lanes.find((l) => l.container === 'default/web/nginx' && !l.instants)!;
    const kinds = Array.from(web.kind, (k) => SPAN_KINDS[k]);
    const q = kinds.indexOf('queued');
    expect(q).toBeGreaterThanOrEqual(0);
    expect(kinds[q + 1]).toBe('pull');
    const started = run.raw.trace.records.find(
      (r) => r.kind === 'pullStarted' && r.data.container === 'nginx',
    )!;
    expect(web.end[q]).toBe(started.t);
    expect(run.lanes.labels[web.label_[q]!]).toContain('behind inference/server');
  });

  it('a rejected pod has a labelled admission mark', () => {
    const run = runOf('numa-does-not-fit');
    const adm = run.lanes.lanes.filter((l) => l.label === 'admission');
    expect(adm.length).toBeGreaterThan(0);
    expect(adm.every((l) => l.labelled)).toBe(true);
  });

  it('each armed fault and timed action has a labelled mark on its lane', () => {
    const run = runOf('init-cpu-handoff');
    const lane = run.lanes.lanes.find((l) => l.label === 'warm-cache: faults & actions')!;
    expect(lane.labelled).toBe(true);
    expect(run.lanes.labels[lane.label_[0]!]).toBe('fault: exit 0 after 5s (×1)');
    const flip = runOf('flip-cpu-policy');
    const acts = flip.lanes.lanes.find((l) => l.label === 'actions')!;
    const at = flip.raw.scenario.actions.map((a) => a.at);
    expect(Array.from(acts.start)).toEqual(at);
  });

  it('a ContainerExit is marked where it acts: afterSeconds after the container started', () => {
    const run = runOf('init-cpu-handoff');
    const lane = run.lanes.lanes.find((l) => l.label === 'warm-cache: faults & actions')!;
    const { records } = run.raw.trace;
    const started = records.find(
      (r) => r.kind === 'containerStarted' && r.data.container === 'warm-cache',
    )!;
    const id = started.kind === 'containerStarted' ? started.data.id : '';
    const exited = records.find((r) => r.kind === 'containerExited' && r.data.id === id)!;
    // "exit 0 after 5s": 5 s after the start, where the engine's exit is, not where it was armed.
    expect(lane.start[0]).toBe(started.t + 5000);
    expect(lane.start[0]).toBe(exited.t);
  });

  it('a SandboxDied made "here" is marked here, not at the sandbox it is armed from', () => {
    const r = loadPreset('hello-pod');
    if (!r.ok) throw new Error('hello-pod');
    const base = r.scenario;
    const t = 30_000;
    const s = perturb(base, 'SandboxDied', { pod: 'default/web' }, t, simulate(base));
    const fault = s.faults.at(-1)!;
    // Armed at RunPodSandbox, it fires (afterSeconds) at the instant it was made.
    expect(fault.at).toBeLessThan(t);
    const run = buildRunView(s);
    const lane = run.lanes.lanes.find(
      (l) => l.label === 'faults & actions' && l.group === 'default/web',
    )!;
    expect(Array.from(lane.start)).toEqual([t + 1]);
    expect(run.lanes.labels[lane.label_[0]!]).toBe('fault: SandboxDied (×1)');
  });
});

describe('an overflow row says why it is there (issue 30, item 10)', () => {
  it("image-pull-backoff's api (2) holds the syncs that found the image in back-off", async () => {
    const { packLanes, unpackLanes } = await import('./engine/packColumns');
    const run = runOf('image-pull-backoff');
    const lane = run.lanes.lanes.find((l) => l.label === 'api (2)')!;
    expect(lane.note).toMatch(/ImagePullBackOff/);
    expect(run.lanes.lanes.find((l) => l.label === 'api')!.note).toBeUndefined();
    // It crosses from the engine worker with the lane.
    const back = unpackLanes(packLanes(run.lanes)).lanes.find((l) => l.label === 'api (2)')!;
    expect(back.note).toBe(lane.note);
  });
});
