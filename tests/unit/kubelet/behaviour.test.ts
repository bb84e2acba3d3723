/**
 * Explicit assertions on the behaviours that matter, each against kubelet-facts.md.
 */
import { describe, expect, it } from 'vitest';
import { eventsAt, formatKlog, podsAt, type SimulationRun } from '../../../src/sim/index';
import { pod, rejectedByMaxPods, runPreset, runText, scenario } from './helpers';

const end = (r: SimulationRun) => r.trace.steps.t.length;
const evs = (r: SimulationRun, reason?: string, fieldPath?: string) =>
  r.trace.events.filter(
    (e) => (!reason || e.reason === reason) && (!fieldPath || e.fieldPath === fieldPath),
  );
/** The first step at or after which the predicate holds for the pod row. */
function statusSeq(r: SimulationRun, key: string): string[] {
  const out: string[] = [];
  const n = end(r);
  for (let s = 1; s <= n; s += Math.max(1, Math.floor(n / 400))) {
    const row = podsAt(r, s).find((x) => x.key === key);
    const st = row?.status ?? '-';
    if (out[out.length - 1] !== st) out.push(st);
  }
  return out;
}

describe('CrashLoopBackOff (doBackOff, facts §3/§7)', () => {
  const r = runPreset('crashloop-15m');
  const starts = evs(r, 'Started').map((e) => e.t);
  // Each run exits 1 s after it starts.
  const gaps = starts.slice(1).map((t, i) => (t - (starts[i]! + 1000)) / 1000);

  it('restarts at once the first time, then after 10, 20, 40, 80, 160, 300 s, within the sync lag', () => {
    const nominal = [0, 10, 20, 40, 80, 160, 300];
    expect(gaps.length).toBeGreaterThanOrEqual(nominal.length);
    nominal.forEach((want, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(want);
      // PLEG relist (<=1 s) + error requeue 10 s x [1, 1.5) + next 1 s sync tick.
      expect(gaps[i]).toBeLessThanOrEqual(want + 17.2);
    });
  });

  it('emits BackOff with the real message and never backs off more than 300 s', () => {
    const b = evs(r, 'BackOff');
    expect(b.length).toBeGreaterThan(5);
    expect(b[0]!.type).toBe('Warning');
    expect(b[0]!.message).toMatch(
      /^Back-off restarting failed container worker in pod flaky_default\([0-9a-f-]+\)$/,
    );
    const errs = r.trace.logs.filter((l) => l.msg === 'Error syncing pod, skipping');
    const secs = errs
      .map((l) => /back-off (?:(\d+)m)?(\d+)s/.exec(l.kv[0]![1])!)
      .map((m) => Number(m[1] ?? 0) * 60 + Number(m[2]));
    expect(Math.max(...secs)).toBe(300);
    expect(errs[0]!.kv[0]![1]).toContain(
      'with CrashLoopBackOff: \\"back-off 10s restarting failed container=worker pod=flaky_default(',
    );
  });

  it('shows CrashLoopBackOff in kubectl get pods with restarts and Running phase', () => {
    const seq = statusSeq(r, 'default/flaky');
    expect(seq).toContain('CrashLoopBackOff');
    expect(seq).toContain('Error');
    const last = podsAt(r, end(r))[0]!;
    expect(last.phase).toBe('Running');
    expect(last.restarts).toMatch(/^\d+ \(\d+[sm].* ago\)$/);
    const w = last.containers[0]!;
    expect(w.lastState).toMatchObject({ reason: 'Error', exitCode: 1 });
  });
});

describe('PostStart (startContainer step 13, facts §4/§4c)', () => {
  it('a hanging PostStart delays the next container of the pod', () => {
    const r = runPreset('poststart-hang-order');
    const appStarted = evs(r, 'Started', 'spec.containers{app}')[0]!.t;
    const loggerCreated = evs(r, 'Created', 'spec.containers{logger}')[0]!.t;
    expect(loggerCreated - appStarted).toBeGreaterThanOrEqual(20_000);
  });

  it('a failing PostStart: FailedPostStartHook, Killing "FailedPostStartHook", PostStartHookError, back-off', () => {
    const r = runPreset('poststart-failure');
    const seq = r.trace.events.map((e) => `${e.reason}:${e.message}`);
    const i = seq.indexOf('FailedPostStartHook:PostStartHook failed');
    expect(i).toBeGreaterThan(0);
    expect(seq[i + 1]).toBe('Killing:FailedPostStartHook');
    expect(evs(r, 'FailedPostStartHook')[0]!.type).toBe('Warning');
    const reasons = new Set<string>();
    for (let s = 1; s <= end(r); s += 5) {
      const c = podsAt(r, s)[0]?.containers[0];
      if (c?.state === 'Waiting' && c.reason) reasons.add(c.reason);
    }
    expect(reasons).toContain('PostStartHookError');
    expect(evs(r, 'BackOff').length).toBeGreaterThan(0);
    expect(podsAt(r, end(r))[0]).toMatchObject({ status: 'Running', ready: '1/1' });
  });
});

