/**
 * Kubelet.cleanUpContainersInPod after a PLEG ContainerDied (kubelet.go syncLoopIteration):
 * podContainerDeletor keeps the newest dead instance of the container, unless
 * podWorkers.ShouldPodContentBeRemoved, when every dead container of the pod goes.
 */
import { describe, expect, it } from 'vitest';
import { compileRun } from '../../../src/sim/kubelet/config';
import { SYNC_LOOP } from '../../../src/sim/kubelet/ids';
import { shouldPodContentBeRemoved } from '../../../src/sim/kubelet/podWorkers';
import { bootstrap, emptyDomain, kubeletEngineSpec } from '../../../src/sim/kubelet/spec';
import type { KubeletDomain, PodSyncStatus } from '../../../src/sim/kubelet/types';
import { createWorld, Engine } from '../../../src/sim/runner/engine';
import { loadPreset } from '../../../src/sim/scenario/presets';
import { kubeletOf, scenarioForVersion } from '../../../src/sim/versions';
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

describe('a ContainerDied for a pod the kubelet no longer knows', () => {
  it('is logged as irrelevant, and the pod’s dead containers are still cleaned up', () => {
    const s = loadPreset('delete-grace-period');
    if (!s.ok) throw new Error('delete-grace-period does not parse');
    const scenario = s.scenario;
    const cfg = compileRun(scenarioForVersion(scenario));
    const engine = new Engine(kubeletEngineSpec(cfg, kubeletOf(scenario)));
    const world = createWorld<KubeletDomain>(scenario.seed, emptyDomain(cfg));
    bootstrap(cfg, engine.api(world, 'engine', null));
    // The pod was deleted at 30 s and removed (SyncLoop REMOVE) by 40 s; its dead app
    // container is still in the runtime and the PLEG cache.
    engine.run(world, 40_000);
    const [uid] = Object.keys(world.domain.pods);
    expect(world.domain.pods[uid!]!.removed).toBe(true);
    const dead = world.domain.cache.pods[uid!]!.containers.find((c) => c.state === 'EXITED')!;
    expect(world.domain.runtime.containers[dead.id]).toBeDefined();
    // Its ContainerDied arrives again (a later relist of the same runtime state).
    engine
      .api(world, 'engine', null)
      .send(SYNC_LOOP, { type: 'PLEG', uid, event: 'ContainerDied', data: dead.id });
    const after = engine.run(world, 41_000);
    expect(after.logs.map((l) => l.msg)).toEqual(
      expect.arrayContaining([
        'SyncLoop (PLEG): pod does not exist, ignore irrelevant event',
        'Removing container',
      ]),
    );
    expect(world.domain.runtime.containers[dead.id]).toBeUndefined();
  });
});
