/**
 * "Why?" over real engine runs of presets: each expected text is built from what the run
 * itself recorded (Event times, back-off arithmetic from the exit and the BackOff events),
 * so a wrong pull owner, hook, time or back-off fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, simulate, type SimulationRun } from '../../../src/sim/index';
import { formatClock } from '../../../src/viz/formatTime';
import { whyEntityHeld, whyHeld } from '../../../src/state/whyHeld';

function run(preset: string): SimulationRun {
  const p = parseScenario(readFileSync(`presets/${preset}.yaml`, 'utf8'));
  if (!p.ok) throw new Error(`${preset} does not parse`);
  return simulate(p.scenario);
}

/** The cursor just after the first step at or after `t` ms. */
function cursorAt(r: SimulationRun, t: number): number {
  return r.trace.steps.t.findIndex((x) => x >= t) + 1;
}

/** The cursor just after the step where `entity` first entered `state`. */
function afterState(r: SimulationRun, entity: string, state: string): number {
  const { steps, strings, entities } = r.trace;
  const e = entities.findIndex((x) => x.id === entity);
  const i = steps.t.findIndex((_, k) => steps.entity[k] === e && strings[steps.to[k]!] === state);
  if (i < 0) throw new Error(`${entity} never enters ${state}`);
  return i + 1;
}

/** The cursor just after the first step that recorded an Event matching `pred`. */
function afterEvent(
  r: SimulationRun,
  pred: (e: SimulationRun['trace']['events'][number]) => boolean,
) {
  const e = r.trace.events.find(pred);
  if (!e) throw new Error('no such event');
  return { cursor: e.step + 1, t: e.t };
}

describe('whyHeld: serial image pulls', () => {
  const r = run('serial-pulls');
  const webPulling = afterEvent(r, (e) => e.reason === 'Pulling' && e.object === 'default/web');
  const modelPulled = afterEvent(r, (e) => e.reason === 'Pulled' && e.object === 'default/model');

  it("says the web pod waits behind the model pod's pull, since it asked", () => {
    // The image puller takes the request in at the step the pullingImage step caused.
    const asked = afterState(r, 'startContainer:default/web/app', 'pullingImage') - 1;
    const queued = r.trace.steps.cause.indexOf(asked) + 1;
    expect(whyHeld(r, 'default/web/app', asked + 1)).toEqual([
      `Asked the image puller for the image at ${formatClock(webPulling.t)}.`,
    ]);
    expect(whyHeld(r, 'default/web/app', queued)).toEqual([
      `Queued behind default/model's image pull of example.com/ml/model-server:1.0 (serializeImagePulls: true) since ${formatClock(webPulling.t)}.`,
    ]);
    // Still queued, with the same "since", right before the model's pull completes.
    expect(whyHeld(r, 'default/web/app', modelPulled.cursor - 2)[0]).toBe(
      `Queued behind default/model's image pull of example.com/ml/model-server:1.0 (serializeImagePulls: true) since ${formatClock(webPulling.t)}.`,
    );
  });

  it("says its own pull runs once the model's pull is done", () => {
    const w = whyHeld(r, 'default/web/app', modelPulled.cursor + 1);
    expect(w).toEqual([
      `Pulling nginx:1.27 (asked at ${formatClock(webPulling.t)}); the pull takes 3.0 s.`,
    ]);
  });

  it('says nothing once the container runs', () => {
    expect(whyHeld(r, 'default/web/app', r.trace.steps.t.length)).toEqual([]);
  });
});

describe('whyHeld: a hanging PostStart hook', () => {
  const r = run('poststart-hang-order');
  const appStarted = afterEvent(
    r,
    (e) => e.reason === 'Started' && e.fieldPath === 'spec.containers{app}',
  );

  it("says app waits for its own hook, and logger waits behind app's hook", () => {
    const hook = `Waiting for app's PostStart hook (exec [sh -c sleep 20]) to return since ${formatClock(appStarted.t)}: startContainer runs the hook synchronously, so SyncPod starts the pod's next container only after it returns.`;
    expect(whyHeld(r, 'default/web/app', appStarted.cursor)).toEqual([
      hook,
      // The guard the engine recorded for the step into postStart.
      `startContainer went to postStart at ${formatClock(appStarted.t)} because "has PostStart hook" held.`,
    ]);
    // Ten seconds later, logger is still not created: the chain of causes names app's hook.
    const later = cursorAt(r, appStarted.t + 10_000);
    expect(whyHeld(r, 'default/web/logger', later)).toEqual([
      `logger waits for SyncPod, which starts containers one at a time and is still starting app. ${hook}`,
    ]);
  });
});