describe('images (image_manager.go, facts §5)', () => {
  it('uncached image: Pulling, then Pulled with the time and size, then Created', () => {
    const r = runPreset('uncached-image');
    expect(r.trace.events.map((e) => e.reason)).toEqual([
      'Scheduled',
      'Pulling',
      'Pulled',
      'Created',
      'Started',
    ]);
    expect(evs(r, 'Pulled')[0]!.message).toBe(
      'Successfully pulled image "nginx:1.27" in 6s (6s including waiting). Image size: 72000000 bytes.',
    );
  });

  it('ErrImagePull, then ImagePullBackOff with doubling waits between pulls', () => {
    const r = runPreset('image-pull-backoff');
    const failed = r.trace.events.filter(
      (e) => e.reason === 'Failed' && e.message.startsWith('Failed to pull image'),
    );
    const pulls = evs(r, 'Pulling').map((e) => e.t);
    expect(failed).toHaveLength(3);
    const waits = pulls.slice(1).map((t, i) => (t - failed[i]!.t) / 1000);
    [10, 20, 40].forEach((w, i) => expect(waits[i]).toBeGreaterThanOrEqual(w));
    expect(r.trace.events.some((e) => e.message === 'Error: ErrImagePull')).toBe(true);
    expect(r.trace.events.some((e) => e.message === 'Error: ImagePullBackOff')).toBe(true);
    expect(evs(r, 'BackOff')[0]!.message).toBe('Back-off pulling image "example.com/shop/api:2.0"');
    const seq = statusSeq(r, 'default/api');
    expect(seq.indexOf('ErrImagePull')).toBeGreaterThan(-1);
    expect(seq.indexOf('ImagePullBackOff')).toBeGreaterThan(seq.indexOf('ErrImagePull'));
    expect(seq[seq.length - 1]).toBe('Running');
  });

  it('serialized pulls queue across pods; parallel pulls do not', () => {
    const serial = runPreset('serial-pulls');
    const parallel = runPreset('parallel-pulls');
    const web = (r: SimulationRun) => evs(r, 'Pulled', 'spec.containers{app}')[0]!.message;
    expect(web(serial)).toMatch(/in 3s \(41s including waiting\)/);
    expect(web(parallel)).toMatch(/in 3s \(3s including waiting\)/);
  });

  it('imagePullPolicy Never with a missing image: ErrImageNeverPull', () => {
    const r = runText(
      scenario({
        pods: pod(
          'web',
          'containers:\n  - { name: app, image: "example.com/x:1", imagePullPolicy: Never }',
        ),
        horizon: '20s',
      }),
    );
    expect(evs(r, 'ErrImageNeverPull')[0]!.message).toBe(
      'Container image "example.com/x:1" is not present with pull policy of Never',
    );
    expect(statusSeq(r, 'default/web')).toContain('ErrImageNeverPull');
  });

  it('an image without a tag defaults to pull policy Always; the event names it as written', () => {
    const r = runText(
      scenario({
        pods: pod('web', 'containers:\n  - { name: app, image: nginx }'),
        images: '    - { name: "nginx:latest", present: true, pullTime: 2s }',
        horizon: '10s',
      }),
    );
    // Present as nginx:latest, pulled anyway (Always); EnsureImageExists's event says imgRef.
    expect(evs(r, 'Pulling')[0]!.message).toBe('Pulling image "nginx"');
  });
});

describe('init containers and sidecars (computeInitContainerActions, facts §3)', () => {
  it('two init containers: Init:0/2, Init:1/2, PodInitializing, Running', () => {
    const r = runPreset('two-init-containers');
    const seq = statusSeq(r, 'default/web');
    expect(
      seq.filter((s) => s.startsWith('Init:') || s === 'PodInitializing' || s === 'Running'),
    ).toEqual(['Init:0/2', 'Init:1/2', 'PodInitializing', 'Running']);
    const created = evs(r, 'Created').map((e) => e.fieldPath);
    expect(created).toEqual([
      'spec.initContainers{init-db}',
      'spec.initContainers{init-cache}',
      'spec.containers{app}',
    ]);
  });

  it('the next init container waits for the sidecar startup probe to succeed', () => {
    const r = runPreset('sidecar-startup-probe');
    const lastUnhealthy = evs(r, 'Unhealthy').at(-1)!.t;
    const migrate = evs(r, 'Created', 'spec.initContainers{migrate}')[0]!.t;
    expect(evs(r, 'Unhealthy')).toHaveLength(2);
    expect(migrate).toBeGreaterThan(lastUnhealthy);
    const row = podsAt(r, end(r))[0]!;
    expect(row.ready).toBe('2/2');
  });
});

