/**
 * Probe workers (pkg/kubelet/prober/worker.go run/doProbe, prober.go probe): random initial
 * sleep when the kubelet started less than a period ago, a ticker of periodSeconds, manual
 * triggers; the status manager's view of the container decides whether to probe; results
 * change only at the thresholds; each failure emits an Unhealthy event; a liveness/startup
 * failure puts the worker on hold until a new container appears. Result changes go to the
 * sync loop (results manager Updates channels).
 */
import { createRng, deriveSeed, nextFloat } from '../../core/prng';
import type { ProberContext, proberMachine } from '../../machines/prober.machine';
import type { EffectApi, EffectsOf } from '../../runner/types';
import type { ProbeDef } from '../config';
import { type Env, recordEvent } from '../env';
import { takeFault } from '../faults';
import { SYNC_LOOP } from '../ids';
import { klog, podKV, q } from '../klog';
import type { KubeletDomain, ProbeResult, ProberWorkerState } from '../types';

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
      return `timeout: failed to connect service "${ip}:${p.port}" within 1s`;
    default:
      return '';
  }
}

const FAULT = {
  readiness: 'ReadinessProbeFail',
  liveness: 'LivenessProbeFail',
  startup: 'StartupProbeFail',
} as const;

export function proberEffects(env: Env): Effects {
  const { cfg } = env;

  const probeOf = (ctx: ProberContext) => {
    const pod = cfg.pods[ctx.uid]!;
    const c = pod.byName[ctx.container]!;
    return { pod, c, type: ctx.probe, probe: c.probes[ctx.probe]! };
  };

  /** resultsManager.Set: an update reaches the sync loop only when the result changes. */
  const setResult = (api: Api, uid: string, type: string, id: string, r: ProbeResult) => {
    const d = api.domain;
    const key = `${type}/${id}`;
    if (d.probeResults[key] === r) return;
    d.probeResults[key] = r;
    api.send(SYNC_LOOP, { type: 'PROBE', probe: type, uid, containerId: id, result: r });
  };

  const doProbe = (api: Api, ctx: ProberContext): boolean => {
    const { pod, c, type, probe } = probeOf(ctx);
    const d = api.domain;
    const w = d.probers[api.self]!;
    const status = d.status[pod.uid];
    if (!status) return true;
    if (status.phase === 'Failed' || status.phase === 'Succeeded') return false;
    const cs =
      status.containerStatuses.find((s) => s.name === c.name && s.containerID) ??
      status.initContainerStatuses.find((s) => s.name === c.name && s.containerID);
    if (!cs) return true;
    const id = cs.containerID!.slice('containerd://'.length);
    if (w.containerId !== id) {
      if (w.containerId) delete d.probeResults[`${type}/${w.containerId}`];
      w.containerId = id;
      setResult(api, pod.uid, type, id, INITIAL[type]!);
      w.onHold = false;
    }
    if (w.onHold) return true;
    if (!cs.state.running) {
      setResult(api, pod.uid, type, id, 'Failure');
      return !(cs.state.terminated && pod.restartPolicy === 'Never');
    }
    if (d.pods[pod.uid]?.deletionAt !== undefined && (type === 'liveness' || type === 'startup')) {
      setResult(api, pod.uid, type, id, 'Success');
      return false;
    }
    if (api.t - cs.state.running.startedAt < probe.initialDelayMs) return true;
    if (cs.started) {
      if (type === 'startup') return true;
    } else if (type !== 'startup') return true;

    const fault = takeFault(cfg, d, api.t, FAULT[type], pod.key, c.name);
    const result: ProbeResult = fault ? 'Failure' : 'Success';
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
        ['probeType', q(TITLE[type]!)],
        ...podKV(pod.key, pod.uid),
        ['containerName', q(c.name)],
        ['probeResult', q('failure')],
        ['output', q(output)],
      ]);
    } else {
      klog(api, 'Probe succeeded', [
        ['probeType', q(TITLE[type]!)],
        ...podKV(pod.key, pod.uid),
        ['containerName', q(c.name)],
      ]);
    }
    if (w.lastResult === result) w.resultRun++;
    else {
      w.lastResult = result;
      w.resultRun = 1;
    }
    if (
      (result === 'Failure' && w.resultRun < probe.failureThreshold) ||
      (result === 'Success' && w.resultRun < probe.successThreshold)
    )
      return true;
    setResult(api, pod.uid, type, id, result);
    if ((type === 'liveness' || type === 'startup') && result === 'Failure') {
      w.onHold = true;
      w.resultRun = 0;
    }
    return true;
  };

  const startProbing: Effects['startProbing'] = (api, _e, ctx) => {
    const { probe } = probeOf(ctx);
    const state: ProberWorkerState = { resultRun: 0, onHold: false };
    api.domain.probers[api.self] = state;
    // "If kubelet restarted the probes could be started in rapid succession": a random
    // portion of the period when the kubelet started less than a period ago.
    const sleep =
      api.t - api.domain.kubeletStartedAt < probe.periodMs
        ? Math.floor(nextFloat(createRng(deriveSeed(cfg.seed, api.self))) * probe.periodMs)
        : 0;
    api.send(api.self, { type: 'DO_PROBE', via: 'ticker' }, sleep, 'tick');
  };

  const run: Effects['doProbe'] = (api, e, ctx) => {
    const { probe } = probeOf(ctx);
    if (e.type === 'DO_PROBE' && e.via === 'ticker')
      api.send(api.self, { type: 'DO_PROBE', via: 'ticker' }, probe.periodMs, 'tick');
    // The worker stops (the machine's guards saw it coming): its ticker stops too.
    if (!doProbe(api, ctx)) api.cancel(api.self, 'tick');
  };

  return { startProbing, doProbe: run };
}