describe('whyHeld: CrashLoopBackOff', () => {
  const r = run('crashloop-backoff');
  const backOffs = r.trace.events.filter((e) => e.reason === 'BackOff');
  const exits = r.trace.records.filter((x) => x.kind === 'containerExited');

  it('gives the back-off, the exit code and when it ends, from the exit before each BackOff', () => {
    // The back-off doubles from 10 s at each restart that follows one (10 s, 20 s, 40 s …).
    const seen: string[] = [];
    for (const b of backOffs.slice(0, 10)) {
      const exit = [...exits].reverse().find((x) => x.step < b.step)!;
      const w = whyHeld(r, 'default/flaky/worker', b.step + 1);
      const m =
        /^CrashLoopBackOff: back-off (\d+) s after exit code 1, until (.+); the first sync after that restarts it\.$/.exec(
          w[0] ?? '',
        );
      expect(m, w[0]).not.toBeNull();
      // The window ends at the exit plus the back-off, and the BackOff event falls inside it.
      expect(m![2]).toBe(formatClock(exit.t + Number(m![1]) * 1000));
      expect(b.t).toBeLessThan(exit.t + Number(m![1]) * 1000);
      seen.push(m![1]!);
    }
    const distinct = [...new Set(seen)].map(Number);
    expect(distinct.slice(0, 4)).toEqual([10, 20, 40, 80]);
    distinct.forEach((s, i) => i > 0 && expect(s).toBe(Math.min(distinct[i - 1]! * 2, 300)));
  });

  it('says the container exited and is not in back-off once the window has passed', () => {
    const first = backOffs[0]!;
    const exit = [...exits].reverse().find((x) => x.step < first.step)!;
    const after = cursorAt(r, exit.t + 10_000 + 100);
    expect(whyHeld(r, 'default/flaky/worker', after)).toEqual([
      `Exited with code 1 at ${formatClock(exit.t)}; not in back-off: the next sync restarts it.`,
    ]);
  });
});

describe('whyEntityHeld: SyncPod and the pod worker', () => {
  const r = run('poststart-hang-order');
  const appStarted = afterEvent(
    r,
    (e) => e.reason === 'Started' && e.fieldPath === 'spec.containers{app}',
  );

  it("says SyncPod waits for app's startContainer, held by its PostStart hook", () => {
    const later = cursorAt(r, appStarted.t + 5_000);
    const sync = whyEntityHeld(r, 'syncPod:default/web', later);
    expect(sync).toHaveLength(1);
    expect(sync[0]).toContain(
      `: Waiting for app's PostStart hook (exec [sh -c sleep 20]) to return since ${formatClock(appStarted.t)}: `,
    );
    expect(sync[0]).toMatch(/^SyncPod waits for app's startContainer since (.+?): /);
    // SyncPod entered its waiting state when it handed app to startContainer: before the hook.
    const since = /since (.+?):/.exec(sync[0]!)![1]!;
    const sp = r.trace.entities.findIndex((e) => e.id === 'syncPod:default/web');
    const { steps, strings } = r.trace;
    const entered = steps.t.findIndex(
      (_, i) => steps.entity[i] === sp && strings[steps.to[i]!] === 'runtime.waitingForContainer',
    );
    expect(since).toBe(formatClock(steps.t[entered]!));
    // The pod worker runs that SyncPod, and says so before SyncPod's own reason.
    expect(whyEntityHeld(r, 'podWorker:default/web', later)).toEqual([
      expect.stringMatching(/^The pod worker runs SyncPod since /),
      sync[0],
    ]);
    expect(whyEntityHeld(r, 'pleg', later)).toEqual([]);
  });
});

describe("the pod worker's requeue", () => {
  it('after a failed sync: the back-off requeue and when it is due, from the machine', () => {
    const r = run('crashloop-backoff');
    const { steps, strings, entities } = r.trace;
    const id = 'podWorker:default/flaky';
    const e = entities.findIndex((x) => x.id === id);
    const mine = steps.t.map((_, k) => k).filter((k) => steps.entity[k] === e);
    // A failed sync whose requeue came due before anything else moved the worker.
    const k = mine.findIndex(
      (s, n) =>
        strings[steps.guard[s]!] === 'sync failed' &&
        strings[steps.to[mine[n + 1]!]!] === 'idle.due',
    );
    expect(k).toBeGreaterThanOrEqual(0);
    const failed = mine[k]!;
    const due = mine[k + 1]!;
    const text = whyEntityHeld(r, id, failed + 1).join(' ');
    expect(text).toContain('wait.Jitter(backOffPeriod 10 s, 0.5) after a sync error');
    expect(text).toContain(`due at ${formatClock(steps.t[due]!)}`);
    expect(whyEntityHeld(r, id, due + 1).join(' ')).toContain("The pod's work-queue entry is due");
  });
});
