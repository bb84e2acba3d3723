/**
 * Container statuses list the container's volume mounts (RecursiveReadOnlyMounts, on since
 * 1.31): convertToAPIContainerStatuses takes them from the spec for the default waiting status
 * and keeps the old status's for a container the runtime has. Shapes from 1.32–1.34 kind
 * kubelet logs, e.g. in a patch (keys sorted):
 *   "volumeMounts":[{"mountPath":"/var/run/secrets/kubernetes.io/serviceaccount",
 *                    "name":"kube-api-access-8svfm","readOnly":true,"recursiveReadOnly":"Disabled"}]
 * and in "Status for pod updated successfully" (Go field order): name, mountPath, readOnly, …
 */
import { describe, expect, it } from 'vitest';
import type { SimulationRun } from '../../../src/sim/index';
import { pod, runPreset, runText, scenario } from './helpers';

type Status = { containerStatuses?: Record<string, unknown>[] };

function kv(run: SimulationRun, msg: string, key: string): string[] {
  return run.trace.logs.filter((l) => l.msg === msg).map((l) => l.kv.find(([k]) => k === key)![1]);
}

/** Each "Patch status for pod" patch's containerStatuses (absent where the patch has none). */
function patchedStatuses(run: SimulationRun): Record<string, unknown>[][] {
  return kv(run, 'Patch status for pod', 'patch')
    .map((p) => JSON.parse(JSON.parse(p) as string) as { status: Status })
    .flatMap((p) => (p.status.containerStatuses ? [p.status.containerStatuses] : []));
}

describe('containerStatuses[].volumeMounts', () => {
  it('every status of a container lists its kube-api-access mount, waiting or running', () => {
    const run = runPreset('hello-pod');
    const lists = patchedStatuses(run);
    expect(lists.length).toBeGreaterThanOrEqual(2);
    const states = lists.map((l) => Object.keys(l[0]!.state as object)[0]);
    expect(states).toContain('waiting');
    expect(states).toContain('running');
    for (const [app] of lists) {
      const mounts = app!.volumeMounts as Record<string, unknown>[];
      expect(mounts).toHaveLength(1);
      expect(Object.keys(mounts[0]!)).toEqual([
        'mountPath',
        'name',
        'readOnly',
        'recursiveReadOnly',
      ]);
      expect(mounts[0]).toMatchObject({
        mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
        readOnly: true,
        recursiveReadOnly: 'Disabled',
      });
      expect(mounts[0]!.name).toMatch(/^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      // After the rest of the status, as the sorted keys put it.
      expect(Object.keys(app!).at(-1)).toBe('volumeMounts');
    }
  });

  it('the status text has each mount in Go field order, after started', () => {
    const run = runPreset('hello-pod');
    const status = JSON.parse(
      kv(run, 'Status for pod updated successfully', 'status')[0]!,
    ) as Status;
    const app = status.containerStatuses![0]!;
    expect(Object.keys(app).slice(-2)).toEqual(['started', 'volumeMounts']);
    const [m] = app.volumeMounts as Record<string, unknown>[];
    expect(Object.keys(m!)).toEqual(['name', 'mountPath', 'readOnly', 'recursiveReadOnly']);
  });

  it("the container's own mounts come first; only read-only ones say recursiveReadOnly", () => {
    const run = runText(
      scenario({
        pods: pod(
          'vols',
          `volumes:
  - { name: data, emptyDir: {} }
  - { name: cfg, emptyDir: {} }
containers:
  - name: app
    image: nginx:1.27
    volumeMounts:
      - { name: data, mountPath: /data }
      - { name: cfg, mountPath: /etc/cfg, readOnly: true, recursiveReadOnly: IfPossible }`,
        ),
      }),
    );
    const mounts = patchedStatuses(run).at(-1)![0]!.volumeMounts as Record<string, unknown>[];
    expect(mounts.map((m) => m.name)).toEqual(['data', 'cfg', expect.stringMatching(/^kube-api/)]);
    expect(mounts[0]).toEqual({ mountPath: '/data', name: 'data' });
    expect(mounts[1]).toEqual({
      mountPath: '/etc/cfg',
      name: 'cfg',
      readOnly: true,
      recursiveReadOnly: 'Enabled',
    });
  });

  it('a container that mounts nothing has no volumeMounts (omitempty)', () => {
    const run = runText(
      scenario({
        pods: pod(
          'bare',
          `automountServiceAccountToken: false
containers:
  - { name: app, image: nginx:1.27 }`,
        ),
      }),
    );
    const lists = patchedStatuses(run);
    expect(lists.length).toBeGreaterThan(0);
    for (const [app] of lists) expect(app).not.toHaveProperty('volumeMounts');
  });
});
