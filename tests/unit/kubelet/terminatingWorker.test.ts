/**
 * The terminating pod worker (pod_workers.go SyncTerminatingPod → killPod): it leaves
 * `terminating` when the last outstanding StopContainer returns, decided by the machine's
 * guard 'last container stopped', not by an event its effect sends itself.
 */
import { describe, expect, it } from 'vitest';
import { pod, runText, scenario } from './helpers';

describe('terminating pod worker', () => {
  it('ends terminating on the last CONTAINER_STOPPED, by the guard', () => {
    const run = runText(
      scenario({
        pods: pod(
          'web',
          `containers:
  - { name: a, image: nginx:1.27 }
  - { name: b, image: busybox:1.36 }`,
        ),
        actions: '  - { kind: DeletePod, at: 10s, target: default/web, gracePeriodSeconds: 5 }',
      }),
    );
    const { steps, strings, entities } = run.trace;
    const ent = entities.findIndex((e) => e.id === 'podWorker:default/web');
    const rows = steps.t
      .map((t, i) => ({
        t,
        ent: steps.entity[i],
        event: strings[steps.event[i]!],
        from: strings[steps.from[i]!],
        to: strings[steps.to[i]!],
        guard: strings[steps.guard[i]!],
      }))
      .filter((r) => r.ent === ent && r.from === 'terminating');
    expect(rows.map((r) => `${r.event} ${r.to} [${r.guard}]`)).toEqual([
      'CONTAINER_STOPPED terminating []',
      // Idle, with the pod's work-queue entry due at once (completeWork after a phase transition).
      'CONTAINER_STOPPED idle.requeued [last container stopped]',
    ]);
    // "Pod terminated all containers successfully" in that same step.
    const done = run.trace.logs.find(
      (l) => l.msg === 'Pod terminated all containers successfully',
    )!;
    expect(done.t).toBe(rows[1]!.t);
  });
});
