/**
 * Kubernetes v1.18.6's klog v1 lines (printf-style Infof/Errorf), for what the shared machines
 * say. Format strings are quoted from v1.18.6 as vendored by KubeEdge v1.4.0 (commit
 * dfcdab01d4538ebefc2284a1b82a407d649e8f94, vendor/k8s.io/kubernetes/pkg/kubelet/...) and, for
 * kubelet.go, a v1.18.x kubelet.go (klog v1, GetAllocateResourcesPodAdmitHandler); pod_workers.go
 * from a klog-era copy (unverified for exactly 1.18.6). Line numbers are representative of that
 * tree (SyncPod at kuberuntime_manager.go:647, startContainer at kuberuntime_container.go:134).
 * null: v1.18 had no such line (pod-worker state machine, SyncPod enter/exit, CFS quota lines).
 */
import { containerPlusV, containerString } from '../../kubelet/goContainer';
import { serviceAccountVolume, tokenEra } from '../../kubelet/volumes';
import type { KubeletVersionName } from '../names';
import type { LineArgs } from '../messages';
import { goq, P, type KlogTable } from '../messages';
import { bareId, fpod, goStrings, syncLoopPrintf } from '../printf';
import { TOPOLOGY_PRINTF } from './topologyPrintf';

/**
 * The line's *v1.Container (today's line names it) as the release's generated String() renders
 * it, whole (k8s.io/api v0.18.6 for 1.18, the release's own for 1.19 and 1.20).
 */
function container18(a: LineArgs): string {
  const c = a.pod?.byName[a.kv.container ?? ''];
  return c ? containerString(a.pod, c, a.minor) : (a.kv.container ?? '');
}

/** VolumeToMount.GenerateMsgDetailed for the pod's token Secret volume: `<msg> for volume %q (UniqueName: %q) pod %q (UID: %q) `. */
function tokenVolumeLine(msg: string): (a: LineArgs) => string | null {
  return (a) => {
    // The token Secret through 1.20; the projected kube-api-access volume from 1.21.
    const vol =
      a.pod && serviceAccountVolume(a.pod, tokenEra(`1.${a.minor}` as KubeletVersionName));
    if (!a.pod || !vol) return null;
    const unique = `kubernetes.io/${vol.plugin}/${a.pod.uid}-${vol.name}`;
    return `${msg} for volume ${goq(vol.name)} (UniqueName: ${goq(unique)}) pod ${goq(a.pod.name)} (UID: ${goq(a.pod.uid)}) `;
  };
}

/** podActions printed with %+v, from the current engine's podActions text. */
function podActions18(
  text: string,
  sandboxId: string,
  initName: string | undefined,
  minor = 18,
): string {
  const field = (k: string) => new RegExp(`(?:^|, )${k}: ([^,]*)`).exec(text)?.[1] ?? '';
  const list = (k: string) =>
    (new RegExp(`(?:^|, )${k}: \\[([^\\]]*)\\]`).exec(text)?.[1] ?? '').replace(/,\s*/g, ' ');
  const kill = /ContainersToKill: (map\[[^\]]*\])/.exec(text)?.[1] ?? 'map[]';
  return (
    `{KillPod:${field('KillPod')} CreateSandbox:${field('CreateSandbox')} SandboxID:${sandboxId} ` +
    `Attempt:${field('Attempt')} NextInitContainerToStart:${initName ?? '<nil>'} ` +
    `ContainersToStart:[${list('ContainersToStart')}] ContainersToKill:${kill} EphemeralContainersToStart:[]` +
    // 1.27 (InPlacePodVerticalScaling) added the resize fields at the struct's end.
    (minor >= 27 ? ' ContainersToUpdate:map[] UpdatePodResources:false}' : '}')
  );
}

/**
 * "computePodActions got for pod"'s podActions before podActions.String() (1.28): the struct
 * with %+v, the next init container through *v1.Container's String(), the sandbox it keeps.
 */
