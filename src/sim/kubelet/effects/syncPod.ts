/**
 * What Kubelet.SyncPod and kubeGenericRuntimeManager.SyncPod sense and do at each state of
 * syncPod.machine.ts (which decides the branches and durations): status, computePodActions,
 * kills, the sandbox, the runtime SyncPod's `start` helper (doBackOff's event and log lines,
 * "Creating container in pod", hand-off to the container's startContainer instance) and the
 * SyncResult bookkeeping that becomes the reason cache and the pod worker's error.
 */
import { formatGoDuration } from '../../core/time';
import type { syncPodMachine } from '../../machines/syncPod.machine';
import type { EffectApi, EffectsOf } from '../../runner/types';
import {
  CONTAINER_BACKOFF,
  backoffGet,
  backoffNext,
  isInBackOffSince,
  stableKey,
} from '../backoff';
import { computePodActions, podActionsString } from '../computePodActions';
import type { ContainerDef, PodDef } from '../config';
import { postStopContainer } from '../cpuManagerBridge';
import { type Env, recordEvent } from '../env';
import { takeFault } from '../faults';
import { containerValue, formatPod } from '../format';
import { podWorkerId, proberId, startContainerId } from '../ids';
import { killContainerWithGracePeriod, podGracePeriod, stopTime } from '../killContainer';
import { klog, podKV, q } from '../klog';
import { removeContainer, runPodSandbox, stopPodSandbox } from '../runtime';
import { generateAPIPodStatus, setPodStatus } from '../statusManager';
import type { KubeletDomain, RuntimeSync } from '../types';

type Api = EffectApi<KubeletDomain>;
type Effects = EffectsOf<typeof syncPodMachine, KubeletDomain>;
type H = Effects[keyof Effects];

export { stableKey };

/** PodSyncResult.Error(): `failed to "<Action>" for "<target>" with <Err>: "<msg>"`, aggregated. */
export function syncError(results: RuntimeSync['results']): string | undefined {
  const errs = results
    .filter((r) => r.error !== undefined)
    .map(
      (r) => `failed to ${q(r.action)} for ${q(r.target)} with ${r.error}: ${q(r.message ?? '')}`,
    );
  if (errs.length === 0) return undefined;
  return errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
}

