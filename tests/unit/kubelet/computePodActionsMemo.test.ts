/**
 * computePodActions keeps its last result per pod and gives it again while what it reads is
 * unchanged (the PLEG cache entry by identity, the deletion flag, the probe results it read):
 * anything else must give fresh actions, equal to what a computation without the memo gives.
 */
import { describe, expect, it } from 'vitest';
import { clonePlain } from '../../../src/sim/core/clone';
import { computePodActions } from '../../../src/sim/kubelet/computePodActions';
import type { CachedPodStatus } from '../../../src/sim/kubelet/types';
import { runPreset } from './helpers';

const run = runPreset('sidecar-startup-probe');
const steps = run.trace.steps.t.length;

/** A copy of the world at the end, its pod and cache entry, and the sidecar's startup key. */
function setting() {
  const d = clonePlain(run.stateAt(steps).domain);
  const pod = Object.values(run.config.pods)[0]!;
  const ps = d.cache.pods[pod.uid]!;
  const key = Object.keys(d.probeResults).find((k) => k.startsWith('startup/'))!;
  return { d, pod, ps, key };
}

/** The same computation with no memo: the memo is kept per pod definition, and a copy has none. */
const cold = (...[pod, ps, d]: Parameters<typeof computePodActions>) =>
  computePodActions({ ...pod }, ps, d);

describe('computePodActions memo', () => {
  it('gives the same frozen result again when nothing it reads changed', () => {
    const { d, pod, ps } = setting();
    expect(Object.isFrozen(ps)).toBe(true);
    const a = computePodActions(pod, ps, d);
    const b = computePodActions(pod, ps, d);
    expect(b).toBe(a);
    expect(Object.isFrozen(a.actions.containersToStart)).toBe(true);
    expect(a).toEqual(cold(pod, ps, d));
  });

  it('a failed startup probe of the running sidecar gives fresh actions: kill and restart it', () => {
    const { d, pod, ps, key } = setting();
    const warm = computePodActions(pod, ps, d);
    expect(warm.actions.containersToKill).toEqual([]);
    d.probeResults[key] = 'Failure';
    const after = computePodActions(pod, ps, d);
    expect(after).not.toBe(warm);
    expect(after.actions.containersToKill.map((k) => k.reason)).toEqual(['StartupProbe']);
    expect(after).toEqual(cold(pod, ps, d));
    // Back to what it read first: the actions are those of the first call again.
    d.probeResults[key] = 'Success';
    expect(computePodActions(pod, ps, d)).toEqual(warm);
  });

  it('a new cache entry or a deletion gives fresh actions', () => {
    const { d, pod, ps } = setting();
    const warm = computePodActions(pod, ps, d);
    // The app's container gone from the cache: it is to be started again.
    const without = Object.freeze({
      ...ps,
      containers: Object.freeze(ps.containers.filter((c) => c.name !== 'app')),
    }) as CachedPodStatus;
    const fresh = computePodActions(pod, without, d);
    expect(fresh.actions.containersToStart).toEqual([0]);
    expect(fresh).toEqual(cold(pod, without, d));
    expect(computePodActions(pod, ps, d)).toEqual(warm);
    expect(computePodActions(pod, without, d)).toEqual(fresh);
    d.pods[pod.uid] = { ...d.pods[pod.uid]!, deletionAt: 1 };
    const deleted = computePodActions(pod, without, d);
    expect(deleted.actions.containersToStart).toEqual([]);
    expect(deleted).toEqual(cold(pod, without, d));
  });
});
