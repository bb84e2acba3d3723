/**
 * klog lines as the current kubelet (1.37) prints them: one table of message -> (Go file:line,
 * verbosity, severity) so every machine logs a message the same way, and helpers that render
 * values as klog's structured logging does (strings quoted, klog.KObj as "ns/name", slices as
 * [...]). The table's key names the line for the model (and for the releases' message tables,
 * versions/changelog/klog.ts); `text` is the message 1.37 prints when it is not the key, and
 * `retired` marks a line 1.37 no longer prints, built only for a release that did. File:line
 * are those of the 1.36.3 tree (1.37's sources were not on hand; OpenShift's copy, whose lines
 * sit a few off upstream's in some files).
 */
import type { EffectApi } from '../runner/types';
import { Deferred, type LogForm } from '../trace/logRecords';
import type { LogLine } from '../trace/types';

interface Src {
  source: string;
  v: number;
  severity: LogLine['severity'];
  /** The message printed, when it is not the key. */
  text?: string;
  /** 1.37 does not print the line: it is built only for a release's message table. */
  retired?: true;
  /** The line's form in the trace's message table, made at its first line. */
  form?: LogForm;
}

const I = (source: string, v: number): Src => ({ source, v, severity: 'I' });
const E = (source: string): Src => ({ source, v: 0, severity: 'E' });
/** A line whose message (today's) is not its key. */
const T = (source: string, v: number, text: string): Src => ({ source, v, severity: 'I', text });
/** A line 1.37 no longer prints. */
const R = (source: string, v: number): Src => ({ source, v, severity: 'I', retired: true });

