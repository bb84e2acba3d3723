/**
 * Perturbations made in place (the context menu on a container's span or in the
 * Inspector), as pure edits of the scenario. Each fault is armed at the cursor (its
 * `at`), so every operation that began before the cursor is unchanged and the run
 * forks there: the past is identical, the future is recomputed (RaftScope's model).
 * The one exception is a CPU request: a pod's spec cannot change under a running
 * pod, so that edit re-runs the pod as if it had been created that way.
 */
import {
  overLimitMessage,
  requestsOverLimits,
  type SimulationRun,
  type ContainerSpec,
} from '../sim';
import type { Fault } from '../sim';
import type { Scenario, Selection } from './types';

export type PerturbationKind =
  | 'ImagePullError'
  | 'ImagePullErrorAlways'
  | 'ImagePullSlow'
  | 'StartContainerError'
  | 'ContainerExit'
  | 'OOMKilled'
  | 'PostStartHang'
  | 'PostStartFail'
  | 'StartupProbeFail'
  | 'ReadinessProbeFail'
  | 'LivenessProbeFail'
  | 'SandboxError'
  | 'SandboxDied'
  | 'DeletePod'
  | 'RestartKubelet'
  | 'CpuRequest';

export interface PerturbationItem {
  readonly kind: PerturbationKind;
  readonly label: string;
  /** What the kubelet will do about it, in a few words (the menu item's description). */
  readonly hint: string;
  /** Whether it targets one container (else the pod or the node). */
  readonly perContainer: boolean;
}

/** The menu, in the order of a pod's life: sandbox, pull, start, hooks, probes, run, end. */
export const PERTURBATIONS: readonly PerturbationItem[] = [
  {
    kind: 'ImagePullError',
    label: 'Fail the next image pull',
    hint: 'ErrImagePull, then ImagePullBackOff and a retry',
    perContainer: true,
  },
  {
    kind: 'ImagePullErrorAlways',
    label: 'Fail every image pull',
    hint: 'back-off doubling from 10 s to 5 min',
    perContainer: true,
  },
  {
    kind: 'ImagePullSlow',
    label: 'Slow the next image pull by 30 s',
    hint: 'with serialized pulls, other pods wait too',
    perContainer: true,
  },
  {
    kind: 'StartContainerError',
    label: 'Fail its next start (executable not found)',
    hint: 'RunContainerError: StartError, exit code 128, back-off',
    perContainer: true,
  },
  {
    kind: 'ContainerExit',
    label: 'Exit here with code 1',
    hint: 'restart per restartPolicy, CrashLoopBackOff',
    perContainer: true,
  },
  {
    kind: 'OOMKilled',
    label: 'OOM-kill here (exit 137)',
    hint: 'last state: Terminated, reason OOMKilled',
    perContainer: true,
  },
  {
    kind: 'PostStartHang',
    label: 'Hang the next PostStart hook for 60 s',
    hint: 'holds up the containers after it',
    perContainer: true,
  },
  {
    kind: 'PostStartFail',
    label: 'Fail the next PostStart hook',
    hint: 'FailedPostStartHook, Killing, restart with back-off',
    perContainer: true,
  },
  {
    kind: 'StartupProbeFail',
    label: 'Fail its startup probe from here',
    hint: 'Unhealthy, then restart after failureThreshold',
    perContainer: true,
  },
  {
    kind: 'ReadinessProbeFail',
    label: 'Fail its readiness probe from here',
    hint: 'Ready turns False; the container keeps running',
    perContainer: true,
  },
  {
    kind: 'LivenessProbeFail',
    label: 'Fail its liveness probe from here',
    hint: 'Unhealthy, Killing, restart',
    perContainer: true,
  },
  {
    kind: 'CpuRequest',
    label: 'Change its CPU request…',
    hint: 're-runs the pod with the new request',
    perContainer: true,
  },
  {
    kind: 'SandboxError',
    label: 'Fail the next sandbox creation',
    hint: 'FailedCreatePodSandBox (CNI), retried',
    perContainer: false,
  },
  {
    kind: 'SandboxDied',
    label: 'Kill the pod sandbox here',
    hint: 'SandboxChanged: containers killed, sandbox re-created (attempt + 1)',
    perContainer: false,
  },
  {
    kind: 'DeletePod',
    label: 'Delete the pod here',
    hint: 'Killing, grace period, PreStop',
    perContainer: false,
  },
  {
    kind: 'RestartKubelet',
    label: 'Restart the kubelet here',
    hint: 'pods come back as ADD and are admitted again',
    perContainer: false,
  },
];

