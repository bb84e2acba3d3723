/**
 * What the records say happened to each pod and container, gathered across every kind of
 * input: which images were pulled (and how long that took) or present, how pulls, sandboxes,
 * hooks, probes and container config failed and whether they recovered, how containers exited
 * (exit code, reason, how long they ran), how often they restarted and the back-off reached,
 * and whether a kill waited out the grace period. The scenario is rebuilt from these.
 */
import { UNNAMED_CONTAINER } from '../describePod';
import { syncErrorOf } from '../messages';
import type { ReplayEvent, ReplayResult } from '../types';

export interface Termination {
  state?: string;
  reason?: string;
  exitCode?: number;
  startedUs?: number;
  finishedUs?: number;
}

export interface ContainerFacts {
  readonly name: string;
  /** The image its pull records name (Events and runtime lines name no container in old eras). */
  image?: string;
  pullMs?: number;
  pullSize?: number;
  /** True: the image was pulled; false: already present; undefined: the input does not say. */
  pulled?: boolean;
  pullFailures: number;
  pullErr?: string;
  starts: number;
  state: Termination;
  last: Termination;
  restartCount?: number;
  /** Longest crash-loop back-off the input shows ("5m0s"), in ms. */
  backoffMs?: number;
  crashLooping: boolean;
  probeFailures: { liveness: number; readiness: number; startup: number };
  /** When each kind of probe ran (its klog lines, failed or not): the period is their step. */
  probeTimes: { liveness: number[]; readiness: number[]; startup: number[] };
  livenessKills: number;
  /** A Pulling Event or PullImage call was seen. */
  pullStarted: boolean;
  postStartFailures: number;
  /** CRI StartContainer failures (RunContainerError). */
  startErrors: number;
  /** A container config the start could not build (CreateContainerConfigError). */
  configError?: {
    kind: 'key' | 'missing';
    source: 'configMap' | 'secret';
    name: string;
    key?: string;
    ns: string;
  };
  /** A kill that waited the whole grace period: the process ignored SIGTERM. */
  ignoredSigterm: boolean;
  /** Exit codes PLEG or the runtime reported, in order. */
  exitCodes: number[];
  /** Pod phase-level crash evidence without a container named (kubectl get pods rows). */
  runUs?: number;
}

export interface PodFacts {
  readonly key: string;
  sandboxFailures: number;
  sandboxRecovered: boolean;
  sandboxErr?: string;
  sandboxChanged: number;
  sandboxChangedSpanUs: number;
  phase?: string;
  deletedUs?: number;
  /** The deletion was inferred from a kill of the whole pod (deleted, evicted or timed out). */
  killedAsPod?: boolean;
  deleteGrace?: number;
  readonly containers: Map<string, ContainerFacts>;
  /** Statuses kubectl printed for the pod (get pods rows): "CrashLoopBackOff", "Init:Error". */
  statuses: string[];
  /** Evicted by the kubelet (describe's or the status's reason), with the status's message. */
  evicted?: { message?: string };
  /** The topology manager refused it (TopologyAffinityError). */
  topologyRejected?: boolean;
  rowRestarts?: number;
  /**
   * What get pods' STATUS says of the init containers: `Init:N/M` (N of M done, the next one
   * running or being created) or `Init:<reason>` (the init container that is not done: its
   * waiting or terminated reason, or `ExitCode:n`).
   */
  initRow?: { done: number; total: number } | { reason: string };
}

const goDurationRe = /(\d+(?:\.\d+)?)(h|ms|m|s|µs|us|ns)/gy;

/** Go's time.Duration.String(): "4.3s", "1m2.5s", "850ms", "1.5µs" → ms. */
export function goDurationMs(s: string): number | null {
  const unit: Record<string, number> = {
    h: 3_600_000,
    m: 60_000,
    s: 1000,
    ms: 1,
    µs: 1e-3,
    us: 1e-3,
    ns: 1e-6,
  };
  goDurationRe.lastIndex = 0;
  let total = 0;
  let end = 0;
  let m: RegExpExecArray | null;
  while ((m = goDurationRe.exec(s)) !== null) {
    total += Number(m[1]) * unit[m[2]!]!;
    end = goDurationRe.lastIndex;
  }
  return end > 0 && end === s.length ? total : null;
}

