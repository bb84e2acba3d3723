/**
 * Kubernetes v1.3.0, followed in minikube v0.5.0's vendored copy (kubernetes/minikube @
 * 0a71dd290d79d26e83e46bcfa3acb4737d628220; Godeps pins k8s.io/kubernetes v1.3.0 @
 * 283137936a498aed572ee22af6774b6fb6e9fd94, go1.6): the kubelet talks to Docker through
 * DockerManager (pkg/kubelet/dockertools/docker_manager.go). Its own machines: SyncPod
 * (DockerManager.SyncPod, with the infra container and the network plugin) and the container
 * start (tryContainerStart -> runContainerInPod). The pod worker, PLEG, prober, image puller and
 * sync loop are the shared machines printed through v1.3's message table; the pod worker also
 * records FailedSync ("Error syncing pod, skipping: %v", pod_workers.go) on every sync error, and
 * the kubelet starts with no CPU manager (it arrived in 1.8): every CPU is shared.
 */
import { recordEvent } from '../../kubelet/env';
import { currentKubelet } from '../../kubelet/versions/current';
import { podWorkerEffects } from '../../kubelet/effects/podWorker';
import { podWorkerMachine } from '../../machines/podWorker.machine';
import type { KubeletVersion } from '../../kubelet/versions/version';
import type { KubeletDomain } from '../../kubelet/types';
import { machineKind, type EffectApi, type MachineKind } from '../../runner/types';
import { processWithMessages, withMessages, type MessageTable } from '../messages';
import { EVENTS_1_3 } from './events';
import { KLOG_1_3 } from './klog';
import { dockerStartContainerMachine } from './startContainer.machine';
import { dockerStartContainerEffects } from './startContainer';
import { dockerSyncPodMachine } from './syncPod.machine';
import { dockerSyncPodEffects } from './syncPod';

export const MESSAGES_1_3: MessageTable = { minor: 3, klog: KLOG_1_3, event: EVENTS_1_3 };

type D = KubeletDomain;

/** A kind with some of its effects replaced (same machine, same action names). */
function withEffects(kind: MachineKind<D>, over: MachineKind<D>['effects']): MachineKind<D> {
  return { machine: kind.machine, effects: { ...kind.effects, ...over } };
}

export const kubelet13: KubeletVersion = {
  name: '1.3',
  machines: {
    ...currentKubelet.machines,
    syncPod: dockerSyncPodMachine,
    startContainer: dockerStartContainerMachine,
  },
  kinds(run) {
    const base = currentKubelet.kinds(run);
    const env = { cfg: run };
    // No terminal phase before deletion in 1.3 (TerminatePod's came in 1.27).
    const podWorker = machineKind<D, typeof podWorkerMachine>(
      podWorkerMachine,
      podWorkerEffects(env),
    );
    const kubeletProcess = base.machines.kubeletProcess!;
    const machines: Record<string, MachineKind<D>> = {
      ...base.machines,
      syncPod: machineKind<D, typeof dockerSyncPodMachine>(
        dockerSyncPodMachine,
        dockerSyncPodEffects(env),
      ),
      startContainer: machineKind<D, typeof dockerStartContainerMachine>(
        dockerStartContainerMachine,
        dockerStartContainerEffects(env),
      ),
      // pod_workers.go managePodLoop: glog.Errorf and a FailedSync event on every error.
      podWorker: withEffects(podWorker, {
        completeSync: (api: EffectApi<D>, ev: never, ctx: never) => {
          podWorker.effects.completeSync!(api, ev, ctx);
          const e = ev as { type: string; error?: string };
          const uid = (ctx as { uid: string }).uid;
          if (e.type === 'SYNC_DONE' && e.error !== undefined)
            recordEvent(
              api,
              run.pods[uid]!,
              'Warning',
              'FailedSync',
              `Error syncing pod, skipping: ${e.error}`,
            );
        },
      }),
      // No CPU manager: nothing is checkpointed and no container is pinned.
      kubeletProcess: withEffects(kubeletProcess, {
        startKubelet: (api: EffectApi<D>, ev: never, ctx: never) => {
          const quiet = Object.create(api) as EffectApi<D> & Record<string, unknown>;
          quiet.record = (kind, data, entity) => {
            if (kind !== 'cpuAssignments') api.record(kind, data, entity);
          };
          kubeletProcess.effects.startKubelet!(quiet, ev, ctx);
          api.domain.cpu = null;
        },
      }),
    };
    return {
      machines: Object.fromEntries(
        Object.entries(machines).map(([k, m]) => [k, withMessages(m, MESSAGES_1_3, run)]),
      ),
      processes: Object.fromEntries(
        Object.entries(base.processes).map(([k, p]) => [
          k,
          processWithMessages(p, MESSAGES_1_3, run),
        ]),
      ),
    };
  },
};
