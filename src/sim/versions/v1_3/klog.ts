/**
 * Kubernetes v1.3.0's glog lines for what the shared machines say, as kubelet.go,
 * pod_workers.go, pleg/generic.go, prober/prober.go and dockertools/docker_manager.go print them
 * (minikube v0.5.0 @ 0a71dd290d79d26e83e46bcfa3acb4737d628220, vendor/k8s.io/kubernetes, v1.3.0).
 * Line numbers are representative of that tree (SyncPod at docker_manager.go:1866). null: v1.3 had
 * no such line (pod-worker state machine, kuberuntime, CRI sandbox and CFS quota lines; DockerManager
 * prints its own lines from src/sim/versions/v1_3/syncPod.ts).
 */
import { goq, P, type KlogTable, type LineArgs } from '../messages';
import { bareId, fpod, syncLoopPrintf } from '../printf';
import { KLOG_1_18 } from '../v1_18/klog';
import { apiContainer } from './glog';

const K = 'kubelet.go';
const DM = 'docker_manager.go';

/** *api.Container printed with %+v: &{Name:app Image:nginx …}, whole. */
function ptrContainer(a: LineArgs): string {
  // Today's line names the container (spec.container.Name).
  const c = a.pod?.byName[a.kv.container ?? ''];
  return c ? `&${apiContainer(a.pod, c)}` : '<nil>';
}

/** docker_manager.go's killContainer name: "<docker id> <container> <namespace>/<pod>". */
function killName(a: LineArgs): string {
  const id = bareId(a.kv.containerID ?? '');
  return a.pod ? `${id} ${a.kv.containerName ?? ''} ${a.pod.namespace}/${a.pod.name}` : id;
}

const typeWord = (a: LineArgs) =>
  a.kv.containerType === 'init container' ? 'init container' : 'container';

