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

  it('with nothing running, killPod returns at once: the guard decides as termination starts', () => {
    const run = runText(
      scenario({
        pods: pod(
          'job',
          `restartPolicy: Never
containers:
  - { name: work, image: busybox:1.36 }`,
        ),
        faults:
          '  - { kind: ContainerExit, target: default/job/work, afterSeconds: 2, exitCode: 1, reason: Error }',
      }),
    );
    const { steps, strings, entities } = run.trace;
    const ent = entities.findIndex((e) => e.id === 'podWorker:default/job');
    const rows = steps.t
      .map((t, i) => ({
        t,
        ent: steps.entity[i],
        to: strings[steps.to[i]!],
        guard: strings[steps.guard[i]!],
      }))
      .filter((r) => r.ent === ent && r.guard === 'no containers running');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.to).toBe('idle.requeued');
    // No kill instance was started, and the worker logs the end of termination in that step.
    expect(entities.some((e) => e.kind === 'killContainer')).toBe(false);
    const done = run.trace.logs.find(
      (l) => l.msg === 'Pod terminated all containers successfully',
    )!;
    expect(done.t).toBe(rows[0]!.t);
  });
});
