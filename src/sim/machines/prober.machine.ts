/**
 * Models one probe worker (pkg/kubelet/prober/worker.go, worker.run / doProbe): a goroutine per
 * container and probe type. It first sleeps a random part of the period when the kubelet started
 * less than a period ago, then runs doProbe on every tick of its periodSeconds ticker (or at once
 * on a manual trigger). Each doProbe finds the worker in one of these states:
 *   waitingForContainer (no container yet, or it is not running: Failure is recorded) ->
 *   initialDelay (initialDelaySeconds since the container started) -> waitingForStartup
 *   (liveness/readiness hold until the startup probe has succeeded) -> probing ⇄ onHold (a
 *   liveness/startup failure at failureThreshold holds the worker until a new container appears)
 *   -> stopped (the pod is terminal or being deleted, its container exited and will not be
 *   restarted, or the kubelet stops the worker).
 * A startup probe whose container has started is done (startupSucceeded). The results manager's
 * updates wake the sync loop; the guards read what doProbe will find (kubelet/probeOutlook.ts).
 */
import { setup } from 'xstate';
import { createRng, deriveSeed, nextFloat } from '../core/prng';
import { lastSameContainer, probeOutlook, type ProbeOutlook } from '../kubelet/probeOutlook';
import { kubelet } from '../kubelet/view';
import { proberId } from '../kubelet/ids';

/** The loop's select: its ticker fired, or a manual trigger (probeManager.UpdatePodStatus). */
export type ProberEvent = { type: 'DO_PROBE'; via: 'manual trigger' } | { type: 'STOP' };

export interface ProberContext {
  uid: string;
  container: string;
  probe: 'liveness' | 'readiness' | 'startup';
  /** When probeManager.AddPod started the worker's goroutine (its sleep is measured from it). */
  workerStartedAt: number;
}

/** What doProbe will find, computed once per step (its guards all ask). */
let memoStep = -1;
let memoCtx: ProberContext | undefined;
/** The world's state the memo was read from (a re-run shares contexts with the run it resumes). */
let memoDomain: unknown;
let memoOutlook: ProbeOutlook = 'probe';
let memoSame = false;
/** Each worker's instance id, by its (never replaced) context: built once, not every tick. */
const selfIds = new WeakMap<ProberContext, string>();
function outlook(ctx: ProberContext): ProbeOutlook {
  const k = kubelet();
  if (memoStep === k.step && memoCtx === ctx && memoDomain === k.domain) return memoOutlook;
  let self = selfIds.get(ctx);
  if (self === undefined) {
    self = proberId(k.run.pods[ctx.uid]!.key, ctx.container, ctx.probe);
    selfIds.set(ctx, self);
  }
  memoOutlook = probeOutlook(k, ctx, self);
  memoSame = lastSameContainer;
  memoStep = k.step;
  memoCtx = ctx;
  memoDomain = k.domain;
  return memoOutlook;
}

/**
 * Whether this step's guards found a doProbe that changes nothing: no container yet, or the
 * worker's own container within its initial delay, waiting for the startup probe, done with
 * its startup probe, or on hold. Its effect runs first in the step, on the state the guards
 * read, so it may return at once; false when the guards did not decide this step.
 */
export function idleDoProbe(ctx: ProberContext, step: number, domain: unknown): boolean {
  if (memoStep !== step || memoCtx !== ctx || memoDomain !== domain) return false;
  switch (memoOutlook) {
    case 'no container':
      return true;
    case 'startup succeeded':
    case 'initial delay':
    case 'waiting for startup':
    case 'on hold':
      return memoSame;
    default:
      return false;
  }
}

/**
 * doProbe, whichever select case woke the loop (or the end of the initial sleep): `doProbe` is
 * passed through within the step, and its guards say where it leaves the worker. They read the
 * kubelet as the step began, before the probe's effect runs.
 */
