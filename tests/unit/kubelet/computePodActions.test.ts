/**
 * computePodActions / computeInitContainerActions table tests against the facts sheet §3:
 * which containers start, which are killed, and when the sandbox is (re)created.
 */
import { describe, expect, it } from 'vitest';
import { computePodActions, podActionsString } from '../../../src/sim/kubelet/computePodActions';
import { compileRun, type PodDef } from '../../../src/sim/kubelet/config';
import { emptyDomain } from '../../../src/sim/kubelet/spec';
import type {
  CachedPodStatus,
  ContainerRecord,
  KubeletDomain,
} from '../../../src/sim/kubelet/types';
import { parseScenario } from '../../../src/sim/index';
import { pod, scenario } from './helpers';

function setup(spec: string): { p: PodDef; d: KubeletDomain } {
  const parsed = parseScenario(scenario({ pods: pod('web', spec) }));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  const cfg = compileRun(parsed.scenario);
  const p = Object.values(cfg.pods)[0]!;
  const d = emptyDomain(cfg);
  d.pods[p.uid] = { uid: p.uid, key: p.key, createdAt: 0 };
  return { p, d };
}

let n = 0;
function ctr(
  name: string,
  state: ContainerRecord['state'],
  extra: Partial<ContainerRecord> = {},
): ContainerRecord {
  n++;
  return {
    id: `c${n}`,
    podUid: 'u',
    name,
    kind: 'regular',
    sandboxId: 's1',
    attempt: 0,
    image: 'x',
    state,
    createdAt: n,
    ...extra,
  };
}

function status(containers: ContainerRecord[], sandbox = true): CachedPodStatus {
  return {
    t: 0,
    sandboxes: sandbox
      ? [
          {
            id: 's1',
            podUid: 'u',
            state: 'SANDBOX_READY',
            attempt: 0,
            createdAt: 0,
            ip: '10.244.0.5',
          },
        ]
      : [],
    containers,
  };
}

const TWO_INIT = `initContainers:
  - { name: i0, image: busybox:1.36 }
  - { name: i1, image: busybox:1.36 }
containers:
  - { name: a, image: nginx:1.27 }
  - { name: b, image: nginx:1.27 }`;

const SIDECAR = `initContainers:
  - name: proxy
    image: busybox:1.36
    restartPolicy: Always
    startupProbe: { httpGet: { path: /, port: 1 } }
  - { name: migrate, image: busybox:1.36 }
containers:
  - { name: a, image: nginx:1.27 }`;