/** "2025-02-25 21:38:53.716675693 +0000 UTC m=+565.3" (Go time.Time.String()) → epoch µs. */
export function goTimeUs(s: string | number | undefined): number | null {
  if (typeof s !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d+)? ([+-]\d{4})/.exec(s);
  if (!m || m[1] === '0001-01-01') return null;
  const ms = Date.parse(`${m[1]}T${m[2]}${m[4]!.slice(0, 3)}:${m[4]!.slice(3)}`);
  if (!Number.isFinite(ms)) return null;
  const frac = m[3] ? Number(m[3].slice(1).padEnd(6, '0').slice(0, 6)) : 0;
  return ms * 1000 + frac;
}

const s = (e: ReplayEvent, k: string) => (typeof e.data?.[k] === 'string' ? e.data[k] : '');
const n = (e: ReplayEvent, k: string) => (typeof e.data?.[k] === 'number' ? e.data[k] : undefined);

/** The image a pull record names: its data, else the Event's quoted image. */
function imageOf(e: ReplayEvent, message: string): string | undefined {
  return (
    s(e, 'image') ||
    /(?:[Pp]ulling image|[Pp]ulled image|Container image|[Pp]ull image) "([^"]+)"/.exec(
      message,
    )?.[1]
  );
}

function newContainer(name: string): ContainerFacts {
  return {
    name,
    pullFailures: 0,
    starts: 0,
    state: {},
    last: {},
    crashLooping: false,
    probeFailures: { liveness: 0, readiness: 0, startup: 0 },
    probeTimes: { liveness: [], readiness: [], startup: [] },
    livenessKills: 0,
    pullStarted: false,
    postStartFailures: 0,
    startErrors: 0,
    ignoredSigterm: false,
    exitCodes: [],
  };
}

/** The facts of every pod the result names. */
export function gatherFacts(r: ReplayResult): Map<string, PodFacts> {
  const out = new Map<string, PodFacts>();
  const byPod = new Map<string, ReplayEvent[]>();
  for (const e of r.events)
    if (e.pod) (byPod.get(e.pod) ?? byPod.set(e.pod, []).get(e.pod)!).push(e);
  for (const [key, pod] of r.pods) {
    const p: PodFacts = {
      key,
      sandboxFailures: 0,
      sandboxRecovered: false,
      sandboxChanged: 0,
      sandboxChangedSpanUs: 0,
      containers: new Map(),
      statuses: [],
    };
    out.set(key, p);
    for (const c of pod.containers.keys()) p.containers.set(c, newContainer(c));
    const evs = (byPod.get(key) ?? [])
      .map((e, i) => ({ e, i }))
      .sort((a, b) => a.e.us - b.e.us || a.i - b.i)
      .map((x) => x.e);
    // Records that name no container are the only container's, or a placeholder's.
    const only =
      pod.containers.size === 1
        ? [...pod.containers.keys()][0]!
        : pod.containers.size === 0
          ? UNNAMED_CONTAINER
          : undefined;
    // Pull Events in describe name the image, not the container: the container of that image.
    const byImage = new Map<string, string | null>();
    for (const [name, info] of pod.containers)
      if (info.image) byImage.set(info.image, byImage.has(info.image) ? null : name);
    podFacts(p, evs, only, byImage);
    const un = p.containers.get(UNNAMED_CONTAINER);
    if (un && pod.containers.size === 0 && !hasEvidence(un)) p.containers.delete(UNNAMED_CONTAINER);
  }
  return out;
}