export const KLOG_1_3: KlogTable = {
  ...Object.fromEntries(Object.keys(KLOG_1_18).map((k) => [k, null])),
  'command failed': P('server.go:120', 0, (a) => a.err ?? '', 'E'),
  // generateAPIPodStatus (kubelet.go): glog.V(3) "Generating status for %q" (format.Pod).
  'Generating pod status': P(`${K}:3454`, 3, (a) => `Generating status for ${goq(fpod(a))}`),
  'Starting kubelet main sync loop': P(`${K}:2380`, 0, () => 'Starting kubelet main sync loop.'),
  // v1.3 had no DELETE op: a graceful deletion arrives as an UPDATE with a deletion timestamp.
  ...syncLoopPrintf(K, {
    add: 2430,
    update: 2436,
    remove: 2439,
    reconcile: 2442,
    delete: { line: 2436, op: 'UPDATE' },
    pleg: 2474,
    plegIgnore: 2470,
    sync: 2485,
    probe: 2492,
    housekeeping: 2500,
  }),
  'Pod admission denied': P(
    `${K}:1984`,
    2,
    (a) => `Predicate failed on Pod: ${fpod(a)}, for reason: ${a.kv.message ?? a.kv.reason ?? ''}`,
  ),
  'Error syncing pod, skipping': P(
    'pod_workers.go:183',
    0,
    (a) => `Error syncing pod ${a.kv.podUID ?? ''}, skipping: ${a.err ?? ''}`,
    'E',
  ),
  'Stopping PodSandbox for pod, will start new one': P(
    `${DM}:1895`,
    4,
    (a) => `Killing Infra Container for ${goq(fpod(a))}, will start new one`,
  ),
  'Stopping PodSandbox for pod, because all other containers are dead': P(
    `${DM}:1893`,
    4,
    (a) => `Killing Infra Container for ${goq(fpod(a))} because all other containers are dead.`,
  ),
  'Killing unwanted container for pod': P(
    `${DM}:1913`,
    3,
    (a) =>
      `Killing unwanted container ${goq(a.kv.containerName ?? '')}(id=${goq(`docker://${bareId(a.kv.containerID ?? '')}`)}) for pod ${goq(fpod(a))}`,
  ),
  // doBackOff (line 2268): glog.Infof, the plain pod name.
  'Checking backoff for container in pod': P(
    `${DM}:2281`,
    0,
    (a) =>
      `checking backoff for container ${goq(a.kv.containerName ?? '')} in pod ${goq(a.pod?.name ?? '')}`,
  ),
  'Back-off restarting failed container': P(`${DM}:2287`, 0, (a) =>
    (a.err ?? '').replace(/^back-off/, 'Back-off'),
  ),
  'Backing Off restarting container in pod': P(
    `${DM}:2073`,
    4,
    (a) => `Backing Off restarting ${typeWord(a)} ${ptrContainer(a)} in pod ${fpod(a)}`,
  ),
  'Creating container in pod': P(
    `${DM}:2078`,
    4,
    (a) => `Creating ${typeWord(a)} ${ptrContainer(a)} in pod ${fpod(a)}`,
  ),
  'Container start failed in pod': P(
    'runtime.go:58',
    0,
    (a) => `container start failed: ${a.err ?? ''}: ${a.kv.containerMessage ?? ''}`,
    'E',
  ),
  'Completed init container for pod': P(
    `${DM}:2055`,
    4,
    (a) => `Completed init container ${goq(a.kv.containerName ?? '')} for pod ${goq(fpod(a))}`,
  ),
  'Killing container with a grace period': P(
    `${DM}:1335`,
    2,
    (a) =>
      `Killing container ${goq(killName(a))} with ${a.kv.gracePeriod ?? '30'} second grace period`,
  ),
  'Running preStop hook': P(
    `${DM}:1320`,
    4,
    (a) => `Running preStop hook for container ${goq(killName(a))}`,
  ),
  'PreStop hook completed': P(
    `${DM}:1330`,
    4,
    (a) => `preStop hook for container ${goq(killName(a))} completed`,
  ),
  'PreStop hook not completed in grace period': P(
    `${DM}:1328`,
    2,
    (a) =>
      `preStop hook for container ${goq(killName(a))} did not complete in ${a.kv.gracePeriod ?? '30'} seconds`,
  ),
  'Removing init container': P(
    `${DM}:2140`,
    4,
    (a) =>
      `Removing init container ${goq(a.kv.containerName ?? '')} instance ${goq(bareId(a.kv.containerID ?? ''))} ${a.kv.count ?? '0'}`,
  ),
  GenericPLEG: P(
    'generic.go:170',
    4,
    (a) =>
      `GenericPLEG: ${a.kv.podUID ?? ''}/${a.kv.containerID ?? ''}: ${a.kv.oldState ?? ''} -> ${a.kv.newState ?? ''}`,
  ),
  'Probe failed': P(
    'prober.go:104',
    1,
    (a) =>
      `${a.kv.probeType ?? ''} probe for ${goq(`${fpod(a)}:${a.kv.containerName ?? ''}`)} failed (${a.kv.probeResult ?? 'failure'}): ${a.kv.output ?? ''}`,
  ),
  'Probe succeeded': P(
    'prober.go:113',
    3,
    (a) =>
      `${a.kv.probeType ?? ''} probe for ${goq(`${fpod(a)}:${a.kv.containerName ?? ''}`)} succeeded`,
  ),
  // utilruntime.HandleError(fmt.Errorf("container start failed: %v: %s", err, msg))
  HandleError: P(
    'runtime.go:58',
    0,
    (a) => {
      const m = /start failed in pod [^(]*\([^)]*\): ([\s\S]*)$/.exec(a.err ?? '');
      return m ? `container start failed: ${m[1]}` : (a.err ?? '');
    },
    'E',
  ),
  // 1.3 had no topology, device or memory manager.
  TopologyHints: null,
  'TopologyHints (pod scope)': null,
  ContainerTopologyHint: null,
  PodTopologyHint: null,
  'Hint Provider has no preference for NUMA affinity with any resource': null,
  'Hint Provider has no preference for NUMA affinity with resource': null,
  'Hint Provider has no possible NUMA affinities for resource': null,
  'Resource does not have a topology preference': null,
  'Resource does not have a topology preference (pod scope)': null,
  'Resource already allocated to pod with different number than request': null,
  'Resource already allocated to pod with different number than request (pod scope)': null,
  'Regenerating TopologyHints for resource already allocated to pod': null,
  'Regenerating TopologyHints for resource already allocated to pod (pod scope)': null,
  'Unable to generate topology hints: requested number of devices unavailable': null,
  'Unable to generate topology hints: requested number of devices unavailable (pod scope)': null,
  'Pods to be removed': null,
  'Found pre-allocated devices for resource on pod': null,
  'Need devices to allocate for pod': null,
  'No devices needed, nothing to do': null,
  'Looking for needed resources': null,
  'Making allocation request for device plugin': null,
  'Issuing a GetPreferredAllocation call for container': null,
  'Checkpoint file written': null,
  'RemoveStaleState removing state': null,
  'RemoveStaleState removing state (containerMap)': null,
  'Memory manager: RemoveContainer': null,
  'Deleted memory assignment': null,
  'Updated machine memory state': null,
  'Updated memory state': null,
  'Regenerating TopologyHints, resource was already allocated to pod': null,
  'Memory manager: Allocate': null,
  'Container already present in state, skipping': null,
  'Got topology affinity': null,
  'Allocate error': null,
  'Allocated exclusive memory': null,
  'Memory affinity': null,
} as KlogTable;
