/**
 * Perturbations fork the run at the cursor: over the real engine, everything up to
 * the cursor is byte-identical and the future changes as the kubelet would.
 */
import { describe, expect, it } from 'vitest';
import {
  eventsAt,
  podsAt,
  simulate,
  type SimulationRun,
  loadPreset,
  type PresetId,
  validateScenario,
  toScenarioInput,
} from '../sim';
import {
  armedAfter,
  perturb,
  PERTURBATIONS,
  perturbTargetOf,
  runningSince,
  unavailable,
  noEffect,
  containerSpecOf,
  withCpuRequest,
  cpuRequestProblem,
  cpuRequestOf,
  type PerturbationKind,
} from './perturbations';
import type { Scenario } from './types';

function preset(id: PresetId): Scenario {
  const r = loadPreset(id);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.scenario;
}

/** The trace's steps, events, logs and records up to and including time t, as text. */
function pastOf(run: SimulationRun, t: number): string {
  const tr = run.trace;
  const n = tr.steps.t.findIndex((x) => x > t);
  const steps = Array.from({ length: n < 0 ? tr.steps.t.length : n }, (_, i) =>
    [
      tr.steps.t[i],
      tr.entities[tr.steps.entity[i]!]!.id,
      tr.strings[tr.steps.event[i]!],
      tr.strings[tr.steps.from[i]!],
      tr.strings[tr.steps.to[i]!],
    ].join(' '),
  );
  const upTo = <X extends { t: number }>(xs: X[]) => xs.filter((x) => x.t <= t);
  return JSON.stringify([steps, upTo(tr.events), upTo(tr.logs.slice()), upTo(tr.records)]);
}

const restartsAtEnd = (run: SimulationRun) =>
  podsAt(run, run.trace.steps.t.length).flatMap((p) => p.containers.map((c) => c.restartCount));

