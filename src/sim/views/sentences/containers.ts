/**
 * One container being killed (killContainer's PreStop hook and StopContainer, in the goroutine
 * killContainersWithSyncResult runs it in) and one probe worker (prober/worker.go run and
 * doProbe).
 */
import type { StepFacts } from './facts';
import { ctr, dur, type SentenceRules } from './rule';

export const killContainer: SentenceRules = [
  {
    event: 'init',
    to: 'preStop',
    say: (f) =>
      `killContainer(${ctr(f)}): its PreStop hook runs first, for at most the grace period.`,
  },
  {
    event: 'init',
    say: (f) => `killContainer(${ctr(f)}): CRI StopContainer with the grace period (SIGTERM).`,
  },
  {
    from: 'preStop',
    guard: 'PreStop hook outlived the grace period',
    say: (f) =>
      `The PreStop hook of ${f.container} outlived the grace period; StopContainer with the minimum 2 s.`,
  },
  {
    from: 'preStop',
    say: (f) =>
      `The PreStop hook of ${f.container} returned after ${dur(f.waited)}; CRI StopContainer with what is left of the grace period.`,
  },
  {
    to: 'stopped',
    say: (f) => `StopContainer returned after ${dur(f.waited)}: ${ctr(f)} is stopped.`,
  },
];

const probeName = (f: StepFacts) => `${f.probe} probe of ${ctr(f)}`;

/** What doProbe found, by the state it leaves the worker in. */
const doProbe: SentenceRules = [
  {
    to: 'stopped',
    guard: 'container will not be restarted',
    say: (f) =>
      `The ${probeName(f)} stops: the container exited and will not be restarted (doProbe: "Abort if the container will not be restarted").`,
  },
  {
    to: 'stopped',
    say: (f) => `The ${probeName(f)} stops: the pod is terminal or being deleted.`,
  },
  {
    to: 'worker.waitingForContainer',
    say: (f) => `doProbe (${probeName(f)}): the container is not running; no probe.`,
  },
  {
    to: 'worker.initialDelay',
    say: (f) => `doProbe (${probeName(f)}): within initialDelaySeconds; no probe yet.`,
  },
  {
    to: 'worker.waitingForStartup',
    say: (f) =>
      `doProbe (${probeName(f)}): the startup probe has not succeeded yet, so this probe waits.`,
  },
  {
    to: 'worker.startupSucceeded',
    say: (f) =>
      `doProbe (${probeName(f)}): the startup probe has succeeded; this worker has nothing more to do.`,
  },
  {
    to: 'worker.onHold',
    say: (f) =>
      `doProbe (${probeName(f)}): failureThreshold reached; the kubelet acts on it and the worker holds until a new container runs.`,
  },
  {
    to: 'worker.probing',
    say: (f) => {
      const r = f.record('probe')?.result;
      return `doProbe: the ${probeName(f)} ran${r ? `: ${r}` : ''}.`;
    },
  },
];

export const prober: SentenceRules = [
  {
    event: 'init',
    say: (f) =>
      `probeManager.AddPod starts a worker for the ${probeName(f)} (worker.run); it first sleeps up to periodSeconds when the kubelet has just started.`,
  },
  {
    event: 'DO_PROBE',
    to: 'initialSleep.triggerBuffered',
    say: (f) =>
      `A manual trigger for the ${probeName(f)} waits in the worker's channel until its initial sleep ends.`,
  },
  ...doProbe,
];
