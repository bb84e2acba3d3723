/**
 * What kubeGenericRuntimeManager.startContainer (kuberuntime_container.go) senses and does at
 * each state of startContainer.machine.ts (which decides the order, the branches and the
 * durations): imageManager.EnsureImageExists's events (images/image_manager.go), CRI calls,
 * the resource managers' hooks, and the lifecycle hook runner for PostStart (lifecycle/handlers.go).
 */
import { formatGoDuration } from '../../core/time';
import type { StartContainerContext } from '../../machines/startContainer.machine';
import type { startContainerMachine } from '../../machines/startContainer.machine';
import type { EffectApi, EffectsOf } from '../../runner/types';
import { IMAGE_BACKOFF, backoffGC, backoffNext } from '../backoff';
import type { ContainerDef, PodDef } from '../config';
import {
  containerHasExclusiveCPUs,
  preCreateContainer,
  preStartContainer,
} from '../cpuManagerBridge';
import { featureEnabled } from '../../policies/featureGates';
import { type Env, recordEvent } from '../env';
import { takeFault } from '../faults';
import { containerValue, formatPod } from '../format';
import { CONTAINER_RUNTIME, IMAGE_PULLER, syncPodId } from '../ids';
import { killContainerWithGracePeriod, podGracePeriod, stopTime } from '../killContainer';
import { klog, podKV, q } from '../klog';
import { createContainer, startContainer } from '../runtime';
import type { KubeletDomain, StartAttempt } from '../types';

type Api = EffectApi<KubeletDomain>;

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

