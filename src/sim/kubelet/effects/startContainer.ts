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
import {
  IMAGE_BACKOFF,
  backoffGC,
  backoffGet,
  backoffNext,
  imageBackOffKey,
  showBackOff,
} from '../backoff';
import type { ContainerDef, KubeletRun, PodDef } from '../config';
import {
  containerHasExclusiveCPUs,
  preCreateContainer,
  preStartContainer,
  resourceSnapshot,
} from '../cpuManagerBridge';
import { memoryNUMANodes } from '../../policies/memorymanager/staticPolicy';
import { cpusetApplied } from './cpuManager';
import { type Env, recordEvent } from '../env';
import { takeFault } from '../faults';
import { formatPod } from '../format';
import { envError } from '../containerEnv';
import { invalidImageNameMessage, fullyQualified } from '../imageReference';
import { CONTAINER_RUNTIME, IMAGE_PULLER, syncPodId } from '../ids';
import { killContainerWithGracePeriod, podGracePeriod } from '../killContainer';
import { klog, podKV, q } from '../klog';
import { createContainer, exitContainer, startContainer } from '../runtime';
import type { KubeletDomain, StartAttempt } from '../types';
import { own, own2 } from '../../core/cow';
import { podPullSecrets, recordPull } from '../pullCredentials';
import { cpusetForContainer } from '../../policies/cpumanager/manager';

type Api = EffectApi<KubeletDomain>;

/**
 * StartContainer's error for a command whose executable is not in the image, as the runtime
 * paired with the release words it (runc 1.2 under containerd 2.x; before 1.26, containerd 1.3
 * with runc 1.0-rc10). Go's exec.LookPath searches $PATH only for a bare name; a path is stat'ed.
 */
function missingExecutableError(cfg: KubeletRun, container: ContainerDef): string {
  const exe = container.spec.command?.[0] ?? container.name;
  const notFound = exe.includes('/')
    ? `stat ${exe}: no such file or directory`
    : 'executable file not found in $PATH';
  return cfg.behaviours.runc12StartError
    ? `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: ${q(exe)}: ${notFound}: unknown`
    : `failed to create containerd task: OCI runtime create failed: container_linux.go:349: starting container process caused ${q(`exec: ${q(exe)}: ${notFound}`)}: unknown`;
}

export function defaultPullError(imageRef: string): string {
  const ref = fullyQualified(imageRef);
  return `rpc error: code = NotFound desc = failed to pull and unpack image ${q(ref)}: failed to resolve reference ${q(ref)}: ${ref}: not found`;
}

