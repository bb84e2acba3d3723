/**
 * The kubelet's sync loop, a plain engine process: Kubelet.syncLoop / syncLoopIteration
 * (pkg/kubelet/kubelet.go) is one goroutine blocked in a select over the config channel
 * (ADD/UPDATE/DELETE/REMOVE/RECONCILE), the PLEG channel, the 1 s sync ticker (pods whose
 * work-queue entry is due), the 2 s housekeeping ticker and the liveness/readiness/startup probe
 * result channels. It has no states of its own: each wake-up is one step, and what the kubelet
 * does on it runs here (HandlePodAdditions sorted by creation time with admission and rejectPod,
 * HandlePodUpdates/DELETE, HandlePodRemoves, HandlePodSyncs for PLEG events, due work and probe
 * updates, housekeeping).
 */
import type { AnyEventObject } from 'xstate';
import type { EffectApi, ProcessKind } from '../../runner/types';
import { canAdmitPod } from '../admission';
import { cpuSnapshot } from '../cpuManagerBridge';
import type { Env } from '../env';
import { recordEvent } from '../env';
import { plegEventString } from '../format';
import { SYNC_LOOP, proberId } from '../ids';
import { klog, kobjSlice, q } from '../klog';
import { getWork, SYNC_TICK_MS, updatePod } from '../podWorkers';
import { removeContainer } from '../runtime';
import {
  initialStatus,
  rejectedStatus,
  setContainerReadiness,
  setContainerStartup,
} from '../statusManager';
import type { KubeletDomain } from '../types';

type Api = EffectApi<KubeletDomain>;
type H<E = AnyEventObject> = (api: Api, event: E) => void;

export type ConfigOp = 'ADD' | 'UPDATE' | 'DELETE' | 'REMOVE' | 'RECONCILE';

export type SyncLoopEvent =
  | { type: 'CONFIG'; op: ConfigOp; uids: string[] }
  | { type: 'PLEG'; uid: string; event: string; data: string }
  | { type: 'SYNC_TICK' }
  | { type: 'HOUSEKEEPING' }
  | {
      type: 'PROBE';
      probe: 'liveness' | 'readiness' | 'startup';
      uid: string;
      containerId: string;
      result: string;
    };

/** housekeepingPeriod (pkg/kubelet/kubelet.go). */
export const HOUSEKEEPING_MS = 2000;

