/**
 * Kubelet.cleanUpContainersInPod after a PLEG ContainerDied (kubelet.go syncLoopIteration):
 * podContainerDeletor keeps the newest dead instance of the container, unless
 * podWorkers.ShouldPodContentBeRemoved, when every dead container of the pod goes.
 */
import { describe, expect, it } from 'vitest';
import { shouldPodContentBeRemoved } from '../../../src/sim/kubelet/podWorkers';
import type { KubeletDomain, PodSyncStatus } from '../../../src/sim/kubelet/types';
import { pod, runText, scenario } from './helpers';

function domain(workers: Record<string, Partial<PodSyncStatus>>, podsSynced: boolean) {
  return { workers, podsSynced } as unknown as KubeletDomain;
}

describe('ShouldPodContentBeRemoved', () => {
  it('a known pod: only once it is deleted and its worker finished', () => {
    const at = { syncedAt: 0, working: false, lastSyncT: -1 };
    const d = domain(
      {
        running: at,
        deletedTerminated: { ...at, deleted: true, terminatingAt: 5, terminatedAt: 7 },
        deletedFinished: { ...at, deleted: true, terminatedAt: 7, finished: true },
        finishedNotDeleted: { ...at, terminatedAt: 7, finished: true },
      },
      true,
    );
    expect(shouldPodContentBeRemoved(d, 'running')).toBe(false);
    expect(shouldPodContentBeRemoved(d, 'deletedTerminated')).toBe(false);
    expect(shouldPodContentBeRemoved(d, 'deletedFinished')).toBe(true);
    expect(shouldPodContentBeRemoved(d, 'finishedNotDeleted')).toBe(false);
  });

  it('a pod the workers never had: once the workers were synced', () => {
    expect(shouldPodContentBeRemoved(domain({}, false), 'gone')).toBe(false);
    expect(shouldPodContentBeRemoved(domain({}, true), 'gone')).toBe(true);
  });
});

describe('podsSynced (SyncKnownPods at housekeeping)', () => {
  it('is set by the first housekeeping of each kubelet start', () => {
    const r = runText(
      scenario({
        pods: pod('web', 'containers:\n  - name: app\n    image: nginx:1.27'),
        actions: '  - { kind: RestartKubelet, at: 30s, downtime: 5s }',
      }),
    );
    const housekeeping = r.trace.logs.filter((l) => l.msg === 'SyncLoop (housekeeping)');
    const first = housekeeping[0]!;
    const afterRestart = housekeeping.find((l) => l.t > 35_000)!;
    expect(r.stateAt(first.step).domain.podsSynced).toBe(false);
    expect(r.stateAt(first.step + 1).domain.podsSynced).toBe(true);
    // The restarted kubelet starts again from its memory's defaults.
    expect(r.stateAt(afterRestart.step).domain.podsSynced).toBe(false);
    expect(r.stateAt(afterRestart.step + 1).domain.podsSynced).toBe(true);
  });
});
