/**
 * Probe workers (pkg/kubelet/prober/worker.go doProbe, prober.go probe; the machine holds run()'s
 * initial sleep, ticker and manual triggers): the status manager's view of the container decides whether to probe; results
 * change only at the thresholds; each failure emits an Unhealthy event; a liveness/startup
 * failure puts the worker on hold until a new container appears. Result changes go to the
 * sync loop (results manager Updates channels).
 */
import { idleDoProbe, type ProberContext, type proberMachine } from '../../machines/prober.machine';
import type { EffectApi, EffectsOf } from '../../runner/types';
import type { ContainerDef, PodDef, ProbeDef } from '../config';
import { type Env, recordEvent } from '../env';
import { takeFault } from '../faults';
import { SYNC_LOOP } from '../ids';
import { isContainer, withContainerId } from '../probeOutlook';
import { type KV, klog, podKV, q } from '../klog';
import type { KubeletDomain, ProbeResult, ProberWorkerState } from '../types';
import { own, own2 } from '../../core/cow';
import { isPodPhaseTerminal, probeKey, restartKeep } from '../statusManager';
import { proberKeepsGoing, statusRestartingAll } from '../restartRules';

type Api = EffectApi<KubeletDomain>;
type Effects = EffectsOf<typeof proberMachine, KubeletDomain>;

const INITIAL: Record<string, ProbeResult> = {
  readiness: 'Failure',
  liveness: 'Success',
  startup: 'Unknown',
};

const TITLE: Record<string, string> = {
  readiness: 'Readiness',
  liveness: 'Liveness',
  startup: 'Startup',
};

function failureOutput(p: ProbeDef, ip: string): string {
  switch (p.handler) {
    case 'httpGet':
      return 'HTTP probe failed with statuscode: 500';
    case 'tcpSocket':
      return `dial tcp ${ip}:${p.port}: connect: connection refused`;
    case 'grpc':
      // grpcProber.Probe (pkg/probe/grpc): the server answered the health Check with a status
      // other than SERVING, at once, as an HTTP probe's 500 does. (A refused connection would
      // instead keep the dial retrying until the probe's timeout, "timeout: failed to connect
      // service … within <timeout>": a wait the model's instant probe cannot show.)
      return 'service unhealthy (responded with "NOT_SERVING")';
    default:
      return '';
  }
}

const FAULT = {
  readiness: 'ReadinessProbeFail',
  liveness: 'LivenessProbeFail',
  startup: 'StartupProbeFail',
} as const;

const CONTAINERD = 'containerd://';

interface WorkerDefs {
  pod: PodDef;
  c: ContainerDef;
  probe: ProbeDef;
  /** The kv of its "Probe succeeded" line (the first pairs of "Probe failed"). */
  succeeded: KV;
}

