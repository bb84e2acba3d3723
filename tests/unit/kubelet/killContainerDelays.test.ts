/**
 * SyncTerminatingPod's killContainer waits are named delays of a killContainer instance per
 * container: the PreStop hook's duration (cut at the grace period) and StopContainer's stop
 * time, with the grace period left after the hook.
 */
import { describe, expect, it } from 'vitest';
import type { SimulationRun } from '../../../src/sim/index';
import { pod, runText, scenario } from './helpers';

function rows(run: SimulationRun, id: string) {
  const { steps, strings, entities } = run.trace;
  const ent = entities.findIndex((e) => e.id === id);
  return steps.t
    .map((t, i) => ({
      t,
      ent: steps.entity[i],
      event: strings[steps.event[i]!]!,
      to: strings[steps.to[i]!]!,
      guard: strings[steps.guard[i]!]!,
    }))
    .filter((r) => r.ent === ent)
    .map((r) => ({ t: r.t, event: r.event, to: r.to, guard: r.guard }));
}

function kv(run: SimulationRun, msg: string) {
  const line = run.trace.logs.find((l) => l.msg === msg)!;
  expect(line, msg).toBeDefined();
  return { t: line.t, kv: Object.fromEntries(line.kv ?? []) as Record<string, string> };
}

const withPreStop = (seconds: number, grace: number) =>
  runText(
    scenario({
      pods: pod(
        'web',
        `containers:
  - name: app
    image: busybox:1.36
    lifecycle: { preStop: { sleep: { seconds: ${seconds} } } }`,
      ),
      actions: `  - { kind: DeletePod, at: 10s, target: default/web, gracePeriodSeconds: ${grace} }`,
    }),
  );

describe('killContainer named delays', () => {
  it('waits the PreStop hook out, then StopContainer with the grace period left', () => {
    const run = withPreStop(4, 20);
    const r = rows(run, 'killContainer:default/web/app');
    expect(r.map((x) => `${x.event} ${x.to} [${x.guard}]`)).toEqual([
      'xstate.init preStop [runs a PreStop hook]',
      'xstate.after.preStopHook.killContainer.preStop stopping []',
      'xstate.after.stopContainer.killContainer.stopping stopped []',
    ]);
    // preStopHook: the hook's 4 s; stopContainer: the runtime's stop time (200 ms).
    expect(r[1]!.t - r[0]!.t).toBe(4000);
    expect(r[2]!.t - r[1]!.t).toBe(200);
    expect(kv(run, 'PreStop hook completed').t).toBe(r[1]!.t);
    // grace 20 - 4 s spent in the hook.
    expect(kv(run, 'Killing container with a grace period').kv.gracePeriod).toBe('16');
    expect(kv(run, 'Container exited normally').t).toBe(r[2]!.t);
  });

  it('cuts a PreStop hook at the grace period and stops with the 2 s minimum', () => {
    const run = withPreStop(10, 3);
    const r = rows(run, 'killContainer:default/web/app');
    expect(r[1]!.guard).toBe('PreStop hook outlived the grace period');
    expect(r[1]!.t - r[0]!.t).toBe(3000);
    const timedOut = kv(run, 'PreStop hook not completed in grace period');
    expect(timedOut.t).toBe(r[1]!.t);
    expect(timedOut.kv.gracePeriod).toBe('3');
    expect(kv(run, 'Killing container with a grace period').kv.gracePeriod).toBe('2');
  });

  it('without a hook, StopContainer is called at once and its wait is the stop time', () => {
    const run = runText(
      scenario({
        pods: pod('web', `containers:\n  - { name: app, image: busybox:1.36 }`),
        actions: '  - { kind: DeletePod, at: 10s, target: default/web, gracePeriodSeconds: 5 }',
      }),
    );
    const r = rows(run, 'killContainer:default/web/app');
    expect(r.map((x) => `${x.event} ${x.to}`)).toEqual([
      'xstate.init stopping',
      'xstate.after.stopContainer.killContainer.stopping stopped',
    ]);
    expect(kv(run, 'Killing container with a grace period').t).toBe(r[0]!.t);
    expect(r[1]!.t - r[0]!.t).toBe(200);
  });
});
