/**
 * Lines a 1.34 kubelet prints on routine paths: WaitForAttachAndMount's V(3) pair (none for a
 * pod with no volume), makeMounts' "Creating hosts mount for container", the volume
 * reconciler's V(4) "Starting operationExecutor.MountVolume", HandlePodCleanups' V(3)
 * announcements in order, and updateStatusInternal's "Ignoring same status for pod" (not for a
 * pod being deleted: its update is forced).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { describePod, formatKlog, parseScenario, simulate } from '../../../src/sim/index';
import { pod, runPreset, runText, scenario } from './helpers';

const hello = runPreset('hello-pod');
const msgs = (r = hello) => r.trace.logs.map((l) => l.msg);

describe('WaitForAttachAndMount', () => {
  it('announces the wait and its end on every sync of a pod with a volume', () => {
    const m = msgs();
    const waits = m.filter((x) => x === 'Waiting for volumes to attach and mount for pod');
    const done = m.filter((x) => x === 'All volumes are attached and mounted for pod');
    expect(waits.length).toBeGreaterThan(1);
    expect(done).toHaveLength(waits.length);
    const first = m.indexOf('Waiting for volumes to attach and mount for pod');
    expect(first).toBeLessThan(m.indexOf('All volumes are attached and mounted for pod'));
    expect(hello.trace.logs.at(first)!.v).toBe(3);
  });

  it('returns at once, saying nothing, for a pod with no volume', () => {
    const r = runText(
      scenario({
        pods: pod(
          'web',
          'automountServiceAccountToken: false\ncontainers:\n  - { name: app, image: nginx:1.27 }',
        ),
      }),
    );
    expect(msgs(r).some((x) => x.includes('volumes'))).toBe(false);
  });
});

describe('starting a container and mounting a volume', () => {
  it('makeMounts logs the hosts mount with the pod IPs before the CFS quota line', () => {
    const i = msgs().indexOf('Creating hosts mount for container');
    expect(i).toBeGreaterThan(0);
    expect(msgs()[i + 1]).toBe('Enforcing CFS quota');
    expect(formatKlog(hello.trace.logs.at(i)!)).toMatch(
      /kubelet_pods\.go:\d+\] "Creating hosts mount for container" pod="default\/web" containerName="app" podIPs=\["10\.244\.\d+\.\d+"\] path=true$/,
    );
  });

  it('announces the mount operation at V(4) before it is started', () => {
    const logs = hello.trace.logs;
    const i = logs.findIndex((l) =>
      l.msg.startsWith('Starting operationExecutor.MountVolume for volume'),
    );
    expect(i).toBeGreaterThan(0);
    expect(logs.at(i)!.v).toBe(4);
    expect(logs.at(i + 1)!.msg.startsWith('operationExecutor.MountVolume started for volume')).toBe(
      true,
    );
  });
});

describe('HandlePodCleanups', () => {
  it('announces each clean-up at V(3), in order, within every housekeeping', () => {
    const m = msgs();
    const start = m.indexOf('SyncLoop (housekeeping)');
    const end = m.indexOf('SyncLoop (housekeeping) end', start);
    expect(m.slice(start + 1, end)).toEqual([
      'Clean up pod workers for terminated pods',
      'Clean up probes for terminated pods',
      'Clean up orphaned pod statuses',
      'Clean up orphaned pod user namespace allocations',
      'Clean up orphaned pod directories',
      'Clean up orphaned mirror pods',
      'Clean up orphaned pod cgroups',
    ]);
    const count = (x: string) => m.filter((y) => y === x).length;
    expect(count('Clean up orphaned pod cgroups')).toBe(count('SyncLoop (housekeeping)'));
  });
});

describe('updateStatusInternal', () => {
  it('ignores a status equal to the stored one, logging it with the status', () => {
    const l = hello.trace.logs.find((x) => x.msg === 'Ignoring same status for pod')!;
    expect(l.v).toBe(3);
    expect(formatKlog(l)).toMatch(
      /"Ignoring same status for pod" pod="default\/web" status=\{"observedGeneration":1,"phase":"/,
    );
  });

  it('forces the update of a pod being deleted: no such line after the DELETE', () => {
    const r = runPreset('delete-grace-period');
    const m = msgs(r);
    const deleted = m.indexOf('SyncLoop DELETE');
    // SyncTerminatingPod generates the unchanged Running status again, and sets it: forced.
    const next = m.indexOf('Generating pod status', deleted);
    expect(next).toBeGreaterThan(deleted);
    expect(r.trace.logs.at(m.indexOf('Got phase for pod', next))!.kv).toContainEqual([
      'phase',
      '"Running"',
    ]);
    expect(m.slice(deleted)).not.toContain('Ignoring same status for pod');
  });
});

describe('probeManager.AddPod', () => {
  it('starts the probe workers once WaitForAttachAndMount has returned, not before', () => {
    const worker = hello.trace.entities.find((e) => e.kind === 'prober')!;
    const mounted = hello.trace.logs.find(
      (l) => l.msg === 'All volumes are attached and mounted for pod',
    )!;
    expect(worker.created).toBeGreaterThanOrEqual(mounted.step);
    expect(hello.trace.steps.t[worker.created]).toBe(mounted.t);
    expect(mounted.t).toBe(300);
  });

  it.each(['1.18', '1.3'])(
    'in %s, HandlePodAdditions added them with the pod: as its first sync begins, and it gets Ready',
    (version) => {
      const p = parseScenario(readFileSync('presets/hello-pod.yaml', 'utf8'));
      if (!p.ok) throw new Error('hello-pod');
      const r = simulate({
        ...p.scenario,
        node: { ...p.scenario.node, kubeletVersion: version as never },
      });
      const worker = r.trace.entities.find((e) => e.kind === 'prober')!;
      expect(worker).toBeDefined();
      expect(r.trace.steps.t[worker.created]).toBe(0);
      expect(describePod(r, 'default/web', r.trace.steps.t.length)).toMatch(
        /\n {4}Ready:[ \t]+True\n/,
      );
    },
  );
});

describe('PostStopContainer: the topology manager scope\'s "RemoveContainer"', () => {
  const r = runPreset('crashloop-backoff');
  const removes = r.trace.logs.filter((l) => l.msg === 'RemoveContainer');

  it('is logged at V(0) for each exited container a sync sees, and for each one removed', () => {
    expect(removes.length).toBeGreaterThan(0);
    expect(removes.every((l) => l.v === 0)).toBe(true);
    expect(formatKlog(removes[0]!)).toMatch(
      /scope\.go:\d+\] "RemoveContainer" containerID="[0-9a-f]{64}"$/,
    );
    // computePodActions' call: in the sync, before the container's restart decision.
    const i = r.trace.logs.indexOf(removes[0]!);
    expect(r.trace.logs.slice(i + 1, i + 4).map((l) => l.msg)).toContain(
      'Container of pod is not in the desired state and shall be started',
    );
    // removeContainer's call: right after the deletor's "Removing container" of the same id.
    const removing = r.trace.logs.findIndex((l) => l.msg === 'Removing container');
    expect(removing).toBeGreaterThan(0);
    expect(r.trace.logs.at(removing + 1)!.msg).toBe('RemoveContainer');
    expect(r.trace.logs.at(removing + 1)!.kv).toEqual(r.trace.logs.at(removing)!.kv);
  });

  it('is not logged for a running pod whose containers never exited', () => {
    expect(hello.trace.logs.some((l) => l.msg === 'RemoveContainer')).toBe(false);
  });
});
