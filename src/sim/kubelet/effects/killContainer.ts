/**
 * killContainer's goroutine (kuberuntime_container.go) after its waits: executePreStopHook's
 * outcome ("PreStop hook completed" / "not completed in grace period") and CRI StopContainer
 * with the grace period left; StopContainer's return to the pod worker (killPod).
 */
import { stopGrace, type killContainerMachine } from '../../machines/killContainer.machine';
import type { EffectApi, EffectsOf } from '../../runner/types';
import type { Env } from '../env';
import { killContainerWithGracePeriod } from '../killContainer';
import { klog, podKV, q } from '../klog';
import type { KubeletDomain } from '../types';

type Effects = EffectsOf<typeof killContainerMachine, KubeletDomain>;
type H = Effects[keyof Effects];

export function killContainerEffects(env: Env): Effects {
  const { cfg } = env;

  const hookKV = (uid: string, name: string, id: string) => {
    const pod = cfg.pods[uid]!;
    return [
      ...podKV(pod.key, pod.uid),
      ['containerName', q(name)],
      ['containerID', q(`containerd://${id}`)],
    ] as [string, string][];
  };

  /** StopContainer with the grace period the machine left after the hook. */
  const stop = (api: EffectApi<KubeletDomain>, uid: string, name: string, id: string, s: number) =>
    killContainerWithGracePeriod(api, cfg, cfg.pods[uid]!, name, id, s, true);

  const preStopCompleted: H = (api, _e, ctx) => {
    klog(api, 'PreStop hook completed', hookKV(ctx.uid, ctx.name, ctx.id));
    stop(api, ctx.uid, ctx.name, ctx.id, stopGrace(ctx));
  };

  const preStopTimedOut: H = (api, _e, ctx) => {
    klog(api, 'PreStop hook not completed in grace period', [
      ...hookKV(ctx.uid, ctx.name, ctx.id),
      ['gracePeriod', String(ctx.grace)],
    ]);
    stop(api, ctx.uid, ctx.name, ctx.id, stopGrace(ctx));
  };

  /** The kill returned: the pod worker logs it and its guard sees whether it was the last. */
  const containerStopped: H = (api, _e, ctx) => {
    api.send(ctx.worker, { type: 'CONTAINER_STOPPED', id: ctx.id, name: ctx.name });
    api.stop(api.self);
  };

  return { preStopCompleted, preStopTimedOut, containerStopped };
}