describe('sandbox (createPodSandbox, facts §3)', () => {
  it('FailedCreatePodSandBox twice, each retry after the 10 s error back-off, then the pod runs', () => {
    const r = runPreset('sandbox-failure');
    const f = evs(r, 'FailedCreatePodSandBox');
    expect(f).toHaveLength(2);
    expect(f[0]!.message).toMatch(/^Failed to create pod sandbox: rpc error: /);
    expect(f[1]!.t - f[0]!.t).toBeGreaterThanOrEqual(10_000);
    expect(podsAt(r, end(r))[0]!.status).toBe('Running');
  });
});

describe('admission (canAdmitPod, facts §1)', () => {
  it('OutOfpods with maxPods: Failed, Warning event, "Pod was rejected: ..."', () => {
    const r = rejectedByMaxPods();
    const e = evs(r, 'OutOfpods')[0]!;
    expect(e).toMatchObject({
      type: 'Warning',
      object: 'default/b',
      fieldPath: null,
      message: "Node didn't have enough resource: pods, requested: 1, used: 1, capacity: 1",
    });
    const b = podsAt(r, end(r)).find((x) => x.name === 'b')!;
    expect(b).toMatchObject({ phase: 'Failed', status: 'OutOfpods', reason: 'OutOfpods' });
    expect(b.message).toBe(
      "Pod was rejected: Node didn't have enough resource: pods, requested: 1, used: 1, capacity: 1",
    );
    // lifecycle/predicate.go logs the InsufficientResourceError, then canAdmitPod its denial.
    const lines = r.trace.logs.map(formatKlog);
    const i = lines.findIndex((l) => l.includes('"Predicate failed on Pod"'));
    expect(lines[i]).toContain(
      'predicate.go:235] "Predicate failed on Pod" pod="default/b" err="Node didn\'t have enough resource: pods, requested: 1, used: 1, capacity: 1"',
    );
    expect(lines[i + 1]).toContain('"Pod admission denied" podUID=');
    expect(lines[i + 1]).toContain('reason="OutOfpods"');
  });

  it('OutOfcpu and OutOfmemory against allocatable', () => {
    const r = runText(
      scenario({
        pods: [
          pod(
            'big',
            'containers:\n  - { name: app, image: nginx:1.27, resources: { requests: { cpu: "9" } } }',
          ),
          pod(
            'mem',
            'containers:\n  - { name: app, image: nginx:1.27, resources: { requests: { memory: 64Gi } } }',
          ),
        ].join('\n'),
        horizon: '5s',
      }),
    );
    expect(evs(r, 'OutOfcpu')[0]!.message).toBe(
      "Node didn't have enough resource: cpu, requested: 9000, used: 0, capacity: 8000",
    );
    expect(evs(r, 'OutOfmemory')[0]!.message).toMatch(
      /^Node didn't have enough resource: memory, requested: 68719476736, used: 0, capacity: \d+$/,
    );
  });
});

describe('probes (prober worker, facts §7)', () => {
  it('liveness failure: Unhealthy x3, Killing "... failed liveness probe, will be restarted", restart', () => {
    const r = runText(
      scenario({
        pods: pod(
          'web',
          'containers:\n  - name: app\n    image: nginx:1.27\n    livenessProbe: { httpGet: { path: /healthz, port: 80 }, periodSeconds: 5 }',
        ),
        faults: '  - { kind: LivenessProbeFail, target: default/web/app, times: 3 }',
        horizon: '1m',
      }),
    );
    const u = evs(r, 'Unhealthy');
    expect(u).toHaveLength(3);
    expect(u[0]!.message).toBe('Liveness probe failed: HTTP probe failed with statuscode: 500');
    expect(evs(r, 'Killing')[0]!.message).toBe(
      'Container app failed liveness probe, will be restarted',
    );
    expect(evs(r, 'Killing')[0]!.t).toBeGreaterThanOrEqual(u[2]!.t);
    expect(evs(r, 'Started')).toHaveLength(2);
    expect(podsAt(r, end(r))[0]!.restarts).toMatch(/^1 /);
  });

  it('readiness failure keeps the pod NotReady: Ready False, ContainersNotReady', () => {
    const r = runText(
      scenario({
        pods: pod(
          'web',
          'containers:\n  - name: app\n    image: nginx:1.27\n    readinessProbe: { tcpSocket: { port: 80 }, periodSeconds: 2 }',
        ),
        faults: '  - { kind: ReadinessProbeFail, target: default/web/app }',
        horizon: '30s',
      }),
    );
    const row = podsAt(r, end(r))[0]!;
    expect(row.ready).toBe('0/1');
    expect(row.status).toBe('Running');
    expect(row.conditions.find((c) => c.type === 'Ready')).toMatchObject({
      status: 'False',
      reason: 'ContainersNotReady',
      message: 'containers with unready status: [app]',
    });
    expect(evs(r, 'Unhealthy')[0]!.message).toBe(
      'Readiness probe failed: dial tcp 10.244.0.5:80: connect: connection refused',
    );
  });
});

