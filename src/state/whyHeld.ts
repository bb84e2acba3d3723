/**
 * "Why?" for a container at a cursor: what holds it, in the kubelet's terms, from the run
 * itself — the machines' states in the trace (startContainer, SyncPod, pod worker), the image
 * puller's queue, the back-off tables and the runtime's container records in the world at the
 * cursor, and the guard that decided the last transition once the engine records guards.
 *
 *   "Queued behind default/model's image pull of … (serializeImagePulls: true) since 2.8 s."
 *   "Waiting for app's PostStart hook to return since 980 ms: …"
 *   "CrashLoopBackOff: back-off 20 s after exit code 1, until 36.2 s; …"
 *
 * DOM-free. Returns no sentence when nothing holds the container (it runs, or has finished).
 */
import type { KubeletDomain, SimulationRun, World } from '../sim';
import { formatClock, formatDuration } from '../viz/formatTime';
import { entityStateAt, stepGuard, lastStepOf } from './machineCharts';
import { cachedPodsAt, cachedStateAt } from './podsCache';

interface Ctx {
  readonly run: SimulationRun;
  readonly cursor: number;
  readonly now: number;
  readonly world: World<KubeletDomain>;
  readonly entityIndex: ReadonlyMap<string, number>;
}

const entityIndexCache = new WeakMap<SimulationRun, Map<string, number>>();
function entityIndexOf(run: SimulationRun): Map<string, number> {
  let m = entityIndexCache.get(run);
  if (!m) {
    m = new Map(run.trace.entities.map((e, i) => [e.id, i]));
    entityIndexCache.set(run, m);
  }
  return m;
}

function stateOf(c: Ctx, id: string): { state: string | null; since: number | null } {
  const i = c.entityIndex.get(id);
  return i === undefined ? { state: null, since: null } : entityStateAt(c.run, i, c.cursor);
}

/** The pod key ("ns/name") of a pod UID. */
const podKeyOf = (run: SimulationRun, uid: string): string => run.config.pods[uid]?.key ?? uid;

/** "ns/pod/name" → parts. */
function split(container: string): { pod: string; name: string } {
  const i = container.lastIndexOf('/');
  return { pod: container.slice(0, i), name: container.slice(i + 1) };
}

/**
 * completeWork's requeue (pod_workers.go): the delay the pod worker's machine chose, from the guard
 * of the step that requeued it and the delay in its context.
 */
function requeueHold(c: Ctx, id: string, since: number | null): string[] {
  const ctx = c.world.machines[id]?.snapshot.context as { requeueMs?: number } | undefined;
  const ms = ctx?.requeueMs;
  const entered = lastStepOf(c.run, c.entityIndex.get(id) ?? -1, c.cursor);
  if (ms === undefined || since === null || entered < 0) return [];
  const guard = stepGuard(c.run, entered);
  const why =
    guard === 'sync failed'
      ? 'wait.Jitter(backOffPeriod 10 s, 0.5) after a sync error'
      : ms === 0
        ? 'at once: a phase transition'
        : `wait.Jitter(resyncInterval ${formatDuration(c.run.config.syncFrequencyMs)}, 0.5) after a good sync`;
  return [
    `The pod worker is idle: completeWork requeued the pod for ${formatDuration(ms)} (${why}), due at ${formatClock(since + ms)}; an update before then syncs it sooner.`,
  ];
}

