/**
 * The container runtime (containerd), which the kubelet does not run but observes through CRI,
 * a plain engine process: a container's process exits on its own (the scenario's ContainerExit
 * fault, or a regular init container finishing) or after StopContainer. The kubelet learns of it
 * through the PLEG relist.
 */
import type { AnyEventObject } from 'xstate';
import type { ProcessKind } from '../../runner/types';
import { klog, podKV, q } from '../klog';
import { exitContainer, stopPodSandbox } from '../runtime';
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
  /**
   * StopContainer's signals ended the process (killContainer.ts stopOutcome: 143 or 137).
   * `returnsTo`: the kubelet's killContainer waiting on this StopContainer, which logs
   * "Container exited normally" as the call returns (SyncTerminatingPod logs its own).
   */
  | {
      type: 'STOPPED';
      id: string;
      exitCode: number;
      reason: string;
      returnsTo?: { pod: string; podUid: string; container: string };
    }
  /** The sandbox's pause process died (the scenario's SandboxDied): containerd marks it NOTREADY. */
  | { type: 'SANDBOX_DIED'; id: string };

export function containerRuntimeProcess(): ProcessKind<KubeletDomain> {
  return {
    state: 'serving',
    handle(api, e: AnyEventObject) {
      const ev = e as ContainerRuntimeEvent | { type: 'xstate.init' };
      if (ev.type === 'xstate.init') return;
      if (ev.type === 'SANDBOX_DIED') {
        stopPodSandbox(api.domain, ev.id);
        return;
      }
      if (ev.type === 'EXIT')
        exitContainer(api.domain, ev.id, api.t, ev.exitCode, ev.reason, ev.message);
      else {
        exitContainer(api.domain, ev.id, api.t, ev.exitCode, ev.reason);
        if (ev.returnsTo)
          klog(api, 'Container exited normally', [
            ...podKV(ev.returnsTo.pod, ev.returnsTo.podUid),
            ['containerName', q(ev.returnsTo.container)],
            ['containerID', q(`containerd://${ev.id}`)],
          ]);
      }
      api.record('containerExited', { id: ev.id, exitCode: ev.exitCode });
    },
  };
}