export const KLOG = {
  // kubelet.go
  'Starting kubelet main sync loop': I('kubelet.go:2637', 0),
  'SyncLoop ADD': I('kubelet.go:2724', 2),
  'SyncLoop UPDATE': I('kubelet.go:2731', 2),
  'SyncLoop REMOVE': I('kubelet.go:2734', 2),
  'SyncLoop RECONCILE': I('kubelet.go:2737', 4),
  'SyncLoop DELETE': I('kubelet.go:2740', 2),
  'SyncLoop (PLEG): event for pod': I('kubelet.go:2752', 2),
  'SyncLoop (PLEG): pod does not exist, ignore irrelevant event': I('kubelet.go:2756', 4),
  'SyncLoop (SYNC) pods': I('kubelet.go:2771', 4),
  'SyncLoop (probe)': I('kubelet.go:2841', 1),
  'SyncLoop (housekeeping)': I('kubelet.go:2818', 4),
  'Clean up pod workers for terminated pods': I('kubelet_pods.go:1237', 3),
  'Clean up probes for terminated pods': I('kubelet_pods.go:1287', 3),
  'Clean up orphaned pod statuses': I('kubelet_pods.go:1291', 3),
  'Clean up orphaned pod user namespace allocations': I('kubelet_pods.go:1296', 3),
  'Clean up orphaned pod directories': I('kubelet_pods.go:1308', 3),
  'Clean up orphaned mirror pods': I('kubelet_pods.go:1319', 3),
  'Clean up orphaned pod cgroups': I('kubelet_pods.go:1461', 3),
  'SyncLoop (housekeeping) end': I('kubelet.go:2826', 4),
  'Pod admission denied': I('allocation_manager.go:628', 0),
  // lifecycle/predicate.go Admit: an InsufficientResourceError, before canAdmitPod's line.
  // (the InsufficientResourceError case's call: the model logs the OutOf<resource> rejections)
  'Predicate failed on Pod': I('predicate.go:235', 2),
  'SyncPod enter': I('kubelet.go:2043', 4),
  'SyncPod exit': I('kubelet.go:2049', 4),
  'Pod has been deleted and must be killed': I('kubelet.go:2593', 3),
  'SyncTerminatingPod enter': I('kubelet.go:2309', 4),
  'SyncTerminatingPod exit': I('kubelet.go:2323', 4),
  'Pod terminating with grace period': I('kubelet.go:2333', 4),
  'Post-termination container state': I('kubelet.go:2397', 4),
  'Pod termination stopped all running containers': I('kubelet.go:2420', 4),
  'SyncTerminatedPod enter': I('kubelet.go:2482', 4),
  'SyncTerminatedPod exit': I('kubelet.go:2483', 4),
  'Pod termination unmounted volumes': I('kubelet.go:2496', 4),
  'Pod termination cleaned up volume paths': I('kubelet.go:2509', 3),
  'Pod termination removed cgroups': I('kubelet.go:2530', 4),
  'Pod is terminated and will need no more status updates': I('kubelet.go:2537', 4),
  'Marking terminal pod as failed': I('status_manager.go:698', 3),
  // pod_workers.go
  'Pod is being synced for the first time': I('pod_workers.go:796', 4),
  'Notifying pod of pending update': I('pod_workers.go:994', 4),
  'Pod is marked for graceful deletion, begin teardown': I('pod_workers.go:882', 4),
  'Pod is being removed by the kubelet, begin teardown': I('pod_workers.go:895', 4),
  'Pod is being evicted by the kubelet, begin teardown': I('pod_workers.go:892', 4),
  // eviction/eviction_manager.go evictPod
  'Evicting pod': I('eviction_manager.go:622', 3),
  'Eviction manager: pod is evicted successfully': I('eviction_manager.go:635', 0),
  'Pod is finished processing, no further updates': I('pod_workers.go:868', 4),
  'Processing pod event': I('pod_workers.go:1265', 4),
  'Processing pod event done': I('pod_workers.go:1346', 4),
  'Error syncing pod, skipping': E('pod_workers.go:1338'),
  'Pod worker has observed request to terminate': I('pod_workers.go:1392', 4),
  'Pod terminated all containers successfully': I('pod_workers.go:1439', 4),
  'Pod is complete and the worker can now stop': I('pod_workers.go:1500', 4),
  // pod_workers.go of 1.27-1.32 (completeWork); gone in 1.33.
  'Requeueing pod due to pending update': R('pod_workers.go:1513', 4),
  'Pod is terminal': I('pod_workers.go:1365', 4),
  'Pod indicated lifecycle completed naturally and should now terminate': I(
    'pod_workers.go:1410',
    4,
  ),
  'Cancelling current pod sync': I('pod_workers.go:1001', 3),
  // cm/cpumanager/cpu_manager.go manager.Start, policy_static.go Start, and kubelet.go
  // initializeRuntimeDependentModules (containerManager.Start failed: os.Exit(1) follows)
  'Could not initialize checkpoint manager, please drain node and remove policy state file':
    E('cpu_manager.go:246'),
  'Static policy invalid state, please drain node and remove policy state file': {
    ...E('policy_static.go:201'),
    text: 'invalid state, please drain node and remove policy state file',
  },
  'Policy start error': E('cpu_manager.go:253'),
  'Failed to start ContainerManager': E('kubelet.go:1839'),
  // kuberuntime
  // kubelet_pods.go generateAPIPodStatus
  'Generating pod status': I('kubelet_pods.go:1893', 3),
  'Got phase for pod': I('kubelet_pods.go:1903', 4),
  'Status manager phase was terminal, updating phase to match': I('kubelet_pods.go:1910', 4),
  'No sandbox for pod can be found. Need to start a new one': I('util.go:34', 2),
  'No ready sandbox for pod can be found. Need to start a new one': I('util.go:52', 2),
  'computePodActions got for pod': I('kuberuntime_manager.go:1454', 3),
  'SyncPod received new pod, will create a sandbox for it': I('kuberuntime_manager.go:1463', 4),
  'Stopping PodSandbox for pod, will start new one': I('kuberuntime_manager.go:1470', 4),
  'Stopping PodSandbox for pod, because all other containers are dead': I(
    'kuberuntime_manager.go:1472',
    4,
  ),
  'Killing unwanted container for pod': I('kuberuntime_manager.go:1488', 3),
  // RestartAllContainers (1.35+): computePodActions, then SyncPod's reset of each container.
  'Pod marked for RestartAllContainers': I('kuberuntime_manager.go:1191', 3),
  'Removing container before pod restarts': I('kuberuntime_manager.go:1502', 3),
  'Killing container before removal': I('kuberuntime_manager.go:1506', 3),
  'Creating PodSandbox for pod': I('kuberuntime_manager.go:1551', 4),
  'Failed to create sandbox for pod': E('kuberuntime_sandbox.go:70'),
  'CreatePodSandbox for pod failed': E('kuberuntime_manager.go:1614'),
  'Created PodSandbox for pod': I('kuberuntime_manager.go:1622', 4),
  'Determined the ip for pod after sandbox changed': I('kuberuntime_manager.go:1645', 4),
  'Container of pod is not in the desired state and shall be started': I(
    'kuberuntime_manager.go:1310',
    3,
  ),
  'Message for Container of pod': I('kuberuntime_manager.go:1374', 2),
  'Computing init container action': I('kuberuntime_container.go:1121', 4),
  'Init container has been initialized': I('kuberuntime_container.go:1177', 4),
  'Checking backoff for container in pod': I('kuberuntime_manager.go:1922', 3),
  'Back-off restarting failed container': I('kuberuntime_manager.go:1934', 3),
  'Backing Off restarting container in pod': I('kuberuntime_manager.go:1694', 4),
  'Creating container in pod': I('kuberuntime_manager.go:1702', 4),
  'Container start failed in pod': I('kuberuntime_manager.go:1725', 3),
  'Completed init container for pod': I('kuberuntime_manager.go:1765', 4),
  'Failed to initialize the pod, as the init container failed to start, aborting': I(
    'kuberuntime_manager.go:1760',
    4,
  ),
  'Failed to start the restartable init container for the pod, skipping': I(
    'kuberuntime_manager.go:1757',
    4,
  ),
  'Creating hosts mount for container': I('kubelet_pods.go:280', 3),
  'Enforcing CFS quota': I('kuberuntime_container_linux.go:142', 5),
  // cm/container_manager.go containerHasExclusiveCPUs, podHasExclusiveCPUs
  'Container has pinned cpus': I('container_manager.go:246', 4),
  'Pod contains no container with pinned cpus': I('container_manager.go:239', 4),
  // cm/qos_container_manager_linux.go UpdateCgroups (SyncPod calls it before EnsureExists)
  // (the last call: the one before it is QOSReserved's retry loop)
  'Updated QoS cgroup configuration': I('qos_container_manager_linux.go:405', 4),
  // cm/pod_container_manager_linux.go EnsureExists
  'Disabled CFS quota': I('pod_container_manager_linux.go:83', 2),
  // allocation/handlers.go: canResizePod's refusal of a Guaranteed pod's resize.
  'Resize is infeasible for Guaranteed Pods alongside CPU Manager policy "static"': I(
    'handlers.go:87',
    3,
  ),
  'Resize is infeasible for Guaranteed Pods alongside Memory Manager policy "Static"': I(
    'handlers.go:95',
    3,
  ),
  // allocation_manager.go retryPendingResizes: how each pending resize came out (1.34+).
  'Pod resize successfully allocated': I('allocation_manager.go:267', 4),
  'Pod resize is infeasible': I('allocation_manager.go:265', 4),
  'Pod resize is deferred; will reevaluate later': I('allocation_manager.go:262', 4),
  // canResizePod's node-capacity check and its deferral (1.33-1.35; 1.36 admits resizes
  // through the admit handlers, which log "Pod admission denied" only).
  "Node didn't have enough capacity": R('allocation_manager.go:723', 3),
  'Resize cannot be accommodated': R('allocation_manager.go:730', 3),
  // kuberuntime_manager.go updatePodContainerResources (doPodResizeAction, SyncPod step 8)
  'Updating container resources': I('kuberuntime_manager.go:1125', 5),
  'Failed to execute PostStartHook': E('kuberuntime_container.go:328'),
  'Exec lifecycle hook for Container in Pod failed': I('handlers.go:86', 1),
  'Killing container with a grace period': I('kuberuntime_container.go:915', 2),
  'Killing container with a grace period override': I('kuberuntime_container.go:894', 3),
  'Container exited normally': I('kuberuntime_container.go:924', 3),
  'Running preStop hook': I('kuberuntime_container.go:789', 3),
  'PreStop hook completed': I('kuberuntime_container.go:809', 3),
  'PreStop hook not completed in grace period': I('kuberuntime_container.go:806', 2),
  'Removing init container': I('kuberuntime_container.go:1002', 4),
  'Removing container': I('kuberuntime_container.go:1389', 4),
  RemoveContainer: T('scope.go:122', 0, 'RemoveContainer'),
  "Container not found in pod's containers": I('pod_container_deletor.go:80', 0),
  // pleg/generic.go
  GenericPLEG: I('generic.go:257', 4),
  'Generic (PLEG): container finished': I('generic.go:413', 2),
  // prober
  'Probe failed': I('prober.go:122', 1),
  'Probe succeeded': I('prober.go:113', 3),
  // volumemanager: reconciler_common.go, operation_generator.go, volume_manager.go
  'operationExecutor.VerifyControllerAttachedVolume started': I('reconciler_common.go:251', 0),
  // V(1) when not a remount (reconciler_common.go mountAttachedVolumes; operation_generator.go
  // GenerateMountVolumeFunc's verbosity).
  'Starting operationExecutor.MountVolume': I('reconciler_common.go:214', 4),
  'operationExecutor.MountVolume started': I('reconciler_common.go:225', 1),
  'MountVolume.SetUp succeeded': I('operation_generator.go:614', 1),
  'Waiting for volumes to attach and mount for pod': I('volume_manager.go:409', 3),
  'All volumes are attached and mounted for pod': I('volume_manager.go:470', 3),
  // status/status_manager.go syncPod
  'Patch status for pod': I('status_manager.go:1184', 3),
  'Ignoring same status for pod': I('status_manager.go:972', 3),
  'Status for pod updated successfully': I('status_manager.go:1193', 3),
  // cm/topologymanager/topology_manager.go manager.Admit
  'Topology manager admission check': I('topology_manager.go:267', 4),
  'Pod Admit Result': I('topology_manager.go:274', 4),
  // cm/topologymanager scope_container.go / scope_pod.go Admit, cm/cpumanager policy_static.go
  // GetTopologyHints / Allocate / allocateCPUs, state/state_mem.go (klog.InfoS, V0 unless noted)
  'TopologyHints generated': I('policy_static.go:877', 0),
  'Regenerating TopologyHints for CPUs already allocated': I('policy_static.go:862', 0),
  'Best TopologyHint': I('scope_container.go:57', 0),
  'Best TopologyHint (pod scope)': I('scope_pod.go:118', 0),
  'Topology Affinity (container scope)': I('scope_container.go:69', 0),
  'Topology Affinity (pod scope)': I('scope_pod.go:71', 0),
  // policy_static.go Allocate (contextual logger with pod, podUID, containerName): "Allocate
  // start" (1.35+), "Static policy: Allocate" (1.21-1.35), ..., deferred V(2) "Allocate end".
  'Allocate start': I('policy_static.go:576', 0),
  'Static policy: Allocate': R('policy_static.go:349', 0),
  'Static policy: container already present in state, skipping': I('policy_static.go:614', 0),
  // A pod with pod-level resources (PodLevelResources; 1.34 on): Allocate and the hint calls
  // return early. 1.36's text names PodLevelResourceManagers (its contextual logger's pod,
  // podUID, containerName come first; the call's own pod and podUID replace them, klog keeping
  // the later pair: containerName, pod, podUID).
  'CPU Manager allocation skipped (pod-level resources)': T(
    'policy_static.go:586',
    2,
    'CPU Manager allocation skipped, pod is using pod-level resources but the PodLevelResourceManagers feature gate is not enabled',
  ),
  'CPU Manager hint generation skipped (pod-level resources)': T(
    'policy_static.go:845',
    3,
    'CPU Manager hint generation skipped, pod is using pod-level resources but the PodLevelResourceManagers feature gate is not enabled',
  ),
  'CPU Manager pod hint generation skipped (pod-level resources)': T(
    'policy_static.go:901',
    3,
    'CPU Manager pod hint generation skipped, pod is using pod-level resources but the PodLevelResourceManagers feature gate is not enabled',
  ),
  'Topology Affinity': I('policy_static.go:620', 0),
  AllocateCPUs: I('policy_static.go:690', 0),
  'Updated default CPUSet': I('state_mem.go:123', 0),
  // allocateCPUs' result line as 1.18-1.20 printed it ("allocateCPUs: returning"); 1.21+ print
  // "AllocateCPUs" result=… (from 1.34 with the allocation's alignment), which is not modelled.
  'allocateCPUs: returning': R('policy_static.go:723', 0),
  'Updated desired CPUSet': I('state_mem.go:115', 0),
  'Allocate end': I('policy_static.go:577', 2),
  'Allocated exclusive CPUs': I('policy_static.go:635', 4),
  // cpu_manager.go removeStaleState, policy_static.go RemoveContainer, state_mem.go Delete
  'RemoveStaleState: removing container': T('cpu_manager.go:427', 2, 'removing container'),
  'RemoveStaleState: containerMap: removing container': T(
    'cpu_manager.go:441',
    2,
    'containerMap: removing container',
  ),
  'Static policy: RemoveContainer': T('policy_static.go:654', 0, 'RemoveContainer start'),
  // its deferred V(4) line, with the same message (1.35+)
  'Static policy: RemoveContainer (deferred)': T(
    'policy_static.go:655',
    4,
    'RemoveContainer start',
  ),
  'Deleted CPUSet assignment': I('state_mem.go:161', 2),
  // topologymanager scope_container.go / scope_pod.go accumulateProvidersHints and
  // calculateAffinity, policy.go filterProvidersHints (contextual logging, 1.35+)
  TopologyHints: T('scope_container.go:93', 0, 'TopologyHints'),
  'TopologyHints (pod scope)': T('scope_pod.go:146', 0, 'TopologyHints'),
  ContainerTopologyHint: I('scope_container.go:101', 0),
  PodTopologyHint: I('scope_pod.go:154', 0),
  'Hint Provider has no preference for NUMA affinity with any resource': I('policy.go:79', 0),
  'Hint Provider has no preference for NUMA affinity with resource': I('policy.go:87', 0),
  'Hint Provider has no possible NUMA affinities for resource': I('policy.go:93', 0),
  // devicemanager topology_hints.go GetTopologyHints (container) / GetPodTopologyHints (pod);
  // a text shared by two keys is told apart by its file:line (klogKeyOfText)
  'Resource does not have a topology preference': T(
    'topology_hints.go:49',
    0,
    'Resource does not have a topology preference',
  ),
  'Resource does not have a topology preference (pod scope)': T(
    'topology_hints.go:103',
    0,
    'Resource does not have a topology preference',
  ),
  'Resource already allocated to pod with different number than request': T(
    'topology_hints.go:60',
    0,
    'Resource already allocated to pod with different number than request',
  ),
  'Resource already allocated to pod with different number than request (pod scope)': T(
    'topology_hints.go:114',
    0,
    'Resource already allocated to pod with different number than request',
  ),
  'Regenerating TopologyHints for resource already allocated to pod': T(
    'topology_hints.go:64',
    0,
    'Regenerating TopologyHints for resource already allocated to pod',
  ),
  'Regenerating TopologyHints for resource already allocated to pod (pod scope)': T(
    'topology_hints.go:118',
    0,
    'Regenerating TopologyHints for resource already allocated to pod',
  ),
  'Unable to generate topology hints: requested number of devices unavailable': T(
    'topology_hints.go:73',
    0,
    'Unable to generate topology hints: requested number of devices unavailable',
  ),
  'Unable to generate topology hints: requested number of devices unavailable (pod scope)': T(
    'topology_hints.go:126',
    0,
    'Unable to generate topology hints: requested number of devices unavailable',
  ),
  // devicemanager manager.go UpdateAllocatedDevices, devicesToAllocate,
  // allocateContainerResources, writeCheckpoint
  'Pods to be removed': I('manager.go:574', 3),
  'Found pre-allocated devices for resource on pod': I('manager.go:591', 3),
  'Need devices to allocate for pod': I('manager.go:616', 3),
  'No devices needed, nothing to do': I('manager.go:642', 3),
  'Looking for needed resources': I('manager.go:852', 3),
  'Making allocation request for device plugin': I('manager.go:903', 4),
  'Issuing a GetPreferredAllocation call for container': I('manager.go:1043', 4),
  'Checkpoint file written': I('manager.go:514', 4),
  // memorymanager memory_manager.go, policy_static.go, state/state_mem.go (contextual logging)
  'RemoveStaleState removing state': T(
    'memory_manager.go:376',
    2,
    'RemoveStaleState removing state',
  ),
  'RemoveStaleState removing state (containerMap)': T(
    'memory_manager.go:384',
    2,
    'RemoveStaleState removing state',
  ),
  'Memory manager: RemoveContainer': T('policy_static.go:591', 0, 'RemoveContainer'),
  'Deleted memory assignment': I('state_mem.go:171', 2),
  'Updated machine memory state': I('state_mem.go:112', 0),
  'Updated memory state': I('state_mem.go:125', 0),
  'Regenerating TopologyHints, resource was already allocated to pod': I('policy_static.go:691', 0),
  'Allocation skipped, pod is using pod-level resources which are not supported by the static Memory manager policy':
    I('policy_static.go:437', 2),
  'Memory Manager hint generation skipped (pod-level resources)': T(
    'policy_static.go:848',
    3,
    'Memory Manager pod hint generation skipped, pod is using pod-level resources but the PodLevelResourceManagers feature gate is not enabled',
  ),
  'Memory Manager pod hint generation skipped (pod-level resources)': T(
    'policy_static.go:791',
    3,
    'Memory Manager pod hint generation skipped, pod is using pod-level resources but the PodLevelResourceManagers feature gate is not enabled',
  ),
  'Memory manager: Allocate': T('policy_static.go:441', 0, 'Allocate'),
  'Container already present in state, skipping': I('policy_static.go:453', 0),
  'Got topology affinity': I('policy_static.go:459', 0),
  'Allocate error': E('memory_manager.go:276'),
  'Allocated exclusive memory': I('policy_static.go:539', 4),
  'Memory affinity': I('memory_manager.go:262', 0),
  // util/pod_startup_latency_tracker.go
  'Observed pod startup duration': I('pod_startup_latency_tracker.go:148', 0),
  // client-go tools/record/event.go StartStructuredLogging(3), one line per recorded event
  'Event occurred': I('event.go:389', 3),
  // utilruntime.HandleError (apimachinery runtime.go logError: WithCallDepth(3), logger name
  // "UnhandledError") prints its caller's file:line: SyncPod's start helper in
  // kuberuntime_manager.go.
  HandleError: E('kuberuntime_manager.go:1727'),
} as const satisfies Record<string, Src>;