/** A sentence about the pull this container's startContainer is waiting on, or null. */
function pullHold(c: Ctx, scId: string, since: number | null): string | null {
  const d = c.world.domain;
  const mine = d.pulls.queue.find((r) => r.requester === scId);
  const cfg = c.run.config;
  if (mine) {
    const ahead = d.pulls.active[0] ?? d.pulls.queue[0];
    const limit = cfg.serializeImagePulls
      ? 'serializeImagePulls: true'
      : `maxParallelImagePulls: ${cfg.maxParallelImagePulls ?? '∞'}, every slot busy`;
    const whose = ahead
      ? `${podKeyOf(c.run, ahead.podUid)}'s image pull of ${ahead.image}`
      : 'another image pull';
    return `Queued behind ${whose} (${limit}) since ${formatClock(mine.askedAt)}.`;
  }
  const active = d.pulls.active.find((r) => r.requester === scId);
  if (active) {
    const waited = since !== null ? since : active.askedAt;
    const takes =
      active.pullMs !== undefined ? `; the pull takes ${formatDuration(active.pullMs)}` : '';
    return `Pulling ${active.image} (asked at ${formatClock(waited)})${takes}.`;
  }
  // Sent, not yet taken in: the image puller handles the request at its next step.
  return since !== null ? `Asked the image puller for the image at ${formatClock(since)}.` : null;
}

/** What holds a container whose startContainer machine is mid-way, or null. */
function startHold(c: Ctx, container: string): string | null {
  const scId = `startContainer:${container}`;
  const { state, since } = stateOf(c, scId);
  const { name } = split(container);
  const at = since !== null ? ` since ${formatClock(since)}` : '';
  switch (state) {
    case 'pullingImage':
      return pullHold(c, scId, since);
    case 'postStart': {
      const uid = Object.values(c.run.config.pods).find((p) => p.key === split(container).pod)?.uid;
      const hook = uid ? c.run.config.pods[uid]?.byName[name]?.postStart : undefined;
      const what = hook
        ? ` (${hook.kind}${hook.command ? ` ${hook.command}` : hook.kind === 'httpGet' ? ` ${hook.path}` : ''})`
        : '';
      return `Waiting for ${name}'s PostStart hook${what} to return${at}: startContainer runs the hook synchronously, so SyncPod starts the pod's next container only after it returns.`;
    }
    case 'killingAfterHook':
      return `${name}'s PostStart hook failed: the kubelet is killing the container${at} (FailedPostStartHook), then reports PostStartHookError.`;
    case 'creating':
      return `Waiting for the runtime's CreateContainer for ${name} to return${at}.`;
    case 'starting':
      return `Waiting for the runtime's StartContainer for ${name} to return${at}.`;
    default:
      return null;
  }
}

/** What another container of the same pod is doing that holds SyncPod (the chain of causes). */
function syncPodHold(c: Ctx, container: string): string | null {
  const { pod, name } = split(container);
  const sp = stateOf(c, `syncPod:${pod}`);
  if (!sp.state) return null;
  const others = c.run.trace.entities.filter(
    (e) =>
      e.kind === 'startContainer' &&
      e.id !== `startContainer:${container}` &&
      e.id.startsWith(`startContainer:${pod}/`),
  );
  for (const e of others) {
    const other = e.id.slice('startContainer:'.length);
    const st = stateOf(c, e.id).state;
    if (!st || st === 'idle') continue;
    const inner = startHold(c, other);
    const phase = /Init/.test(sp.state)
      ? 'runs init containers one at a time'
      : 'starts containers one at a time';
    return `${name} waits for SyncPod, which ${phase} and is still starting ${split(other).name}. ${inner ?? `${split(other).name}'s startContainer is in ${st}.`}`;
  }
  if (sp.state.endsWith('creatingSandbox'))
    return `${name} waits for the pod sandbox: RunPodSandbox in progress since ${formatClock(sp.since ?? 0)}.`;
  const pw = stateOf(c, `podWorker:${pod}`);
  if (pw.state === 'waitingForCache')
    return `${name} waits for the pod worker, which waits for the PLEG's next relist (the pod cache must be newer than the last sync) since ${formatClock(pw.since ?? 0)}.`;
  return null;
}