export interface PerturbTarget {
  /** "<namespace>/<pod>" */
  readonly pod: string;
  /** "<namespace>/<pod>/<container>", when the perturbation is about one container. */
  readonly container?: string;
}

/** "ns/pod/name" as its pod key ("ns/pod") and container name. */
export function splitContainer(container: string): { podKey: string; name: string } {
  const slash = container.lastIndexOf('/');
  return { podKey: container.slice(0, slash), name: container.slice(slash + 1) };
}

const PULL_SLOW_S = 30;
const HANG_S = 60;

/**
 * When the container's current instance started, if it is running at `t`: an exit
 * "here" is then a fault armed at that start that fires `t - start` later, so the
 * instance that is running at the cursor is the one that exits.
 */
export function runningSince(run: SimulationRun, container: string, t: number): number | null {
  const { podKey, name } = splitContainer(container);
  const uid = Object.values(run.config.pods).find((p) => p.key === podKey)?.uid;
  if (uid === undefined) return null;
  let start: number | null = null;
  let id: unknown = null;
  for (const r of run.trace.records) {
    if (r.t > t) break;
    if (r.kind === 'containerStarted' && r.data.uid === uid && r.data.container === name) {
      start = r.t;
      id = r.data.id;
    } else if (r.kind === 'containerExited' && id !== null && r.data.id === id) {
      start = null;
      id = null;
    }
  }
  return start;
}

/**
 * When the pod's newest sandbox was created, if one exists at `t`: a sandbox death "here" is
 * then a fault armed at that creation that fires `t - created` later.
 */
export function sandboxSince(run: SimulationRun, podKey: string, t: number): number | null {
  const uid = Object.values(run.config.pods).find((p) => p.key === podKey)?.uid;
  if (uid === undefined) return null;
  let created: number | null = null;
  for (const r of run.trace.records) {
    if (r.t > t) break;
    if (r.kind === 'sandboxCreated' && r.data.uid === uid) created = r.t;
  }
  return created;
}

function addFault(s: Scenario, f: Fault): Scenario {
  return { ...s, faults: [...s.faults, f] };
}

/**
 * The instant a perturbation made at cursor time `t` takes effect: 1 ms after it,
 * so every step at the cursor itself stays as it was.
 */
export function armedAfter(t: number): number {
  return Math.max(0, Math.floor(t)) + 1;
}