export type KlogMsg = keyof typeof KLOG;

/** Go's %q for the strings we print (ASCII). */
export function q(s: string): string {
  // Pod keys, container names and reasons are quoted on most lines: each short string once, and
  // every line shares the one quoted copy (less to allocate, and to retain in the trace).
  if (s.length > 64) return qLong(s);
  let v = quoted.get(s);
  if (v === undefined) {
    if (quoted.size >= 1 << 14) quoted.clear();
    quoted.set(s, (v = JSON.stringify(s)));
  }
  return v;
}
const quoted = new Map<string, string>();

/**
 * q for long strings (status patches, pod actions, messages: ~1,000 characters on average),
 * most of which a run prints again unchanged: hashing one is cheaper than quoting it again, and
 * the lines share the copy. Bounded by the characters it holds.
 */
function qLong(s: string): string {
  let v = quotedLong.get(s);
  if (v === undefined) {
    if (quotedLongChars + s.length > 1 << 21) {
      quotedLong.clear();
      quotedLongChars = 0;
    }
    quotedLong.set(s, (v = JSON.stringify(s)));
    quotedLongChars += s.length;
  }
  return v;
}
const quotedLong = new Map<string, string>();
let quotedLongChars = 0;

/** klog.KObjSlice: ["ns/a" "ns/b"] prints as ["ns/a","ns/b"]. */
export function kobjSlice(keys: string[]): string {
  return `[${keys.map(q).join(',')}]`;
}