/** CrashLoopBackOff or ImagePullBackOff, from the back-off tables and the runtime's records. */
function backOffHold(c: Ctx, container: string, reason: string | undefined): string | null {
  const { pod, name } = split(container);
  const def = Object.values(c.run.config.pods).find((p) => p.key === pod);
  if (!def) return null;
  const d = c.world.domain;
  if (reason === 'ImagePullBackOff' || reason === 'ErrImagePull') {
    const image = def.byName[name]?.spec.image ?? '';
    const e =
      d.imageBackOff[`${def.uid}_${image}`] ??
      Object.entries(d.imageBackOff).find(
        ([k]) => k.startsWith(`${def.uid}_`) && k.includes(image),
      )?.[1];
    if (!e) return null;
    const until = e.lastUpdate + e.backoffMs;
    return c.now < until
      ? `ImagePullBackOff: back-off ${formatDuration(e.backoffMs)} after ErrImagePull of ${image}, until ${formatClock(until)}.`
      : `The image back-off (${formatDuration(e.backoffMs)}) ended at ${formatClock(until)}: the next sync pulls ${image} again.`;
  }
  // The newest runtime record of this container, if it has exited.
  const ids = d.runtime.podContainers[def.uid] ?? [];
  const last = ids.map((id) => d.runtime.containers[id]).find((r) => r?.name === name);
  if (!last || last.state !== 'EXITED' || last.finishedAt === undefined) return null;
  const [ns, podName] = pod.split('/');
  const prefix = `${podName}_${ns}_${def.uid}_${name}_`;
  const entry = Object.entries(d.containerBackOff).find(([k]) => k.startsWith(prefix))?.[1];
  const code = last.exitCode ?? 0;
  // An entry updated after the exit was bumped by the restart that is under way: no back-off.
  if (entry && entry.lastUpdate <= last.finishedAt && c.now - last.finishedAt < entry.backoffMs)
    return `CrashLoopBackOff: back-off ${formatDuration(entry.backoffMs)} after exit code ${code}, until ${formatClock(last.finishedAt + entry.backoffMs)}; the first sync after that restarts it.`;
  if (reason === 'CrashLoopBackOff' || code !== 0)
    return `Exited with code ${code} at ${formatClock(last.finishedAt)}; not in back-off: the next sync restarts it.`;
  return null;
}

/**
 * The runtime is ahead of the reported status: the container was created or started, and
 * kubectl shows it once the PLEG relists and the pod worker's next sync updates the status.
 */
function statusLag(c: Ctx, container: string): string | null {
  const { pod, name } = split(container);
  const def = Object.values(c.run.config.pods).find((p) => p.key === pod);
  if (!def) return null;
  const d = c.world.domain;
  const ids = d.runtime.podContainers[def.uid] ?? [];
  const last = ids.map((id) => d.runtime.containers[id]).find((r) => r?.name === name);
  if (!last || last.state === 'EXITED') return null;
  const what =
    last.state === 'RUNNING' && last.startedAt !== undefined
      ? `started ${name} at ${formatClock(last.startedAt)}`
      : `created ${name} at ${formatClock(last.createdAt)}`;
  return `The runtime ${what}; the status shows it after the PLEG's next relist and the pod worker's next sync.`;
}

/** The guard the engine recorded for the last transition of the container's machine. */
function guardNote(c: Ctx, container: string): string | null {
  const i = c.entityIndex.get(`startContainer:${container}`);
  if (i === undefined) return null;
  const step = lastStepOf(c.run, i, c.cursor);
  const g = step >= 0 ? stepGuard(c.run, step) : null;
  if (!g) return null;
  const { steps, strings } = c.run.trace;
  const to = (strings[steps.to[step]!] ?? '').split('.').pop();
  return `startContainer went to ${to} at ${formatClock(steps.t[step]!)} because "${g}" held.`;
}