export function startContainerEffects(
  env: Env,
): EffectsOf<typeof startContainerMachine, KubeletDomain> {
  const { cfg } = env;
  const attempt = (api: Api): StartAttempt => api.domain.starts[api.self]!;
  const containerOf = (ctx: StartContainerContext): { pod: PodDef; c: ContainerDef } => {
    const pod = cfg.pods[ctx.uid]!;
    return { pod, c: pod.byName[ctx.name]! };
  };

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

  return {
    recordImagePresent: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      recordEvent(
        api,
        pod,
        'Normal',
        'Pulled',
        `Container image ${q(c.imageRef)} already present on machine`,
        c.fieldPath,
      );
    },

    recordImageNeverPull: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      const msg = `Container image ${q(c.imageRef)} is not present with pull policy of Never`;
      recordEvent(api, pod, 'Warning', 'ErrImageNeverPull', msg, c.fieldPath);
      fail(api, pod, c, 'ErrImageNeverPull', msg);
    },

    recordImageBackOff: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      const msg = `Back-off pulling image ${q(c.imageRef)}`;
      recordEvent(api, pod, 'Normal', 'BackOff', msg, c.fieldPath);
      fail(api, pod, c, 'ImagePullBackOff', msg);
    },

    /** "Pulling image", and the request to the node's image puller. */
    requestPull: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      recordEvent(api, pod, 'Normal', 'Pulling', `Pulling image ${q(c.imageRef)}`, c.fieldPath);
      attempt(api).pullAskedAt = api.t;
      api.send(IMAGE_PULLER, {
        type: 'PULL',
        requester: api.self,
        image: c.imageRef,
        podUid: pod.uid,
        container: c.name,
      });
    },

    imagePulled: (api, e, ctx) => {
      if (e.type !== 'PULLED') return;
      const { pod, c } = containerOf(ctx);
      const waited = api.t - (attempt(api).pullAskedAt ?? api.t);
      recordEvent(
        api,
        pod,
        'Normal',
        'Pulled',
        `Successfully pulled image ${q(c.imageRef)} in ${formatGoDuration(e.pullMs)} (${formatGoDuration(waited)} including waiting). Image size: ${e.sizeBytes} bytes.`,
        c.fieldPath,
      );
      backoffGC(api.domain.imageBackOff, api.t, IMAGE_BACKOFF);
    },

    imagePullFailed: (api, e, ctx) => {
      if (e.type !== 'PULL_FAILED') return;
      const { pod, c } = containerOf(ctx);
      recordEvent(
        api,
        pod,
        'Warning',
        'Failed',
        `Failed to pull image ${q(c.imageRef)}: ${e.error}`,
        c.fieldPath,
      );
      backoffNext(api.domain.imageBackOff, `${pod.uid}_${c.image}`, api.t, api.t, IMAGE_BACKOFF);
      fail(api, pod, c, 'ErrImagePull', e.error);
    },

    /**
     * generateLinuxContainerResources (kuberuntime_container_linux.go): disableCPUQuota =
     * DisableCPUQuotaWithExclusiveCPUs (beta, default on since 1.33) && ContainerHasExclusiveCPUs,
     * the latter logging V(4) "Container has pinned cpus" (cm/container_manager.go
     * containerHasExclusiveCPUs) when the CPU manager holds a cpuset for the container.
     */
    generateContainerConfig: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
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
    },

    preCreateContainer: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      const cpu = api.domain.cpu;
      const cpuset = cpu ? preCreateContainer(cpu, pod.uid, c.name) : '';
      // Written into the CRI container config's linux.resources.cpuset_cpus ("" = not set).
      api.record('cpuset', { uid: pod.uid, container: c.name, cpuset });
    },

    /** CRI CreateContainer: a CreateContainerError fault makes it fail. */
    criCreateContainer: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      const fault = takeFault(cfg, api.domain, api.t, 'CreateContainerError', pod.key, c.name);
      if (!fault) return;
      const a = attempt(api);
      a.failed = 'create';
      a.message =
        fault.message ??
        `failed to create containerd container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "${c.spec.command?.[0] ?? 'app'}": executable file not found in $PATH: unknown`;
    },

    containerCreateFailed: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      const msg = attempt(api).message ?? '';
      fail(api, pod, c, 'CreateContainerError', msg, msg);
    },

    /** CreateContainer returned: the container exists; the resource managers' PreStartContainer. */
    preStartContainer: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      const a = attempt(api);
      const created = createContainer(api.domain, pod, c, a.sandboxId, a.restartCount, api.t);
      a.containerId = created.id;
      if (api.domain.cpu) preStartContainer(api.domain.cpu, pod.uid, c.name, created.id);
    },

    /** The Created event, then CRI StartContainer. */
    criStartContainer: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      recordEvent(api, pod, 'Normal', 'Created', `Created container: ${c.name}`, c.fieldPath);
    },

    /** StartContainer returned: the Started event; the process runs until a fault or its end. */
    containerStarted: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      const d = api.domain;
      const a = attempt(api);
      const id = a.containerId!;
      startContainer(d, id, api.t);
      recordEvent(api, pod, 'Normal', 'Started', `Started container ${c.name}`, c.fieldPath);
      api.record('containerStarted', { uid: pod.uid, container: c.name, id });
      // The process: a ContainerExit fault, or a regular init container that runs to completion.
      const exit = takeFault(cfg, d, api.t, 'ContainerExit', pod.key, c.name);
      if (exit) {
        api.send(
          CONTAINER_RUNTIME,
          {
            type: 'EXIT',
            id,
            exitCode: exit.exitCode,
            reason: exit.reason ?? (exit.exitCode === 0 ? 'Completed' : 'Error'),
          },
          Math.round(exit.afterSeconds * 1000),
        );
      } else if (c.kind === 'init') {
        api.send(
          CONTAINER_RUNTIME,
          { type: 'EXIT', id, exitCode: 0, reason: 'Completed' },
          cfg.latencies.initContainerRun,
        );
      }
    },

    /**
     * The hook runs: a PostStartHang fault holds it (and never fails it), a PostStartFail
     * fault makes it fail. The machine's `postStartHook` delay is how long it runs.
     */
    runPostStart: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      const d = api.domain;
      if (takeFault(cfg, d, api.t, 'PostStartHang', pod.key, c.name)) return;
      const fault = takeFault(cfg, d, api.t, 'PostStartFail', pod.key, c.name);
      if (!fault) return;
      const a = attempt(api);
      a.failed = 'postStart';
      a.message = fault.message;
    },

    /** handlerRunner.Run failed: FailedPostStartHook, killContainer, PostStartHookError. */
    postStartFailed: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
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
      const grace = podGracePeriod(pod);
      killContainerWithGracePeriod(api, pod, c.name, a.containerId!, grace, stopTime(cfg, grace));
      a.error = 'PostStartHookError';
      a.message = msg;
    },

    /** The start helper's result goes back to the runtime SyncPod. */
    reportResult: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
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
    },
  };
}
