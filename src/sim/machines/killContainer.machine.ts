/**
 * One container being killed by SyncTerminatingPod: the goroutine killContainersWithSyncResult
 * (pkg/kubelet/kuberuntime/kuberuntime_container.go) runs killContainer in, per running
 * container, in parallel. The pod worker's startTerminating has already emitted the Killing
 * event and either started the PreStop hook ("Running preStop hook") or called StopContainer;
 * this instance holds the two waits of killContainer:
 *
 *   executePreStopHook: blocked for the hook's duration, at most the grace period
 *     (setTerminationGracePeriod's); then grace -= the seconds it took (at least
 *     minimumGracePeriodInSeconds) and CRI StopContainer with what is left;
 *   StopContainer: blocked until the runtime reports the process gone (SIGTERM's stop time, or
 *     the whole grace period for a process that ignores SIGTERM); then the kill returns to the
 *     pod worker, whose guard sees whether it was the last.
 */
import { setup } from 'xstate';
import { MIN_GRACE_S, stopTime } from '../kubelet/killContainer';
import { kubelet } from '../kubelet/view';

export interface KillContainerInput {
  uid: string;
  /** The pod worker waiting for every kill to return. */
  worker: string;
  /** The container's name and its runtime id. */
  name: string;
  id: string;
  /** setTerminationGracePeriod's grace period for this kill (s). */
  grace: number;
  /** How long the PreStop hook runs (ms); absent when no hook runs. */
  hookMs?: number;
}

export type KillContainerContext = KillContainerInput;

/** executePreStopHook waits for the hook at most the grace period. */
function preStopMs(ctx: KillContainerContext): number {
  return Math.min(ctx.hookMs ?? 0, ctx.grace * 1000);
}

/** killContainer runs the PreStop hook when the spec has one and the grace period is > 0. */
function runsPreStop(ctx: KillContainerContext): boolean {
  return ctx.hookMs !== undefined && ctx.grace > 0;
}

/**
 * The grace period StopContainer is called with: killContainer's grace -= the whole seconds
 * the PreStop hook took, at least minimumGracePeriodInSeconds (2 s).
 */
export function stopGrace(ctx: KillContainerContext): number {
  const used = runsPreStop(ctx) ? Math.floor(preStopMs(ctx) / 1000) : 0;
  return Math.max(MIN_GRACE_S, ctx.grace - used);
}

export const killContainerMachine = setup({
  types: {
    context: {} as KillContainerContext,
    input: {} as KillContainerInput,
  },
  guards: {
    'runs a PreStop hook': ({ context }) => runsPreStop(context),
    /** executePreStopHook's select: the grace period's timer fired before the hook returned. */
    'PreStop hook outlived the grace period': ({ context }) =>
      (context.hookMs ?? 0) > context.grace * 1000,
  },
  delays: {
    /** The PreStop hook's duration, cut at the grace period. */
    preStopHook: ({ context }) => preStopMs(context),
    /**
     * CRI StopContainer(timeout = the grace period it was called with): the runtime's stop
     * time, the grace period for a process that ignores SIGTERM, none for one already gone.
     */
    stopContainer: ({ context }) => {
      const k = kubelet();
      if (k.domain.runtime.containers[context.id]?.state !== 'RUNNING') return 0;
      const pod = k.run.pods[context.uid]!;
      return stopTime(k.run, k.domain, k.t, pod, context.name, stopGrace(context));
    },
  },
  actions: {
    preStopCompleted: () => {},
    preStopTimedOut: () => {},
    containerStopped: () => {},
  },
}).createMachine({
  id: 'killContainer',
  context: ({ input }) => input,
  initial: 'starting',
  states: {
    // The worker called PreStop or StopContainer already, in the same step.
    starting: {
      always: [{ guard: 'runs a PreStop hook', target: 'preStop' }, { target: 'stopping' }],
    },
    preStop: {
      after: {
        preStopHook: [
          {
            guard: 'PreStop hook outlived the grace period',
            target: 'stopping',
            actions: 'preStopTimedOut',
          },
          {
            target: 'stopping',
            actions: 'preStopCompleted',
          },
        ],
      },
    },
    stopping: {
      after: { stopContainer: { target: 'stopped', actions: 'containerStopped' } },
    },
    stopped: { type: 'final' },
  },
});
