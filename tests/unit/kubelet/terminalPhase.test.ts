/**
 * generateAPIPodStatus's three-way merge (kubelet_pods.go): a pod whose status the status
 * manager holds as Failed or Succeeded keeps that phase, whatever getPhase gives ("Status
 * manager phase was terminal, updating phase to match"). A kubelet restarted between
 * SyncTerminatingPod (which stores the final status) and SyncTerminatedPod generates the status
 * again: it must not move the pod out of Failed.
 */
import { describe, expect, it } from 'vitest';
import { formatKlog } from '../../../src/sim/index';
import { pod, rejectedByMaxPods, runText, scenario } from './helpers';

describe('a terminal phase the status manager holds', () => {
  const r = runText(
    scenario({
      pods: pod('web', 'containers:\n  - name: app\n    image: nginx:1.27'),
      actions: [
        '  - { kind: DeletePod, at: 10s, target: default/web, gracePeriodSeconds: 7 }',
        '  - { kind: RestartKubelet, at: 10500ms, downtime: 1s }',
      ].join('\n'),
      horizon: '40s',
    }),
  );
  const lines = r.trace.logs.map(formatKlog);
  const failedAt = lines.findIndex((l) =>
    /status=\{("observedGeneration":\d+,)?"phase":"Failed"/.test(l),
  );

  it('is never patched back to another phase after it was stored', () => {
    expect(failedAt).toBeGreaterThan(0);
    const later = lines.slice(failedAt + 1).filter((l) => l.includes('"Patch status for pod"'));
    for (const l of later) expect(l).not.toMatch(/\\"phase\\":\\"(Running|Pending)\\"/);
  });

  it('is kept by the merge, which says so, after "Got phase for pod" names what getPhase gave', () => {
    const i = lines.findIndex((l) =>
      l.includes('"Status manager phase was terminal, updating phase to match"'),
    );
    expect(i).toBeGreaterThan(failedAt);
    expect(lines[i]).toContain('pod="default/web" phase="Failed"');
    expect(lines[i - 1]).toMatch(
      /"Got phase for pod" pod="default\/web" oldPhase="Failed" phase="(Running|Pending)"/,
    );
  });
});

describe('HandlePodAdditions after a restart, for a pod already terminal', () => {
  // maxPods 1: b is rejected (OutOfpods, phase Failed); the kubelet restarts at 20 s.
  const r = rejectedByMaxPods({
    actions: '  - { kind: RestartKubelet, at: 20s, downtime: 2s }',
    horizon: '40s',
  });
  const after = r.trace.logs.filter((l) => l.t >= 22_000).map(formatKlog);
  const uidB = Object.values(r.config.pods).find((p) => p.key === 'default/b')!.uid;
  // (some pod-worker lines name the pod by its UID alone)
  const ofB = (msg: string) =>
    after.filter((l) => l.includes(msg) && (l.includes('default/b') || l.includes(uidB)));

  it('is not admitted again, but its worker syncs it and finds it terminal', () => {
    expect(ofB('"Pod admission denied"')).toEqual([]);
    expect(ofB('"Pod is being synced for the first time"')).toHaveLength(1);
    // getPhase gives Pending (no container), the merge keeps Failed.
    expect(ofB('"Got phase for pod"')[0]).toContain('oldPhase="Failed" phase="Pending"');
    expect(ofB('"Status manager phase was terminal, updating phase to match"')[0]).toContain(
      'phase="Failed"',
    );
    expect(ofB('"SyncTerminatingPod enter"')).toHaveLength(1);
    expect(ofB('"Pod is complete and the worker can now stop"')).toHaveLength(1);
  });

  it('keeps its phase, with the rejection’s reason and message, and starts nothing', () => {
    expect(ofB('"Creating PodSandbox for pod"')).toEqual([]);
    const statuses = ofB('"Status for pod updated successfully"');
    expect(statuses.length).toBeGreaterThan(0);
    for (const l of statuses) {
      expect(l).toContain('"phase":"Failed"');
      expect(l).toContain('"reason":"OutOfpods"');
      expect(l).toContain('"message":"Pod was rejected: Node didn\'t have enough resource: pods');
    }
  });
});
