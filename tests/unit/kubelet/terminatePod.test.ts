/**
 * statusManager.TerminatePod at the end of SyncTerminatedPod (status_manager.go): a pod
 * deleted before it reached a terminal phase is marked Failed before the API server removes
 * it, and the containers it cannot account for are Terminated ContainerStatusUnknown (exit
 * 137) — the last `kubectl get pods -w` row of a deleted stuck pod. v1.18 did not do this.
 */
import { describe, expect, it } from 'vitest';
import { describePod, podsAt, type SimulationRun } from '../../../src/sim/index';
import { runText } from './helpers';

// Two pods: `pull` stuck in ImagePullBackOff, deleted at 20 s; `initrun` deleted at 10 s while
// its init container runs.
const TEXT = `apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: delete-stuck }
seed: 1
horizon: 1m
node:
  name: node-1
  topology: { sockets: 1, coresPerSocket: 4, threadsPerCore: 2 }
  images:
    - { name: nginx:1.27, present: true }
    - { name: busybox:1.36, present: true }
    - { name: example.com/x:1, present: false, pullTime: 2s }
  runtime: { runPodSandbox: 800ms, createContainer: 60ms, startContainer: 120ms, stopContainer: 200ms, initContainerRun: 30s }
pods:
  - at: 0s
    manifest:
      metadata: { name: pull, namespace: default }
      spec:
        containers:
          - { name: app, image: "example.com/x:1" }
  - at: 0s
    manifest:
      metadata: { name: initrun, namespace: default }
      spec:
        initContainers:
          - { name: init-a, image: busybox:1.36 }
        containers:
          - { name: app, image: nginx:1.27 }
faults:
  - { kind: ImagePullError, target: default/pull/app }
actions:
  - { kind: DeletePod, at: 20s, target: default/pull }
  - { kind: DeletePod, at: 10s, target: default/initrun }
`;

/** The pod's last row before it left the table, and the step it was shown at. */
function lastRow(r: SimulationRun, key: string) {
  let last: { status: string; step: number } | null = null;
  for (let i = 1; i <= r.trace.steps.t.length; i++) {
    const row = podsAt(r, i).find((x) => x.key === key);
    if (row) last = { status: row.status, step: i };
  }
  return last!;
}

describe('TerminatePod', () => {
  const run = runText(TEXT);

  it('a deleted pod stuck pulling ends Failed, its container ContainerStatusUnknown (137)', () => {
    const last = lastRow(run, 'default/pull');
    expect(last.status).toBe('ContainerStatusUnknown');
    const d = describePod(run, 'default/pull', last.step);
    expect(d).toMatch(/\nStatus: +Failed\n/);
    expect(d).toMatch(
      /State: +Terminated\n +Reason: +ContainerStatusUnknown\n +Message: +The container could not be located when the pod was terminated\n +Exit Code: +137\n +Started: +Mon, 01 Jan 0001 00:00:00 \+0000\n +Finished: +Mon, 01 Jan 0001 00:00:00 \+0000\n/,
    );
    const marked = run.trace.logs.find(
      (l) =>
        l.msg === 'Marking terminal pod as failed' && l.kv.some(([, v]) => v === '"default/pull"'),
    )!;
    expect(marked.kv[0]).toEqual(['oldPhase', '"Pending"']);
    expect(marked.v).toBe(3);
    const patch = run.trace.logs.find(
      (l) =>
        l.msg === 'Patch status for pod' && l.t === marked.t && l.kv[0]![1] === '"default/pull"',
    )!;
    expect(patch.kv[2]![1]).toContain('\\"phase\\":\\"Failed\\"');
    // As a real 1.34 kubelet's patch reads (keys sorted, times null).
    expect(patch.kv[2]![1]).toContain(
      '\\"state\\":{\\"terminated\\":{\\"exitCode\\":137,\\"finishedAt\\":null,' +
        '\\"message\\":\\"The container could not be located when the pod was terminated\\",' +
        '\\"reason\\":\\"ContainerStatusUnknown\\",\\"startedAt\\":null}}',
    );
  });

  it('a pod deleted while initializing ends Init:Error; its regular container stays Waiting', () => {
    const last = lastRow(run, 'default/initrun');
    expect(last.status).toBe('Init:Error');
    const d = describePod(run, 'default/initrun', last.step);
    expect(d).toMatch(/\nStatus: +Failed\n/);
    expect(d).toMatch(/\n {2}app:\n[\s\S]*?State: +Waiting\n +Reason: +PodInitializing\n/);
  });

  it('kubelet 1.18 removes the pod as it stands (no terminal phase before deletion then)', () => {
    const old = runText(TEXT.replace('node:\n', 'node:\n  kubeletVersion: "1.18"\n'));
    expect(lastRow(old, 'default/pull').status).not.toBe('ContainerStatusUnknown');
    expect(old.trace.logs.some((l) => l.msg === 'Marking terminal pod as failed')).toBe(false);
  });
});