describe('a failing gRPC probe (pkg/probe/grpc)', () => {
  it('says the server answered NOT_SERVING: a failure that comes back at once, as the model draws it', () => {
    const r = runText(
      scenario({
        pods: pod(
          'web',
          'containers:\n  - name: app\n    image: nginx:1.27\n    readinessProbe: { grpc: { port: 9000 }, timeoutSeconds: 3, periodSeconds: 5 }',
        ),
        faults: '  - { kind: ReadinessProbeFail, target: default/web/app }',
        horizon: '30s',
      }),
    );
    expect(evs(r, 'Unhealthy')[0]!.message).toBe(
      'Readiness probe failed: service unhealthy (responded with "NOT_SERVING")',
    );
  });
});

describe('deletion (SyncTerminatingPod, facts §1/§2)', () => {
  it('Killing "Stopping container app" at the delete, Terminating, then gone', () => {
    const r = runPreset('delete-grace-period');
    const k = evs(r, 'Killing')[0]!;
    expect(k).toMatchObject({ t: 30_000, message: 'Stopping container app' });
    const seq = statusSeq(r, 'default/web');
    expect(seq).toContain('Terminating');
    expect(seq[seq.length - 1]).toBe('-');
    const grace = r.trace.logs.find((l) => l.msg === 'Pod terminating with grace period')!;
    expect(grace.kv).toContainEqual(['gracePeriod', '20']);
    expect(eventsAt(r.trace, end(r)).map((e) => e.reason)).toEqual([
      'Scheduled',
      'Pulled',
      'Created',
      'Started',
      'Killing',
    ]);
  });
});

describe('kubelet restart (Kubelet.Run, HandlePodAdditions after restart)', () => {
  const text = scenario({
    pods: pod('web', 'containers:\n  - name: app\n    image: nginx:1.27'),
    actions: '  - { kind: RestartKubelet, at: 30s, downtime: 5s }',
    horizon: '1m',
  });

  it('re-lists every pod as one ADD, the PLEG reports running containers as started, nothing restarts', () => {
    const r = runText(text);
    const adds = r.trace.logs.filter((l) => l.msg === 'SyncLoop ADD');
    expect(adds.map((l) => l.t)).toEqual([0, 35_000]);
    const pleg = r.trace.logs.filter(
      (l) => l.msg === 'SyncLoop (PLEG): event for pod' && l.t === 35_000,
    );
    expect(pleg).toHaveLength(2);
    expect(evs(r, 'Created')).toHaveLength(1);
    expect(podsAt(r, end(r))[0]).toMatchObject({ status: 'Running', restarts: '0' });
    // The kubelet is gone for 5 s: no sync loop wake-ups in between.
    const syncLoopSteps = r.trace.steps.t.filter(
      (t, i) =>
        r.trace.entities[r.trace.steps.entity[i]!]!.id === 'syncLoop' && t > 30_000 && t < 35_000,
    );
    expect(syncLoopSteps).toEqual([]);
  });

  it('a CPU manager checkpoint from another policy stops the kubelet; systemd retries every 10 s', () => {
    const r = runPreset('flip-cpu-policy');
    // cpu_manager.go manager.Start, then kubelet.go initializeRuntimeDependentModules (os.Exit(1)):
    // never run.go's "command failed", which is for errors returned by NewMainKubelet/RunKubelet.
    expect(r.trace.logs.some((l) => l.msg === 'command failed')).toBe(false);
    const checkpoint = r.trace.logs.filter(
      (l) =>
        l.msg ===
        'Could not initialize checkpoint manager, please drain node and remove policy state file',
    );
    const failed = r.trace.logs.filter((l) => l.msg === 'Failed to start ContainerManager');
    expect(failed.length).toBeGreaterThan(3);
    expect(checkpoint).toHaveLength(failed.length);
    expect(checkpoint[0]).toMatchObject({ severity: 'E', source: 'cpu_manager.go:246' });
    expect(failed[0]).toMatchObject({ severity: 'E', source: 'kubelet.go:1839' });
    const cause =
      'could not restore state from checkpoint: configured policy \\"static\\" differs from state checkpoint policy \\"none\\", please drain this node and delete the CPU manager checkpoint file \\"/var/lib/kubelet/cpu_manager_state\\" before restarting Kubelet';
    expect(checkpoint[0]!.kv).toEqual([['err', `"${cause}"`]]);
    expect(failed[0]!.kv).toEqual([['err', `"start cpu manager error: ${cause}"`]]);
    // The checkpoint line comes first, at the same instant.
    expect(r.trace.logs.indexOf(checkpoint[0]!)).toBeLessThan(r.trace.logs.indexOf(failed[0]!));
    expect(checkpoint[0]!.t).toBe(failed[0]!.t);
    expect(failed[1]!.t - failed[0]!.t).toBe(10_000);
  });
});

