/**
 * The steps of kubeGenericRuntimeManager.startContainer (kuberuntime_container.go), one handler
 * per state of startContainer.machine.ts, with imageManager.EnsureImageExists
 * (images/image_manager.go: pull policy, image back-off, Pulling/Pulled events) and the
 * lifecycle hook runner for PostStart (lifecycle/handlers.go).
 */
import type { AnyEventObject } from 'xstate';
import { formatGoDuration } from '../../core/time';
import type { EffectHandler } from '../../runner/types';
import { IMAGE_BACKOFF, backoffGC, backoffNext, isInBackOffSinceUpdate } from '../backoff';
import type { ContainerDef, PodDef } from '../config';
import {
  containerHasExclusiveCPUs,
  preCreateContainer,
  preStartContainer,
} from '../cpuManagerBridge';
import { featureEnabled } from '../../policies/featureGates';
import { type Env, containerOfInstance, recordEvent } from '../env';
import { takeFault } from '../faults';
import { containerValue, formatPod } from '../format';
import { CONTAINER_RUNTIME, IMAGE_PULLER, syncPodId } from '../ids';
import { klog, podKV, q } from '../klog';
import { createContainer, startContainer } from '../runtime';
import type { KubeletDomain, StartAttempt } from '../types';

type H = EffectHandler<KubeletDomain>;
type Api = Parameters<H>[0];

/** How containerd names an image reference it pulls. */
export function fullyQualified(image: string): string {
  const first = image.split('/')[0]!;
  const hasRegistry =
    image.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost');
  if (hasRegistry) return image;
  return image.includes('/') ? `docker.io/${image}` : `docker.io/library/${image}`;
}

export function defaultPullError(imageRef: string): string {
  const ref = fullyQualified(imageRef);
  return `rpc error: code = NotFound desc = failed to pull and unpack image ${q(ref)}: failed to resolve reference ${q(ref)}: ${ref}: not found`;
}