const afterDoProbe = [
  { guard: 'pod terminal or being deleted', target: '#prober.stopped' },
  { guard: 'container will not be restarted', target: '#prober.stopped' },
  { guard: 'no running container', target: 'waitingForContainer' },
  { guard: 'on hold', target: 'onHold' },
  { guard: 'within initial delay', target: 'initialDelay' },
  { guard: 'startup probe has not succeeded', target: 'waitingForStartup' },
  { guard: 'startup probe succeeded', target: 'startupSucceeded' },
  { guard: 'failure threshold reached', target: 'onHold' },
  { target: 'probing' },
] as const;

/** The probe's periodSeconds (the ticker's period) and failure/success thresholds. */
function probeDef(ctx: ProberContext) {
  return kubelet().run.pods[ctx.uid]!.byName[ctx.container]!.probes[ctx.probe]!;
}

export const proberMachine = setup({
  types: {
    events: {} as ProberEvent,
    context: {} as ProberContext,
    input: {} as ProberContext,
  },
  delays: {
    /**
     * run(): "If kubelet restarted the probes could be started in rapid succession. Let the
     * worker wait for a random portion of tickerPeriod before probing. Do it only if the kubelet
     * has started recently": rand.Float64() × period when the kubelet started less than a
     * period ago, else 0. Drawn from the scenario's seed, one stream per worker.
     */
    initialSleep: ({ context }) => {
      const k = kubelet();
      const period = probeDef(context).periodMs;
      const since = context.workerStartedAt;
      if (since - k.domain.kubeletStartedAt >= period) return 0;
      const self = proberId(k.run.pods[context.uid]!.key, context.container, context.probe);
      const sleep = Math.floor(nextFloat(createRng(deriveSeed(k.run.seed, self))) * period);
      // What is left of it (a buffered trigger re-arms the sleep's timer in a sibling state).
      return Math.max(0, since + sleep - k.t);
    },
    /** The probeTicker's period: periodSeconds. */
    probePeriod: ({ context }) => probeDef(context).periodMs,
  },
  guards: {
    'pod terminal or being deleted': ({ context }) => outlook(context) === 'stop',
    /**
     * "Abort if the container will not be restarted": the pod's restartPolicy, or from 1.35 the
     * container's own restartPolicy and restart rules (podutil.ContainerShouldRestart).
     */
    'container will not be restarted': ({ context }) => outlook(context) === 'will not restart',
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
  actions: { doProbe: () => {}, startProbing: () => {}, runBufferedTrigger: () => {} },
}).createMachine({
  id: 'prober',
  context: ({ input }) => input,
  initial: 'initialSleep',
  on: { STOP: '.stopped' },
  states: {
    /**
     * time.Sleep before the loop: nothing reads manualTriggerCh, so a trigger waits in the
     * channel (buffer 1; a second one is dropped by the non-blocking send) until the first
     * doProbe has run, and the loop's select then takes it at once.
     */
    initialSleep: {
      entry: 'startProbing',
      initial: 'asleep',
      states: {
        asleep: {
          on: { DO_PROBE: 'triggerBuffered' },
          after: { initialSleep: '#prober.worker.doProbe' },
        },
        // The sleep ends at the same instant: the delay is what is left of it.
        triggerBuffered: {
          after: {
            initialSleep: { target: '#prober.worker.doProbe', actions: 'runBufferedTrigger' },
          },
        },
      },
    },
    /** The probe loop: `for w.doProbe(ctx) { select { stopCh | probeTicker.C | manualTriggerCh } }`. */
    worker: {
      // Always entered through doProbe; an initial state is required all the same.
      initial: 'doProbe',
      // A tick re-enters `worker`, so its `after` arms the next one; a trigger does not.
      after: { probePeriod: { target: '.doProbe', reenter: true } },
      on: { DO_PROBE: '.doProbe' },
      states: {
        doProbe: { entry: 'doProbe', always: afterDoProbe },
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
