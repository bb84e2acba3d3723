/**
 * The steps of Kubelet.SyncPod and kubeGenericRuntimeManager.SyncPod, one handler per state of
 * syncPod.machine.ts, plus the runtime SyncPod's `start` helper (doBackOff, "Creating container
 * in pod", hand-off to the container's startContainer instance) and the SyncResult bookkeeping
 * that becomes the reason cache and the pod worker's error.
 */
import type { AnyEventObject } from 'xstate';
import { formatGoDuration } from '../../core/time';
import type { SyncPodEvent } from '../../machines/syncPod.machine';
import type { EffectHandler } from '../../runner/types';
import { CONTAINER_BACKOFF, backoffGet, backoffNext, isInBackOffSince } from '../backoff';
import { computePodActions, podActionsString } from '../computePodActions';
import type { ContainerDef, PodDef } from '../config';
import { postStopContainer } from '../cpuManagerBridge';
import { type Env, podOfInstance, recordEvent } from '../env';
import { takeFault } from '../faults';
import { containerValue, formatPod } from '../format';
import { CONTAINER_RUNTIME, podWorkerId, proberId, startContainerId } from '../ids';
import { klog, podKV, q } from '../klog';
import { removeContainer, runPodSandbox, stopPodSandbox } from '../runtime';
import { commitPodStatus, generateAPIPodStatus } from '../statusManager';
import type { KubeletDomain, RuntimeSync } from '../types';
import { kubeApiAccessVolume } from '../volumes';
import { volumeManagerId } from './volumeManager';

type H = EffectHandler<KubeletDomain>;
type Api = Parameters<H>[0];

/** GetStableKey: the container back-off key (the spec hash makes a changed spec start fresh). */
export function stableKey(pod: PodDef, c: ContainerDef): string {
  return `${pod.name}_${pod.namespace}_${pod.uid}_${c.name}_${c.hash}`;
}

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