export function startContainerEffects(
  env: Env,
): EffectsOf<typeof startContainerMachine, KubeletDomain> {
  const { cfg } = env;
  const attemptOf = (api: Api): StartAttempt => api.domain.starts[api.self]!;
  const containerOf = (ctx: StartContainerContext): { pod: PodDef; container: ContainerDef } => {
    const pod = cfg.pods[ctx.uid]!;
    return { pod, container: pod.byName[ctx.name]! };
  };

  /** A failed step: the Waiting reason/message, and startContainer's event Failed "Error: ...". */
  const fail = (
    api: Api,
    pod: PodDef,
    container: ContainerDef,
    reason: string,
    message: string,
    eventText = reason,
  ) => {
    const attempt = attemptOf(api);
    attempt.error = reason;
    attempt.message = message;
    recordEvent(api, pod, 'Warning', 'Failed', `Error: ${eventText}`, container.fieldPath);
  };

  // image_manager.go EnsureImageExists: events name imgRef, the image as the spec wrote it
  // (container.image); only the ImageSpec sent to the runtime carries applyDefaultImageTag's
  // ":latest".
  return {
    recordImagePresent: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      recordEvent(
        api,
        pod,
        'Normal',
        'Pulled',
        // KubeletEnsureSecretPulledImages (beta, on from 1.35): MustAttemptImagePull found the
        // pod may use it (a preloaded image, or one pulled without credentials).
        `Container image ${q(container.image)} already present on machine${cfg.gates.KubeletEnsureSecretPulledImages === true ? ' and can be accessed by the pod' : ''}`,
        container.fieldPath,
      );
    },

    /**
     * EnsureImageExists: applyDefaultImageTag failed. Event InspectFailed with the message,
     * ErrInvalidImageName; startContainer then records Failed "Error: InvalidImageName".
     */
    recordInvalidImageName: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      const what = cfg.behaviours.imageParseErrorSaysName ? 'name' : 'reference';
      const msg = invalidImageNameMessage(container.image, what) ?? '';
      recordEvent(api, pod, 'Warning', 'InspectFailed', msg, container.fieldPath);
      fail(api, pod, container, 'InvalidImageName', msg);
    },

    recordImageNeverPull: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      const msg = `Container image ${q(container.image)} is not present with pull policy of Never`;
      recordEvent(api, pod, 'Warning', 'ErrImageNeverPull', msg, container.fieldPath);
      fail(api, pod, container, 'ErrImageNeverPull', msg);
    },

    /**
     * imageManager.pullImage in back-off: the event's short text; the container's message (its
     * waiting status, the sync's error) adds the previous pull's error (prevPullErrMsg, since
     * 1.32: the behaviour of that name).
     */
    recordImageBackOff: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      const msg = `Back-off pulling image ${q(container.image)}`;
      recordEvent(api, pod, 'Normal', 'BackOff', msg, container.fieldPath);
      const prev = cfg.behaviours.prevPullErrMsg
        ? api.domain.imagePullErrors[imageBackOffKey(pod.uid, container.image)]
        : undefined;
      fail(api, pod, container, 'ImagePullBackOff', prev === undefined ? msg : `${msg}: ${prev}`);
    },

    /** "Pulling image", and the request to the node's image puller. */
    requestPull: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      // A pull begins: the last one's error is forgotten ("the map cannot grow indefinitely").
      const key = imageBackOffKey(pod.uid, container.image);
      if (api.domain.imagePullErrors[key] !== undefined)
        delete own(api.domain, 'imagePullErrors')[key];
      recordEvent(
        api,
        pod,
        'Normal',
        'Pulling',
        `Pulling image ${q(container.image)}`,
        container.fieldPath,
      );
      attemptOf(api).pullAskedAt = api.t;
      api.send(IMAGE_PULLER, {
        type: 'PULL',
        requester: api.self,
        image: container.imageRef,
        podUid: pod.uid,
        container: container.name,
      });
    },

    imagePulled: (api, e, ctx) => {
      if (e.type !== 'PULLED') return;
      const { pod, container } = containerOf(ctx);
      const waited = api.t - (attemptOf(api).pullAskedAt ?? api.t);
      recordEvent(
        api,
        pod,
        'Normal',
        'Pulled',
        `Successfully pulled image ${q(container.image)} in ${formatGoDuration(e.pullMs)} (${formatGoDuration(waited)} including waiting). Image size: ${e.sizeBytes} bytes.`,
        container.fieldPath,
      );
      backoffGC(own(api.domain, 'imageBackOff'), api.t, IMAGE_BACKOFF);
      // pullImage's deferred RecordImagePulled (KubeletEnsureSecretPulledImages): the credentials
      // that pulled the image join its record.
      if (cfg.gates.KubeletEnsureSecretPulledImages === true) {
        const ref = container.imageRef;
        own(api.domain, 'imagePullRecords')[ref] = recordPull(
          api.domain.imagePullRecords[ref],
          podPullSecrets(pod.manifest),
        );
      }
    },

    imagePullFailed: (api, e, ctx) => {
      if (e.type !== 'PULL_FAILED') return;
      const { pod, container } = containerOf(ctx);
      recordEvent(
        api,
        pod,
        'Warning',
        'Failed',
        `Failed to pull image ${q(container.image)}: ${e.error}`,
        container.fieldPath,
      );
      const key = imageBackOffKey(pod.uid, container.image);
      backoffNext(own(api.domain, 'imageBackOff'), key, api.t, api.t, IMAGE_BACKOFF);
      // evalCRIPullErr's (err, msg): ErrImagePull and the runtime's error.
      own(api.domain, 'imagePullErrors')[key] = `ErrImagePull: ${e.error}`;
      showBackOff(
        api,
        pod.key,
        container.name,
        'ImagePullBackOff',
        api.t,
        backoffGet(api.domain.imageBackOff, key),
      );
      fail(api, pod, container, 'ErrImagePull', e.error);
    },

    /**
     * generateLinuxContainerResources (kuberuntime_container_linux.go): disableCPUQuota =
     * DisableCPUQuotaWithExclusiveCPUs (beta, default on since 1.33) && ContainerHasExclusiveCPUs,
     * the latter logging V(4) "Container has pinned cpus" (cm/container_manager.go
     * containerHasExclusiveCPUs) when the CPU manager holds attempt cpuset for the container.
     */
    generateContainerConfig: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      // GenerateRunContainerOptions (makeEnvironmentVariables) runs first: its error ends
      // generateContainerConfig before the Linux resources are computed.
      const envErr = envError(cfg, pod.namespace, container.spec);
      if (envErr !== undefined) {
        api.returned({ type: 'CONFIG_FAILED', message: envErr });
        return;
      }
      // makeMounts: /etc/hosts is mounted once the sandbox has an IP (shouldMountHostsFile).
      const ip = api.domain.runtime.sandboxes[attemptOf(api).sandboxId]?.ip;
      klog(api, 'Creating hosts mount for container', [
        ['pod', q(pod.key)],
        ['containerName', q(container.name)],
        ['podIPs', ip ? `[${q(ip)}]` : '[]'],
        ['path', String(ip !== undefined && ip !== '')],
      ]);
      const cpu = api.domain.cpu;
      let unlimited = false;
      if (cfg.gates.DisableCPUQuotaWithExclusiveCPUs === true && cpu) {
        unlimited = containerHasExclusiveCPUs(cpu, pod.uid, container.name);
        if (unlimited)
          klog(api, 'Container has pinned cpus', [
            ['podName', q(pod.name)],
            ['containerName', q(container.name)],
          ]);
      }
      klog(api, 'Enforcing CFS quota', [
        ['pod', q(pod.key)],
        ['unlimited', String(unlimited)],
      ]);
    },

    /** generateContainerConfig failed: Failed "Error: <msg>", ErrCreateContainerConfig. */
    containerConfigFailed: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      const msg = ctx.message ?? '';
      fail(api, pod, container, 'CreateContainerConfigError', msg, msg);
    },

    /**
     * Before PreCreateContainer (1.21): cpuManager.AddContainer's updateContainerCPUSet, CRI
     * UpdateContainerResources{CpusetCpus} on the created container.
     */
    criUpdateContainerResources: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      const cpu = api.domain.cpu;
      const cpuset = cpu ? cpusetForContainer(cpu.state, pod.uid, container.name) : '';
      api.record('cpuset', { uid: pod.uid, container: container.name, cpuset });
      cpusetApplied(api, pod, container.name, 'PreStartContainer');
    },

    preCreateContainer: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      const cpu = api.domain.cpu;
      const cpuset = cpu ? preCreateContainer(cpu, pod.uid, container.name) : '';
      // GetMemoryNUMANodes: the NUMA nodes of the container's memory blocks become cpuset.mems.
      const mems = cpu ? memoryNUMANodes(cpu.memory, pod.uid, container.name) : [];
      if (mems.length > 0)
        klog(api, 'Memory affinity', [
          ['pod', q(pod.key)],
          ['containerName', q(container.name)],
          ['numaNodes', `{${mems.map((n) => `"${n}":{}`).join(',')}}`],
        ]);
      // Written into the CRI container config's linux.resources.cpuset_cpus ("" = not set),
      // and cpuset_mems only when the memory manager holds blocks for the container.
      api.record('cpuset', {
        uid: pod.uid,
        container: container.name,
        cpuset,
        ...(mems.length > 0 ? { mems: mems.join(',') } : {}),
      });
      cpusetApplied(api, pod, container.name, 'PreCreateContainer');
    },

    /** CRI CreateContainer: attempt CreateContainerError fault makes it fail. */
    criCreateContainer: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      const fault = takeFault(
        cfg,
        api.domain,
        api.t,
        'CreateContainerError',
        pod.key,
        container.name,
      );
      if (!fault) return;
      // The CRI call's status message (grpc status.Message): the common CreateContainer
      // failure is the runtime not answering in time. A missing executable is not found here
      // but at StartContainer (runc create runs in containerd's task creation).
      api.returned({ type: 'CRI_FAILED', message: fault.message ?? 'context deadline exceeded' });
    },

    containerCreateFailed: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      const msg = ctx.message ?? '';
      fail(api, pod, container, 'CreateContainerError', msg, msg);
    },

    /** CreateContainer returned: the container exists; the resource managers' PreStartContainer. */
    preStartContainer: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      const attempt = attemptOf(api);
      const created = createContainer(
        api.domain,
        pod,
        container,
        attempt.sandboxId,
        attempt.restartCount,
        api.t,
      );
      attempt.containerId = created.id;
      // SetActuatedResources: the container runs with its allocation (a resize's, once
      // accepted; the manifest's otherwise, which needs no record).
      const allocated = api.domain.apiPods[pod.uid]?.allocated?.find(
        (a) => a.name === container.name,
      );
      if (allocated) {
        const apiPod = own2(api.domain, 'apiPods', pod.uid);
        apiPod.actuated = { ...apiPod.actuated, [container.name]: allocated.resources };
      }
      if (api.domain.cpu) {
        const cpu = own(api.domain, 'cpu')!;
        const before = cpu.memory;
        const rm = cfg.generations[api.domain.gen]?.resourceManagers;
        preStartContainer(cpu, pod.uid, container.name, created.id, rm, pod);
        // memoryManager.AddContainer gave the regular init containers' memory back.
        if (cpu.memory !== before) api.record('resourceAssignments', resourceSnapshot(cpu));
      }
    },

    /** The Created event, then CRI StartContainer: a StartContainerError fault makes it fail. */
    criStartContainer: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      recordEvent(
        api,
        pod,
        'Normal',
        'Created',
        // kuberuntime_container.go (1.35+, PR #134043): no container name.
        'Container created',
        container.fieldPath,
      );
      const fault = takeFault(
        cfg,
        api.domain,
        api.t,
        'StartContainerError',
        pod.key,
        container.name,
      );
      if (!fault) return;
      api.returned({
        type: 'CRI_FAILED',
        message: fault.message ?? missingExecutableError(cfg, container),
      });
    },

    /**
     * StartContainer failed (kuberuntime_container.go startContainer): event Failed
     * "Error: <status message>", ErrRunContainer (RunContainerError). containerd's
     * StartContainer marks the container exited: exit code 128 (errorStartExitCode), reason
     * StartError (errorStartReason), its message the error, StartedAt never set.
     */
    containerStartFailed: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      const attempt = attemptOf(api);
      const msg = ctx.message ?? '';
      exitContainer(api.domain, attempt.containerId!, api.t, 128, 'StartError', msg);
      fail(api, pod, container, 'RunContainerError', msg, msg);
    },

    /** StartContainer returned: the Started event; the process runs until attempt fault or its end. */
    containerStarted: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      const domain = api.domain;
      const attempt = attemptOf(api);
      const id = attempt.containerId!;
      startContainer(domain, id, api.t);
      recordEvent(api, pod, 'Normal', 'Started', 'Container started', container.fieldPath);
      api.record('containerStarted', { uid: pod.uid, container: container.name, id });
      // The process: attempt ContainerExit fault, or attempt regular init container that runs to completion.
      const exit = takeFault(cfg, domain, api.t, 'ContainerExit', pod.key, container.name);
      if (exit) {
        api.send(
          CONTAINER_RUNTIME,
          {
            type: 'EXIT',
            id,
            exitCode: exit.exitCode,
            reason: exit.reason ?? (exit.exitCode === 0 ? 'Completed' : 'Error'),
            // The kubelet reads the termination message file into the terminated state's
            // Message (kuberuntime_container.go getTerminationMessage).
            ...(exit.message !== undefined ? { message: exit.message } : {}),
          },
          Math.round(exit.afterSeconds * 1000),
        );
      } else if (container.kind === 'init') {
        api.send(
          CONTAINER_RUNTIME,
          { type: 'EXIT', id, exitCode: 0, reason: 'Completed' },
          cfg.latencies.initContainerRun,
        );
      }
    },

    /**
     * The hook runs: attempt PostStartHang fault holds it (and never fails it), attempt PostStartFail
     * fault makes it fail. The machine's `postStartHook` delay is how long it runs.
     */
    runPostStart: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      const domain = api.domain;
      if (takeFault(cfg, domain, api.t, 'PostStartHang', pod.key, container.name)) return;
      const fault = takeFault(cfg, domain, api.t, 'PostStartFail', pod.key, container.name);
      if (!fault) return;
      api.returned(
        fault.message === undefined
          ? { type: 'HOOK_FAILED' }
          : { type: 'HOOK_FAILED', message: fault.message },
      );
    },

    /**
     * handlerRunner.Run failed: FailedPostStartHook, killContainer, PostStartHookError. The
     * runner's message and what carries it changed by release (behaviours: the HTTP hook's
     * wording, the event's text, the error returned).
     */
    postStartFailed: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      const b = cfg.behaviours;
      const attempt = attemptOf(api);
      const hook = container.postStart!;
      const ip = api.domain.syncs[pod.uid]?.podIP ?? '';
      let msg: string;
      let handlerErr: string;
      if (hook.kind === 'httpGet') {
        const url = `http://${ip}:80${hook.path}`;
        handlerErr =
          ctx.message ??
          `Get ${b.goQuotedUrlErrors ? q(url) : url}: dial tcp ${ip}:80: connect: connection refused`;
        msg = `${b.httpHookUpperCase ? 'HTTP' : 'Http'} lifecycle hook (${hook.path}) for Container ${q(container.name)} in Pod ${q(formatPod(pod))} failed - error: ${handlerErr}${b.postStartHookEventGeneric ? '' : ', message: ""'}`;
      } else {
        const cmd = hook.command.slice(1, -1);
        handlerErr = ctx.message ?? `command '${cmd}' exited with 1: `;
        msg = `Exec lifecycle hook (${hook.command}) for Container ${q(container.name)} in Pod ${q(formatPod(pod))} failed - error: ${handlerErr}, message: ""`;
        klog(api, 'Exec lifecycle hook for Container in Pod failed', [
          // A []string: klog renders it as attempt JSON array, like IPs=[...] elsewhere.
          ['execCommand', JSON.stringify(container.spec.lifecycle?.postStart?.exec?.command ?? [])],
          ['containerName', q(container.name)],
          ['pod', q(pod.key)],
          ['message', q('')],
          // handlers.go (contextual logging): logger.V(1).Info(..., "message", output, "err", err).
          ['err', q(handlerErr)],
        ]);
      }
      if (b.postStartHookErrorBare)
        klog(
          api,
          'Failed to execute PostStartHook',
          [
            ...podKV(pod.key, pod.uid),
            ['containerName', q(container.name)],
            ['containerID', q(`containerd://${attempt.containerId}`)],
          ],
          msg,
        );
      recordEvent(
        api,
        pod,
        'Warning',
        'FailedPostStartHook',
        b.postStartHookEventGeneric ? 'PostStartHook failed' : msg,
        container.fieldPath,
      );
      // killContainer(..., "FailedPostStartHook", reasonFailedPostStartHook)
      recordEvent(api, pod, 'Normal', 'Killing', 'FailedPostStartHook', container.fieldPath);
      const grace = podGracePeriod(pod);
      killContainerWithGracePeriod(api, cfg, pod, container.name, attempt.containerId!, grace);
      attempt.error = b.postStartHookErrorBare
        ? 'PostStartHookError'
        : `PostStartHookError: ${handlerErr}`;
      attempt.message = msg;
    },

    /** The start helper's result goes back to the runtime SyncPod. */
    reportResult: (api, _e, ctx) => {
      const { pod, container } = containerOf(ctx);
      const domain = api.domain;
      const attempt = attemptOf(api);
      const runtimeSync = domain.syncs[pod.uid];
      if (runtimeSync) {
        const result = [...runtimeSync.results]
          .reverse()
          .find((x) => x.action === 'StartContainer' && x.target === container.name);
        if (result && attempt.error !== undefined) {
          result.error = attempt.error;
          result.message = attempt.message;
          if (attempt.error === 'ImagePullBackOff')
            klog(api, 'Container start failed in pod', [
              ['containerType', q(attempt.typeName)],
              // spec.container.Name (1.34+; before, the *v1.Container itself).
              ['container', q(container.name)],
              ['pod', q(pod.key)],
              ['containerMessage', q(attempt.message ?? '')],
              // klog.V(3).InfoS(..., "containerMessage", msg, "err", err): err is the last pair.
              ['err', q(attempt.error)],
            ]);
          else
            klog(
              api,
              'HandleError',
              [],
              // SyncPod's start helper: fmt.Errorf("%v %v start failed in pod %v: %w: %s",
              // typeName, spec.container.Name, format.Pod(pod), err, msg) (1.34+).
              `${attempt.typeName} ${container.name} start failed in pod ${formatPod(pod)}: ${attempt.error}: ${attempt.message ?? ''}`,
            );
        }
        runtimeSync.lastResult = {
          name: container.name,
          ok: attempt.error === undefined,
          typeName: attempt.typeName,
        };
      }
      delete domain.starts[api.self];
      api.send(syncPodId(pod.key), { type: 'CONTAINER_RESULT', ok: attempt.error === undefined });
    },
  };
}
