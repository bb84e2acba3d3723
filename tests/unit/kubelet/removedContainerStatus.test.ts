/**
 * convertToAPIContainerStatuses (kubelet_pods.go) starts each container from the status the
 * status manager holds: a container the runtime no longer lists keeps a terminated status whole
 * (`status = &oldStatus`), else it waits with its old restart count and last termination. The
 * runtime's own records replace those defaults (with RestartAllContainersOnContainerExits, on
 * from 1.36, keeping the old restart count when it is higher).
 */
import { describe, expect, it } from 'vitest';
import { clonePlain } from '../../../src/sim/core/clone';
import { postTerminationContainers } from '../../../src/sim/kubelet/format';
import { getPodStatus } from '../../../src/sim/kubelet/runtime';
import { generateAPIPodStatus } from '../../../src/sim/kubelet/statusManager';
import type { CachedPodStatus } from '../../../src/sim/kubelet/types';
import { runPreset } from './helpers';

const run = runPreset('delete-grace-period');

/** The world just after SyncTerminatingPod stored the final status (the app exited 143). */
function afterTermination() {
  const line = run.trace.logs.find((l) => l.msg === 'Pod terminated all containers successfully')!;
  const w = run.stateAt(line.step + 1);
  const pod = Object.values(run.config.pods)[0]!;
  const d = clonePlain(w.domain);
  // The runtime as SyncTerminatingPod read it again (the PLEG cache has not relisted yet).
  return { w, d, pod, ps: getPodStatus(d, pod.uid, w.t) };
}

/** The runtime status without the pod's containers (removed), as a fresh cache entry. */
function withoutContainers(ps: CachedPodStatus): CachedPodStatus {
  const containers: CachedPodStatus['containers'] = [];
  return Object.freeze({ ...ps, containers: Object.freeze(containers) as typeof containers });
}

describe('a container the runtime no longer lists', () => {
  it('keeps the terminated status the status manager holds', () => {
    const { w, d, pod, ps } = afterTermination();
    const stored = d.status[pod.uid]!.containerStatuses[0]!;
    expect(stored.state.terminated?.exitCode).toBe(143);
    const gen = generateAPIPodStatus(run.config, d, pod, withoutContainers(ps), w.t, true);
    expect(gen.status.containerStatuses[0]).toEqual(stored);
    expect(gen.status.phase).toBe('Failed');
  });

  it('with no terminated status, waits with the old restart count and last state', () => {
    const { w, d, pod, ps } = afterTermination();
    const stored = d.status[pod.uid]!;
    const lastState = { terminated: { exitCode: 1, reason: 'Error', finishedAt: 5_000 } };
    d.status[pod.uid] = {
      ...stored,
      containerStatuses: [
        {
          ...stored.containerStatuses[0]!,
          state: { waiting: { reason: 'CrashLoopBackOff' } },
          lastState,
          restartCount: 4,
        },
      ],
    };
    const gen = generateAPIPodStatus(run.config, d, pod, withoutContainers(ps), w.t, true);
    const c = gen.status.containerStatuses[0]!;
    expect(c.state).toEqual({ waiting: { reason: 'ContainerCreating' } });
    expect(c.restartCount).toBe(4);
    expect(c.lastState).toEqual(lastState);
    expect(c.containerID).toBeUndefined();
  });

  it('the runtime’s record, when there is one, replaces the old status', () => {
    const { w, d, pod, ps } = afterTermination();
    const stored = d.status[pod.uid]!;
    d.status[pod.uid] = {
      ...stored,
      containerStatuses: [{ ...stored.containerStatuses[0]!, restartCount: 9 }],
    };
    // Without RestartAllContainersOnContainerExits (before 1.36 by default) the record's count.
    const off = { ...pod, restartAllContainersGate: false };
    const gen = generateAPIPodStatus(run.config, d, off, ps, w.t, true);
    expect(gen.status.containerStatuses[0]!.restartCount).toBe(0);
    expect(gen.status.containerStatuses[0]!.state.terminated?.exitCode).toBe(143);
    // With it (on from 1.36) a restart count never goes back: the old one stays.
    const on = generateAPIPodStatus(run.config, d, pod, ps, w.t, true);
    expect(on.status.containerStatuses[0]!.restartCount).toBe(9);
    expect(on.status.containerStatuses[0]!.state.terminated?.exitCode).toBe(143);
  });
});

describe('"Post-termination container state"', () => {
  it('lists each container the runtime has, and is null for a pod with none (a nil Go slice)', () => {
    expect(postTerminationContainers([])).toBe('null');
    const { ps } = afterTermination();
    expect(JSON.parse(postTerminationContainers(ps.containers))).toEqual([
      { Name: 'app', State: 'exited', ExitCode: 143, FinishedAt: '2026-11-22T10:00:31.5Z' },
    ]);
  });
});