export function proberEffects(env: Env): Effects {
  const { cfg } = env;

  /** resultsManager.Set: an update reaches the sync loop only when the result changes. */
  const setResult = (api: Api, uid: string, type: string, id: string, r: ProbeResult) => {
    const domain = api.domain;
    const key = probeKey(type, id);
    if (domain.probeResults[key] === r) return;
    own(domain, 'probeResults')[key] = r;
    api.send(SYNC_LOOP, { type: 'PROBE', probe: type, uid, containerId: id, result: r });
  };

  /**
   * The run's definitions for a worker, looked up once, not at every tick: its context is never
   * replaced, and the table lives with this run's effects (an edited re-run has its own).
   */
  const workers = new WeakMap<ProberContext, WorkerDefs>();
  const defsOf = (ctx: ProberContext): WorkerDefs => {
    let w = workers.get(ctx);
    if (w === undefined) {
      const pod = cfg.pods[ctx.uid]!;
      const c = pod.byName[ctx.container]!;
      const title = q(TITLE[ctx.probe]!);
      // One "Probe succeeded" kv for all of the worker's lines: log lines never change theirs.
      const succeeded: KV = [
        ['probeType', title],
        ...podKV(pod.key, pod.uid),
        ['containerName', q(c.name)],
      ];
      w = { pod, c, probe: c.probes[ctx.probe]!, succeeded: Object.freeze(succeeded) as KV };
      workers.set(ctx, w);
    }
    return w;
  };

  const doProbe = (api: Api, ctx: ProberContext): boolean => {
    const { pod, c, probe, succeeded } = defsOf(ctx);
    const type = ctx.probe;
    const domain = api.domain;
    const status = domain.status[pod.uid];
    if (!status) return true;
    if (isPodPhaseTerminal(status.phase)) return false;
    const cs =
      withContainerId(status.containerStatuses, c.name) ??
      withContainerId(status.initContainerStatuses, c.name);
    if (!cs) return true;
    // Read-only until something changes: most ticks (a started container's startup probe,
    // one within its initial delay or on hold) write nothing, so they copy nothing (cow).
    let worker = domain.probers[api.self]!;
    if (!isContainer(cs.containerID!, worker.containerId)) {
      const id = cs.containerID!.slice(CONTAINERD.length);
      if (worker.containerId)
        delete own(domain, 'probeResults')[probeKey(type, worker.containerId)];
      worker = own2(domain, 'probers', api.self);
      worker.containerId = id;
      // 1.35+ with ChangeContainerStatusOnKubeletRestart off: a container running since before
      // the kubelet's restart (less its 10 s grace) gets no initial result, so it does not flap.
      const keep = restartKeep(cfg, domain);
      const isRestart =
        keep !== undefined &&
        cs.state.running !== undefined &&
        cs.state.running.startedAt < keep.graceCutoff;
      if (!isRestart) setResult(api, pod.uid, type, id, INITIAL[type]!);
      worker.onHold = false;
    }
    const id = worker.containerId!;
    if (worker.onHold) return true;
    if (!cs.state.running) {
      setResult(api, pod.uid, type, id, 'Failure');
      return proberKeepsGoing(
        cfg.behaviours,
        pod,
        c,
        cs.state.terminated?.exitCode,
        pod.restartAllContainersGate && statusRestartingAll(pod, domain.status[pod.uid]!),
      );
    }
    if (
      domain.pods[pod.uid]?.deletionAt !== undefined &&
      (type === 'liveness' || type === 'startup')
    ) {
      setResult(api, pod.uid, type, id, 'Success');
      return false;
    }
    if (api.t - cs.state.running.startedAt < probe.initialDelayMs) return true;
    if (cs.started) {
      if (type === 'startup') return true;
    } else if (type !== 'startup') return true;

    const fault = takeFault(cfg, domain, api.t, FAULT[type], pod.key, c.name);
    const result: ProbeResult = fault ? 'Failure' : 'Success';
    // For the views only: one probe actually run, and its outcome.
    api.record('probe', { uid: pod.uid, container: c.name, probe: type, result });
    if (fault) {
      const output = fault.message ?? failureOutput(probe, status.podIP ?? '');
      recordEvent(
        api,
        pod,
        'Warning',
        'Unhealthy',
        `${TITLE[type]} probe failed: ${output}`,
        c.fieldPath,
      );
      klog(api, 'Probe failed', [
        ...succeeded,
        ['probeResult', q('failure')],
        ['output', q(output)],
      ]);
    } else klog(api, 'Probe succeeded', succeeded);
    worker = own2(domain, 'probers', api.self);
    if (worker.lastResult === result) worker.resultRun++;
    else {
      worker.lastResult = result;
      worker.resultRun = 1;
    }
    if (
      (result === 'Failure' && worker.resultRun < probe.failureThreshold) ||
      (result === 'Success' && worker.resultRun < probe.successThreshold)
    )
      return true;
    setResult(api, pod.uid, type, id, result);
    if ((type === 'liveness' || type === 'startup') && result === 'Failure') {
      worker.onHold = true;
      worker.resultRun = 0;
    }
    return true;
  };

  /** The worker's goroutine starts: its state in the kubelet (the machine sleeps and ticks). */
  const startProbing: Effects['startProbing'] = (api) => {
    const state: ProberWorkerState = { resultRun: 0, onHold: false };
    own(api.domain, 'probers')[api.self] = state;
  };

  const run: Effects['doProbe'] = (api, _e, ctx) => {
    // Most ticks (a started container's startup probe) change nothing, as the guards found.
    if (idleDoProbe(ctx, api.step, api.domain)) return;
    doProbe(api, ctx);
  };

  /** The loop's select finds the trigger that waited in manualTriggerCh during the sleep. */
  const runBufferedTrigger: Effects['runBufferedTrigger'] = (api) => {
    api.returned({ type: 'DO_PROBE', via: 'manual trigger' });
  };

  return { startProbing, doProbe: run, runBufferedTrigger };
}
