/**
 * The eviction manager's evictPod (pkg/kubelet/eviction/eviction_manager.go), a plain engine
 * process: at the scenario's EvictPod time its synchronize has found a hard threshold met and
 * picked the pod (the stats, signals and ranking that lead there are not modelled). It records
 * the Evicted Event, logs "Evicting pod" and kills the pod through killPodNow: a SyncPodKill
 * for the pod worker with Evict set, the grace period override of a hard threshold and a
 * status function that makes the pod Failed with reason Evicted and the message. A kubelet that
 * is not running evicts nothing.
 */
import type { AnyEventObject } from 'xstate';
import type { EffectApi, ProcessKind } from '../../runner/types';
import { recordEvent, type Env } from '../env';
import { SYNC_LOOP } from '../ids';
import { klog, q } from '../klog';
import { updatePod } from '../podWorkers';
import type { KubeletDomain } from '../types';

export interface EvictEvent {
  type: 'EVICT';
  uid: string;
  message: string;
}

export function evictionManagerProcess(env: Env): ProcessKind<KubeletDomain> {
  const { cfg } = env;
  const evict = (api: EffectApi<KubeletDomain>, ev: EvictEvent) => {
    const pod = cfg.pods[ev.uid];
    const worker = api.domain.workers[ev.uid];
    // Only a pod the kubelet runs is ranked; a finished one is not (its worker is done).
    if (!pod || !api.has(SYNC_LOOP) || !worker || worker.finished) return;
    recordEvent(api, pod, 'Warning', 'Evicted', ev.message);
    klog(api, 'Evicting pod', [
      ['pod', q(pod.key)],
      ['podUID', q(pod.uid)],
      ['message', q(ev.message)],
    ]);
    // synchronize: a hard threshold's override, 0 before 1.31 (which the pod worker reads as
    // unset: the pod's terminationGracePeriodSeconds), immediateEvictionGracePeriodSeconds after.
    updatePod(env, api, pod.uid, 'kill', {
      message: ev.message,
      graceSeconds: cfg.behaviours.immediateEvictionGrace ? 1 : 0,
    });
  };
  return {
    state: 'watching',
    handle(api, e: AnyEventObject) {
      if (e.type === 'EVICT') evict(api, e as EvictEvent);
    },
  };
}