describe('perturb: the run forks at the cursor', () => {
  const base = preset('hello-pod');
  const run = simulate(base);
  const app = { pod: 'default/web', container: 'default/web/app' };
  // Cursor times: while the container runs, and before it was even created.
  const started = run.trace.records.find((r) => r.kind === 'containerStarted')!.t;

  const kinds: Exclude<PerturbationKind, 'CpuRequest'>[] = [
    'ContainerExit',
    'OOMKilled',
    'ReadinessProbeFail',
    'SandboxDied',
    'DeletePod',
    'RestartKubelet',
  ];
  for (const kind of kinds)
    it(`${kind}: the past is byte-identical, the future is not`, () => {
      const t = started + 1500;
      const forked = simulate(perturb(base, kind, app, t, run));
      expect(pastOf(forked, t)).toBe(pastOf(run, t));
      expect(pastOf(forked, base.horizon)).not.toBe(pastOf(run, base.horizon));
    });

  it('a start failure armed before the start: Failed "Error: failed to create containerd task", StartError 128', () => {
    const forked = simulate(perturb(base, 'StartContainerError', app, 500, run));
    const failed = forked.trace.events.find((e) => e.reason === 'Failed')!;
    expect(failed.message).toMatch(/^Error: failed to create containerd task: /);
    const c = podsAt(forked, forked.trace.steps.t.length)[0]!.containers[0]!;
    // Only the next start fails: the retry runs, and the failed instance is the last state.
    expect(c.state).toBe('Running');
    expect(c.lastState).toMatchObject({ reason: 'StartError', exitCode: 128 });
    expect(pastOf(forked, 500)).toBe(pastOf(run, 500));
  });

  it('an exit "here" kills the instance running at the cursor, at the cursor', () => {
    const t = started + 2000;
    const s = perturb(base, 'ContainerExit', app, t, run);
    const f = s.faults.at(-1)!;
    expect(f).toMatchObject({ kind: 'ContainerExit', at: started, times: 1, exitCode: 1 });
    const forked = simulate(s);
    const exited = forked.trace.records.find((r) => r.kind === 'containerExited')!;
    expect(exited.t).toBe(armedAfter(t));
    expect(restartsAtEnd(forked)).toEqual([1]);
    expect(restartsAtEnd(run)).toEqual([0]);
  });

  it('a sandbox killed "here" dies at the cursor: SandboxChanged, re-created with attempt 1', () => {
    const t = started + 3000;
    const s = perturb(base, 'SandboxDied', app, t, run);
    const created = run.trace.records.find((r) => r.kind === 'sandboxCreated')!.t;
    expect(s.faults.at(-1)).toMatchObject({ kind: 'SandboxDied', at: created, times: 1 });
    const forked = simulate(s);
    const changed = forked.trace.events.find((e) => e.reason === 'SandboxChanged')!;
    expect(changed.t).toBeGreaterThan(t);
    expect(forked.trace.records.filter((r) => r.kind === 'sandboxCreated')).toHaveLength(2);
    expect(restartsAtEnd(forked)).toEqual([1]);
  });

  it('OOMKilled says so in the container last state', () => {
    const forked = simulate(perturb(base, 'OOMKilled', app, started + 1000, run));
    const c = podsAt(forked, forked.trace.steps.t.length)[0]!.containers[0]!;
    expect(JSON.stringify(c)).toContain('OOMKilled');
  });

  it('a pull failure armed before the pull gives ErrImagePull then a retry that works', () => {
    const s = preset('slow-image-blocks-neighbour');
    const r = simulate(s);
    const target = (() => {
      const m = s.pods[0]!.manifest;
      const key = `${m.metadata.namespace}/${m.metadata.name}`;
      return { pod: key, container: `${key}/${m.spec.containers[0]!.name}` };
    })();
    const forked = simulate(perturb(s, 'ImagePullError', target, 0, r));
    const reasons = eventsAt(forked.trace, forked.trace.steps.t.length).map((e) => e.reason);
    expect(reasons).toContain('Failed');
    expect(reasons).toContain('BackOff');
    expect(reasons.filter((x) => x === 'Pulled').length).toBeGreaterThan(0);
  });

  it('a container that is not running at the cursor exits after its next start', () => {
    expect(runningSince(run, 'default/web/app', started - 1)).toBeNull();
    expect(runningSince(run, 'default/web/app', started + 10)).toBe(started);
    const s = perturb(base, 'ContainerExit', app, 0, run);
    expect(s.faults.at(-1)).toMatchObject({ at: 1, afterSeconds: 0 });
  });

  it('every perturbed scenario is still a valid scenario file', () => {
    for (const item of PERTURBATIONS) {
      if (item.kind === 'CpuRequest') continue;
      const s = perturb(base, item.kind, app, started + 500, run);
      const r = validateScenario(toScenarioInput(s, { durations: 'text', stripDefaults: true }));
      expect(r.ok, item.kind).toBe(true);
    }
  });
});

describe('CPU request edits', () => {
  const s = preset('static-vs-none');
  it('keeps a Guaranteed container Guaranteed: the equal limit follows', () => {
    const edited = withCpuRequest(s, 'default/web/app', '4');
    const spec = containerSpecOf(edited, 'default/web/app')!;
    expect(spec.resources?.requests?.cpu).toBe('4');
    expect(spec.resources?.limits?.cpu).toBe('4');
    expect(cpuRequestOf(s, 'default/web/app')).not.toBe('4');
    // Other containers are untouched.
    expect(containerSpecOf(edited, 'default/web/log-shipper')).toEqual(
      containerSpecOf(s, 'default/web/log-shipper'),
    );
  });
  it('says when the API server would refuse the request: above a limit that does not follow', () => {
    // hello-pod's app: requests 250m, limits 500m (the limit does not follow the request).
    const h = preset('hello-pod');
    expect(cpuRequestProblem(h, 'default/web/app', '2')).toBe(
      'must be less than or equal to cpu limit of 500m',
    );
    expect(cpuRequestProblem(h, 'default/web/app', '500m')).toBeNull();
    // A Guaranteed container's limit follows its request: never refused.
    expect(cpuRequestProblem(s, 'default/web/app', '6')).toBeNull();
    // And the editor refuses the scenario the refused request would make.
    const r = validateScenario(
      toScenarioInput(withCpuRequest(h, 'default/web/app', '2'), {
        durations: 'text',
        stripDefaults: true,
      }),
    );
    expect(r.ok).toBe(false);
  });

  it('gives the container the CPUs the static policy takes for the new request', () => {
    const count = (sc: Scenario) => {
      const r = simulate(sc);
      const rec = r.trace.records.filter((x) => x.kind === 'cpuset').at(-1);
      return rec ? JSON.stringify(rec.data) : '';
    };
    expect(count(withCpuRequest(s, 'default/web/app', '4'))).not.toBe(count(s));
  });
});