export type KV = [string, string][];

export function klog(
  api: Pick<EffectApi<unknown>, 'log' | 'logForm'> & { recording?: boolean },
  msg: KlogMsg,
  kv: KV = NO_KV,
  err?: string,
): void {
  // A seek's replay records nothing: no line to build.
  if (api.recording === false) return;
  const src: Src = KLOG[msg];
  // A line today's kubelet no longer prints is built only for a release's table.
  if (src.retired === true && (api as { keepsRetired?: boolean }).keepsRetired !== true) return;
  const pairs: KV = err !== undefined ? [['err', q(err)], ...kv] : kv;
  // utilruntime.HandleError logs through klog as "Unhandled Error".
  const printed = msg === 'HandleError' ? 'Unhandled Error' : (src.text ?? msg);
  const all: KV = msg === 'HandleError' ? [...pairs, ['logger', q('UnhandledError')]] : pairs;
  // Recorded as its message and pairs where nothing rewrites the line (no line object).
  if (api.logForm !== undefined) api.logForm((src.form ??= formOf(src, printed)), all);
  else api.log(line(src, printed, all));
}

function formOf(src: Src, msg: string): LogForm {
  return Object.freeze({ v: src.v, severity: src.severity, source: src.source, msg });
}

/**
 * The key of a line the current kubelet prints under another message (Src.text); where two
 * lines print one message (RemoveContainer's "RemoveContainer start" and its deferred V(4)
 * twin), the line's file:line tells them apart.
 */