describe('computePodActions', () => {
  it('new pod: KillPod+CreateSandbox, attempt 0, all containers in spec order', () => {
    const { p, d } = setup(
      `containers:\n  - { name: a, image: nginx:1.27 }\n  - { name: b, image: nginx:1.27 }`,
    );
    const { actions, logs } = computePodActions(p, status([], false), d);
    expect(actions).toMatchObject({
      killPod: true,
      createSandbox: true,
      attempt: 0,
      sandboxId: '',
      containersToStart: [0, 1],
    });
    expect(logs[0]!.msg).toBe('No sandbox for pod can be found. Need to start a new one');
    // podActions.String() of 1.35+ (UpdatePodLevelResources, ContainersToRemove).
    expect(podActionsString(actions)).toBe(
      'KillPod: true, CreateSandbox: true, UpdatePodResources: false, UpdatePodLevelResources: false, Attempt: 0, InitContainersToStart: [], ContainersToStart: [0 1], EphemeralContainersToStart: [],ContainersToUpdate: map[], ContainersToKill: map[], ContainersToRemove: []',
    );
  });

  it('new pod with init containers: only the first init container', () => {
    const { p, d } = setup(TWO_INIT);
    const { actions } = computePodActions(p, status([], false), d);
    expect(actions).toMatchObject({ createSandbox: true, initToStart: [0], containersToStart: [] });
  });

  it('sandbox not ready: re-create with attempt+1 and the old id (SandboxChanged)', () => {
    const { p, d } = setup(`containers:\n  - { name: a, image: nginx:1.27 }`);
    const ps = status([ctr('a', 'EXITED', { exitCode: 0 })]);
    ps.sandboxes[0]!.state = 'SANDBOX_NOTREADY';
    const { actions } = computePodActions(p, ps, d);
    expect(actions).toMatchObject({
      killPod: true,
      createSandbox: true,
      attempt: 1,
      sandboxId: 's1',
    });
  });

  it.each([
    ['first init running: wait', [['i0', 'RUNNING']], [], []],
    ['first init exited 0: start the second', [['i0', 'EXITED', 0]], [1], []],
    ['first init failed: retry it (restartPolicy Always)', [['i0', 'EXITED', 1]], [0], []],
    [
      'both done: all regular containers',
      [
        ['i0', 'EXITED', 0],
        ['i1', 'EXITED', 0],
      ],
      [],
      [0, 1],
    ],
  ] as const)('init containers one at a time: %s', (_n, recs, init, regular) => {
    const { p, d } = setup(TWO_INIT);
    const list = recs.map(([name, state, code]) =>
      ctr(name, state, { kind: 'init', exitCode: code }),
    );
    const { actions } = computePodActions(p, status(list.reverse()), d);
    expect(actions.initToStart).toEqual(init);
    expect(actions.containersToStart).toEqual(regular);
    expect(actions.killPod).toBe(false);
  });

  it('init container failed under restartPolicy Never: KillPod, nothing to start', () => {
    const { p, d } = setup(`restartPolicy: Never\n${TWO_INIT}`);
    const { actions } = computePodActions(
      p,
      status([ctr('i0', 'EXITED', { kind: 'init', exitCode: 1 })]),
      d,
    );
    expect(actions).toMatchObject({ killPod: true, initToStart: [], containersToStart: [] });
  });

  it('sidecar with a startup probe: the next init container waits for startup Success', () => {
    const { p, d } = setup(SIDECAR);
    const side = ctr('proxy', 'RUNNING', { kind: 'sidecar' });
    const ps = status([side]);
    expect(computePodActions(p, ps, d).actions.initToStart).toEqual([]);
    d.probeResults[`startup/${side.id}`] = 'Unknown';
    expect(computePodActions(p, ps, d).actions.initToStart).toEqual([]);
    d.probeResults[`startup/${side.id}`] = 'Success';
    expect(computePodActions(p, ps, d).actions.initToStart).toEqual([1]);
  });

  it('sidecar failing its startup probe is killed and restarted', () => {
    const { p, d } = setup(SIDECAR);
    const side = ctr('proxy', 'RUNNING', { kind: 'sidecar' });
    d.probeResults[`startup/${side.id}`] = 'Failure';
    const { actions } = computePodActions(p, status([side]), d);
    expect(actions.containersToKill).toEqual([
      {
        id: side.id,
        name: 'proxy',
        message: 'Init container proxy failed startup probe',
        reason: 'StartupProbe',
      },
    ]);
    expect(actions.initToStart).toEqual([0]);
  });

  it('exited sidecar after initialisation is restarted alongside running containers', () => {
    const { p, d } = setup(SIDECAR);
    const ps = status([
      ctr('a', 'RUNNING'),
      ctr('migrate', 'EXITED', { kind: 'init', exitCode: 0 }),
      ctr('proxy', 'EXITED', { kind: 'sidecar', exitCode: 1 }),
    ]);
    const { actions } = computePodActions(p, ps, d);
    expect(actions.initToStart).toEqual([0]);
    expect(actions.containersToStart).toEqual([]);
  });

  it.each([
    ['Always', 0, [0]],
    ['Always', 1, [0]],
    ['OnFailure', 1, [0]],
    ['OnFailure', 0, []],
    ['Never', 1, []],
  ] as const)('exited container, restartPolicy %s, exit %i -> start %j', (policy, code, want) => {
    const { p, d } = setup(
      `restartPolicy: ${policy}\ncontainers:\n  - { name: a, image: nginx:1.27 }\n  - { name: b, image: nginx:1.27 }`,
    );
    const ps = status([ctr('b', 'RUNNING'), ctr('a', 'EXITED', { exitCode: code })]);
    expect(computePodActions(p, ps, d).actions.containersToStart).toEqual(want);
  });

  it('liveness failure: kill with "failed liveness probe, will be restarted" and start again', () => {
    const { p, d } = setup(
      `containers:\n  - name: a\n    image: nginx:1.27\n    livenessProbe: { httpGet: { path: /, port: 80 } }`,
    );
    const a = ctr('a', 'RUNNING');
    d.probeResults[`liveness/${a.id}`] = 'Failure';
    const { actions } = computePodActions(p, status([a]), d);
    expect(actions.containersToKill).toEqual([
      {
        id: a.id,
        name: 'a',
        message: 'Container a failed liveness probe, will be restarted',
        reason: 'LivenessProbe',
      },
    ]);
    expect(actions.containersToStart).toEqual([0]);
  });

  it('all containers completed under OnFailure: KillPod (nothing to keep or start)', () => {
    const { p, d } = setup(
      `restartPolicy: OnFailure\ncontainers:\n  - { name: a, image: nginx:1.27 }`,
    );
    const { actions } = computePodActions(p, status([ctr('a', 'EXITED', { exitCode: 0 })]), d);
    expect(actions.killPod).toBe(true);
    expect(actions.createSandbox).toBe(false);
  });
});
