/**
 * podWorkerLoop's body (pkg/kubelet/pod_workers.go) and the kubelet's teardown functions it
 * calls: startPodSync + "Processing pod event" + GetNewerThan; SyncPod via the syncPod
 * instance; SyncTerminatingPod (kill containers with the grace period, PreStop, Killing events)
 * and SyncTerminatedPod; completeWork's requeue policy (resync 1m / error 10s with 50% jitter,
 * phase transitions at once, a pending update re-signals the worker).
 */
import type { AnyEventObject } from 'xstate';
import type { PodWorkerEvent } from '../../machines/podWorker.machine';
import type { EffectHandler } from '../../runner/types';
import { commitPodStatus, generateAPIPodStatus } from '../statusManager';
import { recordEvent, type Env, podOfInstance } from '../env';
import { API_SERVER, CONTAINER_RUNTIME, proberId, syncPodId } from '../ids';
import { klog, podKV, q } from '../klog';
import { enqueueWork, jittered, workType } from '../podWorkers';
import { getPodStatus, runningContainers, stopPodSandbox } from '../runtime';
import type { KubeletDomain } from '../types';

type H = EffectHandler<KubeletDomain>;

/** backOffPeriod: requeue after a sync error. */
export const BACKOFF_PERIOD_MS = 10_000;
/** minimumGracePeriodInSeconds in killContainer. */
const MIN_GRACE_S = 2;