export function syncLoopProcess(env: Env): ProcessKind<KubeletDomain> {
  const { cfg } = env;
  const byCreation = (a: string, b: string) => {
    const pa = cfg.pods[a]!;
    const pb = cfg.pods[b]!;
    return pa.at - pb.at || (pa.key < pb.key ? -1 : pa.key > pb.key ? 1 : 0);
  };

  const handleConfig: H<Extract<SyncLoopEvent, { type: 'CONFIG' }>> = (api, ev) => {
    const d = api.domain;
    const keys = ev.uids.map((u) => cfg.pods[u]!.key);
    klog(api, `SyncLoop ${ev.op}`, [
      ['source', q('api')],
      ['pods', kobjSlice(keys)],
    ]);
    switch (ev.op) {
      case 'ADD': {
        // HandlePodAdditions: oldest first; podManager.AddPod; admit; UpdatePod(SyncPodCreate).
        for (const uid of [...ev.uids].sort(byCreation)) {
          const pod = cfg.pods[uid]!;
          if (!d.pods[uid]) d.podOrder.push(uid);
          const apiPod = d.apiPods[uid];
          d.pods[uid] = {
            uid,
            key: pod.key,
            createdAt: pod.at,
            deletionAt: apiPod?.deletionAt,
            deletionGraceSeconds: apiPod?.deletionGraceSeconds,
          };
          d.status[uid] ??= initialStatus(pod);
          // A pod already in a terminal phase (e.g. rejected before a restart) is not admitted again.
          const phase = d.status[uid].phase;
          if (phase === 'Failed' || phase === 'Succeeded') continue;
          if (apiPod?.deletionAt !== undefined) {
            updatePod(env, api, uid, 'create');
            continue;
          }
          const adm = canAdmitPod(cfg, d, pod);
          if (d.cpu) api.record('cpuAssignments', cpuSnapshot(d.cpu), SYNC_LOOP);
          if (!adm.ok) {
            klog(api, 'Pod admission denied', [
              ['podUID', q(uid)],
              ['pod', q(pod.key)],
              ['reason', q(adm.reason)],
              ['message', q(adm.message)],
            ]);
            // Kubelet.rejectPod: Warning event with the reason, phase Failed.
            recordEvent(api, pod, 'Warning', adm.reason, adm.message);
            d.status[uid] = rejectedStatus(pod, adm.reason, adm.message, api.t);
            api.record('podRejected', { uid, reason: adm.reason }, SYNC_LOOP);
            continue;
          }
          updatePod(env, api, uid, 'create');
        }
        break;
      }
      case 'DELETE':
        // The API server set deletionTimestamp; DELETE is treated as an UPDATE because of
        // graceful deletion.
        for (const uid of ev.uids) {
          const rec = d.pods[uid];
          const apiPod = d.apiPods[uid];
          if (!rec || !apiPod) continue;
          rec.deletionAt = apiPod.deletionAt;
          rec.deletionGraceSeconds = apiPod.deletionGraceSeconds;
          if (d.workers[uid]) updatePod(env, api, uid, 'update');
        }
        break;
      case 'UPDATE':
        for (const uid of ev.uids) if (d.workers[uid]) updatePod(env, api, uid, 'update');
        break;
      case 'REMOVE':
        for (const uid of ev.uids) {
          const rec = d.pods[uid];
          if (rec) rec.removed = true;
          for (const c of Object.values(cfg.pods[uid]!.byName))
            for (const probe of Object.keys(c.probes)) {
              const id = proberId(cfg.pods[uid]!.key, c.name, probe);
              if (api.has(id)) api.stop(id);
            }
          if (d.workers[uid]) updatePod(env, api, uid, 'kill');
        }
        break;
      case 'RECONCILE':
        break;
    }
  };

  const handlePleg: H<Extract<SyncLoopEvent, { type: 'PLEG' }>> = (api, ev) => {
    const d = api.domain;
    const pod = cfg.pods[ev.uid];
    const known = pod && d.pods[ev.uid] && !d.pods[ev.uid]!.removed;
    const rendered = plegEventString(ev.uid, ev.event, ev.data);
    if (ev.event === 'ContainerRemoved' || !known) {
      if (ev.event !== 'ContainerRemoved')
        klog(api, 'SyncLoop (PLEG): pod does not exist, ignore irrelevant event', [
          ['event', rendered],
        ]);
      return;
    }
    klog(api, 'SyncLoop (PLEG): event for pod', [
      ['pod', q(pod.key)],
      ['event', rendered],
    ]);
    updatePod(env, api, ev.uid, 'sync');
    if (ev.event === 'ContainerDied') cleanUpContainersInPod(api, ev.uid, ev.data);
  };

  /**
   * Kubelet.cleanUpContainersInPod -> podContainerDeletor.deleteContainersInPod: keep the newest
   * exited instance of the container that died (all of them once the pod is finished and deleted),
   * remove the older ones (kuberuntime removeContainer).
   */
  const cleanUpContainersInPod = (api: Api, uid: string, containerId: string): void => {
    const d = api.domain;
    const ps = d.cache.pods[uid];
    if (!ps) return;
    const w = d.workers[uid];
    const removeAll = !!w?.finished && !!w.deleted;
    const matched = ps.containers.find((c) => c.id === containerId);
    if (!matched) {
      klog(api, "Container not found in pod's containers", [['containerID', q(containerId)]]);
      return;
    }
    const keep = removeAll ? 0 : 1;
    const candidates = ps.containers.filter((c) => c.state === 'EXITED' && c.name === matched.name);
    for (const c of candidates.slice(keep)) {
      if (!d.runtime.containers[c.id]) continue;
      klog(api, 'Removing container', [['containerID', q(c.id)]]);
      removeContainer(d, c.id);
    }
  };

  const handleSyncTick: H = (api) => {
    const d = api.domain;
    api.send(SYNC_LOOP, { type: 'SYNC_TICK' }, SYNC_TICK_MS);
    const uids = getWork(d, api.t).filter((u) => d.pods[u] && !d.pods[u].removed);
    if (uids.length === 0) return;
    klog(api, 'SyncLoop (SYNC) pods', [
      ['total', String(uids.length)],
      ['pods', kobjSlice(uids.map((u) => cfg.pods[u]!.key))],
    ]);
    for (const uid of uids) updatePod(env, api, uid, 'sync');
  };

  const handleHousekeeping: H = (api) => {
    api.send(SYNC_LOOP, { type: 'HOUSEKEEPING' }, HOUSEKEEPING_MS);
    klog(api, 'SyncLoop (housekeeping)');
    klog(api, 'SyncLoop (housekeeping) end', [['duration', q('0s')]]);
  };

  const handleProbe: H<Extract<SyncLoopEvent, { type: 'PROBE' }>> = (api, ev) => {
    const d = api.domain;
    const pod = cfg.pods[ev.uid];
    if (!pod || !d.pods[ev.uid] || d.pods[ev.uid]!.removed) return;
    let status: string;
    if (ev.probe === 'liveness') {
      if (ev.result !== 'Failure') return;
      status = 'unhealthy';
    } else if (ev.probe === 'readiness') {
      const ready = ev.result === 'Success';
      setContainerReadiness(d, pod, ev.containerId, ready, api.t);
      status = ready ? 'ready' : 'not ready';
    } else {
      const started = ev.result === 'Success';
      setContainerStartup(d, pod, ev.containerId, started);
      status = started ? 'started' : 'unhealthy';
    }
    klog(api, 'SyncLoop (probe)', [
      ['probe', q(ev.probe)],
      ['status', q(status)],
      ['pod', q(pod.key)],
    ]);
    updatePod(env, api, ev.uid, 'sync');
  };

  const startSyncLoop: H = (api) => {
    klog(api, 'Starting kubelet main sync loop');
    api.send(SYNC_LOOP, { type: 'SYNC_TICK' }, SYNC_TICK_MS);
    api.send(SYNC_LOOP, { type: 'HOUSEKEEPING' }, HOUSEKEEPING_MS);
  };

  return {
    state: 'select',
    handle(api, e) {
      const ev = e as SyncLoopEvent | { type: 'xstate.init' };
      switch (ev.type) {
        case 'xstate.init':
          return startSyncLoop(api, ev);
        case 'CONFIG':
          return handleConfig(api, ev);
        case 'PLEG':
          return handlePleg(api, ev);
        case 'SYNC_TICK':
          return handleSyncTick(api, ev);
        case 'HOUSEKEEPING':
          return handleHousekeeping(api, ev);
        case 'PROBE':
          return handleProbe(api, ev);
      }
    },
  };
}