describe('a crashed native sidecar and the pod restartPolicy (ShouldContainerBeRestarted)', () => {
  const run = (policy: string, kubeletVersion?: string) =>
    runText(
      scenario({
        ...(kubeletVersion ? { kubeletVersion } : {}),
        horizon: '60s',
        pods: pod(
          'web',
          `restartPolicy: ${policy}
initContainers:
  - { name: proxy, image: busybox:1.36, restartPolicy: Always }
containers:
  - { name: app, image: nginx:1.27 }`,
        ),
        faults:
          '  - { kind: ContainerExit, target: default/web/proxy, afterSeconds: 5, exitCode: 1, reason: Error }',
      }),
    );
  it('Always: it waits out its back-off as CrashLoopBackOff', () => {
    expect(statusSeq(run('Always'), 'default/web')).toContain('Init:CrashLoopBackOff');
  });
  it('Never, through 1.34: SyncPod still restarts it, but the status keeps it Terminated (Init:Error)', () => {
    const r = run('Never', '1.34');
    const seq = statusSeq(r, 'default/web');
    expect(seq).not.toContain('Init:CrashLoopBackOff');
    expect(seq).toContain('Init:Error');
    // Restarted all the same: more than one start of the sidecar.
    expect(evs(r, 'Started', 'spec.initContainers{proxy}').length).toBeGreaterThan(2);
  });
  it('Never, from 1.35 (ContainerRestartRules on): its own restartPolicy Always decides, so it waits as CrashLoopBackOff', () => {
    // podutil.ContainerShouldRestart reads the container's restartPolicy before the pod's.
    const r = run('Never', '1.35');
    expect(statusSeq(r, 'default/web')).toContain('Init:CrashLoopBackOff');
    expect(evs(r, 'Started', 'spec.initContainers{proxy}').length).toBeGreaterThan(2);
  });
});

describe('getPhase while a new sandbox re-runs the init containers (1.32+, PR #126653)', () => {
  it('the pod is Pending while its regular init container runs again, then Running', () => {
    const r = runText(
      scenario({
        horizon: '40s',
        pods: pod(
          'p',
          `initContainers:
  - { name: init-a, image: busybox:1.36 }
containers:
  - { name: app, image: nginx:1.27 }`,
        ),
        faults: '  - { kind: SandboxDied, target: default/p, afterSeconds: 8, times: 1 }',
      }),
    );
    // Phases the status manager generated, in order, collapsed.
    const phases: string[] = [];
    for (const x of r.trace.records)
      if (x.kind === 'podStatus' && phases[phases.length - 1] !== x.data.phase)
        phases.push(x.data.phase);
    expect(phases).toEqual(['Pending', 'Running', 'Pending', 'Running']);
  });
});

describe('a hostNetwork pod (generateAPIPodStatus)', () => {
  it('has the node IP as its pod IP from its first status, before the sandbox exists', () => {
    const r = runText(
      scenario({
        pods: pod('hn', 'hostNetwork: true\ncontainers:\n  - { name: app, image: nginx:1.27 }'),
      }),
    );
    const first = r.trace.logs.find((l) => l.msg === 'Patch status for pod')!;
    expect(first.kv[2]![1]).toContain('\\"podIP\\":\\"10.0.0.10\\"');
    const sandbox = r.trace.records.find((x) => x.kind === 'sandboxCreated')!;
    expect(first.t).toBeLessThan(sandbox.t);
  });
});
