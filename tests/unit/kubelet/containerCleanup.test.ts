/**
 * Kubelet.cleanUpContainersInPod after a PLEG ContainerDied (kubelet.go syncLoopIteration):
 * podContainerDeletor keeps the newest dead instance of the container, unless
 * podWorkers.ShouldPodContentBeRemoved, when every dead container of the pod goes.
 */
import { describe, expect, it } from 'vitest';
import { compileRun } from '../../../src/sim/kubelet/config';
import { own2 } from '../../../src/sim/core/cow';
import { shouldPodContentBeRemoved } from '../../../src/sim/kubelet/podWorkers';
import { bootstrap, emptyDomain, kubeletEngineSpec } from '../../../src/sim/kubelet/spec';
import type { KubeletDomain, PodSyncStatus } from '../../../src/sim/kubelet/types';
import { createWorld, Engine } from '../../../src/sim/runner/engine';
import { loadPreset } from '../../../src/sim/scenario/presets';
import { kubeletOf, scenarioForVersion } from '../../../src/sim/versions';
import { simulate } from '../../../src/sim/index';
import { pod, runText, scenario } from './helpers';

function domain(workers: Record<string, Partial<PodSyncStatus>>, podsSynced: boolean) {
  return { workers, podsSynced } as unknown as KubeletDomain;
}

describe('ShouldPodContentBeRemoved', () => {
  it('a known pod: once it is deleted and terminated (SyncTerminatingPod returned)', () => {
    const at = { syncedAt: 0, working: false, lastSyncT: -1 };
    const d = domain(
      {
        running: at,
        deletedTerminating: { ...at, deleted: true, terminatingAt: 5 },
        deletedTerminated: { ...at, deleted: true, terminatingAt: 5, terminatedAt: 7 },
        deletedFinished: { ...at, deleted: true, terminatedAt: 7, finished: true },
        finishedNotDeleted: { ...at, terminatedAt: 7, finished: true },
      },
      true,
    );
    expect(shouldPodContentBeRemoved(d, 'running')).toBe(false);
    expect(shouldPodContentBeRemoved(d, 'deletedTerminating')).toBe(false);
    // IsTerminated, not IsFinished: SyncTerminatedPod need not have run.
    expect(shouldPodContentBeRemoved(d, 'deletedTerminated')).toBe(true);
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

describe('a deleted pod once SyncTerminatingPod returned', () => {
  it('its dead containers go at their ContainerDied, and the final status still shows how they ended', () => {
    const s = loadPreset('delete-grace-period');
    if (!s.ok) throw new Error('delete-grace-period does not parse');
    const r = simulate(s.scenario);
    const msgs = r.trace.logs.map((l) => l.msg);
    const terminated = msgs.indexOf('Pod terminated all containers successfully');
    const removing = msgs.indexOf('Removing container');
    const terminatedPod = msgs.indexOf('SyncTerminatedPod enter');
    // Removed after the pod is terminated, before SyncTerminatedPod runs.
    expect(terminated).toBeGreaterThan(0);
    expect(removing).toBeGreaterThan(terminated);
    expect(removing).toBeLessThan(terminatedPod);
    // The status stored before the removal carries the exit code (convertToAPIContainerStatuses
    // keeps a removed container's terminated status), and no status after it loses it.
    const statuses = r.trace.logs.filter((l) => l.msg === 'Status for pod updated successfully');
    const last = statuses[statuses.length - 1]!;
    expect(last.step).toBeLessThan(r.trace.logs.at(removing)!.step);
    expect(last.kv.find(([k]) => k === 'status')![1]).toContain('"exitCode":143');
  });
});

describe('a ContainerDied for a pod the kubelet no longer knows', () => {
  it('is logged as irrelevant, and the pod’s dead containers are still cleaned up', () => {
    const s = loadPreset('delete-grace-period');
    if (!s.ok) throw new Error('delete-grace-period does not parse');
    const scenario = s.scenario;
    const cfg = compileRun(scenarioForVersion(scenario));
    const engine = new Engine(kubeletEngineSpec(cfg, kubeletOf(scenario)));
    const world = createWorld<KubeletDomain>(scenario.seed, emptyDomain(cfg));
    bootstrap(cfg, engine.api(world, 'engine', null));
    // The pod is deleted at 30 s; its app container has exited by 31.9 s (before the relist
    // that reports it and its removal).
    engine.run(world, 31_900);
    const [uid] = Object.keys(world.domain.pods);
    const dead = Object.values(world.domain.runtime.containers).find(
      (c) => c.podUid === uid && c.state === 'EXITED',
    )!;
    expect(dead).toBeDefined();
    // By 40 s it was removed and so was the pod (SyncLoop REMOVE).
    engine.run(world, 40_000);
    expect(world.domain.pods[uid!]!.removed).toBe(true);
    expect(world.domain.runtime.containers[dead.id]).toBeUndefined();
    // A dead container of that pod the runtime lists again (one whose removal failed, say):
    // the next relist reports its ContainerDied.
    own2(world.domain, 'runtime', 'containers')[dead.id] = dead;
    own2(world.domain, 'runtime', 'podContainers')[uid!] = Object.freeze([dead.id]);
    own2(world.domain, 'pleg', 'dirty')[uid!] = true;
    const after = engine.run(world, 42_000);
    expect(after.logs.map((l) => l.msg)).toEqual(
      expect.arrayContaining([
        'SyncLoop (PLEG): pod does not exist, ignore irrelevant event',
        'Removing container',
      ]),
    );
    expect(world.domain.runtime.containers[dead.id]).toBeUndefined();
  });
});