describe('menu helpers', () => {
  it('offers probe and hook faults only where the spec has them', () => {
    const s = preset('hello-pod');
    const spec = containerSpecOf(s, 'default/web/app')!;
    expect(unavailable('LivenessProbeFail', spec)).toBe(
      spec.livenessProbe ? null : 'it has no livenessProbe',
    );
    expect(unavailable('PostStartHang', { name: 'x', image: 'y' })).toBe(
      'it has no postStart hook',
    );
    expect(unavailable('ContainerExit', { name: 'x', image: 'y' })).toBeNull();
  });
  it('targets the selection: container, pod, or nothing for a CPU', () => {
    expect(perturbTargetOf({ kind: 'container', container: 'a/b/c', pod: 'a/b' })).toEqual({
      pod: 'a/b',
      container: 'a/b/c',
    });
    expect(perturbTargetOf({ kind: 'pod', pod: 'a/b' })).toEqual({ pod: 'a/b' });
    expect(perturbTargetOf({ kind: 'cpu', cpu: 3 })).toBeNull();
    expect(perturbTargetOf(null)).toBeNull();
  });
});

describe('a perturbation that cannot change anything says so', () => {
  it('a pull fault on a present image with IfNotPresent has no effect; on a missing one it has', () => {
    const hello = simulate(preset('hello-pod'));
    for (const k of ['ImagePullError', 'ImagePullErrorAlways', 'ImagePullSlow'] as const)
      expect(noEffect(k, hello, 'default/web/app', 100)).toBe(
        'no effect: the image is present and imagePullPolicy is IfNotPresent',
      );
    expect(noEffect('ContainerExit', hello, 'default/web/app', 100)).toBeNull();
    // The breakdown's api image is pulled at 5 s: a pull fault before then acts, after it does not.
    const sb = simulate(preset('startup-time-breakdown'));
    const started = sb.trace.records.find((r) => r.kind === 'pullStarted')!;
    const done = started.t + started.data.ms;
    expect(noEffect('ImagePullSlow', sb, 'default/shop-api/api', started.t - 1)).toBeNull();
    expect(noEffect('ImagePullSlow', sb, 'default/shop-api/api', done + 1)).toMatch(/^no effect/);
    // And the claim is true: the edit leaves the run's events as they were.
    const t = done + 1;
    const edited = simulate(
      perturb(
        sb.scenario,
        'ImagePullSlow',
        { pod: 'default/shop-api', container: 'default/shop-api/api' },
        t,
      ),
    );
    expect(JSON.stringify(edited.trace.events)).toBe(JSON.stringify(sb.trace.events));
  });

  it('a fault on the next start or PostStart acts only if the container starts again', () => {
    const hello = simulate(preset('hello-pod'));
    const app = 'default/web/app';
    const target = { pod: 'default/web', container: app };
    const started = hello.trace.records.find((r) => r.kind === 'containerStarted')!;
    for (const k of ['PostStartHang', 'PostStartFail', 'StartContainerError'] as const) {
      expect(noEffect(k, hello, app, 0)).toBeNull();
      const after = started.t + 100;
      expect(noEffect(k, hello, app, after)).toBe(
        'no effect: app is not started again in this run',
      );
      // And the claim is true: armed after the only start, the run's events are unchanged.
      const edited = simulate(perturb(hello.scenario, k, target, after));
      expect(JSON.stringify(edited.trace.events)).toBe(JSON.stringify(hello.trace.events));
    }
    // A crash loop starts its container again: the fault acts.
    const loop = simulate(preset('crashloop-backoff'));
    expect(noEffect('StartContainerError', loop, 'default/flaky/worker', 60_000)).toBeNull();
  });
});
