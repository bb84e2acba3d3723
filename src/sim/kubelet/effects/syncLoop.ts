/**
 * What the kubelet's sync loop does on each wake-up of syncLoopIteration (pkg/kubelet/kubelet.go;
 * the select and its tickers are machines/syncLoop.machine.ts): HandlePodAdditions sorted by
 * creation time with admission and rejectPod, HandlePodUpdates/DELETE, HandlePodRemoves,
 * HandlePodSyncs for PLEG events, due work and probe updates, housekeeping.
 */
import type { SyncLoopEvent, syncLoopMachine } from '../../machines/syncLoop.machine';
import type { EffectApi, EffectsOf } from '../../runner/types';
import { activePods, canAdmitPod, topologyAdmitLogs } from '../admission';
import { cpuSnapshot, resourceSnapshot, resourceSnapshotKey } from '../cpuManagerBridge';
import type { Env } from '../env';
import { releaseInactive, spawnCpuContainers, staticPolicy } from './cpuManager';
import { recordEvent } from '../env';
import { plegEventString } from '../format';
import { SYNC_LOOP, proberId } from '../ids';
import { type KV, klog, klogWith, kobjSlice, q } from '../klog';
import { getWork, shouldPodContentBeRemoved, updatePod } from '../podWorkers';
import { removeContainer } from '../runtime';
import {
  initialStatus,
  isPodPhaseTerminal,
  rejectedStatus,
  setContainerReadiness,
  setContainerStartup,
} from '../statusManager';
import { syncStatusToApi } from '../statusPatch';
import type { KubeletDomain } from '../types';
import { own, own2 } from '../../core/cow';
import { allocateResize, markResizePending, retryPendingResizes } from './resize';
import { pendingResizesToRetry } from '../resize';

type Api = EffectApi<KubeletDomain>;
type H<E = SyncLoopEvent> = (api: Api, event: E) => void;

/** HandlePodCleanups' V(3) announcements after SyncKnownPods, in its order (kubelet_pods.go). */
const CLEAN_UPS = [
  'Clean up probes for terminated pods',
  'Clean up orphaned pod statuses',
  'Clean up orphaned pod user namespace allocations',
  'Clean up orphaned pod directories',
  'Clean up orphaned mirror pods',
  'Clean up orphaned pod cgroups',
] as const;

/** The kv of every "SyncLoop (housekeeping) end" line (900 a run on the bench node): one list. */
const HOUSEKEEPING_END: KV = Object.freeze([Object.freeze(['duration', q('0s')])]) as unknown as KV;

