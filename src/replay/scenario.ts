/**
 * A kubeletscope/v1 scenario from what a replay learnt, keeping what happened: the pods and
 * every container with its image and kind (init, sidecar, regular), arriving when the kubelet
 * saw them; images pulled (with the pull's duration) or present; failures as faults (sandbox,
 * image pull with its count, PostStart hook, probes, exits with their code and reason, a kill
 * that waited out the grace period, a ConfigMap or Secret key that is missing), restart counts
 * and the back-off reached; the node's resource manager settings; and `node.kubeletVersion` set
 * to the version the evidence points to. Runtime latencies come from the gaps the input shows.
 * What was read but cannot be rebuilt, and what was assumed, is said in the YAML's comment.
 */
import { Document } from 'yaml';
import { formatDuration } from '../sim/scenario/serialize';
import { CURRENT_KUBELET_VERSION } from '../sim/versions/names';
import { countCpus, maxOf } from './documents';
import { UNNAMED_CONTAINER, UNNAMED_POD } from './describePod';
import { SNAPSHOT_RECORDS } from './compare';
import { familyOf, type Family } from './families';
import {
  gatherFacts,
  goDurationMs,
  neverRan,
  type ContainerFacts,
  type PodFacts,
} from './rebuild/facts';
import { defaultProbe, probeFromDescribe } from './rebuild/probes';
import type { PodInfo, ReplayEvent, ReplayResult } from './types';
import { resourcesOf, type Resources } from './rebuild/resources';
import {
  hasDevicePlugins,
  hasMemoryManager,
  hasNativeSidecars,
  hasStartupProbes,
  hasTopologyManagerScope,
  minorOf,
  resolvesEnvRefs,
} from './versionMap';

export { goDurationMs };

/** Records a streaming replay need not keep for the rebuild (noisy, never read by it). */
const NOT_FOR_SCENARIO = new Set([
  'ProbeSucceeded',
  'StatusUnchanged',
  'Housekeeping',
  'HousekeepingEnd',
  'HousekeepingCleanUp',
  'SyncLoopSync',
  'GenericPLEG',
  'PLEGWriteStatus',
  'DeviceContainerConfig',
]);

/** The records the reconstruction reads: a streaming replay keeps only these. */
export function keepForScenario(what: string): boolean {
  return !NOT_FOR_SCENARIO.has(what);
}

const MAX_HORIZON_MS = 6 * 3_600_000;
/** Placeholder image for a container the input names without one (present, and not :latest, so nothing is pulled). */
export const UNKNOWN_IMAGE = 'unknown-image:unknown';
/** Idle time between pods longer than this is cut (concatenated logs span days). */
const GAP_US = 10 * 60e6;
const KEEP_GAP_US = 30e6;

