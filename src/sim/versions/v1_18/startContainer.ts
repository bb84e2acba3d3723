/**
 * Effects of v1.18.6's startContainer (kuberuntime_container.go, KubeEdge v1.4.0's vendored copy):
 * the current kubelet's image, create, start and hook steps where 1.18 did the same, and 1.18's
 * own PreStartContainer (cpuset through UpdateContainerResources after CreateContainer), Created
 * text and PostStart failure (the hook runner's message on FailedPostStartHook, lifecycle/handlers.go).
 */
import type { ContainerDef, PodDef } from '../../kubelet/config';
import { preStartContainer } from '../../kubelet/cpuManagerBridge';
import { cpusetApplied } from '../../kubelet/effects/cpuManager';
import { startContainerEffects } from '../../kubelet/effects/startContainer';
import { type Env, recordEvent } from '../../kubelet/env';
import { formatPod } from '../../kubelet/format';
import { takeFault } from '../../kubelet/faults';
import { invalidImageNameMessage } from '../../kubelet/imageReference';
import { killContainerWithGracePeriod, podGracePeriod } from '../../kubelet/killContainer';
import { klog, q } from '../../kubelet/klog';
import { createContainer } from '../../kubelet/runtime';
import type { KubeletDomain } from '../../kubelet/types';
import { cpusetForContainer } from '../../policies/cpumanager/manager';
import type { EffectsOf } from '../../runner/types';
import type { startContainer118Machine } from './startContainer.machine';
import { own } from '../../core/cow';

type Effects = EffectsOf<typeof startContainer118Machine, KubeletDomain>;

export function startContainer118Effects(env: Env): Effects {
  const { cfg } = env;
  const { preCreateContainer: _none, ...same } = startContainerEffects(env, {
    prevPullErrMsg: false,
  });
  void _none;
  const containerOf = (ctx: { uid: string; name: string }): { pod: PodDef; c: ContainerDef } => {
    const pod = cfg.pods[ctx.uid]!;
    return { pod, c: pod.byName[ctx.name]! };
  };
  return {
    ...same,
    /** CreateContainer returned; PreStartContainer registers it with the CPU and topology managers. */
    preStartContainer: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      const a = api.domain.starts[api.self]!;
      const created = createContainer(api.domain, pod, c, a.sandboxId, a.restartCount, api.t);
      a.containerId = created.id;
      if (api.domain.cpu) preStartContainer(own(api.domain, 'cpu')!, pod.uid, c.name, created.id);
    },
    /** cpuManager.updateContainerCPUSet: CRI UpdateContainerResources{CpusetCpus}. */
    criUpdateContainerResources: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      const cpu = api.domain.cpu;
      const cpuset = cpu ? cpusetForContainer(cpu.state, pod.uid, c.name) : '';
      api.record('cpuset', { uid: pod.uid, container: c.name, cpuset });
      cpusetApplied(api, pod, c.name, 'PreStartContainer');
    },
    /** 1.18's applyDefaultImageTag: "couldn't parse image reference %q: %v". */
    recordInvalidImageName: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      const msg = invalidImageNameMessage(c.image, 'reference') ?? '';
      recordEvent(api, pod, 'Warning', 'InspectFailed', msg, c.fieldPath);
      const a = api.domain.starts[api.self]!;
      a.error = 'InvalidImageName';
      a.message = msg;
      recordEvent(api, pod, 'Warning', 'Failed', 'Error: InvalidImageName', c.fieldPath);
    },
    criStartContainer: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      // kuberuntime_container.go:188 fmt.Sprintf("Created container %s", container.Name)
      recordEvent(api, pod, 'Normal', 'Created', `Created container ${c.name}`, c.fieldPath);
      const fault = takeFault(cfg, api.domain, api.t, 'StartContainerError', pod.key, c.name);
      if (!fault) return;
      const a = api.domain.starts[api.self]!;
      a.failed = 'start';
      // StartContainer's grpc.ErrorDesc as containerd 1.3 / runc 1.0-rc10 worded a missing
      // executable (the shared containerStartFailed records "Error: %v" and RunContainerError).
      // exec.LookPath stats a path and searches $PATH for a bare name.
      const exe = c.spec.command?.[0] ?? c.name;
      const notFound = exe.includes('/')
        ? `stat ${exe}: no such file or directory`
        : 'executable file not found in $PATH';
      a.message =
        fault.message ??
        `failed to create containerd task: OCI runtime create failed: container_linux.go:349: starting container process caused ${q(`exec: ${q(exe)}: ${notFound}`)}: unknown`;
    },
    /**
     * handlerRunner.Run failed: the event carries the runner's message, killContainer's message
     * is "FailedPostStartHook", and the error is fmt.Errorf("%s: %v", ErrPostStartHook, handlerErr).
     */
    postStartFailed: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      const a = api.domain.starts[api.self]!;
      const hook = c.postStart!;
      const ip = api.domain.syncs[pod.uid]?.podIP ?? '';
      let msg: string;
      let handlerErr: string;
      if (hook.kind === 'httpGet') {
        handlerErr =
          a.message ??
          `Get http://${ip}:80${hook.path}: dial tcp ${ip}:80: connect: connection refused`;
        msg = `Http lifecycle hook (${hook.path}) for Container ${q(c.name)} in Pod ${q(formatPod(pod))} failed - error: ${handlerErr}, message: ""`;
      } else {
        const cmd = hook.command.slice(1, -1);
        handlerErr = a.message ?? `command '${cmd}' exited with 1: `;
        msg = `Exec lifecycle hook (${hook.command}) for Container ${q(c.name)} in Pod ${q(formatPod(pod))} failed - error: ${handlerErr}, message: ""`;
        klog(api, 'Exec lifecycle hook for Container in Pod failed', [
          ['execCommand', JSON.stringify(c.spec.lifecycle?.postStart?.exec?.command ?? [])],
          ['containerName', q(c.name)],
          ['pod', q(pod.key)],
          ['message', q('')],
          ['err', q(handlerErr)],
        ]);
      }
      recordEvent(api, pod, 'Warning', 'FailedPostStartHook', msg, c.fieldPath);
      recordEvent(api, pod, 'Normal', 'Killing', 'FailedPostStartHook', c.fieldPath);
      const grace = podGracePeriod(pod);
      killContainerWithGracePeriod(api, cfg, pod, c.name, a.containerId!, grace);
      a.error = `PostStartHookError: ${handlerErr}`;
      a.message = msg;
    },
  };
}