export function syncPodEffects(env: Env): Effects {
  const { cfg } = env;
  const sync = (api: Api, uid: string) => api.domain.syncs[uid]!;

  const generateStatus: H = (api, ev, ctx) => {
    if (ev.type !== 'START') return;
    const pod = cfg.pods[ctx.uid]!;
    const d = api.domain;
    const ps = d.cache.pods[pod.uid] ?? { t: api.t, sandboxes: [], containers: [] };
    d.syncs[pod.uid] = {
      updateType: ev.updateType as RuntimeSync['updateType'],
      podStatus: ps,
      killPod: false,
      createSandbox: false,
      sandboxId: '',
      attempt: 0,
      initToStart: [],
      containersToStart: [],
      containersToKill: [],
      results: [],
      podIP: ps.sandboxes.find((s) => s.state === 'SANDBOX_READY')?.ip ?? '',
      cursor: 0,
      phase: 'init',
      aborted: false,
      isTerminal: false,
    };
    klog(api, 'SyncPod enter', podKV(pod.key, pod.uid));
    const gen = generateAPIPodStatus(cfg, d, pod, ps, api.t, false);
    setPodStatus(d, pod.uid, gen.status, api.t);
    api.record('podStatus', { uid: pod.uid, phase: gen.status.phase });
    if (gen.status.phase === 'Succeeded' || gen.status.phase === 'Failed') {
      d.syncs[pod.uid]!.isTerminal = true;
      return;
    }
    // probeManager.UpdatePodStatus triggers a readiness probe that has not passed yet.
    for (const id of gen.triggers)
      if (api.has(id)) api.send(id, { type: 'DO_PROBE', via: 'manual trigger' });
  };

  /** WaitForAttachAndMount; then pull secrets and probeManager.AddPod. */
  const waitForAttachAndMount: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    for (const c of Object.values(pod.byName))
      for (const probe of Object.keys(c.probes)) {
        const id = proberId(pod.key, c.name, probe);
        if (!api.has(id)) api.spawn('prober', id, { uid: pod.uid, container: c.name, probe });
      }
  };

  const computeActions: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const d = api.domain;
    const s = sync(api, pod.uid);
    const { actions, logs } = computePodActions(pod, s.podStatus, d);
    for (const l of logs) klog(api, l.msg, l.kv);
    if (d.cpu) for (const id of actions.postStop) postStopContainer(d.cpu, id);
    Object.assign(s, {
      killPod: actions.killPod,
      createSandbox: actions.createSandbox,
      sandboxId: actions.sandboxId,
      attempt: actions.attempt,
      initToStart: actions.initToStart,
      containersToStart: actions.containersToStart,
      containersToKill: actions.containersToKill,
    });
    klog(api, 'computePodActions got for pod', [
      ['podActions', q(podActionsString(actions))],
      ['pod', q(pod.key)],
    ]);
    if (actions.createSandbox) {
      if (actions.sandboxId !== '')
        recordEvent(
          api,
          pod,
          'Normal',
          'SandboxChanged',
          'Pod sandbox changed, it will be killed and re-created.',
        );
      else
        klog(api, 'SyncPod received new pod, will create a sandbox for it', [['pod', q(pod.key)]]);
    } else if (!actions.killPod) {
      s.results.push({ action: 'ConfigPodSandbox', target: actions.sandboxId });
    }
  };

  /** Stops the given running containers (killContainer each, in parallel). */
  const killContainers = (
    api: Api,
    pod: PodDef,
    kills: { id: string; name: string; message: string; reason: string }[],
  ): void => {
    const d = api.domain;
    for (const kill of kills) {
      const r = d.runtime.containers[kill.id];
      if (!r || r.state === 'EXITED') continue;
      const c = pod.byName[kill.name]!;
      recordEvent(
        api,
        pod,
        'Normal',
        'Killing',
        kill.message || `Stopping container ${c.name}`,
        c.fieldPath,
      );
      const grace = podGracePeriod(pod);
      killContainerWithGracePeriod(api, pod, c.name, kill.id, grace, stopTime(cfg, grace));
    }
  };

  const killPodForSync: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const d = api.domain;
    const s = sync(api, pod.uid);
    klog(
      api,
      s.createSandbox
        ? 'Stopping PodSandbox for pod, will start new one'
        : 'Stopping PodSandbox for pod, because all other containers are dead',
      [['pod', q(pod.key)]],
    );
    const running = (d.runtime.podContainers[pod.uid] ?? [])
      .map((id) => d.runtime.containers[id]!)
      .filter((r) => r.state !== 'EXITED')
      .map((r) => ({ id: r.id, name: r.name, message: '', reason: '' }));
    killContainers(api, pod, running);
    for (const id of d.runtime.podSandboxes[pod.uid] ?? []) stopPodSandbox(d, id);
    if (s.createSandbox) {
      // purgeInitContainers: a new sandbox restarts initialisation from the first init container.
      for (const id of [...(d.runtime.podContainers[pod.uid] ?? [])])
        if (d.runtime.containers[id]!.kind === 'init') removeContainer(d, id);
    }
  };

  const killUnwanted: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const s = sync(api, pod.uid);
    for (const k of s.containersToKill) {
      klog(api, 'Killing unwanted container for pod', [
        ['containerName', q(k.name)],
        ['containerID', q(`containerd://${k.id}`)],
        ['pod', q(pod.key)],
      ]);
      s.results.push({ action: 'KillContainer', target: k.name });
    }
    killContainers(api, pod, s.containersToKill);
  };

  /** CRI RunPodSandbox: a SandboxError fault makes it fail. */
  const createSandbox: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const d = api.domain;
    const s = sync(api, pod.uid);
    if (!s.createSandbox) return;
    klog(api, 'Creating PodSandbox for pod', [['pod', q(pod.key)]]);
    s.results.push({ action: 'CreatePodSandbox', target: formatPod(pod) });
    const fault = takeFault(cfg, d, api.t, 'SandboxError', pod.key);
    if (fault) {
      s.error =
        fault.message ??
        `rpc error: code = Unknown desc = failed to setup network for sandbox: plugin type="bridge" failed (add): failed to allocate for range 0: no IP addresses available in range set: 10.244.0.1-10.244.0.254`;
    }
  };

  const sandboxCreated: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const d = api.domain;
    const s = sync(api, pod.uid);
    const sb = runPodSandbox(d, pod, s.attempt, api.t);
    s.sandboxId = sb.id;
    s.podIP = sb.ip;
    klog(api, 'Created PodSandbox for pod', [
      ['podSandboxID', q(sb.id)],
      ['pod', q(pod.key)],
    ]);
    if (!pod.hostNetwork)
      klog(api, 'Determined the ip for pod after sandbox changed', [
        ['IPs', `[${q(sb.ip)}]`],
        ['pod', q(pod.key)],
      ]);
    s.results.push({ action: 'ConfigPodSandbox', target: sb.id });
  };

  const sandboxFailed: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const s = sync(api, pod.uid);
    const msg = `Failed to create sandbox for pod ${q(formatPod(pod))}: ${s.error}`;
    klog(api, 'Failed to create sandbox for pod', [['pod', q(pod.key)]], s.error);
    const r = s.results.find((x) => x.action === 'CreatePodSandbox')!;
    r.error = 'CreatePodSandboxError';
    r.message = msg;
    klog(api, 'CreatePodSandbox for pod failed', [['pod', q(pod.key)]], msg);
    recordEvent(
      api,
      pod,
      'Warning',
      'FailedCreatePodSandBox',
      `Failed to create pod sandbox: ${s.error}`,
    );
  };

  /**
   * The runtime SyncPod's `start` helper up to the hand-off: the StartContainer SyncResult,
   * doBackOff, "Creating container in pod". Returns false when the container is in back-off.
   */
  const start = (api: Api, pod: PodDef, c: ContainerDef, typeName: string): boolean => {
    const d = api.domain;
    const s = sync(api, pod.uid);
    s.results.push({ action: 'StartContainer', target: c.name });
    // doBackOff: only a container with an exited instance can be in back-off.
    const exited = s.podStatus.containers.find((r) => r.name === c.name && r.state === 'EXITED');
    if (exited) {
      klog(api, 'Checking backoff for container in pod', [
        ['containerName', q(c.name)],
        ['pod', q(pod.key)],
      ]);
      const key = stableKey(pod, c);
      const ts = exited.finishedAt ?? api.t;
      if (isInBackOffSince(d.containerBackOff, key, ts, api.t, CONTAINER_BACKOFF)) {
        recordEvent(
          api,
          pod,
          'Warning',
          'BackOff',
          `Back-off restarting failed container ${c.name} in pod ${formatPod(pod)}`,
          c.fieldPath,
        );
        const err = `back-off ${formatGoDuration(backoffGet(d.containerBackOff, key))} restarting failed container=${c.name} pod=${formatPod(pod)}`;
        klog(api, 'Back-off restarting failed container', [], err);
        const r = s.results[s.results.length - 1]!;
        r.error = 'CrashLoopBackOff';
        r.message = err;
        klog(api, 'Backing Off restarting container in pod', [
          ['containerType', q(typeName)],
          ['container', q(containerValue(c))],
          ['pod', q(pod.key)],
        ]);
        return false;
      }
      backoffNext(d.containerBackOff, key, ts, api.t, CONTAINER_BACKOFF);
    }
    klog(api, 'Creating container in pod', [
      ['containerType', q(typeName)],
      ['container', q(containerValue(c))],
      ['pod', q(pod.key)],
    ]);
    const id = startContainerId(pod.key, c.name);
    if (!api.has(id))
      api.spawn('startContainer', id, { uid: pod.uid, podKey: pod.key, name: c.name });
    const prev = s.podStatus.containers.find((r) => r.name === c.name);
    d.starts[id] = {
      podUid: pod.uid,
      name: c.name,
      typeName,
      sandboxId: s.sandboxId,
      restartCount: prev ? prev.attempt + 1 : 0,
    };
    api.send(id, { type: 'START', typeName });
    return true;
  };

  /** The last init container's outcome: logged; a regular one that failed aborts the round. */
  const noteInitResult: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const s = sync(api, pod.uid);
    const last = s.lastResult;
    s.lastResult = undefined;
    if (!last) return;
    const c = pod.byName[last.name]!;
    if (last.ok)
      klog(api, 'Completed init container for pod', [
        ['containerName', q(c.name)],
        ['pod', q(pod.key)],
      ]);
    else if (c.kind === 'sidecar')
      klog(api, 'Failed to start the restartable init container for the pod, skipping', [
        ['initContainerName', q(c.name)],
        ['pod', q(pod.key)],
      ]);
    else {
      klog(api, 'Failed to initialize the pod, as the init container failed to start, aborting', [
        ['initContainerName', q(c.name)],
        ['pod', q(pod.key)],
      ]);
      s.aborted = true;
    }
  };

  const restartCursor: H = (api, _e, ctx) => {
    sync(api, ctx.uid).cursor = 0;
  };

  const startNextInit: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const s = sync(api, pod.uid);
    const c = pod.init[s.initToStart[s.cursor++]!]!;
    if (!start(api, pod, c, 'init container'))
      s.lastResult = { name: c.name, ok: false, typeName: 'init container' };
  };

  // start()'s error is ignored: the next container is started regardless.
  const startNextContainer: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const s = sync(api, pod.uid);
    s.lastResult = undefined;
    start(api, pod, pod.containers[s.containersToStart[s.cursor++]!]!, 'container');
  };

  const exitSyncPod: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const d = api.domain;
    const s = sync(api, pod.uid);
    // reasonCache.Update: StartContainer results only.
    const reasons = (d.reasonCache[pod.uid] ??= {});
    for (const r of s.results) {
      if (r.action !== 'StartContainer') continue;
      if (r.error !== undefined) reasons[r.target] = { reason: r.error, message: r.message ?? '' };
      else delete reasons[r.target];
    }
    // "Do not return error if the only failures were pods in backoff": the loop also meets
    // successful results (ConfigPodSandbox), so any failure is returned (kubernetes#123602).
    let error = syncError(s.results);
    if (
      error !== undefined &&
      s.results.every((r) => r.error === 'CrashLoopBackOff' || r.error === 'ImagePullBackOff')
    )
      error = undefined;
    klog(api, 'SyncPod exit', [...podKV(pod.key, pod.uid), ['isTerminal', String(s.isTerminal)]]);
    api.send(podWorkerId(pod.key), { type: 'SYNC_DONE', isTerminal: s.isTerminal, error });
    delete d.syncs[pod.uid];
  };

  return {
    generateStatus,
    waitForAttachAndMount,
    computePodActions: computeActions,
    killPodForSync,
    killUnwanted,
    createSandbox,
    sandboxCreated,
    sandboxFailed,
    noteInitResult,
    restartCursor,
    startNextInit,
    startNextContainer,
    exitSyncPod,
  };
}
