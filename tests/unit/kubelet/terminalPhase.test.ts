/**
 * generateAPIPodStatus's three-way merge (kubelet_pods.go): a pod whose status the status
 * manager holds as Failed or Succeeded keeps that phase, whatever getPhase gives ("Status
 * manager phase was terminal, updating phase to match"). A kubelet restarted between
 * SyncTerminatingPod (which stores the final status) and SyncTerminatedPod generates the status
 * again: it must not move the pod out of Failed.
 */
import { describe, expect, it } from 'vitest';
import { formatKlog } from '../../../src/sim/index';
import { pod, runText, scenario } from './helpers';

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
  const failedAt = lines.findIndex((l) => l.includes('status={"phase":"Failed"'));

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