/** The scenario with the perturbation added at the cursor's simulated time `t` (ms). */
export function perturb(
  s: Scenario,
  kind: Exclude<PerturbationKind, 'CpuRequest'>,
  target: PerturbTarget,
  t: number,
  run?: SimulationRun,
): Scenario {
  const at = armedAfter(t);
  const c = target.container ?? target.pod;
  switch (kind) {
    case 'ImagePullError':
      return addFault(s, { kind: 'ImagePullError', target: c, at, times: 1 });
    case 'ImagePullErrorAlways':
      return addFault(s, { kind: 'ImagePullError', target: c, at });
    case 'ImagePullSlow':
      return addFault(s, { kind: 'ImagePullSlow', target: c, at, times: 1, seconds: PULL_SLOW_S });
    case 'StartContainerError':
      return addFault(s, { kind: 'StartContainerError', target: c, at, times: 1 });
    case 'ContainerExit':
    case 'OOMKilled': {
      const since = run && target.container ? runningSince(run, target.container, at) : null;
      const armed = since ?? at;
      return addFault(s, {
        kind: 'ContainerExit',
        target: c,
        at: armed,
        times: 1,
        afterSeconds: (at - armed) / 1000,
        exitCode: kind === 'OOMKilled' ? 137 : 1,
        ...(kind === 'OOMKilled' ? { reason: 'OOMKilled' as const } : {}),
      });
    }
    case 'PostStartHang':
      return addFault(s, { kind: 'PostStartHang', target: c, at, times: 1, seconds: HANG_S });
    case 'PostStartFail':
      return addFault(s, { kind: 'PostStartFail', target: c, at, times: 1 });
    case 'StartupProbeFail':
    case 'ReadinessProbeFail':
    case 'LivenessProbeFail':
      return addFault(s, { kind, target: c, at });
    case 'SandboxError':
      return addFault(s, { kind: 'SandboxError', target: target.pod, at, times: 1 });
    case 'SandboxDied': {
      const since = run ? sandboxSince(run, target.pod, at) : null;
      const armed = since ?? at;
      return addFault(s, {
        kind: 'SandboxDied',
        target: target.pod,
        at: armed,
        times: 1,
        afterSeconds: (at - armed) / 1000,
      });
    }
    case 'DeletePod':
      return { ...s, actions: [...s.actions, { kind: 'DeletePod', at, target: target.pod }] };
    case 'RestartKubelet':
      return { ...s, actions: [...s.actions, { kind: 'RestartKubelet', at }] };
  }
}

/** A CPU quantity as Kubernetes writes it: "2", "500m", "1.5". */
export const CPU_QUANTITY = /^(\d+(\.\d{1,3})?|\d+m)$/;

/**
 * The container's CPU request set to `cpu`. Where the limit equalled the request (a
 * Guaranteed container), the limit follows, so the QoS class is kept.
 */
export function withCpuRequest(s: Scenario, container: string, cpu: string): Scenario {
  const { podKey, name } = splitContainer(container);
  const edit = (m: Scenario['pods'][number]['manifest']) => {
    if (`${m.metadata.namespace}/${m.metadata.name}` !== podKey) return m;
    const fix = (list: typeof m.spec.containers | undefined) =>
      list?.map((c) => {
        if (c.name !== name) return c;
        const req = c.resources?.requests ?? {};
        const lim = c.resources?.limits ?? {};
        const limits = lim.cpu !== undefined && lim.cpu === req.cpu ? { ...lim, cpu } : lim;
        return { ...c, resources: { ...c.resources, requests: { ...req, cpu }, limits } };
      });
    const initContainers = fix(m.spec.initContainers);
    return {
      ...m,
      spec: {
        ...m.spec,
        containers: fix(m.spec.containers)!,
        ...(initContainers ? { initContainers } : {}),
      },
    };
  };
  return {
    ...s,
    pods: s.pods.map((p) => ({ ...p, manifest: edit(p.manifest) })),
    actions: s.actions.map((a) => (a.kind === 'AddPod' ? { ...a, manifest: edit(a.manifest) } : a)),
  };
}

/** The container's spec in the scenario ("ns/pod/name"), init containers included. */
export function containerSpecOf(s: Scenario, container: string): ContainerSpec | undefined {
  const { podKey, name } = splitContainer(container);
  const manifests = [
    ...s.pods.map((p) => p.manifest),
    ...s.actions.flatMap((a) => (a.kind === 'AddPod' ? [a.manifest] : [])),
  ];
  const m = manifests.find((x) => `${x.metadata.namespace}/${x.metadata.name}` === podKey);
  return [...(m?.spec.initContainers ?? []), ...(m?.spec.containers ?? [])].find(
    (x) => x.name === name,
  );
}