export function startContainerEffects(env: Env): Record<string, H> {
  const { cfg } = env;
  const attempt = (api: Api): StartAttempt => api.domain.starts[api.self]!;

  /** A failed step: the Waiting reason/message, and startContainer's event Failed "Error: ...". */
  const fail = (
    api: Api,
    pod: PodDef,
    c: ContainerDef,
    reason: string,
    message: string,
    eventText = reason,
  ) => {
    const a = attempt(api);
    a.error = reason;
    a.message = message;
    recordEvent(api, pod, 'Warning', 'Failed', `Error: ${eventText}`, c.fieldPath);
  };

  const ensureImageExists: H = (api) => {
    const { pod, c } = containerOfInstance(env, api.self);
    const d = api.domain;
    const image = c.imageRef;
    // image_manager.go EnsureImageExists: events name imgRef, the image as the spec wrote it;
    // only the ImageSpec sent to the runtime carries applyDefaultImageTag's ":latest".
    const asWritten = c.image;
    const present = d.images[image] !== undefined;
    const shouldPull = c.pullPolicy === 'Always' || (c.pullPolicy === 'IfNotPresent' && !present);
    if (!shouldPull) {
      if (present) {
        recordEvent(
          api,
          pod,
          'Normal',
          'Pulled',
          `Container image ${q(asWritten)} already present on machine`,
          c.fieldPath,
        );
        api.send(api.self, { type: 'IMAGE_PRESENT' });
        return;
      }
      const msg = `Container image ${q(asWritten)} is not present with pull policy of Never`;
      recordEvent(api, pod, 'Warning', 'ErrImageNeverPull', msg, c.fieldPath);
      fail(api, pod, c, 'ErrImageNeverPull', msg);
      api.send(api.self, { type: 'IMAGE_FAILED' });
      return;
    }
    const key = `${pod.uid}_${c.image}`;
    if (isInBackOffSinceUpdate(d.imageBackOff, key, api.t, IMAGE_BACKOFF)) {
      const msg = `Back-off pulling image ${q(asWritten)}`;
      recordEvent(api, pod, 'Normal', 'BackOff', msg, c.fieldPath);
      fail(api, pod, c, 'ImagePullBackOff', msg);
      api.send(api.self, { type: 'IMAGE_FAILED' });
      return;
    }
    recordEvent(api, pod, 'Normal', 'Pulling', `Pulling image ${q(asWritten)}`, c.fieldPath);
    attempt(api).pullAskedAt = api.t;
    api.send(IMAGE_PULLER, {
      type: 'PULL',
      requester: api.self,
      image,
      podUid: pod.uid,
      container: c.name,
    });
    api.send(api.self, { type: 'PULL_QUEUED' });
  };

  const imagePulled: H = (api, _p, e: AnyEventObject) => {
    const { pod, c } = containerOfInstance(env, api.self);
    const ev = e as unknown as { pullMs: number; sizeBytes: number };
    const total = api.t - (attempt(api).pullAskedAt ?? api.t);
    recordEvent(
      api,
      pod,
      'Normal',
      'Pulled',
      `Successfully pulled image ${q(c.image)} in ${formatGoDuration(ev.pullMs)} (${formatGoDuration(total)} including waiting). Image size: ${ev.sizeBytes} bytes.`,
      c.fieldPath,
    );
    backoffGC(api.domain.imageBackOff, api.t, IMAGE_BACKOFF);
  };

  const imagePullFailed: H = (api, _p, e: AnyEventObject) => {
    const { pod, c } = containerOfInstance(env, api.self);
    const ev = e as unknown as { error: string };
    recordEvent(
      api,
      pod,
      'Warning',
      'Failed',
      `Failed to pull image ${q(c.image)}: ${ev.error}`,
      c.fieldPath,
    );
    backoffNext(api.domain.imageBackOff, `${pod.uid}_${c.image}`, api.t, api.t, IMAGE_BACKOFF);
    fail(api, pod, c, 'ErrImagePull', ev.error);
  };

  /**
   * generateLinuxContainerResources (kuberuntime_container_linux.go): disableCPUQuota =
   * DisableCPUQuotaWithExclusiveCPUs (beta, default on since 1.33) && ContainerHasExclusiveCPUs,
   * the latter logging V(4) "Container has pinned cpus" (cm/container_manager.go
   * containerHasExclusiveCPUs) when the CPU manager holds a cpuset for the container.
   */
  const generateContainerConfig: H = (api) => {
    const { pod, c } = containerOfInstance(env, api.self);
    const cpu = api.domain.cpu;
    let unlimited = false;
    if (featureEnabled(undefined, 'DisableCPUQuotaWithExclusiveCPUs') && cpu) {
      unlimited = containerHasExclusiveCPUs(cpu, pod.uid, c.name);
      if (unlimited)
        klog(api, 'Container has pinned cpus', [
          ['podName', q(pod.name)],
          ['containerName', q(c.name)],
        ]);
    }
    klog(api, 'Enforcing CFS quota', [
      ['pod', q(pod.key)],
      ['unlimited', String(unlimited)],
    ]);
    api.send(api.self, { type: 'NEXT' });
  };

  const preCreate: H = (api) => {
    const { pod, c } = containerOfInstance(env, api.self);
    const cpu = api.domain.cpu;
    const cpuset = cpu ? preCreateContainer(cpu, pod.uid, c.name) : '';
    // Written into the CRI container config's linux.resources.cpuset_cpus ("" = not set).
    api.record('cpuset', { uid: pod.uid, container: c.name, cpuset });
    api.send(api.self, { type: 'NEXT' });
  };

  const criCreateContainer: H = (api) => {
    const { pod, c } = containerOfInstance(env, api.self);
    const f = takeFault(cfg, api.domain, api.t, 'CreateContainerError', pod.key, c.name);
    if (f) {
      attempt(api).message =
        f.message ??
        `failed to create containerd container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "${c.spec.command?.[0] ?? 'app'}": executable file not found in $PATH: unknown`;
      api.send(api.self, { type: 'CREATE_FAILED' }, cfg.latencies.createContainer);
    } else {
      api.send(api.self, { type: 'CREATED' }, cfg.latencies.createContainer);
    }
  };

  const containerCreateFailed: H = (api) => {
    const { pod, c } = containerOfInstance(env, api.self);
    const msg = attempt(api).message ?? '';
    fail(api, pod, c, 'CreateContainerError', msg, msg);
  };

  const preStart: H = (api) => {
    const { pod, c } = containerOfInstance(env, api.self);
    const a = attempt(api);
    // CRI CreateContainer returned: the container exists in the runtime.
    const rec = createContainer(api.domain, pod, c, a.sandboxId, a.restartCount, api.t);
    a.containerId = rec.id;
    if (api.domain.cpu) preStartContainer(api.domain.cpu, pod.uid, c.name, rec.id);
    api.send(api.self, { type: 'NEXT' });
  };

  const criStartContainer: H = (api) => {
    const { pod, c } = containerOfInstance(env, api.self);
    recordEvent(api, pod, 'Normal', 'Created', `Created container: ${c.name}`, c.fieldPath);
    api.send(
      api.self,
      { type: 'STARTED', hook: c.postStart !== undefined },
      cfg.latencies.startContainer,
    );
  };

  const containerStarted: H = (api) => {
    const { pod, c } = containerOfInstance(env, api.self);
    const d = api.domain;
    const a = attempt(api);
    startContainer(d, a.containerId!, api.t);
    recordEvent(api, pod, 'Normal', 'Started', `Started container ${c.name}`, c.fieldPath);
    api.record('containerStarted', { uid: pod.uid, container: c.name, id: a.containerId! });
    // The process: a ContainerExit fault, or a regular init container that runs to completion.
    const f = takeFault(cfg, d, api.t, 'ContainerExit', pod.key, c.name);
    if (f) {
      api.send(
        CONTAINER_RUNTIME,
        {
          type: 'EXIT',
          id: a.containerId!,
          exitCode: f.exitCode,
          reason: f.reason ?? (f.exitCode === 0 ? 'Completed' : 'Error'),
        },
        Math.round(f.afterSeconds * 1000),
      );
    } else if (c.kind === 'init') {
      api.send(
        CONTAINER_RUNTIME,
        { type: 'EXIT', id: a.containerId!, exitCode: 0, reason: 'Completed' },
        cfg.latencies.initContainerRun,
      );
    }
  };

  const containerStartFailed: H = (api) => {
    const { pod, c } = containerOfInstance(env, api.self);
    const msg = attempt(api).message ?? '';
    fail(api, pod, c, 'RunContainerError', msg, msg);
  };

  const runPostStart: H = (api) => {
    const { pod, c } = containerOfInstance(env, api.self);
    const d = api.domain;
    const hang = takeFault(cfg, d, api.t, 'PostStartHang', pod.key, c.name);
    if (hang) {
      api.send(api.self, { type: 'HOOK_DONE' }, Math.round(hang.seconds * 1000));
      return;
    }
    const hookMs = c.postStart?.kind === 'sleep' ? c.postStart.sleepMs : cfg.latencies.hook;
    const f = takeFault(cfg, d, api.t, 'PostStartFail', pod.key, c.name);
    if (f) {
      attempt(api).message = f.message;
      api.send(api.self, { type: 'HOOK_FAILED' }, hookMs);
    } else {
      api.send(api.self, { type: 'HOOK_DONE' }, hookMs);
    }
  };

  /** handlerRunner.Run failed: FailedPostStartHook, killContainer, PostStartHookError. */
  const postStartFailed: H = (api) => {
    const { pod, c } = containerOfInstance(env, api.self);
    const a = attempt(api);
    const hook = c.postStart!;
    const ip = api.domain.syncs[pod.uid]?.podIP ?? '';
    let msg: string;
    if (hook.kind === 'httpGet') {
      msg = `HTTP lifecycle hook (${hook.path}) for Container ${q(c.name)} in Pod ${q(formatPod(pod))} failed - error: ${a.message ?? `Get "http://${ip}:80${hook.path}": dial tcp ${ip}:80: connect: connection refused`}`;
    } else {
      const cmd = hook.command.slice(1, -1);
      const err = a.message ?? `command '${cmd}' exited with 1: `;
      msg = `Exec lifecycle hook (${hook.command}) for Container ${q(c.name)} in Pod ${q(formatPod(pod))} failed - error: ${err}, message: ""`;
      klog(api, 'Exec lifecycle hook for Container in Pod failed', [
        // A []string: klog renders it as a JSON array, like IPs=[...] elsewhere.
        ['execCommand', JSON.stringify(c.spec.lifecycle?.postStart?.exec?.command ?? [])],
        ['containerName', q(c.name)],
        ['pod', q(pod.key)],
        ['message', q('')],
        // handlers.go (contextual logging): logger.V(1).Info(..., "message", output, "err", err).
        ['err', q(err)],
      ]);
    }
    klog(
      api,
      'Failed to execute PostStartHook',
      [
        ...podKV(pod.key, pod.uid),
        ['containerName', q(c.name)],
        ['containerID', q(`containerd://${a.containerId}`)],
      ],
      msg,
    );
    recordEvent(api, pod, 'Warning', 'FailedPostStartHook', 'PostStartHook failed', c.fieldPath);
    // killContainer(..., "FailedPostStartHook", reasonFailedPostStartHook)
    recordEvent(api, pod, 'Normal', 'Killing', 'FailedPostStartHook', c.fieldPath);
    const grace = Math.max(2, pod.terminationGraceSeconds);
    klog(api, 'Killing container with a grace period', [
      ...podKV(pod.key, pod.uid),
      ['containerName', q(c.name)],
      ['containerID', q(`containerd://${a.containerId}`)],
      ['gracePeriod', String(grace)],
    ]);
    const at = Math.min(cfg.latencies.stopContainer, grace * 1000);
    api.send(CONTAINER_RUNTIME, { type: 'STOPPED', id: a.containerId! }, at);
    api.send(api.self, { type: 'KILLED' }, at);
    a.error = 'PostStartHookError';
    a.message = msg;
  };

  /** The start helper's result goes back to the runtime SyncPod. */
  const reportResult: H = (api) => {
    const { pod, c } = containerOfInstance(env, api.self);
    const d = api.domain;
    const a = attempt(api);
    const s = d.syncs[pod.uid];
    if (s) {
      const r = [...s.results]
        .reverse()
        .find((x) => x.action === 'StartContainer' && x.target === c.name);
      if (r && a.error !== undefined) {
        r.error = a.error;
        r.message = a.message;
        if (a.error === 'ImagePullBackOff')
          klog(api, 'Container start failed in pod', [
            ['containerType', q(a.typeName)],
            ['container', q(containerValue(c))],
            ['pod', q(pod.key)],
            ['containerMessage', q(a.message ?? '')],
            // klog.V(3).InfoS(..., "containerMessage", msg, "err", err): err is the last pair.
            ['err', q(a.error)],
          ]);
        else
          klog(
            api,
            'HandleError',
            [],
            // SyncPod's start helper: fmt.Errorf("%v %+v start failed in pod %v: %w: %s",
            // typeName, spec.container, format.Pod(pod), err, msg).
            `${a.typeName} ${containerValue(c)} start failed in pod ${formatPod(pod)}: ${a.error}: ${a.message ?? ''}`,
          );
      }
      s.lastResult = { name: c.name, ok: a.error === undefined, typeName: a.typeName };
    }
    delete d.starts[api.self];
    api.send(syncPodId(pod.key), { type: 'CONTAINER_RESULT', ok: a.error === undefined });
  };

  return {
    ensureImageExists,
    imagePulled,
    imagePullFailed,
    generateContainerConfig,
    preCreateContainer: preCreate,
    criCreateContainer,
    containerCreateFailed,
    preStartContainer: preStart,
    criStartContainer,
    containerStarted,
    containerStartFailed,
    runPostStart,
    postStartFailed,
    reportResult,
  };
}
