/**
 * Rows 6, 7 and 11 (status manager): the lines of a pod's first sync as a real v1.31 kubelet
 * prints them. PodSandboxChanged logs "No sandbox…" twice: from generateAPIPodStatus
 * (status/generate.go GeneratePodReadyToStartContainersCondition) and from computePodActions;
 * between them the volume manager mounts kube-api-access (reconciler_common.go,
 * operation_generator.go) and WaitForAttachAndMount (volume_manager.go) polls every 300 ms;
 * the status manager patches the API (status_manager.go) and the watch echo is a RECONCILE.
 */
import { describe, expect, it } from 'vitest';
import { formatKlog, logsAt } from '../../../src/sim/index';
import { pod, rejectedByMaxPods, runPreset, runText, scenario } from './helpers';

const run = runPreset('hello-pod');
const lines = run.trace.logs.filter((l) => l.v <= 4);
const idx = (msg: string, from = 0) =>
  lines.findIndex((l, i) => i >= from && l.msg.startsWith(msg));

describe('first sync of a pod', () => {
  it('"No sandbox…" twice, the volume lines between them', () => {
    const first = idx('No sandbox for pod can be found');
    const verify = idx('operationExecutor.VerifyControllerAttachedVolume started');
    const mount = idx('operationExecutor.MountVolume started');
    const setUp = idx('MountVolume.SetUp succeeded');
    const second = idx('No sandbox for pod can be found', first + 1);
    const compute = idx('computePodActions got for pod');
    expect(first).toBeGreaterThan(idx('SyncPod enter'));
    expect([first, verify, mount, setUp, second, compute]).toEqual(
      [first, verify, mount, setUp, second, compute].sort((a, b) => a - b),
    );
    expect(second).toBeGreaterThan(setUp);
    expect(compute).toBe(second + 1);
  });

  it('volume lines take the time they take in a real log: +49, +150, +157 ms; SyncPod goes on at +300 ms', () => {
    const at = (msg: string) => lines[idx(msg)]!.t;
    const add = at('SyncLoop ADD');
    expect(at('operationExecutor.VerifyControllerAttachedVolume started') - add).toBe(49);
    expect(at('operationExecutor.MountVolume started') - add).toBe(150);
    expect(at('MountVolume.SetUp succeeded') - add).toBe(157);
    expect(at('Creating PodSandbox for pod') - add).toBe(300);
  });

  it('prints the volume operation text with its UniqueName, at V(1) (operation_generator.go: not a remount)', () => {
    const at = (v: number) => logsAt(run.trace.logs, run.trace.steps.t.length, v).map(formatKlog);
    expect(at(0).some((x) => x.includes('MountVolume.SetUp succeeded'))).toBe(false);
    const l = at(1).find((x) => x.includes('MountVolume.SetUp succeeded'))!;
    expect(l).toMatch(
      /operation_generator\.go:\d+\] "MountVolume\.SetUp succeeded for volume \\"(kube-api-access-[a-z0-9]{5})\\" \(UniqueName: \\"kubernetes\.io\/projected\/([0-9a-f-]{36})-\1\\"\) pod \\"web\\" \(UID: \\"\2\\"\) " pod="default\/web"$/,
    );
  });

  it('mounts once: a later sync does not wait for the volume again', () => {
    expect(lines.filter((l) => l.msg.startsWith('MountVolume.SetUp succeeded'))).toHaveLength(1);
  });

  it('a pod with automountServiceAccountToken: false has no volume lines and no wait', () => {
    const r = runText(
      scenario({
        pods: pod(
          'web',
          'automountServiceAccountToken: false\ncontainers:\n  - { name: app, image: nginx:1.27 }',
        ),
      }),
    );
    expect(r.trace.logs.some((l) => l.msg.includes('MountVolume'))).toBe(false);
    const sandbox = r.trace.logs.find((l) => l.msg === 'Creating PodSandbox for pod')!;
    expect(sandbox.t).toBe(0);
  });
});

describe('status manager: "Patch status for pod", "Status for pod updated successfully", RECONCILE', () => {
  const patches = lines.filter((l) => l.msg === 'Patch status for pod');

  it('V(3) patch then V(3) success then V(4) "SyncLoop RECONCILE", once per change', () => {
    expect(patches.length).toBeGreaterThanOrEqual(3);
    const i = lines.indexOf(patches[0]!);
    expect(lines[i]!.v).toBe(3);
    expect(lines[i + 1]!.msg).toBe('Status for pod updated successfully');
    expect(lines[i + 1]!.kv).toContainEqual(['statusVersion', '1']);
    expect(lines[i + 2]!.msg).toBe('SyncLoop RECONCILE');
    expect(lines[i + 2]!.v).toBe(4);
    const versions = lines
      .filter((l) => l.msg === 'Status for pod updated successfully')
      .map((l) => l.kv.find(([k]) => k === 'statusVersion')![1]);
    expect(versions).toEqual(versions.map((_, n) => String(n + 1)));
  });

  it('the patch is a strategic merge patch: changed conditions keyed by type, phase when it changes', () => {
    const kv = (l: (typeof patches)[number]) =>
      JSON.parse(JSON.parse(l.kv.find(([k]) => k === 'patch')![1]) as string) as {
        metadata: { uid: string };
        status: Record<string, unknown>;
      };
    const running = patches.map(kv).find((p) => p.status.phase === 'Running')!;
    expect(running.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(running.status['$setElementOrder/conditions']).toEqual([
      { type: 'PodReadyToStartContainers' },
      { type: 'Initialized' },
      { type: 'Ready' },
      { type: 'ContainersReady' },
      { type: 'PodScheduled' },
    ]);
    const ready = patches
      .map(kv)
      .find((p) =>
        (p.status.conditions as { type: string; status: string }[] | undefined)?.some(
          (c) => c.type === 'Ready' && c.status === 'True',
        ),
      );
    expect(ready).toBeDefined();
  });

  it("a rejected pod's patch sets conditions to null", () => {
    const r = rejectedByMaxPods();
    const p = r.trace.logs.find(
      (l) => l.msg === 'Patch status for pod' && l.kv[0]![1] === '"default/b"',
    )!;
    expect(p.kv.find(([k]) => k === 'patch')![1]).toContain('\\"conditions\\":null');
  });
});