function median(xs: number[]): number | undefined {
  if (!xs.length) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const ms = (us: number) => Math.max(0, Math.round(us / 1000));
const seconds = (us: number) => Math.round((us / 1e6) * 10) / 10;

interface Latencies {
  sandbox: number[];
  create: number[];
  start: number[];
}

/** CRI call durations the input shows: sandbox, create, start (log lines or runtime lines). */
function latencies(r: ReplayResult): Latencies {
  const o: Latencies = { sandbox: [], create: [], start: [] };
  const byPod = new Map<string, ReplayEvent[]>();
  for (const e of r.events)
    if (e.pod) (byPod.get(e.pod) ?? byPod.set(e.pod, []).get(e.pod)!).push(e);
  for (const evs of byPod.values()) {
    const sorted = [...evs].sort((a, b) => a.us - b.us);
    let sandboxFrom: number | null = null;
    let rtSandbox: number | null = null;
    const last = new Map<string, { what: string; us: number }>();
    for (const e of sorted) {
      const c = e.container;
      switch (e.what) {
        case 'CreatingSandbox':
          sandboxFrom = e.us;
          break;
        case 'CreatedSandbox':
          if (sandboxFrom !== null) o.sandbox.push(e.us - sandboxFrom);
          sandboxFrom = null;
          break;
        case 'RtRunPodSandbox':
          rtSandbox = e.us;
          break;
        case 'RtSandboxCreated':
          if (rtSandbox !== null && sandboxFrom === null) o.sandbox.push(e.us - rtSandbox);
          rtSandbox = null;
          break;
        case 'EnforcingCFSQuota':
        case 'EventPulled':
        case 'RtCreateContainer':
          if (c) last.set(c, { what: 'pulled', us: e.us });
          break;
        case 'EventCreated':
        case 'RtContainerCreated':
          if (c) {
            const prev = last.get(c);
            if (prev?.what === 'pulled') o.create.push(e.us - prev.us);
            last.set(c, { what: 'created', us: e.us });
          }
          break;
        case 'EventStarted':
        case 'RtContainerStarted':
          if (c) {
            const prev = last.get(c);
            if (prev?.what === 'created') o.start.push(e.us - prev.us);
            last.set(c, { what: 'started', us: e.us });
          }
          break;
      }
    }
  }
  // Ages (describe, get events) have second steps: their gaps are no latencies.
  for (const k of ['sandbox', 'create', 'start'] as const)
    o[k] = o[k].filter((d) => d > 0 && d % 1e6 !== 0);
  return o;
}

/**
 * Crashes PLEG shows: ContainerStarted and ContainerDied of one container id give a run's
 * length, "Generic (PLEG): container finished" its exit code. PLEG names containers by id only,
 * so a crash is attributed to a pod's container only when the pod has one regular container and
 * no init container. The pod's sandbox ids are left out, and so is a death at or after the
 * pod's SyncLoop DELETE, which the deletion caused.
 */
function plegCrash(
  key: string,
  pod: PodInfo,
  events: readonly ReplayEvent[],
): { name: string; runs: number[]; codes: number[]; running: boolean } | null {
  const all = [...pod.containers.values()];
  // No container named (PLEG names ids only): the pod's one placeholder container.
  const name = all.length === 0 ? UNNAMED_CONTAINER : all.length === 1 ? all[0]!.name : null;
  if (name === null || all[0]?.init) return null;
  const mine = events.filter((e) => e.pod === key);
  const sandboxes = new Set(
    mine.filter((e) => e.what === 'CreatedSandbox').map((e) => String(e.data?.podSandboxID)),
  );
  const deletedUs = mine.find((e) => e.what === 'SyncLoopDelete')?.us ?? Infinity;
  const started = new Map<string, number>();
  const runs: number[] = [];
  const codes: number[] = [];
  let running = false;
  for (const e of mine) {
    const id = String(e.data?.id ?? '');
    if (sandboxes.has(id) || e.us >= deletedUs) continue;
    if (e.what === 'PLEGContainerStarted') {
      started.set(id, e.us);
      running = true;
    } else if (e.what === 'PLEGContainerDied') {
      const from = started.get(id);
      if (from !== undefined) runs.push(e.us - from);
      running = false;
    } else if (e.what === 'PLEGContainerFinished' && Number.isInteger(e.data?.exitCode))
      codes.push(Number(e.data!.exitCode));
  }
  return runs.length ? { name, runs, codes, running } : null;
}

type Fault = Record<string, unknown>;

const EXIT_REASONS = new Set(['Error', 'Completed', 'OOMKilled']);

/** Back-off after n crashes (10 s doubling, at most 5 min): how long n restarts take. */
function backoffSpanMs(n: number): number {
  let t = 0;
  for (let i = 0; i < n; i++) t += Math.min(10_000 * 2 ** i, 300_000);
  return t;
}

/** How many crashes a back-off of `b` ms needs (10 s → 1, 20 s → 2, …, 5 min → 6). */
function crashesFor(b: number): number {
  let n = 1;
  while (Math.min(10_000 * 2 ** (n - 1), 300_000) < b && n < 7) n++;
  return n;
}

interface Built {
  faults: Fault[];
  notes: string[];
  /** Crashes to fit in the horizon. */
  restarts: number;
}

/** The faults a container's facts call for. */
function containerFaults(
  target: string,
  cf: ContainerFacts,
  probesKnown: boolean,
  phase: string | undefined,
  livenessThreshold: number,
  evicted = false,
): Built {
  const faults: Fault[] = [];
  const notes: string[] = [];
  let restarts = cf.restartCount ?? 0;
  const runningNow = cf.state.state === 'Running';
  if (cf.pullFailures > 0) {
    const recovered = cf.pulled === true || cf.starts > 0 || runningNow;
    const message = /^Back-off pulling image/.test(cf.pullErr ?? '')
      ? undefined
      : cf.pullErr
          ?.replace(/^Failed to pull image "[^"]*": /, '')
          .replace(/^Error: /, '')
          .replace(/\\"/g, '"')
          .slice(0, 1000);
    faults.push({
      kind: 'ImagePullError',
      target,
      ...(recovered ? { times: cf.pullFailures } : {}),
      ...(message && !/^(ErrImagePull|ImagePullBackOff)$/.test(message) ? { message } : {}),
    });
  }
  if (cf.postStartFailures > 0 && cf.last.state === 'Terminated' && cf.last.exitCode === 0)
    notes.push(
      `${target}: exit 0 when killed after its hook failed: its process stopped cleanly on the image's stop signal (the nginx image's is SIGQUIT); the model's processes die of SIGTERM (143)`,
    );
  if (cf.postStartFailures > 0)
    faults.push({
      kind: 'PostStartFail',
      target,
      ...(runningNow ? { times: cf.postStartFailures } : {}),
    });
  for (const [t, kind] of [
    ['liveness', 'LivenessProbeFail'],
    ['readiness', 'ReadinessProbeFail'],
    ['startup', 'StartupProbeFail'],
  ] as const) {
    // The Unhealthy Events are the failures that led to the kills: as many as the kills
    // needed, not added to them.
    const f =
      t === 'liveness'
        ? Math.max(cf.probeFailures[t], cf.livenessKills * livenessThreshold)
        : cf.probeFailures[t];
    if (f === 0) continue;
    faults.push({
      kind,
      target,
      ...(runningNow && cf.state.reason !== 'CrashLoopBackOff' ? { times: f } : {}),
    });
    if (!probesKnown)
      notes.push(`${target}: its ${t} probe's spec is not in the input (a default HTTP probe)`);
  }
  // Exit 137 after a probe kill (not OOMKilled): SIGKILLed at the end of the grace period,
  // so the process did not stop on SIGTERM.
  const lastKill = cf.last.state === 'Terminated' ? cf.last : null;
  const sigkilled =
    cf.livenessKills > 0 && lastKill?.exitCode === 137 && lastKill.reason !== 'OOMKilled';
  if (sigkilled && !cf.ignoredSigterm)
    notes.push(
      `${target}: exit 137 after its liveness kill: it ignored SIGTERM and was killed when the grace period ended`,
    );
  if (cf.ignoredSigterm || sigkilled) faults.push({ kind: 'IgnoreSIGTERM', target });
  if (cf.startErrors > 0)
    faults.push({
      kind: 'StartContainerError',
      target,
      ...(runningNow ? { times: cf.startErrors } : {}),
    });
  // Exits: the current state (terminated, not restarted) or the last one (restarted since).
  const killedBy = cf.livenessKills > 0 || cf.postStartFailures > 0;
  const term =
    cf.state.state === 'Terminated' ? cf.state : cf.last.state === 'Terminated' ? cf.last : null;
  // Evicted while Waiting: TerminatePod wrote ContainerStatusUnknown (exit 137, no times) for a
  // container that had not run (a Running one is killed and keeps its exit code). The input
  // does not say why it had not: rebuilt as an image pull that fails until the eviction.
  const notRun = evicted && neverRan(cf);
  if (notRun)
    notes.push(
      `${target}: ContainerStatusUnknown without a start in an evicted pod: it had not run when the pod was evicted (statusManager.TerminatePod); why is not in the input (rebuilt as a failing image pull)`,
    );
  else if (term?.reason === 'ContainerStatusUnknown')
    notes.push(
      `${target}: ContainerStatusUnknown is what the kubelet writes (exit 137) for a container that was Running and that it can no longer find when the pod is terminated (kubelet_pods.go convertToAPIContainerStatuses, statusManager.TerminatePod), an evicted pod most often; eviction is not modelled: rebuilt as a container killed with 137 in a pod that ends Failed`,
    );
  if (term && !killedBy && !notRun) {
    const reason = EXIT_REASONS.has(term.reason ?? '') ? term.reason! : 'Error';
    const exitCode =
      term.exitCode ?? (reason === 'OOMKilled' ? 137 : reason === 'Completed' ? 0 : 1);
    const ran =
      term.startedUs !== undefined &&
      term.finishedUs !== undefined &&
      term.finishedUs >= term.startedUs
        ? seconds(term.finishedUs - term.startedUs)
        : undefined;
    if (ran === undefined)
      notes.push(`${target}: how long it ran before exiting is not in the input (1 s)`);
    const endless = cf.state.reason === 'CrashLoopBackOff' || (cf.crashLooping && !runningNow);
    const times =
      term === cf.state && phase !== undefined && /Succeeded|Failed/.test(phase)
        ? 1
        : endless
          ? undefined
          : Math.max(1, cf.restartCount ?? 1);
    faults.push({
      kind: 'ContainerExit',
      target,
      afterSeconds: ran ?? 1,
      exitCode,
      reason: reason === 'Error' && exitCode === 0 ? 'Completed' : reason,
      ...(times !== undefined ? { times } : {}),
    });
    restarts = Math.max(restarts, times ?? 0);
  } else if (
    runningNow &&
    !killedBy &&
    !term &&
    !cf.crashLooping &&
    (cf.restartCount ?? 0) > 0 &&
    faults.length === 0
  ) {
    // Running again after restarts whose cause the input does not give.
    faults.push({
      kind: 'ContainerExit',
      target,
      afterSeconds: 1,
      exitCode: 1,
      reason: 'Error',
      times: cf.restartCount,
    });
    notes.push(
      `${target}: running after ${cf.restartCount} restarts whose cause is not in the input (exit 1 after 1 s each)`,
    );
  } else if (cf.crashLooping && !killedBy && !term) {
    const code = cf.exitCodes[0] ?? 1;
    faults.push({
      kind: 'ContainerExit',
      target,
      afterSeconds: 1,
      exitCode: code,
      reason: code === 0 ? 'Completed' : code === 137 ? 'OOMKilled' : 'Error',
      ...(runningNow ? { times: Math.max(1, cf.restartCount ?? 1) } : {}),
    });
    notes.push(`${target}: its exit code and run time are not in the input (exit 1 after 1 s)`);
  }
  if (cf.backoffMs) restarts = Math.max(restarts, crashesFor(cf.backoffMs));
  return { faults, notes, restarts };
}

/**
 * The init containers kubectl get pods' STATUS counts when the input names none: `Init:N/M` is
 * M of them, the first N done (exit 0, as init containers do) and the next one still running
 * when kubectl ran (it runs past the run's end); `Init:<reason>` is one that failed so.
 */
function initPlaceholders(
  key: string,
  row: NonNullable<PodFacts['initRow']>,
  restarts: number,
  faults: Fault[],
  notes: string[],
): Record<string, unknown>[] {
  const name = (i: number) => `${UNNAMED_CONTAINER}-init-${i}`;
  if ('total' in row) {
    const total = Math.min(row.total, 20);
    const out = Array.from({ length: total }, (_, i) => ({
      name: name(i + 1),
      image: UNKNOWN_IMAGE,
    }));
    notes.push(
      `${key}: Init:${row.done}/${row.total} counts ${row.total} init containers, none named in the input: placeholders "${name(1)}"…"${name(row.total)}"`,
    );
    if (row.done < total && restarts > 0) {
      // get pods' RESTARTS adds the init containers' restart counts: the one not done has
      // failed that often and is running again (a crash loop would read Init:CrashLoopBackOff).
      faults.push({
        kind: 'ContainerExit',
        target: `${key}/${name(row.done + 1)}`,
        afterSeconds: 1,
        exitCode: 1,
        reason: 'Error',
        times: restarts,
      });
      notes.push(
        `${key}/${name(row.done + 1)}: RESTARTS ${restarts} with Init:${row.done}/${row.total}: it failed ${restarts} times and runs again; why it failed is not in the input (exit 1 after 1 s)`,
      );
    }
    if (row.done < total) {
      faults.push({
        kind: 'ContainerExit',
        target: `${key}/${name(row.done + 1)}`,
        afterSeconds: MAX_HORIZON_MS / 1000,
        exitCode: 0,
        reason: 'Completed',
      });
      notes.push(
        `${key}/${name(row.done + 1)}: not done when kubectl ran (Init:${row.done}/${row.total}): still running at the run's end`,
      );
    }
    return out;
  }
  const reason = row.reason;
  const target = `${key}/${name(1)}`;
  notes.push(
    `${key}: Init:${reason} names no init container: one placeholder, "${name(1)}", the one that is not done`,
  );
  const code = /^ExitCode:(\d+)$/.exec(reason)?.[1];
  if (/^(ErrImagePull|ImagePullBackOff)$/.test(reason))
    faults.push({ kind: 'ImagePullError', target });
  else if (code !== undefined || /^(Error|CrashLoopBackOff|OOMKilled)$/.test(reason)) {
    const exitCode = code !== undefined ? Number(code) : reason === 'OOMKilled' ? 137 : 1;
    faults.push({
      kind: 'ContainerExit',
      target,
      afterSeconds: 1,
      exitCode,
      reason: reason === 'OOMKilled' ? 'OOMKilled' : 'Error',
    });
    notes.push(
      `${target}: its exit code and run time are not in the input (exit ${exitCode} after 1 s)`,
    );
  } else notes.push(`${target}: Init:${reason} is not rebuilt (the model's init container runs)`);
  return [{ name: name(1), image: UNKNOWN_IMAGE }];
}

/** Records of a moment (kubectl's view when it ran), or of Events tables (ages, counts). */
function untimed(e: ReplayEvent): boolean {
  return (
    SNAPSHOT_RECORDS.has(e.what) || (e.what.startsWith('Event') && e.data?.count !== undefined)
  );
}

/** When an evicted pod is evicted, after it arrives, when the input does not say. */
const EVICT_AFTER_MS = 30_000;
/** The model's pod worker takes about this long, beyond the back-off, to restart a container. */
const RESTART_OVERHEAD_MS = 6_500;
/** A failing PostStart hook: how long the container runs, and the pod worker's extra time. */
const HOOK_RUN_MS = 100;
const HOOK_OVERHEAD_MS = 8_500;
/** Restarts assumed for a PostStartHookError whose restart count is not in the input. */
const HOOK_RESTARTS = 2;
/** After an exit, how long until the model's status shows the waiting CrashLoopBackOff. */
const BACKOFF_SHOWN_MS = 13_500;

/**
 * A pod the input shows only as kubectl saw it (get pods, describe, status), crash-looping with
 * a restart count N: when, after it arrives, the model's run of it shows CrashLoopBackOff with N
 * restarts. The first restart is at once and each next one waits the back-off (10 s doubling to
 * 5 min, kuberuntime's doBackOff); the status shows the waiting reason from the pod worker's
 * next sync after the exit until the restart, and the run ends inside that stretch.
 */
function snapshotLoop(
  key: string,
  events: readonly ReplayEvent[],
  f: PodFacts,
  faults: readonly Fault[],
  images: ReadonlyMap<string, { present: boolean; pullMs?: number }>,
): { key: string; endMs: number; restarts: number; assumed: boolean; hook: boolean } | null {
  const mine = events.filter((e) => e.pod === key);
  if (!mine.length || !mine.every(untimed) || f.deletedUs !== undefined) return null;
  const ofPod = (x: Fault) => x.target === key || String(x.target).startsWith(`${key}/`);
  const loops = faults.filter(
    (x) => (x.kind === 'ContainerExit' || x.kind === 'PostStartFail') && ofPod(x),
  );
  const loop = loops.length === 1 && loops[0]!.times === undefined ? loops[0]! : null;
  if (!loop || faults.some((x) => x !== loop && ofPod(x))) return null;
  const name = String(loop.target).slice(key.length + 1);
  const cf = f.containers.get(name);
  const hook = loop.kind === 'PostStartFail';
  // Right after a failed PostStart hook the status says so (PostStartHookError) until the pod
  // worker's next sync finds the container in back-off.
  const hookShown = hook && cf?.state.reason === 'PostStartHookError';
  const known = cf?.restartCount ?? f.rowRestarts;
  const n = known ?? (hookShown ? HOOK_RESTARTS : 0);
  if (n < 1 && !hookShown) return null;
  const run = hook ? HOOK_RUN_MS : Number(loop.afterSeconds ?? 0) * 1000;
  const pull = [...images.values()].find((i) => !i.present)?.pullMs ?? 0;
  const backoff = (k: number) => (k === 0 ? 0 : Math.min(10_000 * 2 ** (k - 1), 300_000));
  const overhead = hook ? HOOK_OVERHEAD_MS : RESTART_OVERHEAD_MS;
  let start = (hook ? 2_950 : 1_000) + pull;
  for (let k = 0; k < n; k++)
    start += run + backoff(k) + (k === 0 ? (hook ? 3_100 : 1_000) : overhead);
  if (hookShown)
    return {
      key,
      endMs: start + run + BACKOFF_SHOWN_MS / 2,
      restarts: n,
      assumed: known === undefined,
      hook,
    };
  const shown = Math.max(0, (backoff(n) + 2_000 - BACKOFF_SHOWN_MS) / 2);
  return { key, endMs: start + run + BACKOFF_SHOWN_MS + shown, restarts: n, assumed: false, hook };
}

export interface ReconstructOptions {
  /** Where the input came from, for the name and description. */
  readonly source: string;
}

export interface Reconstructed {
  /** The scenario in input form (what `npm run simulate` reads). */
  readonly input: Record<string, unknown>;
  /** YAML with the version guess, assumptions and what was not rebuilt as a comment. */
  readonly yaml: string;
  /** µs the rebuilt pod starts at, per pod key, on the input's clock (arrival before cuts). */
  readonly arrivals: ReadonlyMap<string, { inputUs: number; scenarioMs: number }>;
}

/** Families the rebuild turns into the scenario; records of the others are listed as read only. */
const REBUILT: ReadonlySet<Family> = new Set<Family>([
  'sync loop',
  'pod worker',
  'sandbox',
  'images',
  'containers',
  'hooks',
  'probes',
  'PLEG',
  'Events',
  'start-up latency',
  'container runtime',
  'kubectl describe',
  'kubectl get pods',
  'CRI calls',
]);

/** How long a pod the input first shows being deleted runs before it is deleted. */
const RUNNING_BY_US = 10e6;

/** The usual step between probe runs (the median, whole seconds), if there are two or more. */
function periodOf(times: readonly number[]): number | undefined {
  if (times.length < 2) return undefined;
  const sorted = [...times].sort((a, b) => a - b);
  const steps = sorted
    .slice(1)
    .map((t, i) => t - sorted[i]!)
    .sort((a, b) => a - b);
  const s = Math.round(steps[Math.floor(steps.length / 2)]! / 1e6);
  return s >= 1 && s <= 3600 ? s : undefined;
}

/**
 * A container's held devices and memory (from the managers' state files and lines) as limits;
 * memory (and hugepages) as requests too, and a CPU when none is known: the memory manager
 * pins Guaranteed pods only.
 */
function withHeld(
  spec: Record<string, unknown>,
  held: Readonly<Record<string, string>> | undefined,
  target: string,
  notes: string[],
): void {
  if (!held) return;
  const res = (spec.resources ?? {}) as {
    requests?: Record<string, string>;
    limits?: Record<string, string>;
  };
  const limits = { ...(res.limits ?? {}) };
  const requests = { ...(res.requests ?? {}) };
  for (const [k, v] of Object.entries(held)) {
    limits[k] = v;
    if (k === 'memory' || k.startsWith('hugepages-')) requests[k] = v;
  }
  if (held.memory !== undefined || Object.keys(held).some((k) => k.startsWith('hugepages-'))) {
    if (limits.cpu === undefined && requests.cpu === undefined) {
      limits.cpu = requests.cpu = '1';
      notes.push(`${target}: its CPU is not in the input (1, so that the pod is Guaranteed)`);
    } else if (limits.cpu === undefined) limits.cpu = requests.cpu!;
    else requests.cpu ??= limits.cpu;
    limits.memory ??= requests.memory!;
    requests.memory ??= limits.memory;
  }
  spec.resources = {
    ...(Object.keys(requests).length ? { requests } : {}),
    limits,
  };
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/** The input with container names a manifest can carry (DNS-1123 labels); what was renamed. */
function withValidNames(r: ReplayResult): { r: ReplayResult; renamed: string[] } {
  const rename = new Map<string, string>();
  for (const p of r.pods.values())
    for (const c of p.containers.keys())
      if (!DNS_LABEL.test(c)) {
        const v =
          c
            .toLowerCase()
            .replace(/[^-a-z0-9]+/g, '-')
            .replace(/^-+|-+$/g, '')
            .slice(0, 63) || 'container';
        rename.set(c, v);
      }
  if (!rename.size) return { r, renamed: [] };
  const pods = new Map(
    [...r.pods].map(([k, p]) => [
      k,
      {
        ...p,
        containers: new Map([...p.containers].map(([c, i]) => [rename.get(c) ?? c, i])),
      },
    ]),
  );
  const events = r.events.map((e) =>
    e.container && rename.has(e.container) ? { ...e, container: rename.get(e.container) } : e,
  );
  return {
    r: { ...r, pods, events },
    renamed: [...rename].map(([a, b]) => `container "${a}" is named "${b}" (a DNS-1123 label)`),
  };
}

/** Records of a container's status (describe's State block, a status document). */
const CONTAINER_STATUS = new Set([
  'ContainerState',
  'ContainerReady',
  'ContainerRestartCount',
  'ContainerExitCode',
]);

export function reconstructScenario(given: ReplayResult, opts: ReconstructOptions): Reconstructed {
  const { r, renamed } = withValidNames(given);
  const facts = gatherFacts(r);
  const res = resourcesOf(r, {
    memoryManager: hasMemoryManager(r.version.version),
    devicePlugins: hasDevicePlugins(r.version.version),
  });
  const lat = latencies(r);
  const notes: string[] = [...renamed, ...res.notes];
  const version = r.version.version;
  const lastUsOf = new Map<string, number>();
  const firstUsOf = new Map<string, number>();
  for (const e of r.events)
    if (e.pod) {
      lastUsOf.set(e.pod, Math.max(lastUsOf.get(e.pod) ?? -Infinity, e.us));
      firstUsOf.set(e.pod, Math.min(firstUsOf.get(e.pod) ?? Infinity, e.us));
    }
  // A pod's first record, not when a reader first met it: a status document names its pod
  // (at 0) before the times of its records are read.
  const startOf = (p: PodInfo) => p.addUs ?? firstUsOf.get(p.key) ?? p.firstUs;
  const pods = [...r.pods.values()].sort(
    (a, b) => startOf(a) - startOf(b) || a.key.localeCompare(b.key),
  );
  // Arrivals on the scenario's clock, idle stretches between pods cut short.
  const arrivals = new Map<string, { inputUs: number; scenarioMs: number }>();
  let busyEnd = -Infinity;
  let cut = 0;
  let cuts = 0;
  const t0 = pods.length ? startOf(pods[0]!) : 0;
  for (const p of pods) {
    const arr = startOf(p);
    if (Number.isFinite(busyEnd) && arr - busyEnd > GAP_US) {
      cut += arr - busyEnd - KEEP_GAP_US;
      cuts++;
    }
    arrivals.set(p.key, { inputUs: arr, scenarioMs: ms(arr - t0 - cut) });
    busyEnd = Math.max(busyEnd, lastUsOf.get(p.key) ?? arr, arr);
  }
  if (cuts)
    notes.push(
      `${cuts} idle stretch${cuts === 1 ? '' : 'es'} of more than ${GAP_US / 60e6} min between pods cut to ${KEEP_GAP_US / 1e6} s`,
    );
  const images = new Map<string, { present: boolean; pullMs?: number; size?: number }>();
  const faults: Fault[] = [];
  const actions: Record<string, unknown>[] = [];
  const configMaps = new Map<
    string,
    { name: string; namespace: string; data: Record<string, string> }
  >();
  const secrets = new Map<
    string,
    { name: string; namespace: string; data: Record<string, string> }
  >();
  // A pod the topology manager refused is rebuilt refused: a node of two NUMA nodes, the static
  // CPU manager and a topology policy that refuses a pod too big for one NUMA node.
  const refuse = minorOf(version) >= 18 && [...facts.values()].some((x) => x.topologyRejected);
  const nodeNotes: string[] = [];
  const node = nodeOf(r, nodeNotes, res, refuse);
  const topo = node.topology as {
    sockets?: number;
    coresPerSocket?: number;
    threadsPerCore?: number;
  };
  const perNuma =
    topo.sockets && topo.coresPerSocket && topo.threadsPerCore
      ? topo.coresPerSocket * topo.threadsPerCore
      : undefined;
  const canRefuse =
    refuse &&
    perNuma !== undefined &&
    (node.kubelet as { cpuManagerPolicy?: string }).cpuManagerPolicy === 'static';
  /** What a refused pod's container asks for when the input does not say: more than a NUMA node. */
  const refused = (spec: Record<string, unknown>, target: string) => {
    const res = (spec.resources ?? {}) as { limits?: Record<string, string> };
    if (res.limits?.cpu !== undefined) return;
    const n = String(perNuma! + 1);
    spec.resources = {
      requests: { cpu: n, memory: '128Mi' },
      limits: { ...(res.limits ?? {}), cpu: n, memory: '128Mi' },
    };
    notes.push(
      `${target}: refused with TopologyAffinityError; what it asked for is not in the input (${n} CPUs, more than one NUMA node has)`,
    );
  };
  let horizonMs = 120_000;
  const loops: { key: string; endMs: number; restarts: number; assumed: boolean; hook: boolean }[] =
    [];
  const static_ =
    (r.cpuManager?.policy ?? r.nodeFacts.cpuManagerPolicy)?.toLowerCase() === 'static';
  const podInputs = pods.map((p) => {
    const [ns, name] = p.key.split('/') as [string, string];
    const f = facts.get(p.key)!;
    const arrival = arrivals.get(p.key)!;
    if (p.key === UNNAMED_POD)
      notes.push(
        `${p.key}: the pod's name is not in the input (no describe Name:, log line, prompt or metadata names it)`,
      );
    let restarts = 0;
    const span = (lastUsOf.get(p.key) ?? arrival.inputUs) - arrival.inputUs;
    const known = [...p.containers.values()];
    // With no spec in the input, a container that was created or started while kubectl still
    // showed the pod initialising (Init:…) ran before the regular containers: an init container
    // (Events name it; get pods counts it). As many as the row allows: Init:N/M ran N + 1.
    const specKnown =
      known.some((c) => c.init || c.image || c.requests || c.limits || c.probes) ||
      r.events.some((e) => e.pod === p.key && e.container && CONTAINER_STATUS.has(e.what));
    const eventNamed = known.filter((c) => c.name !== UNNAMED_CONTAINER);
    const ranInit =
      !specKnown &&
      f.initRow !== undefined &&
      eventNamed.length > 0 &&
      eventNamed.length <= ('total' in f.initRow ? f.initRow.done + 1 : 1) &&
      eventNamed.every((c) => (f.containers.get(c.name)?.starts ?? 0) > 0);
    if (ranInit)
      for (const c of eventNamed) {
        known[known.indexOf(c)] = { ...c, init: true };
        notes.push(
          `${p.key}/${c.name}: started while the pod was still initialising (${f.statuses.find((x) => x.startsWith('Init:'))}): an init container`,
        );
      }
    for (const name of f.containers.keys())
      if (!p.containers.has(name)) known.push({ name, init: false });
    const specOf = (init: boolean) =>
      known
        .filter((c) => c.init === init)
        .map((c) => {
          const cf = f.containers.get(c.name);
          const image = c.image ?? cf?.image ?? UNKNOWN_IMAGE;
          if (c.name === UNNAMED_CONTAINER && !p.containers.has(c.name))
            notes.push(
              `${p.key}: no container named in the input (its records are one placeholder's, "${UNNAMED_CONTAINER}")`,
            );
          if (image === UNKNOWN_IMAGE)
            notes.push(`${p.key}/${c.name}: image not in the input (${UNKNOWN_IMAGE})`);
          const prev = images.get(image);
          if (cf?.pulled === true || (cf?.pullStarted && cf.pulled === undefined))
            images.set(image, {
              present: false,
              pullMs: cf.pullMs ?? prev?.pullMs,
              size: cf.pullSize ?? prev?.size,
            });
          else if (!prev) images.set(image, { present: cf?.pullFailures ? false : true });
          const spec: Record<string, unknown> = { name: c.name, image };
          // describe does not print an init container's restartPolicy: one still running
          // while the regular containers have started can only be a native sidecar.
          const runningBeside =
            init &&
            !c.sidecar &&
            cf?.state.state === 'Running' &&
            known.some((o) => {
              const of = !o.init ? f.containers.get(o.name) : undefined;
              return of !== undefined && (of.starts > 0 || of.state.state !== undefined);
            });
          if (runningBeside)
            notes.push(
              `${p.key}/${c.name}: an init container running beside the containers: a native sidecar (restartPolicy: Always)`,
            );
          if (init && (c.sidecar || runningBeside)) {
            if (!hasNativeSidecars(version))
              notes.push(
                `${p.key}/${c.name}: a native sidecar, which kubelet ${version} does not have: rebuilt as an init container`,
              );
            else spec.restartPolicy = 'Always';
          }
          if (c.cpus && static_) {
            // An exclusive cpuset means a Guaranteed container with that many whole CPUs.
            const n = String(countCpus(c.cpus));
            spec.resources = {
              requests: { cpu: n, memory: '128Mi' },
              limits: { cpu: n, memory: '128Mi' },
            };
          } else if (c.requests || c.limits)
            spec.resources = {
              ...(c.requests ? { requests: c.requests } : {}),
              ...(c.limits ? { limits: c.limits } : {}),
            };
          withHeld(spec, res.limits.get(p.key)?.get(c.name), `${p.key}/${c.name}`, notes);
          if (canRefuse && f.topologyRejected && c === known.find((k) => !k.init))
            refused(spec, `${p.key}/${c.name}`);
          const target = `${p.key}/${c.name}`;
          let probesKnown = true;
          for (const t of ['liveness', 'readiness', 'startup'] as const) {
            const field = `${t}Probe`;
            const known = c.probes?.[t] ? probeFromDescribe(c.probes[t]) : null;
            const failing = cf
              ? cf.probeFailures[t] + (t === 'liveness' ? cf.livenessKills : 0) > 0
              : false;
            const seen = cf ? cf.probeTimes[t] : [];
            if (t === 'startup' && !hasStartupProbes(version)) continue;
            if (known) spec[field] = known;
            else if (failing || seen.length > 0) {
              // Probed, its spec not in the input: a default one, at the period its lines keep.
              const period = periodOf(seen);
              spec[field] = { ...defaultProbe(), ...(period ? { periodSeconds: period } : {}) };
              probesKnown = false;
              if (!failing)
                notes.push(
                  `${p.key}/${c.name}: its ${t} probe's spec is not in the input (a default HTTP probe${period ? `, every ${period} s as its lines are` : ''})`,
                );
            }
          }
          if (cf) {
            if (cf.postStartFailures > 0)
              spec.lifecycle = {
                postStart: { exec: { command: ['/bin/sh', '-c', 'post-start'] } },
              };
            const ce = cf.configError;
            if (ce && resolvesEnvRefs(version)) {
              const ref = ce.source === 'secret' ? 'secretKeyRef' : 'configMapKeyRef';
              spec.env = [
                {
                  name: 'FROM_INPUT',
                  valueFrom: { [ref]: { name: ce.name, key: ce.key ?? 'key' } },
                },
              ];
              if (ce.kind === 'key') {
                const bag = ce.source === 'secret' ? secrets : configMaps;
                bag.set(`${ce.ns}/${ce.name}`, { name: ce.name, namespace: ce.ns, data: {} });
              }
            } else if (ce)
              notes.push(
                `${target}: a missing ${ce.source} (${ce.name}) that kubelet 1.3 is not modelled to read`,
              );
            const liveness = spec.livenessProbe as { failureThreshold?: number } | undefined;
            const built = containerFaults(
              target,
              cf,
              probesKnown,
              f.phase,
              liveness?.failureThreshold ?? 3,
              f.evicted !== undefined,
            );
            faults.push(...built.faults);
            notes.push(...built.notes);
            restarts = Math.max(restarts, built.restarts);
          }
          return spec;
        });
    let containers = specOf(false);
    const initContainers = specOf(true);
    if (initContainers.length === 0 && f.initRow) {
      initContainers.push(...initPlaceholders(p.key, f.initRow, f.rowRestarts ?? 0, faults, notes));
      images.set(UNKNOWN_IMAGE, images.get(UNKNOWN_IMAGE) ?? { present: true });
    }
    if (containers.length === 0) {
      containers = [{ name: UNNAMED_CONTAINER, image: UNKNOWN_IMAGE }];
      if (canRefuse && f.topologyRejected) refused(containers[0]!, `${p.key}/${UNNAMED_CONTAINER}`);
      images.set(UNKNOWN_IMAGE, images.get(UNKNOWN_IMAGE) ?? { present: true });
      notes.push(
        `${p.key}: no container named in the input (one placeholder, "${UNNAMED_CONTAINER}")`,
      );
      // A crash loop kubectl get pods shows for the pod is its one container's.
      if (f.statuses.some((s) => /^(CrashLoopBackOff|Error|OOMKilled)$/.test(s))) {
        const oom = f.statuses.includes('OOMKilled');
        faults.push({
          kind: 'ContainerExit',
          target: `${p.key}/${UNNAMED_CONTAINER}`,
          afterSeconds: 1,
          exitCode: oom ? 137 : 1,
          reason: oom ? 'OOMKilled' : 'Error',
        });
        restarts = Math.max(restarts, f.rowRestarts ?? 1);
      }
      if (f.statuses.some((s) => /ImagePullBackOff|ErrImagePull/.test(s)))
        faults.push({ kind: 'ImagePullError', target: `${p.key}/${UNNAMED_CONTAINER}` });
    }
    // kubectl get pods' READY counts the containers ("1/2"): as many placeholders, when the
    // input names none; what it says of the pod stays with the first.
    const rows = r.events.filter((e) => e.pod === p.key && e.what === 'PodRow');
    const ready = rows[rows.length - 1]?.data?.ready;
    const total = Number(/^\d+\/(\d+)$/.exec(String(ready ?? ''))?.[1] ?? 0);
    if (p.containers.size === 0 && total > containers.length && total <= 20) {
      for (let i = containers.length + 1; i <= total; i++)
        containers.push({ name: `${UNNAMED_CONTAINER}-${i}`, image: UNKNOWN_IMAGE });
      images.set(UNKNOWN_IMAGE, images.get(UNKNOWN_IMAGE) ?? { present: true });
      notes.push(
        `${p.key}: READY ${String(ready)} counts ${total} containers, none named in the input: placeholders "${UNNAMED_CONTAINER}"…"${UNNAMED_CONTAINER}-${total}"`,
      );
    }
    // PLEG-only evidence of crashes (-v=2 logs), when nothing else told how the container ended.
    const pleg = plegCrash(p.key, p, r.events);
    if (
      pleg &&
      !faults.some((x) => x.target === `${p.key}/${pleg.name}` && x.kind === 'ContainerExit')
    ) {
      const code = pleg.codes[0] ?? 1;
      if (pleg.codes.length === 0)
        notes.push(
          `${p.key}/${pleg.name}: PLEG saw it die; its exit code is not in the input (exit 1)`,
        );
      faults.push({
        kind: 'ContainerExit',
        target: `${p.key}/${pleg.name}`,
        // PLEG notices a death at its next relist: the run lasted at most this long.
        afterSeconds: seconds(median(pleg.runs)!),
        exitCode: code,
        reason: code === 0 ? 'Completed' : 'Error',
        ...(pleg.running ? { times: pleg.runs.length } : {}),
      });
      restarts = Math.max(restarts, pleg.runs.length);
    }
    if (f.sandboxFailures > 0) {
      const message = f.sandboxErr
        ?.replace(/^Failed (?:to )?create pod sandbox:? ?/, '')
        .slice(0, 1000);
      faults.push({
        kind: 'SandboxError',
        target: p.key,
        ...(f.sandboxRecovered ? { times: f.sandboxFailures } : {}),
        ...(message && message !== '.' ? { message } : {}),
      });
      restarts = Math.max(restarts, Math.min(f.sandboxFailures, 8));
    } else if (f.sandboxChanged > 0)
      faults.push({
        kind: 'SandboxDied',
        target: p.key,
        afterSeconds:
          f.sandboxChangedSpanUs > 0 ? seconds(f.sandboxChangedSpanUs / f.sandboxChanged) : 30,
        times: Math.min(f.sandboxChanged, 50),
      });
    if (f.deletedUs !== undefined) {
      // A deletion seen only in a snapshot (get pods "Terminating", on kubectl's clock) is
      // placed after the pod's last record.
      let delUs =
        f.deletedUs >= arrival.inputUs
          ? f.deletedUs
          : Math.max(arrival.inputUs + 1e6, lastUsOf.get(p.key) ?? 0);
      // Its deletion is the first the input says of it: it ran before the input began. It
      // arrives, starts, and is deleted once running.
      if (delUs - arrival.inputUs < RUNNING_BY_US && p.addUs === undefined) {
        delUs = arrival.inputUs + RUNNING_BY_US;
        notes.push(
          `${p.key}: running before the input began; deleted ${RUNNING_BY_US / 1e6} s after it arrives`,
        );
      }
      if (f.killedAsPod)
        notes.push(
          `${p.key}: the kubelet killed the whole pod ("Stopping container …"), for a reason the input does not give (deleted, evicted, past its deadline): rebuilt as a deletion`,
        );
      actions.push({
        kind: 'DeletePod',
        at: formatDuration(arrival.scenarioMs + ms(delUs - arrival.inputUs)),
        target: p.key,
        ...(f.deleteGrace !== undefined ? { gracePeriodSeconds: f.deleteGrace } : {}),
      });
    }
    const loop = snapshotLoop(p.key, r.events, f, faults, images);
    if (loop) loops.push(loop);
    horizonMs = Math.max(
      horizonMs,
      arrival.scenarioMs + ms(Math.max(0, span)) + 60_000,
      arrival.scenarioMs + backoffSpanMs(Math.min(restarts, 12)) + restarts * 2_000 + 60_000,
    );
    if (f.evicted) {
      // evictPod's message, "The node was low on resource: <r>. Threshold quantity: <q>,
      // available: <a>.": the action's fields. When the eviction came is not in the input.
      const m =
        /low on resource: ([\w-]+)\.(?: Threshold quantity: ([^,]+), available: ([^.\s]+(?:\.\d+)?[^.\s]*)\.)?/.exec(
          f.evicted.message ?? '',
        );
      const resource = ['memory', 'ephemeral-storage', 'pids'].includes(m?.[1] ?? '')
        ? m![1]!
        : undefined;
      actions.push({
        kind: 'EvictPod',
        at: formatDuration(arrival.scenarioMs + EVICT_AFTER_MS),
        target: p.key,
        ...(resource ? { resource } : {}),
        ...(resource && m?.[2] && m[3] ? { threshold: m[2], available: m[3] } : {}),
      });
      notes.push(
        `${p.key}: evicted${resource ? ` (the node low on ${resource})` : ''}; when is not in the input (${EVICT_AFTER_MS / 1000} s after it arrives)`,
      );
      if (f.evicted.message !== undefined && !resource)
        notes.push(
          `${p.key}: the eviction's message is not one the model writes: "${f.evicted.message}"`,
        );
    }
    // An evicted pod is Failed by the eviction, not by its restart policy.
    const restartPolicy =
      f.phase === 'Failed' && !f.evicted
        ? 'Never'
        : f.phase === 'Succeeded'
          ? 'OnFailure'
          : undefined;
    return {
      at: formatDuration(arrival.scenarioMs),
      manifest: {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace: ns, ...(p.uid ? { uid: p.uid } : {}) },
        spec: {
          ...(restartPolicy ? { restartPolicy } : {}),
          ...(initContainers.length ? { initContainers } : {}),
          containers,
        },
      },
    };
  });
  // A crash loop seen only as kubectl saw it ends the run where kubectl saw it: the run ends
  // inside the back-off after its last restart, each such pod arriving so that it does.
  let horizon = Math.min(MAX_HORIZON_MS, Math.ceil(horizonMs / 1000) * 1000);
  const fits = loops.filter((l) => l.endMs <= MAX_HORIZON_MS);
  for (const l of loops) {
    if (l.restarts >= 4 && l.hook)
      notes.push(
        `${l.key}: the model shows PostStartHookError for some 12 s after each failure; after ${l.restarts} restarts its timing may drift out of that`,
      );
    if (l.assumed)
      notes.push(
        `${l.key}: its restart count is not in the input (${l.restarts}); the run ends just after that many restarts' hook failure, when the model shows PostStartHookError as the input does`,
      );
    else if (l.restarts === 1 && !l.hook)
      notes.push(
        `${l.key}: CrashLoopBackOff with 1 restart shows for about a second in the model (the 10 s back-off is nearly over when its pod worker next syncs): the run may end just before or after it`,
      );
    else if (l.endMs > MAX_HORIZON_MS)
      notes.push(
        `${l.key}: its restart count takes longer than the longest run (${MAX_HORIZON_MS / 3_600_000} h) to reach`,
      );
  }
  if (fits.length) {
    // Whole seconds: the sync loop's tickers keep the same phase for every such pod.
    const end = (l: { endMs: number }) => Math.ceil(l.endMs / 1000) * 1000;
    horizon = Math.max(horizon, ...fits.map(end));
    for (const l of fits)
      podInputs[pods.findIndex((p) => p.key === l.key)]!.at = formatDuration(horizon - end(l));
  }
  const runtime: Record<string, string> = {};
  const sandbox = median(lat.sandbox);
  const create = median(lat.create);
  const start = median(lat.start);
  if (sandbox !== undefined) runtime.runPodSandbox = formatDuration(ms(sandbox));
  if (create !== undefined) runtime.createContainer = formatDuration(ms(create));
  if (start !== undefined) runtime.startContainer = formatDuration(ms(start));
  notes.push(...nodeNotes);
  for (const [img, f] of images)
    if (!f.present && f.pullMs === undefined && f.size === undefined)
      notes.push(
        `${img}: pulled, but the pull's duration is not in the input (the model's default)`,
      );
  const unusedFamilies = notRebuilt(r, res);
  const v = r.version;
  const description =
    `Rebuilt by kubeletscope replay from ${opts.source}: ${pods.length} pod${pods.length === 1 ? '' : 's'}, ` +
    `${r.recognised} records (${r.skipped} lines skipped). ` +
    `Kubelet ${v.label} by its output (${v.tells.join('; ')}), run as ${version}.`;
  const input: Record<string, unknown> = {
    apiVersion: 'kubeletscope/v1',
    kind: 'Scenario',
    metadata: {
      name: `replay of ${opts.source}`.slice(0, 200),
      description: description.slice(0, 5000),
    },
    seed: 1,
    horizon: formatDuration(horizon),
    node: {
      ...node,
      kubeletVersion: version,
      images: [...images].map(([name, f]) => ({
        name,
        present: f.present,
        ...(f.size !== undefined ? { sizeBytes: f.size } : {}),
        ...(f.pullMs !== undefined && !f.present ? { pullTime: formatDuration(f.pullMs) } : {}),
      })),
      runtime,
    },
    pods: podInputs,
    ...(configMaps.size ? { configMaps: [...configMaps.values()] } : {}),
    ...(secrets.size ? { secrets: [...secrets.values()] } : {}),
    ...(faults.length ? { faults } : {}),
    ...(actions.length ? { actions } : {}),
  };
  const doc = new Document(input);
  const lines = [
    ` Rebuilt from ${opts.source} by kubeletscope replay.`,
    ` kubelet version: ${v.label} by the input's form; run as ${version} (node.kubeletVersion)`,
    ...v.tells.map((t) => `   - ${t}`),
    ...(v.conflicting.length
      ? [' tells outside that range (not used):', ...v.conflicting.map((t) => `   - ${t}`)]
      : []),
    ...(notes.length
      ? [' assumed, not in the input:', ...[...new Set(notes)].slice(0, 40).map((n) => `   - ${n}`)]
      : []),
    ...(unusedFamilies.length
      ? [' read, not rebuilt:', ...unusedFamilies.map((n) => `   - ${n}`)]
      : []),
  ];
  doc.commentBefore = lines.join('\n');
  return { input, yaml: doc.toString({ lineWidth: 100 }), arrivals };
}

/** The node: topology from the CPU ids and NUMA nodes the input shows, manager settings. */
function nodeOf(
  r: ReplayResult,
  notes: string[],
  res: Resources,
  refuse: boolean,
): Record<string, unknown> {
  const f = r.nodeFacts;
  const maxCpu = Math.max(
    r.cpuManager?.maxCpu ?? -1,
    f.reservedSystemCPUs ? maxOf(f.reservedSystemCPUs) : -1,
  );
  const cpus = maxCpu + 1;
  const numa = new Set(
    r.events.filter((e) => e.what === 'MemoryNode').map((e) => Number(e.data?.numa ?? 0)),
  ).size;
  // Enough NUMA nodes for the memory state's and the devices' (one socket each).
  const deviceNuma = Math.max(-1, ...(res.devices ?? []).map((d) => d.numaNode ?? -1)) + 1;
  const nodes = Math.max(refuse ? 2 : 1, numa, deviceNuma);
  const topology =
    cpus >= 2 * nodes && cpus % (2 * nodes) === 0
      ? { sockets: nodes, coresPerSocket: cpus / (2 * nodes), threadsPerCore: 2 }
      : cpus >= nodes && cpus % nodes === 0 && cpus > 0
        ? { sockets: nodes, coresPerSocket: cpus / nodes, threadsPerCore: 1 }
        : { sockets: nodes, coresPerSocket: 4, threadsPerCore: 2 };
  if (cpus <= 0)
    notes.push("the node's CPUs are not in the input (4 cores × 2 threads per NUMA node)");
  const kubelet: Record<string, unknown> = {};
  let policy = (r.cpuManager?.policy ?? f.cpuManagerPolicy)?.toLowerCase();
  if (refuse && policy === undefined) {
    policy = 'static';
    notes.push(
      'the CPU manager policy is not in the input: static (a pod was refused with TopologyAffinityError)',
    );
  }
  kubelet.cpuManagerPolicy = policy === 'static' ? 'static' : 'none';
  if (f.reservedSystemCPUs && policy === 'static')
    kubelet.reservedSystemCPUs = f.reservedSystemCPUs;
  else if (policy === 'static') {
    // The static policy refuses to start without reserved CPUs; they are among the shared ones.
    const first = /^\d+/.exec(r.cpuManager?.defaultCpuSet ?? '')?.[0] ?? '0';
    kubelet.reservedSystemCPUs = first;
    notes.push(
      `the reserved CPUs are not in the input: CPU ${first} (the static policy needs some)`,
    );
  }
  const tp = f.topologyManagerPolicy?.toLowerCase();
  if (tp && /^(best-effort|restricted|single-numa-node)$/.test(tp))
    kubelet.topologyManagerPolicy = tp;
  else if (refuse) {
    kubelet.topologyManagerPolicy = 'single-numa-node';
    notes.push(
      'the topology manager policy is not in the input: single-numa-node (a pod was refused with TopologyAffinityError)',
    );
  }
  if (f.topologyManagerScope === 'pod' && hasTopologyManagerScope(r.version.version))
    kubelet.topologyManagerScope = 'pod';
  Object.assign(kubelet, res.kubelet);
  return {
    name: r.node && /^[\w.-]+$/.test(r.node) ? r.node : 'node-1',
    topology,
    kubelet,
    ...(res.devices ? { devices: res.devices } : {}),
    ...(res.memory ? { memory: res.memory } : {}),
  };
}

/** Families of records read whose facts the scenario cannot hold, with counts and why. */
function notRebuilt(r: ReplayResult, res: Resources): string[] {
  const count = new Map<Family, number>();
  for (const e of r.events) {
    const f = familyOf(e.what);
    if (REBUILT.has(f)) continue;
    if (f === 'memory manager' && res.rebuilt.memory) continue;
    if (f === 'device manager' && res.rebuilt.devices) continue;
    count.set(f, (count.get(f) ?? 0) + 1);
  }
  const v = r.version.version;
  const why: Partial<Record<Family, string>> = {
    'memory manager': hasMemoryManager(v)
      ? "its lines alone do not give the node's memory (a memory_manager_state does)"
      : `kubelet ${v} has no memory manager (it arrived in 1.21)`,
    'device manager': hasDevicePlugins(v)
      ? 'its lines name no device (a kubelet_internal_checkpoint does)'
      : `kubelet ${v} has no device plugins (they arrived in 1.8)`,
    volumes: 'the scenario has no volumes',
    status: 'the model writes its own status',
    eviction: 'node pressure is not modelled',
    'topology manager': "the policy is rebuilt when the input names it; hints are the model's own",
    'CPU manager':
      "the policy, reserved CPUs and assignments are rebuilt; the rest are the model's own",
    admission: "admission is the model's own",
    node: 'node-wide start-up lines',
  };
  const memory = r.events.filter((e) => e.what === 'MemoryNode');
  const devices = r.events.filter(
    (e) => e.what === 'DeviceAssignment' || e.what === 'DeviceRegistered',
  );
  return [...count].map(([f, n]) => {
    let what = `${f}: ${n} record${n === 1 ? '' : 's'}`;
    if (f === 'memory manager' && memory.length)
      what += ` (memory blocks on NUMA nodes ${[...new Set(memory.map((e) => e.data?.numa))].join(', ')})`;
    if (f === 'device manager' && devices.length)
      what += ` (${[...new Set(devices.map((e) => e.data?.resource))].join(', ')})`;
    return `${what}: ${why[f] ?? 'not modelled'}`;
  });
}

/** The version a scenario would run without a guess (for callers comparing). */
export const DEFAULT_VERSION = CURRENT_KUBELET_VERSION;
