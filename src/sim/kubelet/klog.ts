/**
 * klog lines as the kubelet prints them: one table of message -> (Go file:line, verbosity,
 * severity) so every machine logs a message the same way, and helpers that render values as
 * klog's structured logging does (strings quoted, klog.KObj as "ns/name", slices as [...]).
 * Line numbers are representative of a ~v1.32 tree and kept consistent, not exact.
 */
import type { EffectApi } from '../runner/types';
import type { LogLine } from '../trace/types';

interface Src {
  source: string;
  v: number;
  severity: LogLine['severity'];
}

const I = (source: string, v: number): Src => ({ source, v, severity: 'I' });
const E = (source: string): Src => ({ source, v: 0, severity: 'E' });

export const KLOG = {
  // kubelet.go
  'Starting kubelet main sync loop': I('kubelet.go:2390', 0),
  'SyncLoop ADD': I('kubelet.go:2417', 2),
  'SyncLoop UPDATE': I('kubelet.go:2423', 2),
  'SyncLoop REMOVE': I('kubelet.go:2428', 2),
  'SyncLoop RECONCILE': I('kubelet.go:2431', 4),
  'SyncLoop DELETE': I('kubelet.go:2434', 2),
  'SyncLoop (PLEG): event for pod': I('kubelet.go:2453', 2),
  'SyncLoop (PLEG): pod does not exist, ignore irrelevant event': I('kubelet.go:2456', 4),
  'SyncLoop (SYNC) pods': I('kubelet.go:2477', 4),
  'SyncLoop (probe)': I('kubelet.go:2549', 1),
  'SyncLoop (housekeeping)': I('kubelet.go:2510', 4),
  'Clean up pod workers for terminated pods': I('kubelet_pods.go:1115', 3),
  'Clean up probes for terminated pods': I('kubelet_pods.go:1196', 3),
  'Clean up orphaned pod statuses': I('kubelet_pods.go:1200', 3),
  'Clean up orphaned pod user namespace allocations': I('kubelet_pods.go:1209', 3),
  'Clean up orphaned pod directories': I('kubelet_pods.go:1221', 3),
  'Clean up orphaned mirror pods': I('kubelet_pods.go:1231', 3),
  'Clean up orphaned pod cgroups': I('kubelet_pods.go:1338', 3),
  'SyncLoop (housekeeping) end': I('kubelet.go:2518', 4),
  'Pod admission denied': I('kubelet.go:2310', 0),
  // lifecycle/predicate.go Admit: an InsufficientResourceError, before canAdmitPod's line.
  'Predicate failed on Pod': I('predicate.go:212', 2),
  'SyncPod enter': I('kubelet.go:1720', 4),
  'SyncPod exit': I('kubelet.go:1722', 4),
  'Pod has been deleted and must be killed': I('kubelet_pods.go:1070', 3),
  'SyncTerminatingPod enter': I('kubelet.go:2001', 4),
  'SyncTerminatingPod exit': I('kubelet.go:2002', 4),
  'Pod terminating with grace period': I('kubelet.go:2010', 4),
  'Post-termination container state': I('kubelet.go:2066', 4),
  'Pod termination stopped all running containers': I('kubelet.go:2078', 4),
  'SyncTerminatedPod enter': I('kubelet.go:2127', 4),
  'SyncTerminatedPod exit': I('kubelet.go:2128', 4),
  'Pod termination unmounted volumes': I('kubelet.go:2141', 4),
  'Pod termination cleaned up volume paths': I('kubelet.go:2163', 3),
  'Pod termination removed cgroups': I('kubelet.go:2186', 4),
  'Pod is terminated and will need no more status updates': I('kubelet.go:2198', 4),
  'Marking terminal pod as failed': I('status_manager.go:610', 3),
  // pod_workers.go
  'Pod is being synced for the first time': I('pod_workers.go:775', 4),
  'Notifying pod of pending update': I('pod_workers.go:947', 4),
  'Pod is marked for graceful deletion, begin teardown': I('pod_workers.go:823', 4),
  'Pod is being removed by the kubelet, begin teardown': I('pod_workers.go:834', 4),
  'Pod is finished processing, no further updates': I('pod_workers.go:790', 4),
  'Processing pod event': I('pod_workers.go:1240', 4),
  'Processing pod event done': I('pod_workers.go:1327', 4),
  'Error syncing pod, skipping': E('pod_workers.go:1301'),
  'Pod worker has observed request to terminate': I('pod_workers.go:1000', 4),
  'Pod terminated all containers successfully': I('pod_workers.go:1380', 4),
  'Pod is complete and the worker can now stop': I('pod_workers.go:1426', 4),
  'Requeueing pod due to pending update': I('pod_workers.go:1513', 4),
  'Pod is terminal': I('pod_workers.go:1316', 4),
  'Pod indicated lifecycle completed naturally and should now terminate': I(
    'pod_workers.go:1351',
    4,
  ),
  'Cancelling current pod sync': I('pod_workers.go:962', 3),
  // cm/cpumanager/cpu_manager.go manager.Start, policy_static.go Start, and kubelet.go
  // initializeRuntimeDependentModules (containerManager.Start failed: os.Exit(1) follows)
  'Could not initialize checkpoint manager, please drain node and remove policy state file':
    E('cpu_manager.go:229'),
  'Static policy invalid state, please drain node and remove policy state file':
    E('policy_static.go:266'),
  'Policy start error': E('cpu_manager.go:236'),
  'Failed to start ContainerManager': E('kubelet.go:1703'),
  // kuberuntime
  // kubelet_pods.go generateAPIPodStatus
  'Generating pod status': I('kubelet_pods.go:1774', 3),
  'Got phase for pod': I('kubelet_pods.go:1787', 4),
  'Status manager phase was terminal, updating phase to match': I('kubelet_pods.go:1794', 4),
  'No sandbox for pod can be found. Need to start a new one': I('util.go:30', 2),
  'No ready sandbox for pod can be found. Need to start a new one': I('util.go:47', 2),
  'computePodActions got for pod': I('kuberuntime_manager.go:1194', 3),
  'SyncPod received new pod, will create a sandbox for it': I('kuberuntime_manager.go:1203', 4),
  'Stopping PodSandbox for pod, will start new one': I('kuberuntime_manager.go:1212', 4),
  'Stopping PodSandbox for pod, because all other containers are dead': I(
    'kuberuntime_manager.go:1214',
    4,
  ),
  'Killing unwanted container for pod': I('kuberuntime_manager.go:1232', 3),
  'Creating PodSandbox for pod': I('kuberuntime_manager.go:1271', 4),
  'Failed to create sandbox for pod': E('kuberuntime_sandbox.go:72'),
  'CreatePodSandbox for pod failed': E('kuberuntime_manager.go:1297'),
  'Created PodSandbox for pod': I('kuberuntime_manager.go:1306', 4),
  'Determined the ip for pod after sandbox changed': I('kuberuntime_manager.go:1329', 4),
  'Container of pod is not in the desired state and shall be started': I(
    'kuberuntime_manager.go:1064',
    3,
  ),
  'Message for Container of pod': I('kuberuntime_manager.go:1130', 2),
  'Computing init container action': I('kuberuntime_container.go:1068', 4),
  'Init container has been initialized': I('kuberuntime_container.go:1143', 4),
  'Checking backoff for container in pod': I('kuberuntime_manager.go:1480', 3),
  'Back-off restarting failed container': I('kuberuntime_manager.go:1489', 3),
  'Backing Off restarting container in pod': I('kuberuntime_manager.go:1358', 4),
  'Creating container in pod': I('kuberuntime_manager.go:1362', 4),
  'Container start failed in pod': I('kuberuntime_manager.go:1383', 3),
  'Completed init container for pod': I('kuberuntime_manager.go:1430', 4),
  'Failed to initialize the pod, as the init container failed to start, aborting': I(
    'kuberuntime_manager.go:1425',
    4,
  ),
  'Failed to start the restartable init container for the pod, skipping': I(
    'kuberuntime_manager.go:1421',
    4,
  ),
  'Creating hosts mount for container': I('kubelet_pods.go:276', 3),
  'Enforcing CFS quota': I('kuberuntime_container_linux.go:140', 2),
  // cm/container_manager.go containerHasExclusiveCPUs, podHasExclusiveCPUs
  'Container has pinned cpus': I('container_manager.go:245', 4),
  'Pod contains no container with pinned cpus': I('container_manager.go:236', 4),
  // cm/qos_container_manager_linux.go UpdateCgroups (SyncPod calls it before EnsureExists)
  'Updated QoS cgroup configuration': I('qos_container_manager_linux.go:395', 4),
  // cm/pod_container_manager_linux.go EnsureExists
  'Disabled CFS quota': I('pod_container_manager_linux.go:83', 2),
  'Failed to execute PostStartHook': E('kuberuntime_container.go:305'),
  'Exec lifecycle hook for Container in Pod failed': I('handlers.go:81', 1),
  'Killing container with a grace period': I('kuberuntime_container.go:809', 2),
  'Container exited normally': I('kuberuntime_container.go:825', 3),
  'Running preStop hook': I('kuberuntime_container.go:688', 3),
  'PreStop hook completed': I('kuberuntime_container.go:701', 3),
  'PreStop hook not completed in grace period': I('kuberuntime_container.go:698', 2),
  'Removing init container': I('kuberuntime_container.go:1010', 4),
  'Removing container': I('kuberuntime_container.go:1003', 4),
  RemoveContainer: I('scope.go:117', 0),
  "Container not found in pod's containers": I('pod_container_deletor.go:99', 0),
  // pleg/generic.go
  GenericPLEG: I('generic.go:208', 4),
  'Generic (PLEG): container finished': I('generic.go:358', 2),
  // prober
  'Probe failed': I('prober.go:107', 1),
  'Probe succeeded': I('prober.go:116', 3),
  // volumemanager: reconciler_common.go, operation_generator.go, volume_manager.go
  'operationExecutor.VerifyControllerAttachedVolume started': I('reconciler_common.go:245', 0),
  // V(1) when not a remount (reconciler_common.go mountAttachedVolumes; operation_generator.go
  // GenerateMountVolumeFunc's verbosity).
  'Starting operationExecutor.MountVolume': I('reconciler_common.go:205', 4),
  'operationExecutor.MountVolume started': I('reconciler_common.go:218', 1),
  'MountVolume.SetUp succeeded': I('operation_generator.go:637', 1),
  'Waiting for volumes to attach and mount for pod': I('volume_manager.go:404', 3),
  'All volumes are attached and mounted for pod': I('volume_manager.go:440', 3),
  // status/status_manager.go syncPod
  'Patch status for pod': I('status_manager.go:1064', 3),
  'Ignoring same status for pod': I('status_manager.go:848', 3),
  'Status for pod updated successfully': I('status_manager.go:1071', 3),
  // cm/topologymanager/topology_manager.go manager.Admit
  'Topology manager admission check': I('topology_manager.go:214', 4),
  'Pod Admit Result': I('topology_manager.go:221', 4),
  // cm/topologymanager scope_container.go / scope_pod.go Admit, cm/cpumanager policy_static.go
  // GetTopologyHints / Allocate / allocateCPUs, state/state_mem.go (klog.InfoS, V0 unless noted)
  'TopologyHints generated': I('policy_static.go:620', 0),
  'Regenerating TopologyHints for CPUs already allocated': I('policy_static.go:596', 0),
  'Best TopologyHint': I('scope_container.go:50', 0),
  'Best TopologyHint (pod scope)': I('scope_pod.go:51', 0),
  'Topology Affinity (container scope)': I('scope_container.go:60', 0),
  'Topology Affinity (pod scope)': I('scope_pod.go:62', 0),
  'Static policy: Allocate': I('policy_static.go:341', 0),
  'Static policy: container already present in state, skipping': I('policy_static.go:380', 0),
  'Topology Affinity': I('policy_static.go:386', 0),
  AllocateCPUs: I('policy_static.go:445', 0),
  'Updated default CPUSet': I('state_mem.go:88', 0),
  'Updated desired CPUSet': I('state_mem.go:80', 0),
  'Allocated exclusive CPUs': I('policy_static.go:402', 4),
  // cpu_manager.go removeStaleState, policy_static.go RemoveContainer, state_mem.go Delete
  'RemoveStaleState: removing container': I('cpu_manager.go:405', 2),
  'RemoveStaleState: containerMap: removing container': I('cpu_manager.go:418', 2),
  'Static policy: RemoveContainer': I('policy_static.go:430', 0),
  'Deleted CPUSet assignment': I('state_mem.go:107', 2),
  // topologymanager scope_container.go / scope_pod.go accumulateProvidersHints and
  // calculateAffinity, policy.go filterProvidersHints (klog.InfoS in the 1.34 tree)
  TopologyHints: I('scope_container.go:83', 0),
  'TopologyHints (pod scope)': I('scope_pod.go:84', 0),
  ContainerTopologyHint: I('scope_container.go:91', 0),
  PodTopologyHint: I('scope_pod.go:92', 0),
  'Hint Provider has no preference for NUMA affinity with any resource': I('policy.go:79', 0),
  'Hint Provider has no preference for NUMA affinity with resource': I('policy.go:87', 0),
  'Hint Provider has no possible NUMA affinities for resource': I('policy.go:93', 0),
  // devicemanager topology_hints.go GetTopologyHints (container) / GetPodTopologyHints (pod)
  'Resource does not have a topology preference': I('topology_hints.go:46', 0),
  'Resource does not have a topology preference (pod scope)': I('topology_hints.go:97', 0),
  'Resource already allocated to pod with different number than request': I(
    'topology_hints.go:57',
    0,
  ),
  'Resource already allocated to pod with different number than request (pod scope)': I(
    'topology_hints.go:108',
    0,
  ),
  'Regenerating TopologyHints for resource already allocated to pod': I('topology_hints.go:61', 0),
  'Regenerating TopologyHints for resource already allocated to pod (pod scope)': I(
    'topology_hints.go:112',
    0,
  ),
  'Unable to generate topology hints: requested number of devices unavailable': I(
    'topology_hints.go:70',
    0,
  ),
  'Unable to generate topology hints: requested number of devices unavailable (pod scope)': I(
    'topology_hints.go:120',
    0,
  ),
  // devicemanager manager.go UpdateAllocatedDevices, devicesToAllocate,
  // allocateContainerResources, writeCheckpoint
  'Pods to be removed': I('manager.go:559', 3),
  'Found pre-allocated devices for resource on pod': I('manager.go:575', 3),
  'Need devices to allocate for pod': I('manager.go:600', 3),
  'No devices needed, nothing to do': I('manager.go:626', 3),
  'Looking for needed resources': I('manager.go:835', 3),
  'Making allocation request for device plugin': I('manager.go:881', 4),
  'Issuing a GetPreferredAllocation call for container': I('manager.go:1018', 4),
  'Checkpoint file written': I('manager.go:502', 4),
  // memorymanager memory_manager.go, policy_static.go, state/state_mem.go (contextual logging)
  'RemoveStaleState removing state': I('memory_manager.go:360', 2),
  'RemoveStaleState removing state (containerMap)': I('memory_manager.go:368', 2),
  'Memory manager: RemoveContainer': I('policy_static.go:270', 0),
  'Deleted memory assignment': I('state_mem.go:115', 2),
  'Updated machine memory state': I('state_mem.go:77', 0),
  'Updated memory state': I('state_mem.go:90', 0),
  'Regenerating TopologyHints, resource was already allocated to pod': I('policy_static.go:344', 0),
  'Memory manager: Allocate': I('policy_static.go:117', 0),
  'Container already present in state, skipping': I('policy_static.go:128', 0),
  'Got topology affinity': I('policy_static.go:134', 0),
  'Allocate error': E('memory_manager.go:276'),
  'Allocated exclusive memory': I('policy_static.go:212', 4),
  'Memory affinity': I('memory_manager.go:259', 0),
  // util/pod_startup_latency_tracker.go
  'Observed pod startup duration': I('pod_startup_latency_tracker.go:102', 0),
  // client-go tools/record/event.go StartStructuredLogging(3), one line per recorded event
  'Event occurred': I('event.go:389', 3),
  // utilruntime.HandleError (apimachinery runtime.go logError: WithCallDepth(3), logger name
  // "UnhandledError") prints its caller's file:line: SyncPod's start helper in
  // kuberuntime_manager.go.
  HandleError: E('kuberuntime_manager.go:1385'),
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
  api: Pick<EffectApi<unknown>, 'log'> & { recording?: boolean },
  msg: KlogMsg,
  kv: KV = NO_KV,
  err?: string,
): void {
  // A seek's replay records nothing: no line to build.
  if (api.recording === false) return;
  const src = KLOG[msg];
  const pairs: KV = err !== undefined ? [['err', q(err)], ...kv] : kv;
  // utilruntime.HandleError logs through klog as "Unhandled Error".
  api.log(
    line(
      src,
      msg === 'HandleError' ? 'Unhandled Error' : msg,
      msg === 'HandleError' ? [...pairs, ['logger', q('UnhandledError')]] : pairs,
    ),
  );
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
