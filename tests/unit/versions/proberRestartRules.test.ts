/**
 * The prober's worker on a container that exited (prober/worker.go doProbe, "Abort if the
 * container will not be restarted"): through 1.33 it stops in a restartPolicy: Never pod, native
 * sidecars included, though the kubelet restarts them; 1.34 keeps a sidecar's worker
 * (isRestartableInitContainer) and, with ContainerRestartRules on, every terminated container's
 * (`c.State.Terminated != nil || IsContainerRestartable`); 1.35 asks ContainerShouldRestart of
 * the exit code (v1.33.5, v1.34.2, v1.35.3).
 */
import { describe, expect, it } from 'vitest';
import { narrate, type SimulationRun } from '../../../src/sim/index';
import { pod, runText, scenario } from '../kubelet/helpers';

/** The worker's state value at the end of the run ('stopped' once doProbe returned false). */
function workerState(r: SimulationRun, id: string): unknown {
  const last = r.stateAt(r.trace.steps.t.length) as unknown as {
    machines: Record<string, { snapshot: { value: unknown } }>;
  };
  return last.machines[id]?.snapshot.value;
}

const PROBE = '    readinessProbe: { exec: { command: ["true"] }, periodSeconds: 2 }';

function sidecarExits(v: string): SimulationRun {
  return runText(
    scenario({
      kubeletVersion: v,
      horizon: '1m',
      pods: pod(
        'p',
        [
          'restartPolicy: Never',
          'initContainers:',
          '  - name: proxy',
          '    image: busybox:1.36',
          '    restartPolicy: Always',
          PROBE,
          'containers:',
          '  - { name: app, image: nginx:1.27 }',
        ].join('\n'),
      ),
      faults:
        '  - { kind: ContainerExit, target: default/p/proxy, afterSeconds: 5, exitCode: 1, times: 1 }',
    }),
  );
}

/** Two containers in a Never pod: `job` exits 3 (no rule matches) while `app` runs on. */
function jobExits(v: string, gates = ''): SimulationRun {
  return runText(
    scenario({
      kubeletVersion: v,
      kubelet: gates ? `featureGates: { ${gates} }` : '',
      horizon: '1m',
      pods: pod(
        'p',
        [
          'restartPolicy: Never',
          'containers:',
          '  - { name: app, image: nginx:1.27 }',
          '  - name: job',
          '    image: busybox:1.36',
          '    restartPolicy: Never',
          '    restartPolicyRules: [{ action: Restart, exitCodes: { operator: In, values: [42] } }]',
          PROBE,
        ].join('\n'),
      ),
      faults:
        '  - { kind: ContainerExit, target: default/p/job, afterSeconds: 5, exitCode: 3, times: 1 }',
    }),
  );
}

describe("the prober's worker on an exited container", () => {
  it('1.33: an exited sidecar in a Never pod ends its readiness worker', () => {
    expect(workerState(sidecarExits('1.33'), 'prober:default/p/proxy/readiness')).toBe('stopped');
  });

  it('1.34: the sidecar keeps its worker and is Ready again after its restart', () => {
    const r = sidecarExits('1.34');
    expect(workerState(r, 'prober:default/p/proxy/readiness')).not.toBe('stopped');
    const s = Object.values(r.stateAt(r.trace.steps.t.length).domain.status)[0]!;
    expect(s.initContainerStatuses[0]!.ready).toBe(true);
  });

  it('1.34 with ContainerRestartRules on: a container that exited for good keeps its worker', () => {
    const r = jobExits('1.34', 'ContainerRestartRules: true');
    expect(workerState(r, 'prober:default/p/job/readiness')).not.toBe('stopped');
  });

  it('1.35: ContainerShouldRestart says exit 3 stays down, so the worker ends', () => {
    const r = jobExits('1.35');
    expect(workerState(r, 'prober:default/p/job/readiness')).toBe('stopped');
    const s = Object.values(r.stateAt(r.trace.steps.t.length).domain.status)[0]!;
    expect(s.phase).toBe('Running');
    // Its step says why, and not that the pod is terminal (it is Running).
    const said = Array.from({ length: r.trace.steps.t.length }, (_, i) => narrate(r, i + 1)).map(
      (n) => JSON.stringify(n),
    );
    expect(
      said.some((t) =>
        t.includes('readiness probe of container job of default/p stops: the container exited'),
      ),
    ).toBe(true);
    expect(said.some((t) => t.includes('job of default/p stops: the pod is terminal'))).toBe(false);
  });
});