export function klogKeyOfText(msg: string, source: string): KlogMsg | undefined {
  const keys = KEYS_OF_TEXT.get(msg);
  if (!keys) return undefined;
  return keys.find((k) => (KLOG as Record<string, Src>)[k]!.source === source) ?? keys[0];
}

const KEYS_OF_TEXT = new Map<string, KlogMsg[]>();
for (const [k, s] of Object.entries(KLOG as Record<string, Src>))
  if (s.text !== undefined) {
    const keys = KEYS_OF_TEXT.get(s.text) ?? [];
    keys.push(k as KlogMsg);
    KEYS_OF_TEXT.set(s.text, keys);
  }

/** A line whose message is built at run time (e.g. the volume operations' GenerateMsgDetailed),
 * printed with the file:line and verbosity of its table entry. */
export function klogWith(
  api: Pick<EffectApi<unknown>, 'log'> & { recording?: boolean },
  key: KlogMsg,
  msg: string,
  kv: KV = NO_KV,
): void {
  if (api.recording === false) return;
  api.log(line(KLOG[key], msg, kv));
}

/**
 * A key/value pair whose value is printed from frozen values when first read (formatKlog, a
 * view, the CLI, a copy to the page), not when the line is logged: a status patch's or a
 * status's text (about 1,000 characters each) is built only for a line that is shown. To every
 * reader of the trace it is a [key, text] pair (the trace's records print it, logRecords.ts);
 * `render` must read only values that never change.
 */
