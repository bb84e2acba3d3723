/**
 * Models one probe worker (pkg/kubelet/prober/worker.go, worker.run / doProbe): a goroutine per
 * container and probe type. It first sleeps a random part of the period when the kubelet started
 * less than a period ago, then runs doProbe on every tick of its periodSeconds ticker (or at once
 * on a manual trigger). Each doProbe finds the worker in one of these states:
 *   waitingForContainer (no container yet, or it is not running: Failure is recorded) ->
 *   initialDelay (initialDelaySeconds since the container started) -> waitingForStartup
 *   (liveness/readiness hold until the startup probe has succeeded) -> probing ⇄ onHold (a
 *   liveness/startup failure at failureThreshold holds the worker until a new container appears)
 *   -> stopped (the pod is terminal or being deleted, or the kubelet stops the worker).
 * A startup probe whose container has started is done (startupSucceeded). The results manager's
 * updates wake the sync loop; the guards read what doProbe will find (kubelet/probeOutlook.ts).
 */
import { setup } from 'xstate';
import { probeOutlook, type ProbeOutlook } from '../kubelet/probeOutlook';
import { kubelet } from '../kubelet/view';
import { proberId } from '../kubelet/ids';

/** The loop's select: its ticker fired, or a manual trigger (probeManager.UpdatePodStatus). */
export type ProberEvent = { type: 'DO_PROBE'; via: 'ticker' | 'manual trigger' } | { type: 'STOP' };

export interface ProberContext {
  uid: string;
  container: string;
  probe: 'liveness' | 'readiness' | 'startup';
}

function outlook(ctx: ProberContext): ProbeOutlook {
  const k = kubelet();
  return probeOutlook(k, ctx, proberId(k.run.pods[ctx.uid]!.key, ctx.container, ctx.probe));
}

/** doProbe, whichever select case woke the loop; the guards say where it leaves the worker. */
const doProbe = [
  { guard: 'pod terminal or being deleted', target: '#prober.stopped', actions: 'doProbe' },
  { guard: 'no running container', target: '.waitingForContainer', actions: 'doProbe' },
  { guard: 'on hold', target: '.onHold', actions: 'doProbe' },
  { guard: 'within initial delay', target: '.initialDelay', actions: 'doProbe' },
  { guard: 'startup probe has not succeeded', target: '.waitingForStartup', actions: 'doProbe' },
  { guard: 'startup probe succeeded', target: '.startupSucceeded', actions: 'doProbe' },
  { guard: 'failure threshold reached', target: '.onHold', actions: 'doProbe' },
  { target: '.probing', actions: 'doProbe' },
] as const;

export const proberMachine = setup({
  types: {
    events: {} as ProberEvent,
    context: {} as ProberContext,
    input: {} as ProberContext,
  },
  guards: {
    'pod terminal or being deleted': ({ context }) => outlook(context) === 'stop',
    'no running container': ({ context }) => {
      const o = outlook(context);
      return o === 'no container' || o === 'not running';
    },
    'on hold': ({ context }) => outlook(context) === 'on hold',
    'within initial delay': ({ context }) => outlook(context) === 'initial delay',
    'startup probe has not succeeded': ({ context }) => outlook(context) === 'waiting for startup',
    'startup probe succeeded': ({ context }) => outlook(context) === 'startup succeeded',
    /** Only liveness and startup failures hold the worker; readiness just reports Failure. */
    'failure threshold reached': ({ context }) =>
      context.probe !== 'readiness' && outlook(context) === 'failure threshold reached',
  },
  actions: { doProbe: () => {}, startProbing: () => {} },
}).createMachine({
  id: 'prober',
  context: ({ input }) => input,
  initial: 'worker',
  states: {
    worker: {
      initial: 'waitingForContainer',
      entry: 'startProbing',
      on: { DO_PROBE: doProbe, STOP: 'stopped' },
      states: {
        waitingForContainer: {},
        initialDelay: {},
        waitingForStartup: {},
        probing: {},
        onHold: {},
        startupSucceeded: {},
      },
    },
    stopped: { type: 'final' },
  },
});
