/**
 * The container runtime (containerd), which the kubelet does not run but observes through CRI,
 * a plain engine process: a container's process exits on its own (the scenario's ContainerExit
 * fault, or a regular init container finishing) or after StopContainer. The kubelet learns of it
 * through the PLEG relist.
 */
import type { AnyEventObject } from 'xstate';
import type { ProcessKind } from '../../runner/types';
import { exitContainer } from '../runtime';
import type { KubeletDomain } from '../types';

export type ContainerRuntimeEvent =
  | {
      type: 'EXIT';
      id: string;
      exitCode: number;
      reason: string;
      /** What the process wrote to its terminationMessagePath (/dev/termination-log). */
      message?: string;
    }
  | { type: 'STOPPED'; id: string };

/** Exit status of a process that stops on SIGTERM within its grace period. */
export const STOPPED_EXIT = { exitCode: 0, reason: 'Completed' } as const;

export function containerRuntimeProcess(): ProcessKind<KubeletDomain> {
  return {
    state: 'serving',
    handle(api, e: AnyEventObject) {
      const ev = e as ContainerRuntimeEvent | { type: 'xstate.init' };
      if (ev.type === 'xstate.init') return;
      if (ev.type === 'EXIT')
        exitContainer(api.domain, ev.id, api.t, ev.exitCode, ev.reason, ev.message);
      else exitContainer(api.domain, ev.id, api.t, STOPPED_EXIT.exitCode, STOPPED_EXIT.reason);
      api.record('containerExited', { id: ev.id });
    },
  };
}