export function lazyValue(key: string, render: () => string): [string, string] {
  return [key, new Deferred(render) as unknown as string];
}

/** No pairs: one shared empty list (a line's kv is never changed). */
const NO_KV: KV = Object.freeze([]) as unknown as KV;

/**
 * A line for api.log, with the step and time it stamps already in place, last as before: the
 * object is made with all its fields at once (stamping new ones grew each of ~50,000 lines).
 */
function line(src: Src, msg: string, kv: KV): LogLine {
  return { v: src.v, severity: src.severity, source: src.source, msg, kv, step: 0, t: 0 };
}

/**
 * "pod", klog.KObj(pod), "podUID", uid: the pair most kubelet lines start with. One list per
 * pod, shared by its lines (a line's kv is never changed; frozen so that stays true).
 */
export function podKV(key: string, uid: string): KV {
  const known = podKVs.get(uid);
  if (known !== undefined && known.key === key) return known.kv;
  if (podKVs.size >= 1 << 12) podKVs.clear();
  const kv = Object.freeze([
    Object.freeze(['pod', q(key)]),
    Object.freeze(['podUID', q(uid)]),
  ]) as unknown as KV;
  podKVs.set(uid, { key, kv });
  return kv;
}
const podKVs = new Map<string, { key: string; kv: KV }>();
