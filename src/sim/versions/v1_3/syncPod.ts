/**
 * Effects of v1.3.0's DockerManager.SyncPod (docker_manager.go, minikube v0.5.0's vendored
 * v1.3.0): computePodContainerChanges (line 1711), createPodInfraContainer (line 1643) and the
 * network plugin (lines 1946-1999), findActiveInitContainer (line 2175), the map-order loop
 * (line 2067). The kubelet-side steps it shares with the current machines (status, volumes,
 * kills, the start helper's back-off and hand-off, the sync result) are the current effects,
 * printed through v1.3's message table.
 */
import { deepFreeze } from '../../core/clone';
import { syncError, syncPodEffects } from '../../kubelet/effects/syncPod';
import { podWorkerId } from '../../kubelet/ids';
import type { Env } from '../../kubelet/env';
import { recordEvent } from '../../kubelet/env';
import type { ContainerDef, PodDef } from '../../kubelet/config';
import { takeFault } from '../../kubelet/faults';
import { formatPod } from '../../kubelet/format';
import { runPodSandbox, stopPodSandbox } from '../../kubelet/runtime';
import { shouldContainerBeRestarted } from '../../kubelet/statusManager';
import type { CachedPodStatus, ContainerRecord, KubeletDomain } from '../../kubelet/types';
import { nextInt } from '../../core/prng';
import type { EffectApi, EffectsOf } from '../../runner/types';
import { goq } from '../messages';
import { apiContainer, glog, INFRA_FIELD_PATH, NO_OP_PLUGIN, shortId } from './glog';
import { goMapOrder } from './mapOrder';
import type { dockerSyncPodMachine } from './syncPod.machine';
import { own } from '../../core/cow';

type Effects = EffectsOf<typeof dockerSyncPodMachine, KubeletDomain>;
type Api = EffectApi<KubeletDomain>;

const DM = 'docker_manager.go';

function latest(ps: CachedPodStatus, name: string): ContainerRecord | undefined {
  return ps.containers.find((r) => r.name === name);
}

/**
 * findActiveInitContainer: scanning from the last init container back, the first with a status
 * decides: running -> wait; failed -> retry it; exited 0 -> the next one (or done after the last);
 * none has a status -> the first.
 */
export function findActiveInitContainer(
  pod: PodDef,
  ps: CachedPodStatus,
): { next?: ContainerDef; failed?: ContainerRecord; done: boolean } {
  if (pod.init.length === 0) return { done: true };
  for (let i = pod.init.length - 1; i >= 0; i--) {
    const c = pod.init[i]!;
    const st = latest(ps, c.name);
    if (!st) continue;
    if (st.state === 'RUNNING' || st.state === 'CREATED') return { done: false };
    if (st.exitCode !== 0) return { next: c, failed: st, done: false };
    if (i === pod.init.length - 1) return { done: true };
    return { next: pod.init[i + 1]!, done: false };
  }
  return { next: pod.init[0]!, done: false };
}