/** Sentences saying what holds `container` ("ns/pod/name") after `cursor` steps. */
export function whyHeld(run: SimulationRun, container: string, cursor: number): string[] {
  const now =
    cursor <= 0 ? 0 : (run.trace.steps.t[Math.min(cursor, run.trace.steps.t.length) - 1] ?? 0);
  const c: Ctx = {
    run,
    cursor,
    now,
    world: cachedStateAt(run, cursor),
    entityIndex: entityIndexOf(run),
  };
  const { pod, name } = split(container);
  const row = cachedPodsAt(run, cursor).find((p) => p.key === pod);
  const st = row?.containers.find((x) => x.name === name);
  const out: string[] = [];
  const start = startHold(c, container);
  if (start) out.push(start);
  else if (st?.state !== 'Running') {
    // In order: the runtime is ahead of the status; a back-off; another container or the pod
    // holds SyncPod; else the status's own reason.
    const held =
      statusLag(c, container) ??
      backOffHold(c, container, st?.reason) ??
      (!st || st.state === 'Waiting' ? syncPodHold(c, container) : null);
    if (held) out.push(held);
    else if (st?.state === 'Waiting' && st.reason)
      out.push(`${st.reason}${st.message ? `: ${st.message}` : ''}.`);
  }
  if (out.length > 0) {
    const g = guardNote(c, container);
    if (g) out.push(g);
  }
  return out;
}

/**
 * Sentences saying what holds a pod-level machine instance (a SyncPod or a pod worker, by its
 * entity id, e.g. "syncPod:default/web") after `cursor` steps; none for other machines or when
 * nothing holds it.
 */
export function whyEntityHeld(run: SimulationRun, entityId: string, cursor: number): string[] {
  const colon = entityId.indexOf(':');
  const kind = entityId.slice(0, colon);
  const pod = entityId.slice(colon + 1);
  if (colon < 0 || (kind !== 'syncPod' && kind !== 'podWorker')) return [];
  const c: Ctx = {
    run,
    cursor,
    now: cursor <= 0 ? 0 : (run.trace.steps.t[Math.min(cursor, run.trace.steps.t.length) - 1] ?? 0),
    world: cachedStateAt(run, cursor),
    entityIndex: entityIndexOf(run),
  };
  const { state, since } = stateOf(c, entityId);
  if (!state) return [];
  const at = since !== null ? ` since ${formatClock(since)}` : '';
  const containers = run.trace.entities
    .filter((e) => e.kind === 'startContainer' && e.id.startsWith(`startContainer:${pod}/`))
    .map((e) => e.id.slice('startContainer:'.length));
  if (kind === 'podWorker') {
    if (state === 'idle.requeued') return requeueHold(c, entityId, since);
    if (state === 'idle.due')
      return [
        `The pod's work-queue entry is due${at}: the sync loop's next sync tick (every 1 s) hands it back to the pod worker.`,
      ];
    if (state === 'waitingForCache')
      return [
        `The pod worker waits in podCache.GetNewerThan for the PLEG's next relist (the cache must be newer than its last sync)${at}.`,
      ];
    if (state === 'syncing') {
      const inner = whyEntityHeld(run, `syncPod:${pod}`, cursor);
      return inner.length > 0 ? [`The pod worker runs SyncPod${at}.`, ...inner] : [];
    }
    return [];
  }
  if (/waitingFor(Container|Init)$/.test(state)) {
    for (const container of containers) {
      const st = stateOf(c, `startContainer:${container}`).state;
      if (!st || st === 'idle') continue;
      const { name } = split(container);
      const inner = startHold(c, container);
      return [`SyncPod waits for ${name}'s startContainer${at}: ${inner ?? `it is in ${st}.`}`];
    }
  }
  if (/BackOff$/.test(state)) {
    for (const container of containers) {
      const text = backOffHold(c, container, 'CrashLoopBackOff');
      if (text?.startsWith('CrashLoopBackOff'))
        return [`SyncPod skips ${split(container).name}: ${text}`];
    }
  }
  if (state.endsWith('creatingSandbox'))
    return [`SyncPod waits for the runtime's RunPodSandbox${at}.`];
  return [];
}