export function syncLoopEffects(env: Env): EffectsOf<typeof syncLoopMachine, KubeletDomain> {
  const { cfg } = env;
  const byCreation = (a: string, b: string) => {
    const pa = cfg.pods[a]!;
    const pb = cfg.pods[b]!;
    return pa.at - pb.at || (pa.key < pb.key ? -1 : pa.key > pb.key ? 1 : 0);
  };

  const handleConfig: H<Extract<SyncLoopEvent, { type: 'CONFIG' }>> = (api, ev) => {
    const domain = api.domain;
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
          if (!domain.pods[uid]) own(domain, 'podOrder').push(uid);
          const apiPod = domain.apiPods[uid];
          own(domain, 'pods')[uid] = {
            uid,
            key: pod.key,
            createdAt: pod.at,
            deletionAt: apiPod?.deletionAt,
            deletionGraceSeconds: apiPod?.deletionGraceSeconds,
          };
          if (!domain.status[uid]) own(domain, 'status')[uid] = initialStatus(pod, cfg.gates);
          // A pod already in a terminal phase (e.g. rejected before a restart) is not admitted
          // again, and its worker is told of it all the same (HandlePodAdditions calls UpdatePod
          // outside the admission check): its SyncPod finds it terminal and tears it down.
          const phase = domain.status[uid]!.phase;
          if (apiPod?.deletionAt !== undefined || isPodPhaseTerminal(phase)) {
            updatePod(env, api, uid, 'create');
            continue;
          }
          const assignedBefore = domain.cpu?.state.assignments[uid];
          const heldBefore = domain.cpu && resourceSnapshotKey(domain.cpu);
          const adm = canAdmitPod(cfg, domain, pod);
          for (const l of topologyAdmitLogs(cfg, domain, pod, adm))
            if (l.text === undefined) klog(api, l.msg, l.kv, l.err);
            else klogWith(api, l.msg, l.text, l.kv);
          if (domain.cpu) api.record('cpuAssignments', cpuSnapshot(domain.cpu), SYNC_LOOP);
          if (domain.cpu && heldBefore !== resourceSnapshotKey(domain.cpu))
            api.record('resourceAssignments', resourceSnapshot(domain.cpu), SYNC_LOOP);
          const allocation = adm.allocation;
          const refusedByAllocation = !adm.ok && !adm.reason.startsWith('OutOf');
          if (allocation && (allocation.decisions.length > 0 || refusedByAllocation)) {
            const tm = cfg.generations[domain.gen]!.resourceManagers!.topologyManager;
            api.record(
              'topologyAdmission',
              {
                uid,
                policy: tm.policy,
                scope: tm.scope,
                numaNodes: tm.numaInfo.nodes,
                decisions: allocation.decisions,
                admit: !refusedByAllocation,
                ...(refusedByAllocation ? { reason: adm.reason, message: adm.message } : {}),
                ...(allocation.failed ? { failedContainer: allocation.failed.container } : {}),
              },
              SYNC_LOOP,
            );
          }
          // The allocate handler runs before the predicates: the static policy saw each container.
          if (staticPolicy(cfg, domain)) {
            releaseInactive(api, cfg.pods, [...activePods(cfg, domain), pod]);
            spawnCpuContainers(api, pod, assignedBefore);
          }
          if (!adm.ok) {
            // The predicate admit handler logs its InsufficientResourceError (OutOf<resource>).
            if (adm.reason.startsWith('OutOf'))
              klog(api, 'Predicate failed on Pod', [
                ['pod', q(pod.key)],
                ['err', q(adm.message)],
              ]);
            klog(api, 'Pod admission denied', [
              ['podUID', q(uid)],
              ['pod', q(pod.key)],
              ['reason', q(adm.reason)],
              ['message', q(adm.message)],
              // allocation_manager.go canAdmitPod (1.36): the admission's lifecycle.Operation.
              ['operation', q('add')],
            ]);
            // Kubelet.rejectPod: Warning event with the reason, phase Failed.
            recordEvent(api, pod, 'Warning', adm.reason, adm.message);
            const before = domain.status[uid];
            own(domain, 'status')[uid] = rejectedStatus(
              cfg.gates,
              pod,
              adm.reason,
              adm.message,
              api.t,
            );
            syncStatusToApi(api, pod, before);
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
          const rec = own2(domain, 'pods', uid);
          const apiPod = domain.apiPods[uid];
          if (!rec || !apiPod) continue;
          rec.deletionAt = apiPod.deletionAt;
          rec.deletionGraceSeconds = apiPod.deletionGraceSeconds;
          if (domain.workers[uid]) updatePod(env, api, uid, 'update');
        }
        break;
      case 'UPDATE':
        // HandlePodUpdates: the resize (if any) is answered first, then handlePodUpdates.
        break;
      case 'REMOVE':
        for (const uid of ev.uids) {
          const rec = own2(domain, 'pods', uid);
          if (rec) rec.removed = true;
          for (const c of Object.values(cfg.pods[uid]!.byName))
            for (const probe of Object.keys(c.probes)) {
              const id = proberId(cfg.pods[uid]!.key, c.name, probe);
              if (api.has(id)) api.stop(id);
            }
          if (domain.workers[uid]) updatePod(env, api, uid, 'kill');
        }
        break;
      case 'RECONCILE':
        break;
    }
  };

  const handlePleg: H<Extract<SyncLoopEvent, { type: 'PLEG' }>> = (api, ev) => {
    const domain = api.domain;
    // ContainerRemoved events are not logged: rendered only for a line that prints it.
    if (ev.event === 'ContainerRemoved') return;
    const pod = cfg.pods[ev.uid];
    const known = pod && domain.pods[ev.uid] && !domain.pods[ev.uid]!.removed;
    const rendered = plegEventString(ev.uid, ev.event, ev.data);
    if (!known) {
      klog(api, 'SyncLoop (PLEG): pod does not exist, ignore irrelevant event', [
        ['event', rendered],
      ]);
    } else {
      klog(api, 'SyncLoop (PLEG): event for pod', [
        ['pod', q(pod.key)],
        ['event', rendered],
      ]);
      if (ev.event === 'ConditionMet') api.record('plegConditionMet', { uid: ev.uid }, SYNC_LOOP);
      updatePod(env, api, ev.uid, 'sync');
    }
    // Known pod or not (syncLoopIteration's plegCh case).
    if (ev.event === 'ContainerDied') cleanUpContainersInPod(api, ev.uid, ev.data);
  };

  /**
   * Kubelet.cleanUpContainersInPod -> podContainerDeletor.deleteContainersInPod: keep the newest
   * exited instance of the container that died, remove the older ones (kuberuntime
   * removeContainer); remove every exited one when ShouldPodContentBeRemoved.
   */
  const cleanUpContainersInPod = (api: Api, uid: string, containerId: string): void => {
    const domain = api.domain;
    const ps = domain.cache.pods[uid];
    if (!ps) return;
    const removeAll = shouldPodContentBeRemoved(domain, uid);
    // getContainersToDeleteInPod: removing all, it filters on no container (every exited one
    // of the pod is a candidate); otherwise on the dead container's name, keeping the newest.
    const matched = removeAll ? undefined : ps.containers.find((c) => c.id === containerId);
    if (!removeAll && !matched) {
      klog(api, "Container not found in pod's containers", [['containerID', q(containerId)]]);
      return;
    }
    const keep = removeAll ? 0 : 1;
    // The cache lists containers newest first, containerStatusbyCreatedList's order.
    const candidates = ps.containers.filter(
      (c) => c.state === 'EXITED' && (!matched || c.name === matched.name),
    );
    for (const c of candidates.slice(keep)) {
      if (!domain.runtime.containers[c.id]) continue;
      klog(api, 'Removing container', [['containerID', q(c.id)]]);
      // removeContainer's PostStopContainer: the topology manager scope's RemoveContainer.
      klog(api, 'RemoveContainer', [['containerID', q(c.id)]]);
      removeContainer(domain, c.id);
    }
  };

  /** The sync ticker: workQueue.GetWork, then HandlePodSyncs for the due pods. */
  const syncDuePods: H = (api) => {
    const domain = api.domain;
    const due = getWork(domain, api.t);
    // Most ticks find no work: no filtered copy of an empty list.
    if (due.length === 0) return;
    const uids = due.filter((u) => domain.pods[u] && !domain.pods[u].removed);
    if (uids.length === 0) return;
    klog(api, 'SyncLoop (SYNC) pods', [
      ['total', String(uids.length)],
      ['pods', kobjSlice(uids.map((u) => cfg.pods[u]!.key))],
    ]);
    for (const uid of uids) updatePod(env, api, uid, 'sync');
  };

  const housekeeping: H = (api) => {
    klog(api, 'SyncLoop (housekeeping)');
    // HandlePodCleanups: SyncKnownPods first, then the other clean-ups, each announced at V(3)
    // (the orphaned pod cgroups' with cgroupsPerQOS, the default).
    klog(api, 'Clean up pod workers for terminated pods');
    if (!api.domain.podsSynced) api.domain.podsSynced = true;
    for (const m of CLEAN_UPS) klog(api, m);
    klog(api, 'SyncLoop (housekeeping) end', HOUSEKEEPING_END);
  };

  const handleProbe: H<Extract<SyncLoopEvent, { type: 'PROBE' }>> = (api, ev) => {
    const domain = api.domain;
    const pod = cfg.pods[ev.uid];
    if (!pod || !domain.pods[ev.uid] || domain.pods[ev.uid]!.removed) return;
    let status: string;
    if (ev.probe === 'liveness') {
      if (ev.result !== 'Failure') return;
      status = 'unhealthy';
    } else if (ev.probe === 'readiness') {
      const ready = ev.result === 'Success';
      // setContainerReadiness replaces the status (statuses are never changed in place): the
      // one held now is what the watch last showed, no copy needed.
      const before = domain.status[ev.uid];
      if (setContainerReadiness(cfg.gates, domain, pod, ev.containerId, ready, api.t))
        syncStatusToApi(api, pod, before);
      status = ready ? 'ready' : 'not ready';
    } else {
      const started = ev.result === 'Success';
      const before = domain.status[ev.uid];
      if (setContainerStartup(domain, pod, ev.containerId, started))
        syncStatusToApi(api, pod, before);
      status = started ? 'started' : 'unhealthy';
    }
    klog(api, 'SyncLoop (probe)', [
      ['probe', q(ev.probe)],
      ['status', q(status)],
      ['pod', q(pod.key)],
    ]);
    updatePod(env, api, ev.uid, 'sync');
  };

  const firstPod = (ev: SyncLoopEvent) =>
    ev.type === 'CONFIG' && ev.uids.length === 1 ? cfg.pods[ev.uids[0]!] : undefined;

  return {
    startSyncLoop: (api) => klog(api, 'Starting kubelet main sync loop'),
    markResizePending: (api, ev) => {
      const pod = firstPod(ev);
      if (pod) markResizePending(env, api, pod);
    },
    allocateResize: (api, ev) => {
      const pod = firstPod(ev);
      if (pod) allocateResize(env, api, pod);
    },
    triggerPodSync: (api, ev) => {
      const pod = firstPod(ev);
      if (pod && api.domain.workers[pod.uid]) updatePod(env, api, pod.uid, 'sync');
    },
    retryPendingResizes: (api) =>
      retryPendingResizes(env, api, pendingResizesToRetry(cfg, api.domain), (uid) =>
        updatePod(env, api, uid, 'sync'),
      ),
    handlePodUpdates: (api, ev) => {
      if (ev.type !== 'CONFIG' || ev.op !== 'UPDATE') return;
      for (const uid of ev.uids) if (api.domain.workers[uid]) updatePod(env, api, uid, 'update');
    },
    handleConfig: (api, ev) => {
      if (ev.type === 'CONFIG') handleConfig(api, ev);
    },
    handlePleg: (api, ev) => {
      if (ev.type === 'PLEG') handlePleg(api, ev);
    },
    handleProbe: (api, ev) => {
      if (ev.type === 'PROBE') handleProbe(api, ev);
    },
    syncDuePods,
    housekeeping,
  };
}