export function dockerSyncPodEffects(env: Env): Effects {
  const { cfg } = env;
  const base = syncPodEffects(env);
  const sync = (api: Api, uid: string) => api.domain.syncs[uid]!;

  return {
    generateStatus: base.generateStatus,
    waitForAttachAndMount: base.waitForAttachAndMount,
    killPodForSync: base.killPodForSync,
    killUnwanted: base.killUnwanted,
    noteInitResult: base.noteInitResult,
    startInitContainer: base.startNextInit,
    backOffInitContainer: base.backOffNextInit,
    startNextContainer: base.startNextContainer,
    backOffNextContainer: base.backOffNextContainer,
    /**
     * Kubelet.syncPod returns result.Error() as it is (v1.3 had no "only back-off" exception):
     * the pod worker logs it and records FailedSync. StartContainer results feed the reason cache.
     */
    exitSyncPod: (api, _e, ctx) => {
      const pod = cfg.pods[ctx.uid]!;
      const d = api.domain;
      const s = sync(api, pod.uid);
      // doBackOff (line 2268) words its error "Back-off %s restarting failed container=%s pod=%s".
      for (const r of s.results)
        if (r.error === 'CrashLoopBackOff' && r.message)
          r.message = r.message.replace(/^back-off/, 'Back-off');
      // A new frozen map each time, not an edit: checkpoints and seeks share it.
      const reasons = { ...d.reasonCache[pod.uid] };
      for (const r of s.results) {
        if (r.action !== 'StartContainer') continue;
        if (r.error !== undefined)
          reasons[r.target] = { reason: r.error, message: r.message ?? '' };
        else delete reasons[r.target];
      }
      own(d, 'reasonCache')[pod.uid] = deepFreeze(reasons);
      api.send(podWorkerId(pod.key), {
        type: 'SYNC_DONE',
        isTerminal: s.isTerminal,
        error: syncError(s.results),
      });
      delete d.syncs[pod.uid];
    },

    computePodContainerChanges: (api, _e, ctx) => {
      const pod = cfg.pods[ctx.uid]!;
      const d = api.domain;
      const s = sync(api, pod.uid);
      const ps = s.podStatus;
      const fp = goq(formatPod(pod));
      const infra = ps.sandboxes.find((x) => x.state === 'SANDBOX_READY');
      const startInfra = infra === undefined;
      if (infra) {
        glog(api, `${DM}:1720`, 4, `Found pod infra container for ${fp}`);
        glog(api, `${DM}:1741`, 4, `Pod infra container looks good, keep it ${fp}`);
      } else {
        glog(
          api,
          `${DM}:1735`,
          2,
          `Need to restart pod infra container for ${fp} because it is not found`,
        );
      }
      // Init containers are kept only when the infra container is; a failed one marks InitFailed.
      let initFailed = false;
      if (!startInfra)
        for (const c of pod.init) {
          const st = latest(ps, c.name);
          if (!st) break;
          if (st.state === 'EXITED' && st.exitCode !== 0) {
            initFailed = true;
            break;
          }
        }
      const deleted = d.pods[pod.uid]?.deletionAt !== undefined;
      const toStart: { index: number; message: string }[] = [];
      const toKill: { id: string; name: string; message: string; reason: string }[] = [];
      let keep = startInfra ? 0 : 1;
      for (const c of pod.containers) {
        const st = latest(ps, c.name);
        if (!st || st.state !== 'RUNNING') {
          if (shouldContainerBeRestarted(pod, deleted, c, ps)) {
            const message = `Container ${apiContainer(pod, c)} is dead, but RestartPolicy says that we should restart it.`;
            glog(api, `${DM}:1778`, 3, message);
            toStart.push({ index: c.index, message });
          }
          continue;
        }
        glog(api, `${DM}:1785`, 3, `pod ${fp} container ${goq(c.name)} exists as ${st.id}`);
        let message: string | undefined;
        if (startInfra && pod.restartPolicy !== 'Never')
          message = `Infra Container is being recreated. ${goq(c.name)} will be restarted.`;
        else if (initFailed && pod.restartPolicy !== 'Never')
          message = `Failed to initialize pod. ${goq(c.name)} will be restarted.`;
        if (message !== undefined) {
          glog(api, `${DM}:1790`, 1, message);
          toStart.push({ index: c.index, message });
          toKill.push({ id: st.id, name: c.name, message, reason: '' });
        } else keep++;
      }
      const ordered = toStart.length > 1 ? goMapOrder(toStart, nextInt(api.rng, 0, 7)) : toStart;
      const startsText = ordered.map((x) => `${x.index}:${x.message}`).join(' ');
      glog(
        api,
        `${DM}:1872`,
        3,
        `Got container changes for pod ${fp}: {StartInfraContainer:${startInfra} InfraChanged:false InfraContainerId:${infra?.id ?? ''} InitFailed:${initFailed} InitContainersToKeep:map[] ContainersToStart:map[${startsText}] ContainersToKeep:map[]}`,
      );
      const init = findActiveInitContainer(pod, startInfra ? { ...ps, containers: [] } : ps);
      // Kill the pod to recreate the infra container, or when only the infra container would be kept.
      const killPod = startInfra || (toStart.length === 0 && keep === 1);
      let stop: string | undefined;
      let initToStart: number[] = [];
      if (init.next) {
        if (toStart.length === 0)
          stop = `No containers to start, stopping at init container ${init.next.name} in pod ${formatPod(pod)}`;
        else initToStart = [init.next.index];
      } else if (!init.done) stop = `An init container is still running in pod ${formatPod(pod)}`;
      else if (initFailed)
        stop = `Not all init containers have succeeded for pod ${formatPod(pod)}`;
      Object.assign(s, {
        killPod,
        createSandbox: startInfra,
        sandboxId: infra?.id ?? '',
        attempt: 0,
        initToStart,
        containersToStart: ordered.map((x) => x.index),
        containersToKill: startInfra ? [] : toKill,
        dockerManager: stop !== undefined ? { stopBeforeContainers: stop } : {},
      });
    },

    pruneInitContainersBeforeStart: () => {},

    createPodInfraContainer: (api, _e, ctx) => {
      const pod = cfg.pods[ctx.uid]!;
      const s = sync(api, pod.uid);
      glog(api, `${DM}:1947`, 4, `Creating pod infra container for ${goq(formatPod(pod))}`);
      s.results.push({ action: 'StartContainer', target: 'POD' });
      // runContainer: the pause container's entrypoint and command come from its image.
      glog(
        api,
        `${DM}:601`,
        3,
        `Container ${pod.namespace}/${pod.name}/POD: setting entrypoint "[]" and command "[]"`,
      );
    },

    infraContainerCreated: (api, _e, ctx) => {
      const pod = cfg.pods[ctx.uid]!;
      const s = sync(api, pod.uid);
      // docker create returned: the POD container exists (ContainerStatus with the pod's IP once started).
      const sb = runPodSandbox(api.domain, pod, s.attempt, api.t);
      s.sandboxId = sb.id;
      s.podIP = sb.ip;
      recordEvent(
        api,
        pod,
        'Normal',
        'Created',
        `Created container with docker id ${shortId(sb.id)}`,
        INFRA_FIELD_PATH,
      );
    },

    infraContainerStarted: (api, _e, ctx) => {
      const pod = cfg.pods[ctx.uid]!;
      const s = sync(api, pod.uid);
      recordEvent(
        api,
        pod,
        'Normal',
        'Started',
        `Started container with docker id ${shortId(s.sandboxId)}`,
        INFRA_FIELD_PATH,
      );
    },

    /** The kubelet calls networkPlugin.SetUpPod (a SandboxError fault makes it fail). */
    setUpPod: (api, _e, ctx) => {
      const pod = cfg.pods[ctx.uid]!;
      const d = api.domain;
      const s = sync(api, pod.uid);
      s.results.push({ action: 'SetupNetwork', target: `${pod.name}_${pod.namespace}` });
      if (pod.hostNetwork) return;
      glog(
        api,
        `${DM}:1967`,
        3,
        `Calling network plugin ${NO_OP_PLUGIN} to setup pod for ${formatPod(pod)}`,
      );
      const fault = takeFault(cfg, d, api.t, 'SandboxError', pod.key);
      if (!fault) return;
      const err =
        fault.message ??
        'Error adding container to network: no IP addresses available in network: docker0';
      const message = `Failed to setup network for pod ${goq(formatPod(pod))} using network plugins ${goq(NO_OP_PLUGIN)}: ${err}; Skipping pod`;
      const r = s.results[s.results.length - 1]!;
      r.error = 'SetupNetworkError';
      r.message = message;
      glog(api, `${DM}:1975`, 0, message, 'E');
      // KillContainerInPod(infra, nil, pod, message, nil)
      recordEvent(
        api,
        pod,
        'Normal',
        'Killing',
        `Killing container with docker id ${shortId(s.sandboxId)}: ${message}`,
        INFRA_FIELD_PATH,
      );
      stopPodSandbox(d, s.sandboxId);
      s.dockerManager = { ...s.dockerManager, networkFailed: true };
    },

    /** InspectContainer for the PID (hairpin-veth) and determineContainerIP (no log follows). */
    inspectInfraContainer: (api, _e, ctx) => {
      const pod = cfg.pods[ctx.uid]!;
      const s = sync(api, pod.uid);
      if (pod.hostNetwork) return;
      glog(
        api,
        'hairpin.go:110',
        3,
        `Enabling hairpin on interface veth${s.sandboxId.slice(0, 7)}`,
      );
    },

    stopBeforeContainers: (api, _e, ctx) => {
      const pod = cfg.pods[ctx.uid]!;
      const text = sync(api, pod.uid).dockerManager?.stopBeforeContainers;
      if (text !== undefined) glog(api, `${DM}:2040`, 4, text);
    },
  };
}
