/** containerd's side: a container process exits (by itself, or after StopContainer). */
import type { AnyEventObject } from 'xstate';
import type { ContainerRuntimeEvent } from '../../machines/containerRuntime.machine';
import type { EffectHandler } from '../../runner/types';
import { exitContainer } from '../runtime';
import type { KubeletDomain } from '../types';

type H = EffectHandler<KubeletDomain>;

/** Exit status of a process that stops on SIGTERM within its grace period. */
export const STOPPED_EXIT = { exitCode: 0, reason: 'Completed' } as const;

export function containerRuntimeEffects(): Record<string, H> {
  const processExited: H = (api, _p, e: AnyEventObject) => {
    const ev = e as ContainerRuntimeEvent;
    if (ev.type === 'EXIT') exitContainer(api.domain, ev.id, api.t, ev.exitCode, ev.reason);
    else exitContainer(api.domain, ev.id, api.t, STOPPED_EXIT.exitCode, STOPPED_EXIT.reason);
    api.record('containerExited', { id: ev.id });
  };
  return { processExited };
}