function podFacts(
  p: PodFacts,
  evs: ReplayEvent[],
  only: string | undefined,
  byImage: ReadonlyMap<string, string | null>,
): void {
  const c = (name: string | undefined): ContainerFacts | null => {
    const nm = name ?? only;
    if (!nm) return null;
    return p.containers.get(nm) ?? p.containers.set(nm, newContainer(nm)).get(nm)!;
  };
  let pullingUs: number | null = null;
  let killing: { us: number; grace: number; container?: string } | null = null;
  for (const e of evs) {
    const message = s(e, 'message');
    const count = n(e, 'count') ?? 1;
    const pull = !e.container && (/Pull/.test(e.what) || /pull(ing)? image "/i.test(message));
    const cf = c(
      e.container ?? (pull ? (byImage.get(imageOf(e, message) ?? '') ?? undefined) : undefined),
    );
    switch (e.what) {
      case 'EventPulling':
      case 'RtPullImage':
        pullingUs = e.us;
        // A pull began: the image was not on the node (even when how it ended is cut off).
        if (cf) {
          cf.pullStarted = true;
          cf.image ??= imageOf(e, message);
        }
        break;
      case 'EventPulled':
      case 'RtImagePulled': {
        if (!cf) break;
        cf.image ??= imageOf(e, message);
        if (/already present on machine/.test(message)) {
          cf.pulled ??= false;
          break;
        }
        cf.pulled = true;
        const d =
          / in ([0-9.hmsµun]+?)(?: \(| |\.$|$)/.exec(message)?.[1] ?? s(e, 'duration') ?? '';
        const ms = d ? goDurationMs(d) : null;
        if (ms !== null) cf.pullMs ??= Math.round(ms);
        else if (pullingUs !== null && e.us > pullingUs)
          cf.pullMs ??= Math.round((e.us - pullingUs) / 1000);
        const size = /Image size: (\d+) bytes/.exec(message)?.[1] ?? e.data?.size;
        if (size !== undefined) cf.pullSize = Number(size);
        break;
      }
      case 'PodStartupObserved': {
        const first = goTimeUs(e.data?.firstStartedPulling);
        const last = goTimeUs(e.data?.lastFinishedPulling);
        const pulled = [...p.containers.values()];
        // 1.36 logs the pulls' total (totalImagesPullingTime) instead of their window.
        const total =
          typeof e.data?.totalImagesPullingTime === 'string'
            ? goDurationMs(e.data.totalImagesPullingTime)
            : null;
        if (total !== null) {
          if (total === 0) for (const x of pulled) x.pulled ??= false;
          else if (pulled.length === 1) {
            pulled[0]!.pulled ??= true;
            pulled[0]!.pullMs ??= Math.round(total);
          }
        } else if (first !== null && last !== null && last >= first && pulled.length === 1) {
          pulled[0]!.pulled ??= true;
          pulled[0]!.pullMs ??= Math.round((last - first) / 1000);
        } else if (first === null && last === null) for (const x of pulled) x.pulled ??= false;
        break;
      }
      case 'EventFailed':
        if (
          /^Failed to pull image|ErrImagePull|rpc error: code = (NotFound|Unknown) desc = .*pull/.test(
            message,
          )
        ) {
          if (cf) {
            cf.pullFailures += count;
            cf.pullErr ??= message;
          }
        } else if (/^Error: (couldn't find key|configmaps? "|secrets? ")/i.test(message)) {
          if (cf) cf.configError ??= configErrorOf(message, p.key);
        } else if (
          /^Error: failed to (create|start) containerd task|^Error: failed to start container/.test(
            message,
          )
        ) {
          if (cf) cf.startErrors++;
        }
        break;
      case 'EventErrImagePull':
      case 'PullFailed':
      case 'RtPullFailed':
      case 'CriPullImageFailed':
        if (cf) {
          cf.pullFailures += count;
          cf.pullErr ??= s(e, 'err') || message;
        }
        break;
      case 'PodRow': {
        const st = s(e, 'status');
        if (cf && /^(ErrImagePull|ImagePullBackOff)$/.test(st))
          cf.pullFailures = Math.max(cf.pullFailures, 1);
        if (cf && st === 'CrashLoopBackOff') {
          cf.crashLooping = true;
          cf.restartCount = Math.max(cf.restartCount ?? 0, n(e, 'restarts') ?? 0);
        }
        // Running again after restarts (RESTARTS "1 (13h ago)"): the one container's.
        if (cf && st === 'Running' && (n(e, 'restarts') ?? 0) > 0) {
          cf.restartCount = Math.max(cf.restartCount ?? 0, n(e, 'restarts')!);
          cf.state.state ??= 'Running';
        }
        if (cf && st === 'OOMKilled')
          cf.last = { state: 'Terminated', reason: 'OOMKilled', exitCode: 137 };
        if (cf && /^(Error|Completed)$/.test(st) && cf.state.state === undefined)
          cf.state = { state: 'Terminated', reason: st, exitCode: st === 'Completed' ? 0 : 1 };
        // What the kubelet writes for a container it can no longer find once it was Running
        // (kubelet_pods.go convertToAPIContainerStatuses, statusManager.TerminatePod): Terminated,
        // exit 137, and the pod ends Failed (an evicted pod, most often).
        if (cf && st === 'ContainerStatusUnknown' && cf.state.state === undefined) {
          cf.state = { state: 'Terminated', reason: st, exitCode: 137 };
          p.phase ??= 'Failed';
        }
        const init = /^Init:(\d+)\/(\d+)$/.exec(st);
        if (init) p.initRow = { done: Number(init[1]), total: Number(init[2]) };
        else if (st.startsWith('Init:')) p.initRow = { reason: st.slice(5) };
        // Terminating: the pod was deleted and is being killed when kubectl ran.
        if (st === 'Terminating') p.deletedUs ??= e.us;
        p.statuses.push(st);
        if (/^Topology ?Affinity ?Error$/.test(st)) p.topologyRejected = true;
        p.rowRestarts = Math.max(p.rowRestarts ?? 0, n(e, 'restarts') ?? 0);
        if (/^(Completed|Succeeded)$/.test(st)) p.phase = 'Succeeded';
        else if (/^(Error|OOMKilled|Failed)$/.test(st)) p.phase ??= 'Failed';
        break;
      }
      case 'EventBackOff':
        if (/pulling image/i.test(message)) {
          if (cf) cf.pullFailures = Math.max(cf.pullFailures, 1);
        } else if (cf) {
          cf.crashLooping = true;
          const b = /Back-off (\S+) restarting/.exec(message)?.[1];
          if (b) cf.backoffMs = Math.max(cf.backoffMs ?? 0, goDurationMs(b) ?? 0);
        }
        break;
      case 'EventFailedCreatePodSandBox':
      case 'SandboxFailed':
      case 'CreateSandboxFailed':
      case 'RtSandboxFailed':
      case 'CriRunPodSandboxFailed':
        // One failure logs several of these lines: count the Events (and logs when no Event).
        if (
          e.what === 'EventFailedCreatePodSandBox' ||
          e.what === 'SandboxFailed' ||
          e.what === 'RtSandboxFailed'
        )
          p.sandboxFailures += count;
        p.sandboxErr ??= message || s(e, 'err');
        break;
      case 'CreatedSandbox':
      case 'RtSandboxCreated':
        if (p.sandboxFailures > 0) p.sandboxRecovered = true;
        break;
      case 'EventSandboxChanged':
        p.sandboxChanged += count;
        p.sandboxChangedSpanUs = Math.max(p.sandboxChangedSpanUs, -e.us);
        break;
      case 'EventFailedSync':
      case 'ErrorSyncingPod': {
        const sync = e.what === 'EventFailedSync' ? syncErrorOf(message) : null;
        const kind = sync?.kind ?? s(e, 'errKind');
        const target = sync?.target ?? s(e, 'target');
        const step = sync?.step ?? s(e, 'step');
        // dockertools' infra container was "POD": its failures are the sandbox's.
        const infra = step === 'StartContainer' && target === 'POD';
        const tc = step === 'StartContainer' && !infra ? c(target) : null;
        if (kind === 'CreatePodSandboxError' || infra) {
          if (p.sandboxFailures === 0) p.sandboxFailures = 1;
          p.sandboxErr ??= s(e, 'detail');
        } else if (tc && kind === 'CrashLoopBackOff') {
          tc.crashLooping = true;
          const b = sync?.backoff ?? s(e, 'backoff');
          if (b) tc.backoffMs = Math.max(tc.backoffMs ?? 0, goDurationMs(b) ?? 0);
        } else if (tc && (kind === 'ErrImagePull' || kind === 'ImagePullBackOff')) {
          tc.pullFailures = Math.max(tc.pullFailures, 1);
          tc.pullErr ??= s(e, 'detail');
        } else if (tc && kind === 'CreateContainerConfigError') {
          tc.configError ??= configErrorOf(`Error: ${s(e, 'detail')}`, p.key);
        } else if (tc && kind === 'PostStartHookError') tc.postStartFailures++;
        break;
      }
      case 'BackOffRestarting':
        if (cf) {
          cf.crashLooping = true;
          const b = s(e, 'backoff') || /Back-off (\S+)/.exec(s(e, 'err'))?.[1];
          if (b) cf.backoffMs = Math.max(cf.backoffMs ?? 0, goDurationMs(b) ?? 0);
        }
        break;
      case 'EventStarted':
      case 'RtContainerStarted':
        if (cf) cf.starts += e.what === 'EventStarted' ? count : 1;
        if (p.sandboxFailures > 0) p.sandboxRecovered = true;
        if (cf && cf.pullFailures > 0) cf.pulled ??= true;
        break;
      case 'EventUnhealthy': {
        const t = /^(Liveness|Readiness|Startup) probe/.exec(message)?.[1];
        if (t && cf) cf.probeFailures[t.toLowerCase() as 'liveness'] += count;
        break;
      }
      case 'ProbeFailed':
      case 'ProbeSucceeded': {
        const t = s(e, 'probeType').toLowerCase();
        if (!cf || (t !== 'liveness' && t !== 'readiness' && t !== 'startup')) break;
        if (e.what === 'ProbeFailed') cf.probeFailures[t]++;
        cf.probeTimes[t].push(e.us);
        break;
      }
      case 'EventKilling':
      case 'ContainerMessage': {
        // The Event, or the kubelet's log of the same message ("Message for Container of pod").
        const k = /Container (\S+) failed (liveness|startup) probe/.exec(message);
        if (k) {
          const kc = c(k[1]) ?? cf;
          if (kc) kc.livenessKills += count;
        } else if (e.what === 'EventKilling' && /^Stopping container \S+$/.test(message)) {
          // killContainer's message when none is given: the kubelet is killing the whole pod
          // (deleted, evicted, past its deadline), not restarting one container.
          if (p.deletedUs === undefined) {
            p.deletedUs = e.us;
            p.killedAsPod = true;
          }
          if (killing && killing.us <= e.us) p.deleteGrace ??= killing.grace;
        }
        break;
      }
      case 'EventFailedPostStartHook':
      case 'PostStartHookFailed':
      case 'ExecHookFailed':
      case 'HttpHookFailed':
        if (cf) cf.postStartFailures += e.what === 'EventFailedPostStartHook' ? count : 1;
        break;
      case 'KillingContainer': {
        const g = n(e, 'gracePeriod');
        if (g !== undefined) killing = { us: e.us, grace: g, container: e.container };
        break;
      }
      case 'RtKillContainer':
        if (cf) cf.ignoredSigterm = true;
        break;
      case 'PLEGContainerDied':
      case 'RtContainerExited':
        if (killing && e.us - killing.us >= killing.grace * 1e6 - 500_000 && killing.grace > 0) {
          const kc = c(killing.container ?? e.container);
          if (kc) kc.ignoredSigterm = true;
        }
        killing = null;
        if (cf && typeof e.data?.exitCode === 'number') cf.exitCodes.push(e.data.exitCode);
        break;
      case 'PLEGContainerFinished':
        if (cf && Number.isInteger(e.data?.exitCode)) cf.exitCodes.push(Number(e.data!.exitCode));
        break;
      case 'ContainerState':
      case 'ContainerReason':
      case 'ContainerExitCode':
      case 'ContainerStartedAt':
      case 'ContainerFinishedAt':
        if (cf) termination(cf, e);
        break;
      case 'ContainerRestartCount':
        if (cf) cf.restartCount = Math.max(cf.restartCount ?? 0, n(e, 'count') ?? 0);
        break;
      case 'EventTopologyAffinityError':
        p.topologyRejected = true;
        break;
      case 'PodPhase':
        p.phase = s(e, 'phase');
        break;
      case 'PodReason':
        if (s(e, 'reason') === 'Evicted') p.evicted ??= {};
        break;
      case 'PodMessage':
        if (/^The node (was low on resource|had condition)/.test(s(e, 'message')))
          (p.evicted ??= {}).message = s(e, 'message');
        break;
      case 'SyncLoopDelete':
      case 'KillingUnwantedPod':
        // Deleted (or gone from the API while running): the kubelet kills it.
        p.deletedUs ??= e.us;
        break;
    }
    if (e.what === 'KillingContainer' && p.deletedUs !== undefined)
      p.deleteGrace ??= n(e, 'gracePeriod');
  }
  // A container left Terminated ContainerStatusUnknown was not restarted: the kubelet had
  // terminated the pod (statusManager.TerminatePod), which ends Failed.
  for (const cf of p.containers.values())
    if (cf.state.reason === 'ContainerStatusUnknown') p.phase ??= 'Failed';
  // Evicted while it had not run (ContainerStatusUnknown, no start): assumed an image pull that
  // kept failing (the rebuild says so), so that the image is not on the node.
  if (p.evicted)
    for (const cf of p.containers.values())
      if (neverRan(cf)) cf.pullFailures = Math.max(cf.pullFailures, 1);
}

/** Terminated ContainerStatusUnknown with no start: TerminatePod's word for one that had not run. */
export function neverRan(cf: ContainerFacts): boolean {
  return (
    cf.state.state === 'Terminated' &&
    cf.state.reason === 'ContainerStatusUnknown' &&
    cf.state.startedUs === undefined &&
    cf.starts === 0
  );
}

/** Whether a container's facts say anything beyond its name. */
export function hasEvidence(cf: ContainerFacts): boolean {
  return (
    cf.pulled !== undefined ||
    cf.pullStarted ||
    cf.pullFailures > 0 ||
    cf.starts > 0 ||
    cf.state.state !== undefined ||
    cf.last.state !== undefined ||
    cf.crashLooping ||
    cf.postStartFailures > 0 ||
    cf.configError !== undefined ||
    cf.livenessKills > 0 ||
    cf.probeFailures.liveness + cf.probeFailures.readiness + cf.probeFailures.startup > 0
  );
}

function termination(cf: ContainerFacts, e: ReplayEvent): void {
  const t = s(e, 'block') === 'last' ? cf.last : cf.state;
  switch (e.what) {
    case 'ContainerState':
      t.state = s(e, 'state');
      break;
    case 'ContainerReason':
      // Before 1.0 an OOM kill's reason read "OOM Killed".
      t.reason = s(e, 'reason') === 'OOM Killed' ? 'OOMKilled' : s(e, 'reason');
      // A waiting container's reason names what keeps failing.
      if (t.reason === 'CrashLoopBackOff') cf.crashLooping = true;
      else if (t.reason === 'PostStartHookError')
        cf.postStartFailures = Math.max(cf.postStartFailures, 1);
      else if (t.reason === 'ErrImagePull' || t.reason === 'ImagePullBackOff')
        cf.pullFailures = Math.max(cf.pullFailures, 1);
      else if (t.reason === 'CreateContainerConfigError') cf.configError ??= undefined;
      break;
    case 'ContainerExitCode':
      t.exitCode = n(e, 'exitCode');
      break;
    case 'ContainerStartedAt':
      t.startedUs = n(e, 'atUs');
      break;
    case 'ContainerFinishedAt':
      t.finishedUs = n(e, 'atUs');
      break;
  }
}

/** "Error: couldn't find key VALUE in Secret default/x" / "Error: configmap \"x\" not found". */
export function configErrorOf(message: string, podKey: string): ContainerFacts['configError'] {
  const ns = podKey.split('/')[0]!;
  const key = /couldn't find key (\S+) in (ConfigMap|Secret) (?:([^/\s]+)\/)?(\S+)/i.exec(message);
  if (key)
    return {
      kind: 'key',
      source: key[2]!.toLowerCase() === 'secret' ? 'secret' : 'configMap',
      key: key[1]!,
      name: key[4]!,
      ns: key[3] ?? ns,
    };
  const missing = /(configmaps?|secrets?) "([^"]+)" not found/i.exec(message);
  if (missing)
    return {
      kind: 'missing',
      source: missing[1]!.toLowerCase().startsWith('secret') ? 'secret' : 'configMap',
      name: missing[2]!,
      ns,
    };
  return undefined;
}
