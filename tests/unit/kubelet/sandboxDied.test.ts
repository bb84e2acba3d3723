/**
 * A sandbox that dies after the pod runs (the SandboxDied fault): the next relist sees the
 * sandbox exited (GenericPLEG, ContainerDied with the sandbox id); SyncPod's computePodActions
 * finds it changed (kuberuntime/util PodSandboxChanged: "No ready sandbox for pod can be found.
 * Need to start a new one", Attempt = the newest sandbox's attempt + 1), SyncPod records
 * SandboxChanged "Pod sandbox changed, it will be killed and re-created." (kuberuntime_manager.go
 * SyncPod), kills the pod (killPodWithSyncResult: the running container gets SIGTERM, 143),
 * creates sandbox attempt 1 (containerd: RunPodSandbox for &PodSandboxMetadata{…,Attempt:1,}) and
 * re-creates the container with restart count 1.
 */
import { describe, expect, it } from 'vitest';
import { describePod, formatKlog, parseScenario, podsAt } from '../../../src/sim/index';
import { containerdLog, formatContainerdLine } from '../../../src/sim/views/containerdLog';
import { pod, runText, scenario } from './helpers';

const run = (faults: string) =>
  runText(
    scenario({
      pods: pod('web', 'containers:\n  - name: app\n    image: nginx:1.27'),
      faults,
      horizon: '40s',
    }),
  );

describe('SandboxDied', () => {
  const r = run('  - { kind: SandboxDied, target: default/web, afterSeconds: 10, times: 1 }');
  const end = r.trace.steps.t.length;
  const lines = r.trace.logs.map((l) => ({ t: l.t, text: formatKlog(l).replace(/^.*?\] /, '') }));

  it('SandboxChanged (Normal, from kubelet), Killing, then Created/Started again', () => {
    const died = r.trace.events.findIndex((e) => e.reason === 'SandboxChanged');
    expect(died).toBeGreaterThan(0);
    const ev = r.trace.events[died]!;
    expect(ev).toMatchObject({
      type: 'Normal',
      message: 'Pod sandbox changed, it will be killed and re-created.',
      fieldPath: null,
    });
    expect(describePod(r, 'default/web', end)).toMatch(
      /Normal +SandboxChanged +\S+ +kubelet +Pod sandbox changed, it will be killed and re-created\./,
    );
    expect(r.trace.events.slice(died).map((e) => e.reason)).toEqual([
      'SandboxChanged',
      'Killing',
      'Pulled',
      'Created',
      'Started',
    ]);
    // It dies 10 s after RunPodSandbox returned; the next relist (1 s period) sees it.
    const created = r.trace.records.find((x) => x.kind === 'sandboxCreated')!.t;
    expect(ev.t).toBeGreaterThanOrEqual(created + 10_000);
    expect(ev.t).toBeLessThanOrEqual(created + 11_000);
  });

  it('the relist sees the sandbox exit; computePodActions asks for attempt 1 and a kill', () => {
    const sandboxes = r.trace.records.filter((x) => x.kind === 'sandboxCreated');
    expect(sandboxes).toHaveLength(2);
    const first = (sandboxes[0]!.data as { id: string }).id;
    const i = lines.findIndex(
      (l) => l.text.includes(`containerID="${first}"`) && l.text.includes('newState="exited"'),
    );
    expect(i).toBeGreaterThan(0);
    const after = lines.slice(i).map((l) => l.text);
    const noReady = after.findIndex((l) => l.startsWith('"No ready sandbox for pod can be found'));
    const actions = after.findIndex((l) => l.startsWith('"computePodActions got for pod"'));
    const stopping = after.findIndex((l) =>
      l.startsWith('"Stopping PodSandbox for pod, will start new one"'),
    );
    expect(noReady).toBeGreaterThan(0);
    expect(after[actions]).toContain('KillPod: true, CreateSandbox: true');
    expect(after[actions]).toContain('Attempt: 1,');
    expect(stopping).toBeGreaterThan(actions);
  });

  it('containerd runs the new sandbox with Attempt:1', () => {
    const text = containerdLog(r).map(formatContainerdLine).join('\n');
    expect(text).toMatch(/RunPodSandbox for &PodSandboxMetadata\{Name:web,[^}]*Attempt:0,\}/);
    expect(text).toMatch(/RunPodSandbox for &PodSandboxMetadata\{Name:web,[^}]*Attempt:1,\}/);
  });

  it('the container is re-created with restart count 1; its last state is the SIGTERM exit', () => {
    const c = podsAt(r, end)[0]!.containers[0]!;
    expect(c.state).toBe('Running');
    expect(c.restartCount).toBe(1);
    expect(c.lastState).toMatchObject({ reason: 'Error', exitCode: 143 });
    expect(describePod(r, 'default/web', end)).toMatch(/Restart Count: +1\n/);
  });

  it('without the fault nothing of this happens', () => {
    const quiet = run('  []');
    expect(quiet.trace.events.some((e) => e.reason === 'SandboxChanged')).toBe(false);
    expect(quiet.trace.records.filter((x) => x.kind === 'sandboxCreated')).toHaveLength(1);
  });
});

describe('SandboxDied across kubelet versions', () => {
  const text = (v: string) =>
    scenario({
      pods: pod('web', 'containers:\n  - name: app\n    image: nginx:1.27'),
      faults: '  - { kind: SandboxDied, target: default/web, afterSeconds: 5, times: 1 }',
      horizon: '30s',
    }).replace('node:\n', `node:\n  kubeletVersion: "${v}"\n`);

  it('1.18 (CRI, kuberuntime) records SandboxChanged and re-creates the sandbox too', () => {
    const r = runText(text('1.18'));
    expect(r.trace.events.map((e) => e.reason)).toContain('SandboxChanged');
    expect(r.trace.records.filter((x) => x.kind === 'sandboxCreated')).toHaveLength(2);
  });

  it('1.3 (Docker infra container) refuses it by name instead of ignoring it', () => {
    const p = parseScenario(text('1.3'));
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.problems.map((x) => `${x.path}: ${x.message}`)).toEqual([
      'faults[0].kind: SandboxDied is modelled for the CRI kubelets (1.18 and later, CRI sandboxes), not for 1.3',
    ]);
  });
});
