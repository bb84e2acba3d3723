/**
 * What Kubelet.SyncPod and kubeGenericRuntimeManager.SyncPod sense and do at each state of
 * syncPod.machine.ts (which decides the branches and durations): status, computePodActions,
 * kills, the sandbox, the runtime SyncPod's `start` helper (doBackOff's event and log lines,
 * "Creating container in pod", hand-off to the container's startContainer instance) and the
 * SyncResult bookkeeping that becomes the reason cache and the pod worker's error.
 */
import { deepFreeze, samePlain } from '../../core/clone';
import { runtimeId } from '../../core/ids';
import { hashString } from '../../core/prng';
import { formatGoDuration } from '../../core/time';
import type { syncPodMachine } from '../../machines/syncPod.machine';
import type { EffectApi, EffectsOf } from '../../runner/types';
import {
  backoffGet,
  backoffNext,
  containerBackOffPolicy,
  showBackOff,
  stableKey,
} from '../backoff';
import { computePodActions } from '../computePodActions';
import type { ContainerDef, PodDef } from '../config';
import { containerHasExclusiveCPUs, postStopContainer } from '../cpuManagerBridge';
import { type Env, recordEvent } from '../env';
import { takeFault } from '../faults';
import { formatPod } from '../format';
import { CONTAINER_RUNTIME, podWorkerId, proberId, startContainerId } from '../ids';
import { killContainerWithGracePeriod, killGracePeriod, MIN_GRACE_S } from '../killContainer';
import { updatePod } from '../podWorkers';
import { recordInitContainerFinished, recordInitContainerStarted } from '../startupLatency';
import { klog, podKV, q } from '../klog';
import { podOnlyKV, podUidKV, podUidKVWith } from '../podKVs';
import { removeContainer, runPodSandbox, stopPodSandbox } from '../runtime';
import { commitPodStatus, generateAPIPodStatus, isPodPhaseTerminal } from '../statusManager';
import type { KubeletDomain, RuntimeSync, WaitingReason } from '../types';
import { kubeApiAccessVolume, volumeMounted } from '../volumes';
import { volumeManagerId } from './volumeManager';
import { own } from '../../core/cow';
import { allocateResize, completeResize, markResizePending } from './resize';
import { resizeModelled } from '../resize';
import { own2 } from '../../core/cow';

type Api = EffectApi<KubeletDomain>;
type Effects = EffectsOf<typeof syncPodMachine, KubeletDomain>;
type H = Effects[keyof Effects];

/** PodSyncResult.Error(): `failed to "<Action>" for "<target>" with <Err>: "<msg>"`, aggregated. */
export function syncError(results: RuntimeSync['results']): string | undefined {
  const errs = results
    .filter((result) => result.error !== undefined)
    .map(
      (result) =>
        `failed to ${q(result.action)} for ${q(result.target)} with ${result.error}: ${q(result.message ?? '')}`,
    );
  if (errs.length === 0) return undefined;
  return errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
}

const NONE = Object.freeze([]) as unknown as number[];
const NO_KILLS = Object.freeze([]) as unknown as RuntimeSync['containersToKill'];
const NO_RESETS: RuntimeSync['containersToReset'] = Object.freeze([]);

/** The pod's probe workers (every container's probes, in spec order): listed once per pod. */
const workersOf = new WeakMap<PodDef, { id: string; container: string; probe: string }[]>();
function probeWorkers(pod: PodDef): { id: string; container: string; probe: string }[] {
  let list = workersOf.get(pod);
  if (!list) {
    list = [];
    for (const container of Object.values(pod.byName))
      for (const probe of Object.keys(container.probes))
        list.push({
          id: proberId(pod.key, container.name, probe),
          container: container.name,
          probe,
        });
    workersOf.set(pod, list);
  }
  return list;
}

