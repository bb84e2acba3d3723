/**
 * podWorkerLoop's body (pkg/kubelet/pod_workers.go) and the kubelet's teardown functions it
 * calls: startPodSync + "Processing pod event" + GetNewerThan; SyncPod via the syncPod
 * instance; SyncTerminatingPod (kill containers with the grace period, PreStop, Killing events)
 * and SyncTerminatedPod; completeWork's requeue policy (resync 1m / error 10s with 50% jitter,
 * phase transitions at once, a pending update re-signals the worker).
 */
import type { podWorkerMachine } from '../../machines/podWorker.machine';
import type { EffectApi, EffectsOf } from '../../runner/types';
import { commitPodStatus, generateAPIPodStatus, terminatePod } from '../statusManager';
import { recordEvent, type Env } from '../env';
import type { KillContainerInput } from '../../machines/killContainer.machine';
import { API_SERVER, killContainerId, proberId, syncPodId } from '../ids';
import { killContainerWithGracePeriod, MIN_GRACE_S } from '../killContainer';
import { postTerminationContainers } from '../format';
import { klog, podKV, q } from '../klog';
import { podUidKV, podUidKVWith, podUidOnlyKV } from '../podKVs';
import { enqueueWork, workType } from '../podWorkers';
import { getPodStatus, runningContainers, stopPodSandbox } from '../runtime';
import type { KubeletDomain, PodCondition } from '../types';
import type { PodDef } from '../config';
import { own, own2 } from '../../core/cow';

type Effects = EffectsOf<typeof podWorkerMachine, KubeletDomain>;
type H = Effects[keyof Effects];
type Api = EffectApi<KubeletDomain>;

/** Stops the pod's probe workers of these types (each a prober instance, when it exists). */
function stopProbeWorkers(
  api: Api,
  pod: PodDef,
  probes: readonly ('liveness' | 'startup' | 'readiness')[],
): void {
  for (const container of Object.values(pod.byName))
    for (const probe of probes)
      if (container.probes[probe] && api.has(proberId(pod.key, container.name, probe)))
        api.send(proberId(pod.key, container.name, probe), { type: 'STOP' });
}