export function syncPodEffects(env: Env): Record<string, H> {
  const { cfg } = env;
  const sync = (api: Api, uid: string) => api.domain.syncs[uid]!;

  const generateStatus: H = (api, _p, e: AnyEventObject) => {
    const ev = e as Extract<SyncPodEvent, { type: 'START' }>;
    const pod = podOfInstance(env, api.self);
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
    commitPodStatus(api, pod, gen);
    api.record('podStatus', { uid: pod.uid, phase: gen.status.phase });
    if (gen.status.phase === 'Succeeded' || gen.status.phase === 'Failed') {
      d.syncs[pod.uid]!.isTerminal = true;
      api.send(api.self, { type: 'TERMINAL' });
      return;
    }
    // probeManager.UpdatePodStatus triggers a readiness probe that has not passed yet.
    for (const id of gen.triggers) if (api.has(id)) api.send(id, { type: 'TRIGGER' });
    api.send(api.self, { type: 'NEXT' });
  };

  /** Network readiness, secrets/configmaps, QoS + pod cgroup, mirror pod, data dirs: all succeed. */
  const prepare: H = (api) => api.send(api.self, { type: 'NEXT' });

  /** WaitForAttachAndMount; then pull secrets and probeManager.AddPod. */
  const waitForAttachAndMount: H = (api) => {
    const pod = podOfInstance(env, api.self);
    for (const c of Object.values(pod.byName))
      for (const probe of Object.keys(c.probes)) {
        const id = proberId(pod.key, c.name, probe);
        if (!api.has(id)) api.spawn('prober', id, { uid: pod.uid, container: c.name, probe });
      }
    // The volume manager answers with NEXT once the kube-api-access volume is mounted.
    const vm = volumeManagerId(pod.key);
    if (!kubeApiAccessVolume(pod)) api.send(api.self, { type: 'NEXT' });
    else if (!api.has(vm)) api.spawn('volumeManager', vm, { uid: pod.uid });
    else api.send(vm, { type: 'WAIT' });
  };

  const computeActions: H = (api) => {
    const pod = podOfInstance(env, api.self);
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
    api.send(api.self, {
      type: 'ACTIONS',
      killPod: actions.killPod,
      createSandbox: actions.createSandbox,
      kill: actions.containersToKill.length,
      initToStart: actions.initToStart.length,
      containersToStart: actions.containersToStart.length,
    });
  };

  /** Stops the given running containers (killContainer each, in parallel); returns when all are down. */
  const killContainers = (
    api: Api,
    pod: PodDef,
    kills: { id: string; name: string; message: string; reason: string }[],
  ): number => {
    const d = api.domain;
    let last = 0;
    for (const k of kills) {
      const r = d.runtime.containers[k.id];
      if (!r || r.state === 'EXITED') continue;
      const c = pod.byName[k.name]!;
      recordEvent(
        api,
        pod,
        'Normal',
        'Killing',
        k.message || `Stopping container ${c.name}`,
        c.fieldPath,
      );
      const grace = Math.max(2, pod.terminationGraceSeconds);
      klog(api, 'Killing container with a grace period', [
        ...podKV(pod.key, pod.uid),
        ['containerName', q(c.name)],
        ['containerID', q(`containerd://${k.id}`)],
        ['gracePeriod', String(grace)],
      ]);
      const at = Math.min(cfg.latencies.stopContainer, grace * 1000);
      api.send(CONTAINER_RUNTIME, { type: 'STOPPED', id: k.id }, at);
      last = Math.max(last, at);
    }
    return last;
  };

  const killPodForSync: H = (api) => {
    const pod = podOfInstance(env, api.self);
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
    const last = killContainers(api, pod, running);
    for (const id of d.runtime.podSandboxes[pod.uid] ?? []) stopPodSandbox(d, id);
    if (s.createSandbox) {
      // purgeInitContainers: a new sandbox restarts initialisation from the first init container.
      for (const id of [...(d.runtime.podContainers[pod.uid] ?? [])])
        if (d.runtime.containers[id]!.kind === 'init') removeContainer(d, id);
    }
    if (last > 0) api.send(api.self, { type: 'KILLED' }, last);
    else api.send(api.self, { type: 'NEXT' });
  };

  const killUnwanted: H = (api) => {
    const pod = podOfInstance(env, api.self);
    const s = sync(api, pod.uid);
    for (const k of s.containersToKill) {
      klog(api, 'Killing unwanted container for pod', [
        ['containerName', q(k.name)],
        ['containerID', q(`containerd://${k.id}`)],
        ['pod', q(pod.key)],
      ]);
      s.results.push({ action: 'KillContainer', target: k.name });
    }
    const last = killContainers(api, pod, s.containersToKill);
    api.send(api.self, { type: 'KILLED' }, last);
  };

  const createSandbox: H = (api) => {
    const pod = podOfInstance(env, api.self);
    const d = api.domain;
    const s = sync(api, pod.uid);
    if (!s.createSandbox) {
      api.send(api.self, { type: 'NEXT' });
      return;
    }
    klog(api, 'Creating PodSandbox for pod', [['pod', q(pod.key)]]);
    s.results.push({ action: 'CreatePodSandbox', target: formatPod(pod) });
    const fault = takeFault(cfg, d, api.t, 'SandboxError', pod.key);
    if (fault) {
      s.error =
        fault.message ??
        `rpc error: code = Unknown desc = failed to setup network for sandbox: plugin type="bridge" failed (add): failed to allocate for range 0: no IP addresses available in range set: 10.244.0.1-10.244.0.254`;
      api.send(api.self, { type: 'SANDBOX_FAILED' }, cfg.latencies.runPodSandbox);
    } else {
      api.send(api.self, { type: 'SANDBOX_READY', id: '' }, cfg.latencies.runPodSandbox);
    }
  };

  const sandboxCreated: H = (api) => {
    const pod = podOfInstance(env, api.self);
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

  const sandboxFailed: H = (api) => {
    const pod = podOfInstance(env, api.self);
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
    if (!api.has(id)) api.spawn('startContainer', id, { uid: pod.uid, name: c.name });
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

  const startNextInit: H = (api) => {
    const pod = podOfInstance(env, api.self);
    const s = sync(api, pod.uid);
    const last = s.lastResult;
    s.lastResult = undefined;
    if (last) {
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
    }
    if (s.aborted || s.cursor >= s.initToStart.length) {
      s.cursor = 0;
      api.send(api.self, { type: s.aborted ? 'CONTAINERS_DONE' : 'INIT_DONE' });
      return;
    }
    const c = pod.init[s.initToStart[s.cursor++]!]!;
    if (!start(api, pod, c, 'init container')) {
      s.lastResult = { name: c.name, ok: false, typeName: 'init container' };
      api.send(api.self, { type: 'NEXT' });
    }
  };

  const startNextContainer: H = (api) => {
    const pod = podOfInstance(env, api.self);
    const s = sync(api, pod.uid);
    s.lastResult = undefined;
    if (s.cursor >= s.containersToStart.length) {
      api.send(api.self, { type: 'CONTAINERS_DONE' });
      return;
    }
    const c = pod.containers[s.containersToStart[s.cursor++]!]!;
    // start()'s error is ignored: the next container is started regardless.
    if (!start(api, pod, c, 'container')) api.send(api.self, { type: 'NEXT' });
  };

  const exitSyncPod: H = (api) => {
    const pod = podOfInstance(env, api.self);
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
    prepare,
    waitForAttachAndMount,
    computePodActions: computeActions,
    killPodForSync,
    killUnwanted,
    createSandbox,
    sandboxCreated,
    sandboxFailed,
    startNextInit,
    startNextContainer,
    exitSyncPod,
  };
}