export function syncPodEffects(env: Env): Effects {
  const { cfg } = env;
  /**
   * Where the release adds a pod's probe workers: syncPod's probeManager.AddPod after
   * WaitForAttachAndMount (1.22, 1.25+), or HandlePodAdditions when the pod was admitted (here,
   * as its first sync begins).
   */
  const probesAfterVolumes = cfg.behaviours.probesAfterVolumes;
  /** probeManager.AddPod: a worker per probe the pod's containers have, unless it runs. */
  const addProbes = (api: Api, pod: PodDef) => {
    for (const { id, container, probe } of probeWorkers(pod))
      if (!api.has(id))
        api.spawn('prober', id, { uid: pod.uid, container, probe, workerStartedAt: api.t });
  };
  const sync = (api: Api, uid: string) => api.domain.syncs[uid]!;

  /** SyncPod's start: the sync in flight (with the cache entry it reads) and "SyncPod enter". */
  const beginSync = (api: Api, pod: PodDef, updateType: string): void => {
    const domain = api.domain;
    const ps = domain.cache.pods[pod.uid] ?? { t: api.t, sandboxes: [], containers: [] };
    domain.syncs[pod.uid] = {
      updateType: updateType as RuntimeSync['updateType'],
      podStatus: ps,
      killPod: false,
      createSandbox: false,
      sandboxId: '',
      attempt: 0,
      // Read only (computePodActions replaces them with its own frozen lists).
      initToStart: NONE,
      containersToStart: NONE,
      containersToKill: NO_KILLS,
      restartAll: false,
      containersToReset: NO_RESETS,
      results: [],
      podIP: ps.sandboxes.find((runtimeSync) => runtimeSync.state === 'SANDBOX_READY')?.ip ?? '',
      cursor: 0,
      phase: 'init',
      aborted: false,
      isTerminal: false,
    };
    klog(api, 'SyncPod enter', podUidKV(pod));
  };

  const generateStatus: H = (api, ev, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const domain = api.domain;
    // From START, or after handlePodResourcesResize (or the resize's completion) began it.
    if (ev.type === 'START' && !domain.syncs[pod.uid]) beginSync(api, pod, ev.updateType);
    const sync = domain.syncs[pod.uid];
    if (!sync) return;
    const ps = sync.podStatus;
    const gen = generateAPIPodStatus(cfg, domain, pod, ps, api.t, false);
    commitPodStatus(api, pod, gen);
    api.record('podStatus', { uid: pod.uid, phase: gen.status.phase });
    if (isPodPhaseTerminal(gen.status.phase)) {
      domain.syncs[pod.uid]!.isTerminal = true;
      return;
    }
    // restartingAllContainers: the status just generated says AllContainersRestarting.
    if (cfg.gates.RestartAllContainersOnContainerExits === true)
      domain.syncs[pod.uid]!.restartAll = gen.status.conditions.some(
        (c) => c.type === 'AllContainersRestarting' && c.status === 'True',
      );
    // probeManager.UpdatePodStatus triggers a readiness probe that has not passed yet.
    for (const id of gen.triggers)
      if (api.has(id)) api.send(id, { type: 'DO_PROBE', via: 'manual trigger' });
  };

  /**
   * SyncPod's pod cgroup (kubelet.go): for a pod not being terminated whose cgroup does not
   * exist, UpdateQOSCgroups (V(4) "Updated QoS cgroup configuration"; the QoS manager's own
   * minute-by-minute update is not modelled) then pcm.EnsureExists, which with DisableCPUQuotaWithExclusiveCPUs
   * (on since 1.33) asks PodHasExclusiveCPUs (cm/container_manager.go: V(4) "Container has
   * pinned cpus" at the first container, init containers first, that the CPU manager gave
   * exclusive CPUs, else "Pod contains no container with pinned cpus") and creates the cgroup
   * without a CFS quota if so (V(2) "Disabled CFS quota"). (SyncPod kills a pod whose cgroup is
   * missing after its first sync; a pod's cgroup here outlives kubelet restarts, so it never is.)
   */
  const ensurePodCgroup: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const domain = api.domain;
    if (domain.podCgroups[pod.uid] || domain.workers[pod.uid]?.terminatingAt !== undefined) return;
    // kl.containerManager.UpdateQOSCgroups() (the QoS tiers' shares, before the pod's cgroup).
    klog(api, 'Updated QoS cgroup configuration');
    if (cfg.gates.DisableCPUQuotaWithExclusiveCPUs === true) {
      const cpu = domain.cpu;
      const pinned = cpu
        ? [...pod.init, ...pod.containers].find((c) =>
            containerHasExclusiveCPUs(cpu, pod.uid, c.name),
          )
        : undefined;
      if (pinned) {
        klog(api, 'Container has pinned cpus', [
          ['podName', q(pod.name)],
          ['containerName', q(pinned.name)],
        ]);
        klog(api, 'Disabled CFS quota', [['pod', q(pod.key)]]);
      } else klog(api, 'Pod contains no container with pinned cpus', [['podName', q(pod.name)]]);
    }
    own(domain, 'podCgroups')[pod.uid] = true;
  };

  /** WaitForAttachAndMount (then, from 1.22, pull secrets and probeManager.AddPod). */
  const waitForAttachAndMount: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    if (!probesAfterVolumes) addProbes(api, pod);
    // A pod with no volume to verify returns at once, logging nothing.
    if (kubeApiAccessVolume(pod))
      klog(api, 'Waiting for volumes to attach and mount for pod', podOnlyKV(pod));
    // ReprocessPod: the volume manager mounts kube-api-access (the machine's delay is the poll).
    if (!volumeMounted(api.domain, pod.uid) && kubeApiAccessVolume(pod)) {
      const vm = volumeManagerId(pod.key);
      if (!api.has(vm)) api.spawn('volumeManager', vm, { uid: pod.uid });
    }
  };

  const computeActions: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const domain = api.domain;
    const runtimeSync = sync(api, pod.uid);
    // WaitForAttachAndMount returned (volume_manager.go), having waited for the pod's volumes.
    if (kubeApiAccessVolume(pod))
      klog(api, 'All volumes are attached and mounted for pod', podOnlyKV(pod));
    // probeManager.AddPod, after the wait (and the pull secrets).
    if (probesAfterVolumes) addProbes(api, pod);
    const { actions, logs, gotKV } = computePodActions(
      pod,
      runtimeSync.podStatus,
      domain,
      runtimeSync.restartAll,
      resizeModelled(cfg) && cfg.behaviours.resizeActuated,
    );
    for (const l of logs) klog(api, l.msg, l.kv);
    if (domain.cpu)
      for (const id of actions.postStop) postStopContainer(own(domain, 'cpu')!, pod.uid, id);
    // The lists are frozen (computePodActions' memo shares them): the sync only reads them.
    runtimeSync.killPod = actions.killPod;
    runtimeSync.createSandbox = actions.createSandbox;
    runtimeSync.sandboxId = actions.sandboxId;
    runtimeSync.attempt = actions.attempt;
    runtimeSync.initToStart = actions.initToStart;
    runtimeSync.containersToStart = actions.containersToStart;
    runtimeSync.containersToKill = actions.containersToKill;
    runtimeSync.containersToReset = actions.containersToReset;
    runtimeSync.containersToUpdate = actions.containersToUpdate;
    runtimeSync.updatePodResources = actions.updatePodResources;
    klog(api, 'computePodActions got for pod', gotKV);
    if (actions.createSandbox) {
      if (actions.sandboxId !== '')
        recordEvent(
          api,
          pod,
          'Normal',
          'SandboxChanged',
          'Pod sandbox changed, it will be killed and re-created.',
        );
      else klog(api, 'SyncPod received new pod, will create a sandbox for it', podOnlyKV(pod));
    } else if (!actions.killPod) {
      runtimeSync.results.push({ action: 'ConfigPodSandbox', target: actions.sandboxId });
    }
  };

  /** Stops the given running containers (killContainer each, in parallel). */
  const killContainers = (
    api: Api,
    pod: PodDef,
    kills: { id: string; name: string; message: string; reason: string }[],
  ): void => {
    const domain = api.domain;
    for (const kill of kills) {
      const result = domain.runtime.containers[kill.id];
      if (!result || result.state === 'EXITED') continue;
      const container = pod.byName[kill.name]!;
      recordEvent(
        api,
        pod,
        'Normal',
        'Killing',
        kill.message || `Stopping container ${container.name}`,
        container.fieldPath,
      );
      const grace = killGracePeriod(pod, container, kill.reason);
      killContainerWithGracePeriod(api, cfg, pod, container.name, kill.id, grace);
    }
  };

  const killPodForSync: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const domain = api.domain;
    const runtimeSync = sync(api, pod.uid);
    klog(
      api,
      runtimeSync.createSandbox
        ? 'Stopping PodSandbox for pod, will start new one'
        : 'Stopping PodSandbox for pod, because all other containers are dead',
      [['pod', q(pod.key)]],
    );
    const running = (domain.runtime.podContainers[pod.uid] ?? [])
      .map((id) => domain.runtime.containers[id]!)
      .filter((result) => result.state !== 'EXITED')
      .map((result) => ({ id: result.id, name: result.name, message: '', reason: '' }));
    killContainers(api, pod, running);
    for (const id of domain.runtime.podSandboxes[pod.uid] ?? []) stopPodSandbox(domain, id);
    if (runtimeSync.createSandbox) {
      // purgeInitContainers: a new sandbox restarts initialisation from the first init container.
      for (const id of [...(domain.runtime.podContainers[pod.uid] ?? [])])
        if (domain.runtime.containers[id]!.kind === 'init') removeContainer(domain, id);
    }
  };

  const killUnwanted: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const runtimeSync = sync(api, pod.uid);
    for (const k of runtimeSync.containersToKill) {
      klog(api, 'Killing unwanted container for pod', [
        ['containerName', q(k.name)],
        ['containerID', q(`containerd://${k.id}`)],
        ['pod', q(pod.key)],
      ]);
      runtimeSync.results.push({ action: 'KillContainer', target: k.name });
    }
    killContainers(api, pod, runtimeSync.containersToKill);
  };

  /**
   * RestartAllContainers, one container: "Removing container before pod restarts", then, for
   * one that has not exited, killContainer with a grace period override of 0 (the Killing
   * Event says "killing"; killContainer raises the period to its minimum, 2 s).
   */
  const resetNextContainer: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const runtimeSync = sync(api, pod.uid);
    const r = runtimeSync.containersToReset[runtimeSync.cursor++]!;
    const container = pod.byName[r.name]!;
    // containerInfo.containerID, a kubecontainer.ContainerID value: no Stringer (String() has a
    // pointer receiver), so klog's text format prints it as JSON.
    const idKV: [string, string] = [
      'containerID',
      JSON.stringify({ Type: 'containerd', ID: r.id }),
    ];
    klog(api, 'Removing container before pod restarts', [
      ['containerName', q(r.name)],
      idKV,
      ['pod', q(pod.key)],
    ]);
    runtimeSync.results.push({ action: 'RemoveContainer', target: r.name });
    if (!r.kill) return;
    klog(api, 'Killing container before removal', [
      ['containerName', q(r.name)],
      idKV,
      ['pod', q(pod.key)],
    ]);
    recordEvent(api, pod, 'Normal', 'Killing', 'killing', container.fieldPath);
    klog(api, 'Killing container with a grace period override', [
      ...podKV(pod.key, pod.uid),
      ['containerName', q(r.name)],
      ['containerID', q(`containerd://${r.id}`)],
      ['gracePeriod', '0'],
    ]);
    killContainerWithGracePeriod(api, cfg, pod, r.name, r.id, MIN_GRACE_S);
  };

  /** removeContainer: "Removing container", PostStopContainer, then CRI RemoveContainer. */
  const removeResetContainer: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const domain = api.domain;
    const runtimeSync = sync(api, pod.uid);
    const r = runtimeSync.containersToReset[runtimeSync.cursor - 1]!;
    klog(api, 'Removing container', [['containerID', q(r.id)]]);
    // PostStopContainer: the CPU manager's RemoveContainer and the topology manager scope's.
    if (domain.cpu) postStopContainer(own(domain, 'cpu')!, pod.uid, r.id);
    klog(api, 'RemoveContainer', [['containerID', q(r.id)]]);
    removeContainer(domain, r.id);
  };

  /** CRI RunPodSandbox: a SandboxError fault makes it fail. */
  const createSandbox: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const domain = api.domain;
    const runtimeSync = sync(api, pod.uid);
    if (!runtimeSync.createSandbox) return;
    klog(api, 'Creating PodSandbox for pod', [['pod', q(pod.key)]]);
    runtimeSync.results.push({ action: 'CreatePodSandbox', target: formatPod(pod) });
    const fault = takeFault(cfg, domain, api.t, 'SandboxError', pod.key);
    if (fault) {
      runtimeSync.error =
        fault.message ??
        // containerd sandbox_run.go: "failed to setup network for sandbox %q: %w" with the id
        // it had allocated for the sandbox it then removes (not one the runtime keeps).
        `rpc error: code = Unknown desc = failed to setup network for sandbox ${q(runtimeId(hashString(`${pod.uid}@${api.t}`), 17))}: plugin type="bridge" failed (add): failed to allocate for range 0: no IP addresses available in range set: 10.244.0.1-10.244.0.254`;
    }
  };

  const sandboxCreated: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const domain = api.domain;
    const runtimeSync = sync(api, pod.uid);
    const sb = runPodSandbox(domain, pod, runtimeSync.attempt, api.t);
    runtimeSync.sandboxId = sb.id;
    runtimeSync.podIP = sb.ip;
    klog(api, 'Created PodSandbox for pod', [
      ['podSandboxID', q(sb.id)],
      ['pod', q(pod.key)],
    ]);
    if (!pod.hostNetwork)
      klog(api, 'Determined the ip for pod after sandbox changed', [
        ['IPs', `[${q(sb.ip)}]`],
        ['pod', q(pod.key)],
      ]);
    runtimeSync.results.push({ action: 'ConfigPodSandbox', target: sb.id });
    api.record('sandboxCreated', { uid: pod.uid, id: sb.id });
    // The scenario's SandboxDied: the sandbox's pause process dies later, outside the kubelet.
    const died = takeFault(cfg, domain, api.t, 'SandboxDied', pod.key);
    if (died)
      api.send(
        CONTAINER_RUNTIME,
        { type: 'SANDBOX_DIED', id: sb.id },
        Math.round(died.afterSeconds * 1000),
      );
  };

  const sandboxFailed: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const runtimeSync = sync(api, pod.uid);
    const msg = `Failed to create sandbox for pod ${q(formatPod(pod))}: ${runtimeSync.error}`;
    klog(api, 'Failed to create sandbox for pod', [['pod', q(pod.key)]], runtimeSync.error);
    const result = runtimeSync.results.find((x) => x.action === 'CreatePodSandbox')!;
    result.error = 'CreatePodSandboxError';
    result.message = msg;
    klog(api, 'CreatePodSandbox for pod failed', [['pod', q(pod.key)]], msg);
    recordEvent(
      api,
      pod,
      'Warning',
      'FailedCreatePodSandBox',
      `Failed to create pod sandbox: ${runtimeSync.error}`,
    );
  };

  /**
   * The runtime SyncPod's `start` helper up to the hand-off: the StartContainer SyncResult,
   * doBackOff, "Creating container in pod". `inBackOff` is what the machine's guard ('next
   * (init) container in CrashLoopBackOff') decided; returns false when it is.
   */
  const start = (
    api: Api,
    pod: PodDef,
    container: ContainerDef,
    typeName: string,
    inBackOff: boolean,
  ): boolean => {
    const domain = api.domain;
    const runtimeSync = sync(api, pod.uid);
    runtimeSync.results.push({ action: 'StartContainer', target: container.name });
    // doBackOff: only a container with an exited instance can be in back-off.
    const exited = runtimeSync.podStatus.containers.find(
      (result) => result.name === container.name && result.state === 'EXITED',
    );
    if (exited) {
      klog(api, 'Checking backoff for container in pod', [
        ['containerName', q(container.name)],
        ['pod', q(pod.key)],
      ]);
      const key = stableKey(pod, container);
      const ts = exited.finishedAt ?? api.t;
      if (inBackOff) {
        recordEvent(
          api,
          pod,
          'Warning',
          'BackOff',
          `Back-off restarting failed container ${container.name} in pod ${formatPod(pod)}`,
          container.fieldPath,
        );
        const backoffMs = backoffGet(domain.containerBackOff, key);
        showBackOff(api, pod.key, container.name, 'CrashLoopBackOff', ts, backoffMs);
        const err = `back-off ${formatGoDuration(backoffMs)} restarting failed container=${container.name} pod=${formatPod(pod)}`;
        klog(api, 'Back-off restarting failed container', [], err);
        const result = runtimeSync.results[runtimeSync.results.length - 1]!;
        result.error = 'CrashLoopBackOff';
        result.message = err;
        klog(api, 'Backing Off restarting container in pod', [
          ['containerType', q(typeName)],
          ['container', q(container.name)],
          ['pod', q(pod.key)],
        ]);
        return false;
      }
      backoffNext(
        own(domain, 'containerBackOff'),
        key,
        ts,
        api.t,
        containerBackOffPolicy(cfg.containerBackOff),
      );
    }
    klog(api, 'Creating container in pod', [
      ['containerType', q(typeName)],
      // spec.container.Name (1.34+; before, the *v1.Container itself).
      ['container', q(container.name)],
      ['pod', q(pod.key)],
    ]);
    const id = startContainerId(pod.key, container.name);
    if (!api.has(id))
      api.spawn('startContainer', id, { uid: pod.uid, podKey: pod.key, name: container.name });
    const prev = runtimeSync.podStatus.containers.find((result) => result.name === container.name);
    domain.starts[id] = {
      podUid: pod.uid,
      name: container.name,
      typeName,
      sandboxId: runtimeSync.sandboxId,
      restartCount: prev ? prev.attempt + 1 : 0,
    };
    api.send(id, { type: 'START', typeName });
    return true;
  };

  /** The last init container's outcome: logged; a regular one that failed aborts the round. */
  const noteInitResult: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const runtimeSync = sync(api, pod.uid);
    const last = runtimeSync.lastResult;
    runtimeSync.lastResult = undefined;
    if (!last) return;
    const container = pod.byName[last.name]!;
    // RecordInitContainerStarted (1.36's startup latency tracker): a regular init container.
    if (last.ok && container.kind === 'init')
      recordInitContainerStarted(api.domain, pod.uid, api.t);
    if (last.ok)
      klog(api, 'Completed init container for pod', [
        ['containerName', q(container.name)],
        ['pod', q(pod.key)],
      ]);
    else if (container.kind === 'sidecar')
      klog(api, 'Failed to start the restartable init container for the pod, skipping', [
        ['initContainerName', q(container.name)],
        ['pod', q(pod.key)],
      ]);
    else {
      klog(api, 'Failed to initialize the pod, as the init container failed to start, aborting', [
        ['initContainerName', q(container.name)],
        ['pod', q(pod.key)],
      ]);
      runtimeSync.aborted = true;
    }
  };

  const restartCursor: H = (api, _e, ctx) => {
    const runtimeSync = sync(api, ctx.uid);
    runtimeSync.cursor = 0;
    // The end of SyncPod's init step: RecordInitContainerFinished for each regular init container
    // the pod status (read when this SyncPod began) shows exited.
    if (runtimeSync.aborted) return;
    const pod = cfg.pods[ctx.uid]!;
    for (const c of runtimeSync.podStatus.containers)
      if (c.state === 'EXITED' && c.finishedAt !== undefined && pod.byName[c.name]?.kind === 'init')
        recordInitContainerFinished(api.domain, pod.uid, c.finishedAt);
  };

  const nextInit =
    (inBackOff: boolean): H =>
    (api, _e, ctx) => {
      const pod = cfg.pods[ctx.uid]!;
      const runtimeSync = sync(api, pod.uid);
      const container = pod.init[runtimeSync.initToStart[runtimeSync.cursor++]!]!;
      if (!start(api, pod, container, 'init container', inBackOff))
        runtimeSync.lastResult = { name: container.name, ok: false, typeName: 'init container' };
    };

  // start()'s error is ignored: the next container is started regardless.
  const nextContainer =
    (inBackOff: boolean): H =>
    (api, _e, ctx) => {
      const pod = cfg.pods[ctx.uid]!;
      const runtimeSync = sync(api, pod.uid);
      runtimeSync.lastResult = undefined;
      start(
        api,
        pod,
        pod.containers[runtimeSync.containersToStart[runtimeSync.cursor++]!]!,
        'container',
        inBackOff,
      );
    };

  const exitSyncPod: H = (api, _e, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const domain = api.domain;
    const runtimeSync = sync(api, pod.uid);
    // reasonCache.Update: StartContainer results only.
    // A new frozen map each time, not an edit: checkpoints and seeks share it.
    const before = domain.reasonCache[pod.uid];
    let reasons: Record<string, WaitingReason> | undefined;
    let failed = false;
    for (const result of runtimeSync.results) {
      if (result.error !== undefined) failed = true;
      if (result.action !== 'StartContainer') continue;
      reasons ??= { ...before };
      if (result.error !== undefined)
        reasons[result.target] = { reason: result.error, message: result.message ?? '' };
      else delete reasons[result.target];
    }
    if (reasons === undefined && before === undefined) reasons = {};
    // Unchanged (no StartContainer result, or the same reasons again), it stays the same
    // value: the status generator knows it by identity.
    if (reasons !== undefined && !(before !== undefined && samePlain(before, reasons)))
      own(domain, 'reasonCache')[pod.uid] = deepFreeze(reasons);
    // "Do not return error if the only failures were pods in backoff": the loop also meets
    // successful results (ConfigPodSandbox), so any failure is returned (kubernetes#123602).
    // Most syncs fail nothing: syncError is only asked when a result failed.
    let error = failed ? syncError(runtimeSync.results) : undefined;
    if (
      error !== undefined &&
      runtimeSync.results.every(
        (result) => result.error === 'CrashLoopBackOff' || result.error === 'ImagePullBackOff',
      )
    )
      error = undefined;
    // 1.36: after a RestartAllContainers reset that removed a container, Kubelet.SyncPod asks
    // the pod worker for another sync at once (UpdatePod), not waiting for the PLEG or the
    // resync; the update is pending while this sync runs, so the worker takes it next.
    if (
      cfg.behaviours.restartAllRequeues &&
      runtimeSync.restartAll &&
      error === undefined &&
      runtimeSync.results.some((r) => r.action === 'RemoveContainer' && r.error === undefined)
    )
      updatePod(env, api, pod.uid, 'sync');
    klog(api, 'SyncPod exit', podUidKVWith(pod, 'isTerminal', String(runtimeSync.isTerminal)));
    api.send(podWorkerId(pod.key), {
      type: 'SYNC_DONE',
      isTerminal: runtimeSync.isTerminal,
      error,
    });
    delete domain.syncs[pod.uid];
  };

  /** handlePodResourcesResize runs first in SyncPod, after "SyncPod enter". */
  const handlePodResourcesResize: H = (api, ev, ctx) => {
    if (ev.type === 'START') beginSync(api, cfg.pods[ctx.uid]!, ev.updateType);
  };

  /**
   * doPodResizeAction: the pod cgroup first when it grows, then updatePodContainerResources
   * for memory, then for CPU (V(5) "Updating container resources" for each resource).
   */
  const doPodResizeAction: H = (api, _ev, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const s = sync(api, pod.uid);
    for (const r of ['memory', 'cpu'] as const)
      if (s.containersToUpdate?.some((c) => c.resource === r))
        klog(api, 'Updating container resources', [['pod', q(pod.key)]]);
  };

  /**
   * UpdateContainerResources returned for each container: SetActuatedResources (the runtime
   * now runs it with its allocation), the ResizePodInPlace result, and SetPodWatchCondition:
   * the PLEG re-inspects the pod at its next relist and sends ConditionMet (a sync).
   */
  const containerResourcesUpdated: H = (api, _ev, ctx) => {
    const pod = cfg.pods[ctx.uid]!;
    const domain = api.domain;
    const s = sync(api, pod.uid);
    const apiPod = own2(domain, 'apiPods', pod.uid);
    if (apiPod) {
      const actuated = { ...apiPod.actuated };
      for (const c of s.containersToUpdate ?? []) {
        const allocated = apiPod.allocated?.find((a) => a.name === c.name);
        if (allocated) actuated[c.name] = allocated.resources;
      }
      apiPod.actuated = actuated;
    }
    s.results.push({ action: 'ResizePodInPlace', target: formatPod(pod) });
    const pleg = own(domain, 'pleg');
    pleg.watch = { ...pleg.watch, [pod.uid]: true };
  };

  return {
    handlePodResourcesResize,
    markResizeInfeasible: (api, _ev, ctx) => markResizePending(env, api, cfg.pods[ctx.uid]!),
    markResizeDeferred: (api, _ev, ctx) => markResizePending(env, api, cfg.pods[ctx.uid]!),
    acceptResize: (api, _ev, ctx) => allocateResize(env, api, cfg.pods[ctx.uid]!),
    completeResize: (api, ev, ctx) => {
      const pod = cfg.pods[ctx.uid]!;
      // CheckPodResizeInProgress runs in SyncPod, after "SyncPod enter".
      if (ev.type === 'START') beginSync(api, pod, ev.updateType);
      completeResize(env, api, pod);
    },
    doPodResizeAction,
    containerResourcesUpdated,
    generateStatus,
    ensurePodCgroup,
    waitForAttachAndMount,
    computePodActions: computeActions,
    killPodForSync,
    killUnwanted,
    resetNextContainer,
    removeResetContainer,
    createSandbox,
    sandboxCreated,
    sandboxFailed,
    noteInitResult,
    restartCursor,
    startNextInit: nextInit(false),
    backOffNextInit: nextInit(true),
    startNextContainer: nextContainer(false),
    backOffNextContainer: nextContainer(true),
    exitSyncPod,
  };
}
