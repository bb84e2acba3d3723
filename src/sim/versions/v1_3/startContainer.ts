/**
 * Effects of v1.3.0's tryContainerStart/runContainerInPod (docker_manager.go, minikube v0.5.0's
 * vendored v1.3.0): the current image, create, start and hook steps where 1.3 did the same, printed
 * through v1.3's message and event tables (docker ids in Created/Started/Killing), and 1.3's own
 * runContainer (Docker CPU shares and CFS quota) and PostStart failure.
 */
import type { ContainerDef, PodDef } from '../../kubelet/config';
import { startContainerEffects } from '../../kubelet/effects/startContainer';
import { type Env, recordEvent } from '../../kubelet/env';
import { formatPod } from '../../kubelet/format';
import { killContainerWithGracePeriod, podGracePeriod } from '../../kubelet/killContainer';
import { q } from '../../kubelet/klog';
import { milliCpu } from '../../kubelet/resources';
import type { KubeletDomain } from '../../kubelet/types';
import type { EffectsOf } from '../../runner/types';
import { dockerCpu } from './cgroups';
import { glog, shortId } from './glog';
import type { dockerStartContainerMachine } from './startContainer.machine';

type Effects = EffectsOf<typeof dockerStartContainerMachine, KubeletDomain>;

/** What runContainer puts on a container's Docker HostConfig (docker.go, docker_manager.go). */
export function dockerHostConfigCpu(c: ContainerDef): {
  shares: number;
  quota: number;
  period: number;
} {
  const r = c.spec.resources;
  return dockerCpu(milliCpu(r?.requests?.cpu ?? r?.limits?.cpu), milliCpu(r?.limits?.cpu));
}

export function dockerStartContainerEffects(env: Env): Effects {
  const { cfg } = env;
  const base = startContainerEffects(env);
  const containerOf = (ctx: { uid: string; name: string }): { pod: PodDef; c: ContainerDef } => {
    const pod = cfg.pods[ctx.uid]!;
    return { pod, c: pod.byName[ctx.name]! };
  };
  return {
    recordImagePresent: base.recordImagePresent,
    recordImageNeverPull: base.recordImageNeverPull,
    recordImageBackOff: base.recordImageBackOff,
    requestPull: base.requestPull,
    imagePulled: base.imagePulled,
    imagePullFailed: base.imagePullFailed,
    runPostStart: base.runPostStart,
    reportResult: base.reportResult,

    /** runContainer: the entrypoint line, the HostConfig, docker CreateContainer (may fail). */
    runContainer: (api, e, ctx) => {
      const { pod, c } = containerOf(ctx);
      const cmd = (xs: string[] | undefined) => `[${(xs ?? []).join(' ')}]`;
      glog(
        api,
        'docker_manager.go:601',
        3,
        `Container ${pod.namespace}/${pod.name}/${c.name}: setting entrypoint "${cmd(c.spec.command)}" and command "${cmd(c.spec.args)}"`,
      );
      base.criCreateContainer(api, e, ctx);
    },

    /** FailedToCreateContainer: "Failed to create docker container with error: %v". */
    dockerCreateFailed: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      const a = api.domain.starts[api.self]!;
      const err = ctx.message ?? '';
      recordEvent(
        api,
        pod,
        'Warning',
        'Failed',
        `Failed to create docker container with error: ${err}`,
        c.fieldPath,
      );
      a.error = 'RunContainerError';
      a.message = `runContainer: ${err}`;
    },

    /** docker CreateContainer returned: the container exists; event Created (docker id). */
    containerCreated: (api, e, ctx) => {
      base.preStartContainer(api, e, ctx);
      base.criStartContainer(api, e, ctx);
    },

    containerStarted: base.containerStarted,

    /**
     * HandlerRunner.Run (lifecycle/handlers.go, v1.3.0) returns "" for a failed exec hook (the
     * inner msg := shadows the outer one), so FailedPostStartHook has an empty message; the
     * error is "PostStart handler: " + the docker exec error.
     */
    postStartFailed: (api, _e, ctx) => {
      const { pod, c } = containerOf(ctx);
      const a = api.domain.starts[api.self]!;
      const hook = c.postStart!;
      const execErr = ctx.message ?? 'Error executing in Docker Container: 1';
      if (hook.kind === 'exec')
        glog(
          api,
          'handlers.go:56',
          1,
          `Exec lifecycle hook (${hook.command}) for Container ${q(c.name)} in Pod ${q(formatPod(pod))} failed - ""`,
        );
      const err = `PostStart handler: ${execErr}`;
      recordEvent(api, pod, 'Warning', 'FailedPostStartHook', '', c.fieldPath);
      recordEvent(
        api,
        pod,
        'Normal',
        'Killing',
        `Killing container with docker id ${shortId(a.containerId!)}: ${err}`,
        c.fieldPath,
      );
      const grace = podGracePeriod(pod);
      killContainerWithGracePeriod(api, cfg, pod, c.name, a.containerId!, grace);
      a.error = 'RunContainerError';
      a.message = err;
    },
  };
}