export function podActionsPlusV(a: LineArgs): string {
  const pod = a.pod;
  const initIdx = /InitContainersToStart: \[(\d+)/.exec(a.kv.podActions ?? '')?.[1];
  const init = pod && initIdx !== undefined ? pod.init[Number(initIdx)] : undefined;
  const ready = pod
    ? (a.domain.runtime.podSandboxes[pod.uid] ?? []).find(
        (id) => a.domain.runtime.sandboxes[id]?.state === 'SANDBOX_READY',
      )
    : undefined;
  const creating = /CreateSandbox: true/.test(a.kv.podActions ?? '');
  const sandboxId = creating && ready === undefined ? '' : (ready ?? '');
  return podActions18(
    a.kv.podActions ?? '',
    sandboxId,
    init && containerString(pod, init, a.minor),
    a.minor,
  );
}

/** The shared line's ContainerID JSON ({"Type":..,"ID":..}) as ContainerID.String(): "type://id". */
function containerIdString(json: string | undefined): string {
  try {
    const id = JSON.parse(json ?? '') as { Type?: string; ID?: string };
    return `${id.Type ?? ''}://${id.ID ?? ''}`;
  } catch {
    return json ?? '';
  }
}

const K = 'kubelet.go';
const KRM = 'kuberuntime_manager.go';
const KRC = 'kuberuntime_container.go';

export const KLOG_1_18: KlogTable = {
  'command failed': P('server.go:273', 0, (a) => a.err ?? '', 'E'),
  // cpu_manager.go Start / policy_static.go Start: klog.Errorf("[cpumanager] ...: %v, ...").
  'Could not initialize checkpoint manager, please drain node and remove policy state file': P(
    'cpu_manager.go:194',
    0,
    (a) =>
      `[cpumanager] could not initialize checkpoint manager: ${a.err ?? ''}, please drain node and remove policy state file`,
    'E',
  ),
  'Static policy invalid state, please drain node and remove policy state file': P(
    'policy_static.go:162',
    0,
    (a) =>
      `[cpumanager] static policy invalid state: ${a.err ?? ''}, please drain node and remove policy state file`,
    'E',
  ),
  'Policy start error': P(
    'cpu_manager.go:200',
    0,
    (a) => `[cpumanager] policy start error: ${a.err ?? ''}`,
    'E',
  ),
  // kubelet.go initializeRuntimeDependentModules: klog.Fatalf("Failed to start ContainerManager %v", err).
  'Failed to start ContainerManager': P(
    `${K}:1384`,
    0,
    (a) => `Failed to start ContainerManager ${a.err ?? ''}`,
    'F',
  ),
  'Starting kubelet main sync loop': P(`${K}:1835`, 0, () => 'Starting kubelet main sync loop.'),
  ...syncLoopPrintf(K, {
    add: 1888,
    update: 1894,
    remove: 1897,
    reconcile: 1900,
    delete: { line: 1903, op: 'DELETE' },
    pleg: 1920,
    plegIgnore: 1924,
    sync: 1943,
    probe: 1955,
    housekeeping: 1968,
  }),
  'SyncLoop (housekeeping) end': null,
  // HandlePodCleanups' announcements came with the pod lifecycle rework (1.22).
  'Clean up pod workers for terminated pods': null,
  'Clean up probes for terminated pods': null,
  'Clean up orphaned pod statuses': null,
  'Clean up orphaned pod user namespace allocations': null,
  'Clean up orphaned pod directories': null,
  'Clean up orphaned mirror pods': null,
  'Clean up orphaned pod cgroups': null,
  // lifecycle/predicate.go Admit
  // generateAPIPodStatus: V(3) "Generating status for %q" (format.Pod); no phase lines.
  'Generating pod status': P(
    'kubelet_pods.go:1382',
    3,
    (a) => `Generating status for ${goq(fpod(a))}`,
  ),
  'Got phase for pod': null,
  'Status manager phase was terminal, updating phase to match': null,
  // The release's predicate line is its "Pod admission denied" (above).
  'Predicate failed on Pod': null,
  'Pod admission denied': P(
    'predicate.go:142',
    2,
    (a) => `Predicate failed on Pod: ${fpod(a)}, for reason: ${a.kv.message ?? a.kv.reason ?? ''}`,
  ),
  'SyncPod enter': null,
  'SyncPod exit': null,
  'Pod has been deleted and must be killed': null,
  'Pod terminating with grace period': null,
  'Pod termination stopped all running containers': null,
  'SyncTerminatingPod enter': null,
  'SyncTerminatingPod exit': null,
  'Post-termination container state': null,
  'SyncTerminatedPod enter': null,
  'SyncTerminatedPod exit': null,
  'Pod termination unmounted volumes': null,
  'Pod termination cleaned up volume paths': null,
  'Pod termination removed cgroups': null,
  'Pod is terminated and will need no more status updates': null,
  // TerminatePod of 1.18 (PR #88440) only made a Running container ContainerStatusUnknown, and
  // dispatchWork called it once no container ran: the states stay. The terminal phase came in 1.27.
  'Marking terminal pod as failed': null,
  'Pod is being synced for the first time': null,
  'Notifying pod of pending update': null,
  'Pod is marked for graceful deletion, begin teardown': null,
  'Pod is being removed by the kubelet, begin teardown': null,
  // The eviction's lines (EvictPod is refused before 1.22: 1.20's printf and 1.21's structured
  // "evicted successfully" are not rendered).
  'Pod is being evicted by the kubelet, begin teardown': null,
  'Evicting pod': null,
  'Eviction manager: pod is evicted successfully': null,
  'Pod is finished processing, no further updates': null,
  'Processing pod event': null,
  'Processing pod event done': null,
  'Error syncing pod, skipping': P(
    'pod_workers.go:191',
    0,
    (a) => `Error syncing pod ${a.kv.podUID ?? ''} (${goq(fpod(a))}), skipping: ${a.err ?? ''}`,
    'E',
  ),
  'Pod worker has observed request to terminate': null,
  'Pod terminated all containers successfully': null,
  'Pod is complete and the worker can now stop': null,
  'Requeueing pod due to pending update': null,
  'Pod is terminal': null,
  'Pod indicated lifecycle completed naturally and should now terminate': null,
  'Cancelling current pod sync': null,
  'No sandbox for pod can be found. Need to start a new one': P(
    `${KRM}:433`,
    2,
    (a) => `No sandbox for pod ${goq(fpod(a))} can be found. Need to start a new one`,
  ),
  'No ready sandbox for pod can be found. Need to start a new one': P(
    `${KRM}:446`,
    2,
    (a) => `No ready sandbox for pod ${goq(fpod(a))} can be found. Need to start a new one`,
  ),
  'computePodActions got for pod': P(
    `${KRM}:659`,
    3,
    (a) => `computePodActions got ${podActionsPlusV(a)} for pod ${goq(fpod(a))}`,
  ),
  'SyncPod received new pod, will create a sandbox for it': P(
    `${KRM}:669`,
    4,
    (a) => `SyncPod received new pod ${goq(fpod(a))}, will create a sandbox for it`,
  ),
  'Stopping PodSandbox for pod, will start new one': P(
    `${KRM}:676`,
    4,
    (a) => `Stopping PodSandbox for ${goq(fpod(a))}, will start new one`,
  ),
  'Stopping PodSandbox for pod, because all other containers are dead': P(
    `${KRM}:678`,
    4,
    (a) => `Stopping PodSandbox for ${goq(fpod(a))} because all other containers are dead.`,
  ),
  'Killing unwanted container for pod': P(
    `${KRM}:697`,
    3,
    (a) =>
      `Killing unwanted container ${goq(a.kv.containerName ?? '')}(id=${goq(a.kv.containerID ?? '')}) for pod ${goq(fpod(a))}`,
  ),
  'Creating PodSandbox for pod': P(
    `${KRM}:723`,
    4,
    (a) => `Creating sandbox for pod ${goq(fpod(a))}`,
  ),
  // kuberuntime_sandbox.go createPodSandbox: message := fmt.Sprintf("CreatePodSandbox for pod %q failed: %v", ...)
  'Failed to create sandbox for pod': P(
    'kuberuntime_sandbox.go:68',
    0,
    (a) => `CreatePodSandbox for pod ${goq(fpod(a))} failed: ${a.err ?? ''}`,
    'E',
  ),
  'CreatePodSandbox for pod failed': P(
    `${KRM}:727`,
    0,
    (a) => {
      const raw = (a.err ?? '').replace(/^Failed to create sandbox for pod "[^"]*": /, '');
      return `createPodSandbox for pod ${goq(fpod(a))} failed: CreatePodSandbox for pod ${goq(fpod(a))} failed: ${raw}`;
    },
    'E',
  ),
  'Created PodSandbox for pod': P(
    `${KRM}:736`,
    4,
    (a) => `Created PodSandbox ${goq(a.kv.podSandboxID ?? '')} for pod ${goq(fpod(a))}`,
  ),
  'Determined the ip for pod after sandbox changed': P(`${KRM}:759`, 4, (a) => {
    const ips = goStrings(a.kv.IPs);
    return `Determined the ip ${ips} for pod ${goq(fpod(a))} after sandbox changed`;
  }),
  'Container of pod is not in the desired state and shall be started': P(`${KRM}:560`, 3, (a) => {
    const c = a.pod?.byName[a.kv.containerName ?? ''];
    return `Container ${c ? containerPlusV(a.pod, c, a.minor) : ''} is dead, but RestartPolicy says that we should restart it.`;
  }),
  'Message for Container of pod': P(
    `${KRM}:603`,
    2,
    (a) =>
      `Container ${goq(a.kv.containerName ?? '')} (${goq(containerIdString(a.kv.containerStatusID))}) of pod ${fpod(a)}: ${a.kv.containerMessage ?? ''}`,
  ),
  'Computing init container action': null,
  'Init container has been initialized': null,
  'Checking backoff for container in pod': P(
    `${KRM}:850`,
    3,
    (a) => `checking backoff for container ${goq(a.kv.containerName ?? '')} in pod ${goq(fpod(a))}`,
  ),
  'Back-off restarting failed container': P(`${KRM}:859`, 3, (a) => a.err ?? ''),
  'Backing Off restarting container in pod': P(
    `${KRM}:765`,
    4,
    (a) =>
      `Backing Off restarting ${a.kv.containerType ?? 'container'} ${container18(a)} in pod ${fpod(a)}`,
  ),
  'Creating container in pod': P(
    `${KRM}:770`,
    4,
    (a) => `Creating ${a.kv.containerType ?? 'container'} ${container18(a)} in pod ${fpod(a)}`,
  ),
  'Container start failed in pod': P(
    `${KRM}:776`,
    3,
    (a) =>
      `${a.kv.containerType ?? 'container'} start failed: ${a.err ?? ''}: ${a.kv.containerMessage ?? ''}`,
  ),
  'Completed init container for pod': P(
    `${KRM}:817`,
    4,
    (a) => `Completed init container ${goq(a.kv.containerName ?? '')} for pod ${goq(fpod(a))}`,
  ),
  'Failed to initialize the pod, as the init container failed to start, aborting': null,
  'Failed to start the restartable init container for the pod, skipping': null,
  'Creating hosts mount for container': P(
    'kubelet_pods.go:172',
    3,
    (a) =>
      `container: ${a.pod?.namespace ?? ''}/${a.pod?.name ?? ''}/${a.kv.containerName ?? ''} podIPs: ${a.kv.podIPs ?? '[]'} creating hosts mount: ${a.kv.path ?? 'false'}`,
  ),
  'Enforcing CFS quota': null,
  'Container has pinned cpus': null,
  'Pod contains no container with pinned cpus': null,
  'Disabled CFS quota': null,
  'Resize is infeasible for Guaranteed Pods alongside CPU Manager policy "static"': null,
  'Resize is infeasible for Guaranteed Pods alongside Memory Manager policy "Static"': null,
  'Pod resize successfully allocated': null,
  'Pod resize is infeasible': null,
  'Pod resize is deferred; will reevaluate later': null,
  "Node didn't have enough capacity": null,
  'Resize cannot be accommodated': null,
  'Updating container resources': null,
  // kubelet.go syncPod's kl.containerManager.UpdateQOSCgroups() before pcm.EnsureExists, as
  // today (UpdateCgroups' last line, v1.18.6).
  'Updated QoS cgroup configuration': P(
    'qos_container_manager_linux.go:333',
    4,
    () => '[ContainerManager]: Updated QoS cgroup configuration',
  ),
  'Failed to execute PostStartHook': null,
  'Exec lifecycle hook for Container in Pod failed': P(
    'handlers.go:62',
    1,
    (a) =>
      `Exec lifecycle hook (${goStrings(a.kv.execCommand)}) for Container ${goq(a.kv.containerName ?? '')} in Pod ${goq(fpod(a))} failed - error: ${a.err ?? ''}, message: ${goq(a.kv.message ?? '')}`,
  ),
  // Modelled only for RestartAllContainers' kill (1.35+); 1.18.6 printed "Killing container
  // %q, but using %d second grace period override" (kuberuntime_container.go:645).
  'Killing container with a grace period override': null,
  'Pod marked for RestartAllContainers': null,
  'Removing container before pod restarts': null,
  'Killing container before removal': null,
  'Killing container with a grace period': P(
    `${KRC}:625`,
    2,
    (a) =>
      `Killing container ${goq(a.kv.containerID ?? '')} with ${a.kv.gracePeriod ?? '30'} second grace period`,
  ),
  'Container exited normally': P(
    `${KRC}:640`,
    3,
    (a) => `Container ${goq(a.kv.containerID ?? '')} exited normally`,
  ),
  // executePreStopHook (UNVERIFIED wording for exactly 1.18.6).
  'Running preStop hook': P(
    `${KRC}:573`,
    3,
    (a) => `Running preStop hook for container ${goq(a.kv.containerID ?? '')}`,
  ),
  'PreStop hook completed': P(
    `${KRC}:590`,
    3,
    (a) => `preStop hook for container ${goq(a.kv.containerID ?? '')} completed`,
  ),
  'PreStop hook not completed in grace period': P(
    `${KRC}:587`,
    2,
    (a) =>
      `preStop hook for container ${goq(a.kv.containerID ?? '')} did not complete in ${a.kv.gracePeriod ?? '30'} seconds`,
  ),
  'Removing init container': P(
    `${KRC}:720`,
    4,
    (a) =>
      `Removing init container ${goq(a.kv.containerName ?? '')} instance ${goq(bareId(a.kv.containerID ?? ''))} ${a.kv.count ?? '0'}`,
  ),
  // v1.18 logged "[topologymanager] RemoveContainer - Container ID: …" (and the CPU manager's
  // own line) only when a container was removed; its computePodActions made no such call, and
  // the shared key does not tell the two calls apart: left out.
  RemoveContainer: null,
  'Removing container': P(
    `${KRC}:880`,
    4,
    (a) => `Removing container ${goq(bareId(a.kv.containerID ?? ''))}`,
  ),
  "Container not found in pod's containers": P(
    'pod_container_deletor.go:78',
    0,
    (a) => `Container ${goq(a.kv.containerID ?? '')} not found in pod's containers`,
  ),
  // Relist's exit-code line came with 1.27.
  'Generic (PLEG): container finished': null,
  GenericPLEG: P(
    'generic.go:191',
    4,
    (a) =>
      `GenericPLEG: ${a.kv.podUID ?? ''}/${a.kv.containerID ?? ''}: ${a.kv.oldState ?? ''} -> ${a.kv.newState ?? ''}`,
  ),
  'Probe failed': P(
    'prober.go:116',
    1,
    (a) =>
      `${a.kv.probeType ?? ''} probe for ${goq(`${fpod(a)}:${a.kv.containerName ?? ''}`)} failed (${a.kv.probeResult ?? 'failure'}): ${a.kv.output ?? ''}`,
  ),
  'Probe succeeded': P(
    'prober.go:124',
    3,
    (a) =>
      `${a.kv.probeType ?? ''} probe for ${goq(`${fpod(a)}:${a.kv.containerName ?? ''}`)} succeeded`,
  ),
  // utilruntime.HandleError: the start helper's fmt.Errorf("%v start failed: %v: %s",
  // typeName, err, msg), printed by klog.ErrorDepth(2, err) at the caller's file:line.
  HandleError: P(
    'kuberuntime_manager.go:777',
    0,
    (a) => {
      const m = /^(.*?) \S+ start failed in pod \S+: ([\s\S]*)$/.exec(a.err ?? '');
      return m ? `${m[1]} start failed: ${m[2]}` : (a.err ?? '');
    },
    'E',
  ),
  // "Observed pod startup duration" and the topology manager's "admission check" did not exist.
  // The token Secret's volume (volumes.ts serviceAccountVolume), reconciler.go's and
  // operation_generator.go's GenerateMsgDetailed lines: klog.Infof, V(1), V(1) (not a remount).
  'operationExecutor.VerifyControllerAttachedVolume started': P(
    'reconciler.go:224',
    0,
    tokenVolumeLine('operationExecutor.VerifyControllerAttachedVolume started'),
  ),
  'Starting operationExecutor.MountVolume': P(
    'reconciler.go:254',
    4,
    tokenVolumeLine('Starting operationExecutor.MountVolume'),
  ),
  'operationExecutor.MountVolume started': P(
    'reconciler.go:269',
    1,
    tokenVolumeLine('operationExecutor.MountVolume started'),
  ),
  'MountVolume.SetUp succeeded': P(
    'operation_generator.go:663',
    1,
    tokenVolumeLine('MountVolume.SetUp succeeded'),
  ),
  // volume_manager.go WaitForAttachAndMount, klog.V(3).Infof with format.Pod.
  'Waiting for volumes to attach and mount for pod': P(
    'volume_manager.go:372',
    3,
    (a) => `Waiting for volumes to attach and mount for pod ${goq(fpod(a))}`,
  ),
  'All volumes are attached and mounted for pod': P(
    'volume_manager.go:403',
    3,
    (a) => `All volumes are attached and mounted for pod ${goq(fpod(a))}`,
  ),
  // status_manager.go syncPod: klog.V(3).Infof("Patch status for pod %q with %q", format.Pod(pod), patchBytes).
  'Patch status for pod': P(
    'status_manager.go:570',
    3,
    (a) => `Patch status for pod ${goq(fpod(a))} with ${goq(a.kv.patch ?? '')}`,
  ),
  // v1.18 logged "Ignoring same status for pod %q, status: %+v" with the Go dump of a
  // v1.PodStatus, which is not rendered here: left out.
  'Ignoring same status for pod': null,
  'Status for pod updated successfully': null,
  'Pod Admit Result': null,
  'Observed pod startup duration': null,
  // client-go event.go StartLogging(klog.V(3).Infof): the involved object's reference with %#v.
  // The pod's resourceVersion is not modelled: printed empty.
  'Event occurred': P('event.go:278', 3, (a) => {
    const [ns, name] = (a.kv.object ?? '/').split('/');
    // The involved object is the pod (ref.GetReference): its UID.
    const uid = a.pod?.uid ?? a.run.byKey[a.kv.object ?? ''] ?? '';
    const ref =
      `v1.ObjectReference{Kind:"Pod", Namespace:${goq(ns ?? '')}, Name:${goq(name ?? '')}, ` +
      `UID:${goq(uid)}, APIVersion:"v1", ResourceVersion:"", FieldPath:${goq(a.kv.fieldPath ?? '')}}`;
    return `Event(${ref}): type: '${a.kv.type ?? ''}' reason: '${a.kv.reason ?? ''}' ${a.kv.message ?? ''}`;
  }),
  // The CPU and topology managers' admission lines (topologyPrintf.ts); 1.18 had no
  // "Allocate start"/"Allocate end" or "Allocated exclusive CPUs".
  ...TOPOLOGY_PRINTF,
  // 1.20's lines: the changelog's 1.20 rows add them (1.18 had no pod scope).
  'Best TopologyHint': null,
  'Best TopologyHint (pod scope)': null,
  'TopologyHints (pod scope)': null,
  PodTopologyHint: null,
  'Topology Affinity (pod scope)': null,
  'Allocate start': null,
  'Allocate end': null,
  'Static policy: RemoveContainer (deferred)': null,
  'Allocated exclusive CPUs': null,
  // v1.18 cpu_manager.go removeStaleState (klog.Errorf) and policy_static.go RemoveContainer;
  // it had no containerMap pass, and state_mem.go's lines stay out as the allocation's do.
  'RemoveStaleState: removing container': P(
    'cpu_manager.go:327',
    0,
    (a) =>
      `[cpumanager] removeStaleState: removing (pod ${a.kv.podUID ?? ''}, container: ${a.kv.containerName ?? ''})`,
    'E',
  ),
  'RemoveStaleState: containerMap: removing container': null,
  'Static policy: RemoveContainer': P(
    'policy_static.go:245',
    0,
    (a) =>
      `[cpumanager] static policy: RemoveContainer (pod: ${a.kv.podUID ?? ''}, container: ${a.kv.containerName ?? ''})`,
  ),
  // The device and memory managers' structured lines: 1.18 printed printf forms of them (and
  // had no memory manager); those below are modelled.
  // topologymanager/policy.go filterProvidersHints (klog.Infof, 1.18-1.20)
  'Hint Provider has no preference for NUMA affinity with any resource': P(
    'policy.go:70',
    0,
    () => '[topologymanager] Hint Provider has no preference for NUMA affinity with any resource',
  ),
  'Hint Provider has no preference for NUMA affinity with resource': P(
    'policy.go:78',
    0,
    (a) =>
      `[topologymanager] Hint Provider has no preference for NUMA affinity with resource '${a.kv.resource ?? ''}'`,
  ),
  'Hint Provider has no possible NUMA affinities for resource': P(
    'policy.go:84',
    0,
    (a) =>
      `[topologymanager] Hint Provider has no possible NUMA affinities for resource '${a.kv.resource ?? ''}'`,
  ),
  // devicemanager/topology_hints.go GetTopologyHints (klog.Infof, 1.18-1.20)
  'Resource does not have a topology preference': P(
    'topology_hints.go:44',
    0,
    (a) =>
      `[devicemanager] Resource '${a.kv.resourceName ?? ''}' does not have a topology preference`,
  ),
  'Resource does not have a topology preference (pod scope)': null,
  'Resource already allocated to pod with different number than request': null,
  'Resource already allocated to pod with different number than request (pod scope)': null,
  'Regenerating TopologyHints for resource already allocated to pod': null,
  'Regenerating TopologyHints for resource already allocated to pod (pod scope)': null,
  'Unable to generate topology hints: requested number of devices unavailable': null,
  'Unable to generate topology hints: requested number of devices unavailable (pod scope)': null,
  // devicemanager/manager.go (klog.V(3).Infof, 1.18-1.20)
  'Pods to be removed': P(
    'manager.go:632',
    3,
    (a) => `pods to be removed: ${goStrings(a.kv.podUIDs)}`,
  ),
  'Found pre-allocated devices for resource on pod': P(
    'manager.go:648',
    3,
    (a) =>
      `Found pre-allocated devices for resource ${a.kv.resourceName ?? ''} container ${goq(a.kv.containerName ?? '')} in Pod ${goq(a.kv.podUID ?? '')}: ${goStrings(a.kv.devices)}`,
  ),
  'Need devices to allocate for pod': P(
    'manager.go:660',
    3,
    (a) =>
      `Needs to allocate ${a.kv.deviceNumber ?? ''} ${goq(a.kv.resourceName ?? '')} for pod ${goq(a.kv.podUID ?? '')} container ${goq(a.kv.containerName ?? '')}`,
  ),
  'No devices needed, nothing to do': null,
  // before its device plugin resource check, for every limit
  'Looking for needed resources': P(
    'manager.go:786',
    3,
    (a) => `needs ${a.kv.needed ?? ''} ${a.kv.resourceName ?? ''}`,
  ),
  'Making allocation request for device plugin': P(
    'manager.go:830',
    3,
    (a) =>
      `Making allocation request for devices ${goStrings(a.kv.devices)} for device plugin ${a.kv.resourceName ?? ''}`,
  ),
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
  'CPU Manager allocation skipped (pod-level resources)': null,
  'CPU Manager hint generation skipped (pod-level resources)': null,
  'CPU Manager pod hint generation skipped (pod-level resources)': null,
  'Allocation skipped, pod is using pod-level resources which are not supported by the static Memory manager policy':
    null,
  'Memory Manager hint generation skipped (pod-level resources)': null,
  'Memory Manager pod hint generation skipped (pod-level resources)': null,
  'Container already present in state, skipping': null,
  'Got topology affinity': null,
  'Allocate error': null,
  'Allocated exclusive memory': null,
  'Memory affinity': null,
};