export function podWorkerEffects(env: Env): Effects {
  const { cfg } = env;
  const b = cfg.behaviours;

  /** startPodSync: consume the pending update; "Processing pod event". */
  const startPodSync: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const domain = api.domain;
    const worker = own2(domain, 'workers', pod.uid);
    // startPodSync: consume the pending update.
    worker.active = worker.pending ?? worker.active ?? 'sync';
    worker.pending = undefined;
    worker.pendingCause = undefined;
    worker.activeWork = workType(worker);
    worker.startedAt ??= api.t;
    klog(api, 'Processing pod event', podUidKVWith(pod, 'updateType', q(worker.activeWork)));
  };

  /** Blocked in podCache.GetNewerThan: the PLEG's relist wakes it. */
  const waitForNewerCache: H = (api, _e, ctx) => {
    own(api.domain, 'cacheWaiters')[ctx.uid] = api.domain.workers[ctx.uid]!.lastSyncT;
  };

  const startSyncPod: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    // Read only: no copy of the worker's record.
    const worker = api.domain.workers[pod.uid]!;
    api.send(syncPodId(pod.key), { type: 'START', updateType: worker.active ?? 'sync' });
  };

  /**
   * completeWork: workQueue.Enqueue with the delay the machine chose (ctx.requeueMs), and the
   * requeue of a pending update.
   */
  const finish = (api: Api, uid: string, requeueMs: number) => {
    const domain = api.domain;
    const pod = cfg.pods[uid]!;
    const worker = own2(domain, 'workers', uid);
    worker.lastSyncT = api.t;
    worker.activeWork = undefined;
    enqueueWork(domain, uid, api.t + requeueMs);
    if (worker.pending !== undefined) {
      klog(
        api,
        'Requeueing pod due to pending update',
        podUidKVWith(pod, 'updateType', q(workType(worker))),
      );
      api.send(api.self, { type: 'UPDATE' }, 0, undefined, worker.pendingCause);
    } else {
      worker.working = false;
    }
  };

  const done = (api: Api, uid: string, work: string) => {
    const pod = cfg.pods[uid]!;
    klog(api, 'Processing pod event done', podUidKVWith(pod, 'updateType', q(work)));
  };

  const completeSync: H = (api, ev, ctx) => {
    if (ev.type !== 'SYNC_DONE') return;
    const pod = cfg.pods[ctx.uid]!;
    const worker = own2(api.domain, 'workers', pod.uid);
    if (ev.error !== undefined) klog(api, 'Error syncing pod, skipping', podUidKV(pod), ev.error);
    if (ev.isTerminal && worker.terminatingAt === undefined) {
      // Only a SyncPod's result says isTerminal: the update was a sync.
      klog(api, 'Pod is terminal', podUidKVWith(pod, 'updateType', q('sync')));
      // completeSync: the pod now terminates; requeueLastPodUpdate.
      worker.terminatingAt = api.t;
      klog(
        api,
        'Pod indicated lifecycle completed naturally and should now terminate',
        podKV(pod.key, pod.uid),
      );
      if (worker.pending === undefined) {
        worker.pending = worker.active;
        worker.pendingCause = api.step;
      }
    }
    finish(api, pod.uid, ctx.requeueMs);
    done(api, pod.uid, 'sync');
  };

  /** SyncTerminatingPod: kill every running container with the grace period, then the sandbox. */
  const startTerminating: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const domain = api.domain;
    const worker = own2(domain, 'workers', pod.uid);
    const grace = worker.gracePeriodSeconds ?? pod.terminationGraceSeconds;
    klog(api, 'Pod worker has observed request to terminate', podUidOnlyKV(pod));
    // SyncTerminatingPod (kubelet.go): the status first, then the kill.
    klog(api, 'SyncTerminatingPod enter', podKV(pod.key, pod.uid));
    const gen = generateAPIPodStatus(
      cfg,
      domain,
      pod,
      domain.cache.pods[pod.uid] ?? getPodStatus(domain, pod.uid, api.t),
      api.t,
      false,
    );
    // An eviction's PodStatusFunc (evictPod): Failed, Evicted, its message and, with the
    // PodDisruptionConditions behaviour, DisruptionTarget True (TerminationByKubelet).
    let final = gen;
    if (worker.evicted !== undefined) {
      const message = worker.evicted;
      const condition: PodCondition = {
        type: 'DisruptionTarget',
        status: 'True',
        reason: 'TerminationByKubelet',
        message,
        lastTransitionTime: api.t,
      };
      // A new value: the generated one may be memoised.
      final = {
        ...gen,
        status: {
          ...gen.status,
          phase: 'Failed',
          reason: 'Evicted',
          message,
          conditions:
            b.disruptionTargetOnEviction && cfg.gates.PodDisruptionConditions !== false
              ? [...gen.status.conditions.filter((c) => c.type !== 'DisruptionTarget'), condition]
              : gen.status.conditions,
        },
      };
    }
    commitPodStatus(api, pod, final);
    klog(api, 'Pod terminating with grace period', [
      ...podKV(pod.key, pod.uid),
      ['gracePeriod', String(grace)],
    ]);
    // probeManager.StopLivenessAndStartup.
    stopProbeWorkers(api, pod, ['liveness', 'startup']);
    // killContainersWithSyncResult: every running container in parallel, each through
    // killContainer (kuberuntime_container.go): Killing event, executePreStopHook (waits for the
    // hook at most the grace period), grace -= seconds spent (minimum 2 worker), then "Killing
    // container with a grace period" and CRI StopContainer; "Container exited normally" when it
    // returns. SyncTerminatingPod goes on once the last kill has returned.
    const running = runningContainers(domain, pod.uid);
    worker.killsPending = running.length;
    for (const record of running) {
      const container = pod.byName[record.name]!;
      recordEvent(
        api,
        pod,
        'Normal',
        'Killing',
        `Stopping container ${container.name}`,
        container.fieldPath,
      );
      // The kill's goroutine: a killContainer instance, whose named delays are the PreStop
      // hook's wait and StopContainer's.
      let hookMs: number | undefined;
      if (container.preStop && grace > 0) {
        klog(api, 'Running preStop hook', [
          ...podKV(pod.key, pod.uid),
          ['containerName', q(container.name)],
          ['containerID', q(`containerd://${record.id}`)],
        ]);
        hookMs =
          container.preStop.kind === 'sleep' ? container.preStop.sleepMs : cfg.latencies.hook;
      } else {
        killContainerWithGracePeriod(
          api,
          cfg,
          pod,
          container.name,
          record.id,
          Math.max(MIN_GRACE_S, grace),
          true,
        );
      }
      api.spawn('killContainer', killContainerId(pod.key, container.name), {
        uid: pod.uid,
        worker: api.self,
        name: container.name,
        id: record.id,
        grace,
        ...(hookMs === undefined ? {} : { hookMs }),
      } satisfies KillContainerInput);
    }
    // No running container: the machine's 'no containers running' guard goes on at once.
  };

  /** StopContainer returned: "Container exited normally" (the machine's guard sees the last one). */
  const containerStopped: H = (api, ev, ctx) => {
    if (ev.type !== 'CONTAINER_STOPPED') return;
    const pod = cfg.pods[ctx.uid]!;
    klog(api, 'Container exited normally', [
      ...podKV(pod.key, pod.uid),
      ['containerName', q(ev.name)],
      ['containerID', q(`containerd://${ev.id}`)],
    ]);
    const worker = own2(api.domain, 'workers', pod.uid);
    worker.killsPending = (worker.killsPending ?? 1) - 1;
  };

  /**
   * The rest of SyncTerminatingPod once killPod returned (the sandbox stops last), then the pod
   * workers' completeTerminating.
   */
  const completeTerminating: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const domain = api.domain;
    for (const id of domain.runtime.podSandboxes[pod.uid] ?? []) stopPodSandbox(domain, id);
    const kv = podKV(pod.key, pod.uid);
    // probeManager.RemovePod: the readiness workers too (liveness and startup stopped earlier).
    stopProbeWorkers(api, pod, ['readiness']);
    // The runtime's status read again, and the pod's status from it: "the computation is done
    // here to ensure the pod status used for it contains information about the container end
    // states (including exit codes) - when SyncTerminatedPod is called the containers may
    // already be removed" (ShouldPodContentBeRemoved holds from the end of this function).
    const stopped = getPodStatus(domain, pod.uid, api.t);
    klog(api, 'Post-termination container state', [
      ...kv,
      ['containers', postTerminationContainers(stopped.containers)],
    ]);
    commitPodStatus(api, pod, generateAPIPodStatus(cfg, domain, pod, stopped, api.t, true));
    klog(api, 'Pod termination stopped all running containers', kv);
    klog(api, 'SyncTerminatingPod exit', kv);
    // pod_workers.go completeTerminating logs the pod's UID alone.
    klog(api, 'Pod terminated all containers successfully', [['podUID', q(pod.uid)]]);
    const worker = own2(domain, 'workers', pod.uid);
    // notifyPostTerminating: killPodNow returns, and evictPod says so.
    if (worker.evicted !== undefined)
      klog(api, 'Eviction manager: pod is evicted successfully', [['pod', q(pod.key)]]);
    worker.terminatedAt = api.t;
    if (worker.pending === undefined) {
      worker.pending = worker.active;
      worker.pendingCause = api.step;
    }
    finish(api, pod.uid, ctx.requeueMs);
    done(api, pod.uid, 'terminating');
  };

  /** SyncTerminatedPod: final status, volumes, cgroups; then the worker stops. */
  const startTerminated: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const domain = api.domain;
    klog(api, 'SyncTerminatedPod enter', podKV(pod.key, pod.uid));
    const ps = domain.cache.pods[pod.uid] ?? getPodStatus(domain, pod.uid, api.t);
    const gen = generateAPIPodStatus(cfg, domain, pod, ps, api.t, true);
    commitPodStatus(api, pod, gen);
    const kv = podKV(pod.key, pod.uid);
    klog(api, 'Pod termination unmounted volumes', kv);
    klog(api, 'Pod termination cleaned up volume paths', kv);
    // pcm.Destroy: the pod's cgroup is gone.
    if (domain.podCgroups[pod.uid]) delete own(domain, 'podCgroups')[pod.uid];
    klog(api, 'Pod termination removed cgroups', kv);
    // "mark the final pod status"
    // statusManager.TerminatePod (1.22+), which marks a Pending or Running pod Failed from 1.27.
    if (b.terminatePodInSyncTerminated) terminatePod(api, pod, b.terminalPhaseBeforeDeletion);
    klog(api, 'Pod is terminated and will need no more status updates', kv);
    klog(api, 'SyncTerminatedPod exit', kv);
  };

  const completeTerminated: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const domain = api.domain;
    const worker = own2(domain, 'workers', pod.uid);
    worker.lastSyncT = api.t;
    worker.finished = true;
    worker.working = false;
    klog(api, 'Pod is complete and the worker can now stop', podUidOnlyKV(pod));
    done(api, pod.uid, 'terminated');
    // A deleted pod is now removed from the API server by the status manager; the config
    // source then delivers REMOVE.
    if (domain.pods[pod.uid]?.deletionAt !== undefined)
      api.send(API_SERVER, { type: 'POD_REMOVE', uid: pod.uid });
  };

  return {
    startPodSync,
    waitForNewerCache,
    startSyncPod,
    completeSync,
    startTerminating,
    containerStopped,
    completeTerminating,
    startTerminated,
    completeTerminated,
  };
}