export function podWorkerEffects(env: Env): Record<string, H> {
  const { cfg } = env;

  const waitForCache: H = (api) => {
    const pod = podOfInstance(env, api.self);
    const d = api.domain;
    const s = d.workers[pod.uid]!;
    // startPodSync: consume the pending update.
    s.active = s.pending ?? s.active ?? 'sync';
    s.pending = undefined;
    s.activeWork = workType(s);
    s.startedAt ??= api.t;
    klog(api, 'Processing pod event', [
      ...podKV(pod.key, pod.uid),
      ['updateType', q(s.activeWork)],
    ]);
    // podCache.GetNewerThan(uid, lastSyncTime): the global timestamp or the pod's entry.
    const entry = d.cache.pods[pod.uid];
    const newer = d.cache.timestamp > s.lastSyncT || (entry !== undefined && entry.t > s.lastSyncT);
    if (newer) api.send(api.self, { type: 'CACHE_READY', workType: s.activeWork });
    else d.cacheWaiters[pod.uid] = s.lastSyncT;
  };

  const startSyncPod: H = (api) => {
    const pod = podOfInstance(env, api.self);
    const s = api.domain.workers[pod.uid]!;
    api.send(syncPodId(pod.key), { type: 'START', updateType: s.active ?? 'sync' });
  };

  /** completeWork + the requeue of a pending update. */
  const finish = (api: Parameters<H>[0], uid: string, phaseTransition: boolean, error?: string) => {
    const d = api.domain;
    const pod = cfg.pods[uid]!;
    const s = d.workers[uid]!;
    s.lastSyncT = api.t;
    s.activeWork = undefined;
    if (phaseTransition) enqueueWork(d, uid, api.t);
    else if (error) enqueueWork(d, uid, api.t + jittered(s, BACKOFF_PERIOD_MS));
    else enqueueWork(d, uid, api.t + jittered(s, cfg.syncFrequencyMs));
    if (s.pending !== undefined) {
      klog(api, 'Requeueing pod due to pending update', [
        ...podKV(pod.key, uid),
        ['updateType', q(workType(s))],
      ]);
      api.send(api.self, { type: 'UPDATE' });
    } else {
      s.working = false;
    }
  };

  const done = (api: Parameters<H>[0], uid: string, work: string) => {
    const pod = cfg.pods[uid]!;
    klog(api, 'Processing pod event done', [...podKV(pod.key, uid), ['updateType', q(work)]]);
  };

  const completeSync: H = (api, _p, e: AnyEventObject) => {
    const ev = e as Extract<PodWorkerEvent, { type: 'SYNC_DONE' }>;
    const pod = podOfInstance(env, api.self);
    const s = api.domain.workers[pod.uid]!;
    if (ev.error !== undefined)
      klog(api, 'Error syncing pod, skipping', podKV(pod.key, pod.uid), ev.error);
    let phaseTransition = false;
    if (ev.isTerminal && s.terminatingAt === undefined) {
      klog(api, 'Pod is terminal', podKV(pod.key, pod.uid));
      // completeSync: the pod now terminates; requeueLastPodUpdate.
      s.terminatingAt = api.t;
      klog(
        api,
        'Pod indicated lifecycle completed naturally and should now terminate',
        podKV(pod.key, pod.uid),
      );
      s.pending ??= s.active;
      phaseTransition = true;
    }
    finish(api, pod.uid, phaseTransition, ev.error);
    done(api, pod.uid, 'sync');
  };

  /** SyncTerminatingPod: kill every running container with the grace period, then the sandbox. */
  const startTerminating: H = (api) => {
    const pod = podOfInstance(env, api.self);
    const d = api.domain;
    const s = d.workers[pod.uid]!;
    const grace = s.gracePeriodSeconds ?? pod.terminationGraceSeconds;
    klog(api, 'Pod worker has observed request to terminate', podKV(pod.key, pod.uid));
    klog(api, 'Pod terminating with grace period', [
      ...podKV(pod.key, pod.uid),
      ['gracePeriod', String(grace)],
    ]);
    const gen = generateAPIPodStatus(
      cfg,
      d,
      pod,
      d.cache.pods[pod.uid] ?? getPodStatus(d, pod.uid, api.t),
      api.t,
      false,
    );
    commitPodStatus(api, pod, gen);
    // probeManager.StopLivenessAndStartup.
    for (const c of Object.values(pod.byName))
      for (const probe of ['liveness', 'startup'] as const)
        if (c.probes[probe] && api.has(proberId(pod.key, c.name, probe)))
          api.send(proberId(pod.key, c.name, probe), { type: 'STOP' });
    // killContainersWithSyncResult: every running container in parallel, each through
    // killContainer (kuberuntime_container.go): Killing event, executePreStopHook (waits for the
    // hook at most the grace period), grace -= seconds spent (minimum 2 s), then "Killing
    // container with a grace period" and CRI StopContainer; "Container exited normally" when it
    // returns. SyncTerminatingPod goes on once the last kill has returned.
    const running = runningContainers(d, pod.uid);
    s.killsPending = running.length;
    for (const r of running) {
      const c = pod.byName[r.name]!;
      recordEvent(api, pod, 'Normal', 'Killing', `Stopping container ${c.name}`, c.fieldPath);
      if (c.preStop && grace > 0) {
        klog(api, 'Running preStop hook', [
          ...podKV(pod.key, pod.uid),
          ['containerName', q(c.name)],
          ['containerID', q(`containerd://${r.id}`)],
        ]);
        const hookMs = c.preStop.kind === 'sleep' ? c.preStop.sleepMs : cfg.latencies.hook;
        const usedMs = Math.min(hookMs, grace * 1000);
        api.send(
          api.self,
          {
            type: 'PRESTOP_DONE',
            id: r.id,
            name: c.name,
            grace,
            usedMs,
            timedOut: hookMs > grace * 1000,
          },
          usedMs,
        );
      } else {
        stopContainer(api, pod.key, pod.uid, c.name, r.id, Math.max(MIN_GRACE_S, grace));
      }
    }
    if (running.length === 0) api.send(api.self, { type: 'TERMINATING_DONE' });
  };

  /** killContainer after StopContainer is called: log it and let the runtime stop the process. */
  function stopContainer(
    api: Parameters<H>[0],
    key: string,
    uid: string,
    name: string,
    id: string,
    gracePeriod: number,
  ): void {
    klog(api, 'Killing container with a grace period', [
      ...podKV(key, uid),
      ['containerName', q(name)],
      ['containerID', q(`containerd://${id}`)],
      ['gracePeriod', String(gracePeriod)],
    ]);
    const rec = api.domain.runtime.containers[id];
    const at =
      rec?.state === 'RUNNING' ? Math.min(cfg.latencies.stopContainer, gracePeriod * 1000) : 0;
    api.send(CONTAINER_RUNTIME, { type: 'STOPPED', id }, at);
    api.send(api.self, { type: 'CONTAINER_STOPPED', id, name }, at);
  }

  /** executePreStopHook returned (hook done, or the grace period ran out). */
  const preStopDone: H = (api, _p, e: AnyEventObject) => {
    const pod = podOfInstance(env, api.self);
    const ev = e as Extract<PodWorkerEvent, { type: 'PRESTOP_DONE' }>;
    const kv = [
      ...podKV(pod.key, pod.uid),
      ['containerName', q(ev.name)],
      ['containerID', q(`containerd://${ev.id}`)],
    ] as [string, string][];
    if (ev.timedOut)
      klog(api, 'PreStop hook not completed in grace period', [
        ...kv,
        ['gracePeriod', String(ev.grace)],
      ]);
    else klog(api, 'PreStop hook completed', kv);
    const g = Math.max(MIN_GRACE_S, ev.grace - Math.floor(ev.usedMs / 1000));
    stopContainer(api, pod.key, pod.uid, ev.name, ev.id, g);
  };

  /** StopContainer returned: "Container exited normally"; the last one ends the kill. */
  const containerStopped: H = (api, _p, e: AnyEventObject) => {
    const pod = podOfInstance(env, api.self);
    const ev = e as Extract<PodWorkerEvent, { type: 'CONTAINER_STOPPED' }>;
    klog(api, 'Container exited normally', [
      ...podKV(pod.key, pod.uid),
      ['containerName', q(ev.name)],
      ['containerID', q(`containerd://${ev.id}`)],
    ]);
    const s = api.domain.workers[pod.uid]!;
    s.killsPending = (s.killsPending ?? 1) - 1;
    if (s.killsPending <= 0) api.send(api.self, { type: 'TERMINATING_DONE' });
  };

  const completeTerminating: H = (api) => {
    const pod = podOfInstance(env, api.self);
    const d = api.domain;
    for (const id of d.runtime.podSandboxes[pod.uid] ?? []) stopPodSandbox(d, id);
    const s = d.workers[pod.uid]!;
    klog(api, 'Pod termination stopped all running containers', podKV(pod.key, pod.uid));
    s.terminatedAt = api.t;
    klog(api, 'Pod terminated all containers successfully', podKV(pod.key, pod.uid));
    s.pending ??= s.active;
    finish(api, pod.uid, true);
    done(api, pod.uid, 'terminating');
  };

  /** SyncTerminatedPod: final status, volumes, cgroups; then the worker stops. */
  const startTerminated: H = (api) => {
    const pod = podOfInstance(env, api.self);
    const d = api.domain;
    const ps = d.cache.pods[pod.uid] ?? getPodStatus(d, pod.uid, api.t);
    const gen = generateAPIPodStatus(cfg, d, pod, ps, api.t, true);
    commitPodStatus(api, pod, gen);
    const kv = podKV(pod.key, pod.uid);
    klog(api, 'Pod termination unmounted volumes', kv);
    klog(api, 'Pod termination cleaned up volume paths', kv);
    klog(api, 'Pod termination removed cgroups', kv);
    klog(api, 'Pod is terminated and will need no more status updates', kv);
    api.send(api.self, { type: 'TERMINATED_DONE' });
  };

  const completeTerminated: H = (api) => {
    const pod = podOfInstance(env, api.self);
    const d = api.domain;
    const s = d.workers[pod.uid]!;
    s.lastSyncT = api.t;
    s.finished = true;
    s.working = false;
    klog(api, 'Pod is complete and the worker can now stop', podKV(pod.key, pod.uid));
    done(api, pod.uid, 'terminated');
    // A deleted pod is now removed from the API server by the status manager; the config
    // source then delivers REMOVE.
    if (d.pods[pod.uid]?.deletionAt !== undefined)
      api.send(API_SERVER, { type: 'POD_REMOVE', uid: pod.uid });
  };

  return {
    waitForCache,
    startSyncPod,
    completeSync,
    startTerminating,
    preStopDone,
    containerStopped,
    completeTerminating,
    startTerminated,
    completeTerminated,
  };
}