/** Why a perturbation cannot apply to this container (no such hook or probe), or null. */
export function unavailable(
  kind: PerturbationKind,
  spec: ContainerSpec | undefined,
): string | null {
  if (!spec) return null;
  switch (kind) {
    case 'PostStartHang':
    case 'PostStartFail':
      return spec.lifecycle?.postStart ? null : 'it has no postStart hook';
    case 'StartupProbeFail':
      return spec.startupProbe ? null : 'it has no startupProbe';
    case 'ReadinessProbeFail':
      return spec.readinessProbe ? null : 'it has no readinessProbe';
    case 'LivenessProbeFail':
      return spec.livenessProbe ? null : 'it has no livenessProbe';
    default:
      return null;
  }
}

/** Faults on a container's next create, start or PostStart: they need a later attempt. */
const NEXT_START: ReadonlySet<PerturbationKind> = new Set([
  'StartContainerError',
  'PostStartHang',
  'PostStartFail',
]);

/**
 * Why a perturbation made at `t` cannot change anything in this run, or null. Said at
 * once in the menu, rather than accepting an edit that the run then ignores. Only
 * certain cases: a pull fault on a container whose image is on the node at `t` with
 * imagePullPolicy IfNotPresent (EnsureImageExists will never pull again) or Never; a fault
 * on the next start or PostStart hook of a container this run never creates again after `t`
 * (the run is the same up to an attempt that never comes).
 */
export function noEffect(
  kind: PerturbationKind,
  run: SimulationRun | undefined,
  container: string | undefined,
  t: number,
): string | null {
  if (!run || !container) return null;
  const { podKey, name } = splitContainer(container);
  const pod = Object.values(run.config.pods).find((p) => p.key === podKey);
  const def = pod?.byName[name];
  if (!def) return null;
  if (NEXT_START.has(kind)) {
    // PreCreateContainer's cpuset record marks each create attempt; a start follows it.
    const again = run.trace.records.some(
      (r) =>
        r.t >= t &&
        (r.kind === 'cpuset' || r.kind === 'containerStarted') &&
        r.data.uid === pod.uid &&
        r.data.container === name,
    );
    return again ? null : `no effect: ${name} is not started again in this run`;
  }
  if (kind !== 'ImagePullError' && kind !== 'ImagePullErrorAlways' && kind !== 'ImagePullSlow')
    return null;
  if (def.pullPolicy === 'Never')
    return 'no effect: imagePullPolicy is Never, the kubelet never pulls';
  if (def.pullPolicy !== 'IfNotPresent') return null;
  const preset = run.scenario.node.images.some(
    (i) => (i.name === def.image || i.name === def.imageRef) && i.present,
  );
  const pulled = run.trace.records.some(
    (r) =>
      r.kind === 'pullStarted' &&
      r.data.image === def.imageRef &&
      r.data.ok !== false &&
      r.t + (typeof r.data.ms === 'number' ? r.data.ms : 0) <= t,
  );
  return preset || pulled
    ? 'no effect: the image is present and imagePullPolicy is IfNotPresent'
    : null;
}

/**
 * Why the API server would refuse the container with this CPU request (a limit below it that
 * does not follow), as its field error says it; null when it would take it.
 */
export function cpuRequestProblem(s: Scenario, container: string, cpu: string): string | null {
  const spec = containerSpecOf(withCpuRequest(s, container, cpu), container);
  const over = requestsOverLimits(spec?.resources).find((o) => o.name === 'cpu');
  return over ? overLimitMessage(over) : null;
}

/** The container's CPU request, as written in the scenario. */
export function cpuRequestOf(s: Scenario, container: string): string | undefined {
  return containerSpecOf(s, container)?.resources?.requests?.cpu;
}

/** Whom the selection lets the user perturb: its container, else its pod. */
export function perturbTargetOf(sel: Selection | null): PerturbTarget | null {
  if (!sel) return null;
  if (sel.kind === 'container') return { pod: sel.pod, container: sel.container };
  if (sel.kind === 'pod') return { pod: sel.pod };
  if (sel.kind === 'span' && sel.pod !== undefined)
    return sel.container !== undefined
      ? { pod: sel.pod, container: sel.container }
      : { pod: sel.pod };
  return null;
}
