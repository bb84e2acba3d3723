/**
 * Kubernetes v1.18.6, followed in KubeEdge v1.4.0's vendored copy (kubeedge/kubeedge @
 * dfcdab01d4538ebefc2284a1b82a407d649e8f94, vendor/k8s.io/kubernetes, go.mod k8s.io/kubernetes
 * v1.18.6) and a v1.18.x pkg/kubelet/kubelet.go. Its runtime SyncPod is the CRI kuberuntime flow
 * the current machines model step for step for pods without native sidecars (computePodActions,
 * createPodSandbox, one init container per SyncPod, containers in spec order): it keeps those
 * machines with its own message table. startContainer is its own machine (no PreCreateContainer:
 * the cpuset is applied after CreateContainer); admission logs the topology/CPU manager lines.
 */
import { machineKind } from '../../runner/types';
import type { KubeletDomain } from '../../kubelet/types';
import type { KubeletVersion } from '../../kubelet/versions/version';
import { currentKubelet } from '../../kubelet/versions/current';
import { processWithMessages, withMessages, type MessageTable } from '../messages';
import { withAdmissionLines } from './admission';
import { EVENTS_1_18 } from './events';
import { KLOG_1_18 } from './klog';
import { startContainer118Machine } from './startContainer.machine';
import { startContainer118Effects } from './startContainer';
import { syncPodMachine } from '../../machines/syncPod.machine';
import { syncPodEffects } from '../../kubelet/effects/syncPod';
import { podWorkerMachine } from '../../machines/podWorker.machine';
import { podWorkerEffects } from '../../kubelet/effects/podWorker';

export const MESSAGES_1_18: MessageTable = { klog: KLOG_1_18, event: EVENTS_1_18 };

export const kubelet118: KubeletVersion = {
  name: '1.18',
  machines: { ...currentKubelet.machines, startContainer: startContainer118Machine },
  kinds(run) {
    const base = currentKubelet.kinds(run);
    const machines = {
      ...base.machines,
      startContainer: machineKind<KubeletDomain, typeof startContainer118Machine>(
        startContainer118Machine,
        startContainer118Effects({ cfg: run }),
      ),
      syncPod: machineKind<KubeletDomain, typeof syncPodMachine>(
        syncPodMachine,
        syncPodEffects({ cfg: run }, { probesAfterVolumes: false }),
      ),
      podWorker: machineKind<KubeletDomain, typeof podWorkerMachine>(
        podWorkerMachine,
        podWorkerEffects({ cfg: run }, { terminalPhaseBeforeDeletion: false }),
      ),
    };
    return {
      machines: Object.fromEntries(
        Object.entries(machines).map(([k, m]) => [
          k,
          withMessages(k === 'syncLoop' ? withAdmissionLines(m, run) : m, MESSAGES_1_18, run),
        ]),
      ),
      processes: Object.fromEntries(
        Object.entries(base.processes).map(([k, p]) => [
          k,
          processWithMessages(p, MESSAGES_1_18, run),
        ]),
      ),
    };
  },
};
