/**
 * The structured messages the replay keys on: Go file basename + message text (never line
 * numbers, which move every release) → a stable identifier. Texts as the kubelet prints
 * them (log-formats §1.5; kubelet-facts §9); each row names its file.
 */
import type { Fields } from './fields';
import { containerOfDump, containerOfFieldPath, podKey } from './podRef';
import { detailedMessageOf } from '../sim/kubelet/detailedMessages';

/** [file basename(s), message, what] */
const TABLE: readonly [string, string, string][] = [
  ['kubelet.go', 'Starting kubelet main sync loop', 'SyncLoopStart'],
  ['kubelet.go', 'SyncLoop ADD', 'SyncLoopAdd'],
  ['kubelet.go', 'SyncLoop UPDATE', 'SyncLoopUpdate'],
  ['kubelet.go', 'SyncLoop REMOVE', 'SyncLoopRemove'],
  ['kubelet.go', 'SyncLoop DELETE', 'SyncLoopDelete'],
  ['kubelet.go', 'SyncLoop RECONCILE', 'SyncLoopReconcile'],
  ['kubelet.go', 'SyncLoop (PLEG): event for pod', 'PLEG'],
  ['kubelet.go', 'SyncLoop (probe)', 'SyncLoopProbe'],
  ['kubelet.go', 'SyncLoop (SYNC) pods', 'SyncLoopSync'],
  ['kubelet.go', 'SyncLoop (housekeeping)', 'Housekeeping'],
  ['kubelet.go', 'SyncLoop (housekeeping) end', 'HousekeepingEnd'],
  ['kubelet_pods.go', 'Clean up pod workers for terminated pods', 'HousekeepingCleanUp'],
  ['kubelet_pods.go', 'Clean up probes for terminated pods', 'HousekeepingCleanUp'],
  ['kubelet_pods.go', 'Clean up orphaned pod statuses', 'HousekeepingCleanUp'],
  ['kubelet_pods.go', 'Clean up orphaned pod user namespace allocations', 'HousekeepingCleanUp'],
  ['kubelet_pods.go', 'Clean up orphaned pod directories', 'HousekeepingCleanUp'],
  ['kubelet_pods.go', 'Clean up orphaned mirror pods', 'HousekeepingCleanUp'],
  ['kubelet_pods.go', 'Clean up orphaned pod cgroups', 'HousekeepingCleanUp'],
  ['kubelet.go', 'SyncPod enter', 'SyncPodEnter'],
  ['kubelet.go', 'SyncPod exit', 'SyncPodExit'],
  ['kubelet.go', 'Pod admission denied', 'PodAdmissionDenied'],
  ['allocation_manager.go', 'Pod admission denied', 'PodAdmissionDenied'],
  ['predicate.go', 'Predicate failed on Pod', 'PredicateFailed'],
  ['kubelet.go', 'SyncTerminatingPod enter', 'SyncTerminatingPodEnter'],
  ['kubelet.go', 'SyncTerminatingPod exit', 'SyncTerminatingPodExit'],
  ['kubelet.go', 'Pod terminating with grace period', 'PodTerminating'],
  ['kubelet.go', 'Post-termination container state', 'PostTerminationState'],
  ['kubelet.go', 'Pod termination stopped all running containers', 'PodTerminationStopped'],
  ['kubelet.go', 'SyncTerminatedPod enter', 'SyncTerminatedPodEnter'],
  ['kubelet.go', 'SyncTerminatedPod exit', 'SyncTerminatedPodExit'],
  ['kubelet.go', 'Pod termination unmounted volumes', 'PodTerminationUnmounted'],
  ['kubelet.go', 'Pod termination cleaned up volume paths', 'PodTerminationCleanedPaths'],
  ['kubelet.go', 'Pod termination removed cgroups', 'PodTerminationRemovedCgroups'],
  ['kubelet.go', 'Pod is terminated and will need no more status updates', 'PodTerminated'],
  ['kubelet.go', 'Housekeeping took longer than expected', 'HousekeepingSlow'],
  ['kubelet.go', 'Container runtime status', 'RuntimeStatus'],
  ['config.go', 'Receiving a new pod', 'ReceivingNewPod'],
  ['server.go', 'Pod update broadcasted', 'PodUpdateBroadcast'],
  ['pod_workers.go', 'Pod is being synced for the first time', 'PodFirstSync'],
  ['pod_workers.go', 'Notifying pod of pending update', 'PodUpdateNotified'],
  ['pod_workers.go', 'Processing pod event', 'PodEventProcessing'],
  ['pod_workers.go', 'Processing pod event done', 'PodEventDone'],
  ['pod_workers.go', 'Requeueing pod due to pending update', 'PodRequeued'],
  ['pod_workers.go', 'Error syncing pod, skipping', 'ErrorSyncingPod'],
  ['pod_workers.go', 'Pod worker has observed request to terminate', 'PodWorkerTerminateRequest'],
  ['pod_workers.go', 'Pod is marked for graceful deletion, begin teardown', 'PodGracefulDeletion'],
  ['pod_workers.go', 'Pod terminated all containers successfully', 'PodContainersTerminated'],
  ['pod_workers.go', 'Pod is complete and the worker can now stop', 'PodWorkerDone'],
  ['kubelet_pods.go', 'Generating pod status', 'GeneratingPodStatus'],
  ['kubelet_pods.go', 'Got phase for pod', 'GotPhase'],
  [
    'kubelet_pods.go',
    'Status manager phase was terminal, updating phase to match',
    'PhaseKeptTerminal',
  ],
  ['util.go', 'No ready sandbox for pod can be found. Need to start a new one', 'NoReadySandbox'],
  ['volume_manager.go', 'Waiting for volumes to attach and mount for pod', 'VolumesWaiting'],
  ['volume_manager.go', 'All volumes are attached and mounted for pod', 'VolumeMountSucceeded'],
  ['util.go', 'No sandbox for pod can be found. Need to start a new one', 'NoSandbox'],
  ['kuberuntime_manager.go', 'computePodActions got for pod', 'ComputePodActions'],
  [
    'kuberuntime_manager.go',
    'SyncPod received new pod, will create a sandbox for it',
    'NewPodSandbox',
  ],
  ['kuberuntime_manager.go', 'Stopping PodSandbox for pod, will start new one', 'StoppingSandbox'],
  ['kuberuntime_manager.go', 'Creating PodSandbox for pod', 'CreatingSandbox'],
  ['kuberuntime_manager.go', 'Created PodSandbox for pod', 'CreatedSandbox'],
  ['kuberuntime_manager.go', 'CreatePodSandbox for pod failed', 'CreateSandboxFailed'],
  ['kuberuntime_sandbox.go', 'Failed to create sandbox for pod', 'SandboxFailed'],
  ['kuberuntime_manager.go', 'Determined the ip for pod after sandbox changed', 'PodIP'],
  ['kuberuntime_manager.go', 'Creating container in pod', 'CreatingContainer'],
  [
    'kuberuntime_manager.go',
    'Container of pod is not in the desired state and shall be started',
    'ContainerToStart',
  ],
  ['kuberuntime_manager.go', 'Checking backoff for container in pod', 'CheckingBackoff'],
  ['kuberuntime_manager.go', 'Back-off restarting failed container', 'BackOffRestarting'],
  ['kuberuntime_manager.go', 'Backing Off restarting container in pod', 'BackingOffContainer'],
  ['kuberuntime_manager.go', 'Container start failed in pod', 'ContainerStartFailed'],
  ['kuberuntime_manager.go', 'Completed init container for pod', 'InitContainerCompleted'],
  ['kuberuntime_container_linux.go', 'Enforcing CFS quota', 'EnforcingCFSQuota'],
  ['kuberuntime_container.go', 'Computing init container action', 'InitContainerAction'],
  ['kuberuntime_container.go', 'Init container has been initialized', 'InitContainerInitialized'],
  ['kuberuntime_container.go', 'Container exited normally', 'ContainerExited'],
  ['kuberuntime_container.go', 'Failed to execute PostStartHook', 'PostStartHookFailed'],
  ['kuberuntime_container.go', 'Killing container with a grace period', 'KillingContainer'],
  ['kuberuntime_container.go', 'Running preStop hook', 'PreStopHook'],
  ['kuberuntime_container.go', 'PreStop hook completed', 'PreStopHookDone'],
  ['kuberuntime_container.go', 'Removing container', 'RemovingContainer'],
  ['handlers.go', 'Exec lifecycle hook for Container in Pod failed', 'ExecHookFailed'],
  ['pod_container_deletor.go', "Container not found in pod's containers", 'ContainerNotFound'],
  ['generic.go', 'GenericPLEG', 'GenericPLEG'],
  ['generic.go', 'Generic (PLEG): container finished', 'PLEGContainerFinished'],
  ['prober.go', 'Probe failed', 'ProbeFailed'],
  ['prober.go', 'Probe succeeded', 'ProbeSucceeded'],
  ['event.go', 'Event occurred', 'Event'],
  ['pod_startup_latency_tracker.go', 'Observed pod startup duration', 'PodStartupObserved'],
  ['status_manager.go', 'Ignoring same status for pod', 'StatusUnchanged'],
  ['status_manager.go', 'Status for pod updated successfully', 'StatusUpdated'],
  ['status_manager.go', 'Patch status for pod', 'StatusPatched'],
  ['topology_manager.go', 'Topology Admit Handler', 'TopologyAdmit'],
  ['topology_manager.go', 'Topology manager admission check', 'TopologyAdmit'],
  ['topology_manager.go', 'Pod Admit Result', 'PodAdmitResult'],
  // The volume operations' GenerateMsgDetailed: the message goes on with the volume's names.
  [
    'reconciler_common.go',
    'operationExecutor.VerifyControllerAttachedVolume started',
    'VolumeVerifyStarted',
  ],
  ['reconciler_common.go', 'Starting operationExecutor.MountVolume', 'VolumeMountStarting'],
  ['reconciler_common.go', 'operationExecutor.MountVolume started', 'VolumeMountStarted'],
  ['operation_generator.go', 'MountVolume.SetUp succeeded', 'VolumeMountSucceeded'],
  ['scope.go', 'Topology Admit Handler', 'TopologyAdmit'],
  ['kubelet_pods.go', 'Creating hosts mount for container', 'HostsMount'],
  ['scope.go', 'RemoveContainer', 'TopologyRemoveContainer'],
  ['container_manager.go', 'Container has pinned cpus', 'PinnedCpus'],
  ['container_manager.go', 'Pod contains no container with pinned cpus', 'NoPinnedCpus'],
  ['qos_container_manager_linux.go', 'Updated QoS cgroup configuration', 'QoSCgroupsUpdated'],
  ['pod_container_manager_linux.go', 'Disabled CFS quota', 'PodCFSQuotaDisabled'],
  ['policy_static.go', 'Static policy: Allocate', 'CpuAllocate'],
  // 1.35+: Allocate's contextual logger opens and closes each container's allocation.
  ['policy_static.go', 'Allocate start', 'CpuAllocate'],
  ['policy_static.go', 'Allocate end', 'CpuAllocateEnd'],
  ['policy_static.go', 'RemoveContainer start', 'CpuRelease'],
  ['cpu_manager.go', 'removing container', 'CpuStaleRemoved'],
  ['cpu_manager.go', 'containerMap: removing container', 'CpuStaleRemoved'],
  ['cpu_manager.go', 'RemoveStaleState: removing container', 'CpuStaleRemoved'],
  ['cpu_manager.go', 'RemoveStaleState: containerMap: removing container', 'CpuStaleRemoved'],
  ['state_mem.go', 'Deleted CPUSet assignment', 'CpuAssignmentDeleted'],
  ['policy_static.go', 'AllocateCPUs', 'CpuAllocateCPUs'],
  ['policy_static.go', 'Static policy: RemoveContainer', 'CpuRelease'],
  ['policy_static.go', 'Unable to allocate CPUs', 'CpuAllocateFailed'],
  [
    'policy_static.go',
    'Static policy: container already present in state, skipping',
    'CpuAllocate',
  ],
  ['policy_static.go', 'Allocated exclusive CPUs', 'CpuAllocated'],
  ['policy_static.go', 'TopologyHints generated', 'TopologyHints'],
  ['policy_static.go', 'Regenerating TopologyHints for CPUs already allocated', 'TopologyHints'],
  ['policy_static.go', 'Topology Affinity', 'TopologyAffinity'],
  ['scope_container.go', 'Topology Affinity', 'TopologyAffinity'],
  ['scope_pod.go', 'Topology Affinity', 'TopologyAffinity'],
  ['scope_container.go', 'Best TopologyHint', 'TopologyBestHint'],
  ['scope_pod.go', 'Best TopologyHint', 'TopologyBestHint'],
  ['state_mem.go', 'Updated default CPUSet', 'CpuDefaultSet'],
  ['state_mem.go', 'Updated desired CPUSet', 'CpuDesiredSet'],
  ['runtime.go', 'Unhandled Error', 'UnhandledError'],
  ['kuberuntime_manager.go', 'Unhandled Error', 'UnhandledError'],
  ['run.go', 'command failed', 'CommandFailed'],
  [
    'cpu_manager.go',
    'Could not initialize checkpoint manager, please drain node and remove policy state file',
    'CpuCheckpointFailed',
  ],
  ['kubelet.go', 'Failed to start ContainerManager', 'ContainerManagerStartFailed'],
];

const BY_MSG = new Map<string, { files: string[]; what: string }>();
for (const [file, msg, what] of TABLE) {
  const row = BY_MSG.get(msg);
  if (row) row.files.push(file);
  else BY_MSG.set(msg, { files: [file], what });
}

export interface Recognised {
  readonly what: string;
  /** Pod keys ("ns/name"); several for a SyncLoop line naming several pods. */
  readonly pods: readonly string[];
  readonly uid?: string;
  readonly container?: string;
  readonly data?: Record<string, string | number>;
  /** For the scenario: a container and image the line names. */
  readonly image?: string;
  readonly init?: boolean;
}

/**
 * A message's row: the message itself, a volume operation's detailed message by its start, or
 * (a contextual logger's "name: " prefix stripped) the rest when that is a known message.
 */
function lookup(msg: string) {
  const row = BY_MSG.get(msg);
  if (row) return { row, msg };
  const detailed = detailedMessageOf(msg);
  if (detailed) return { row: BY_MSG.get(detailed)!, msg: detailed };
  const i = msg.indexOf(': ');
  if (i > 0) {
    const rest = msg.slice(i + 2);
    const r2 = BY_MSG.get(rest);
    if (r2) return { row: r2, msg: rest };
  }
  return null;
}

/**
 * The record's identifier and facts, or null for a message the replay does not key on.
 * `file` is the basename ("" when unknown); `uidPod` resolves a podUID to its pod.
 */
export function recognise(
  file: string,
  msg: string,
  f: Fields,
  uidPod: (uid: string) => string | undefined,
): Recognised | null {
  const hit = lookup(msg);
  if (!hit || (file !== '' && !hit.row.files.includes(file))) return null;
  const what = hit.row.what;
  const uid = f.str('podUID');
  const one = podKey(f.str('pod')) ?? (uid ? uidPod(uid) : undefined) ?? null;
  const pods = one ? [one] : [];
  const containerName = f.str('containerName');
  switch (what) {
    case 'SyncLoopAdd':
    case 'SyncLoopUpdate':
    case 'SyncLoopRemove':
    case 'SyncLoopDelete':
    case 'SyncLoopReconcile':
    case 'SyncLoopSync': {
      const ps = f.list('pods').filter((p) => podKey(p) !== null);
      return { what, pods: ps, data: { source: f.str('source') ?? '' } };
    }
    case 'PLEG': {
      const type = f.field('event', 'Type') ?? 'Unknown';
      return {
        what: `PLEG${type}`,
        pods,
        uid: f.field('event', 'ID'),
        data: { type, id: f.field('event', 'Data') ?? '' },
      };
    }
    case 'GenericPLEG':
      return {
        what,
        pods,
        uid,
        data: {
          containerID: f.str('containerID') ?? '',
          oldState: f.str('oldState') ?? '',
          newState: f.str('newState') ?? '',
        },
      };
    case 'SyncLoopProbe':
      return {
        what,
        pods,
        data: { probe: f.str('probe') ?? '', status: f.str('status') ?? '' },
      };
    case 'ProbeFailed':
    case 'ProbeSucceeded':
      return {
        what,
        pods,
        uid,
        container: containerName,
        data: { probeType: f.str('probeType') ?? '', result: f.str('probeResult') ?? '' },
      };
    case 'Event': {
      const reason = f.str('reason') ?? '';
      const fp = containerOfFieldPath(f.str('fieldPath'));
      const obj = podKey(f.str('object'));
      const message = f.str('message') ?? '';
      return {
        what: `Event${reason}`,
        pods: obj && (f.str('kind') ?? 'Pod') === 'Pod' ? [obj] : [],
        container: fp?.name,
        init: fp?.init,
        data: { reason, type: f.str('type') ?? '', message },
        image: reason === 'Pulling' || reason === 'Pulled' ? imageOfMessage(message) : undefined,
      };
    }
    case 'CreatingContainer': {
      const c = containerOfDump(f.raw('container'));
      const type = f.str('containerType') ?? 'container';
      return {
        what,
        pods,
        container: c?.name,
        image: c?.image,
        init: type === 'init container',
        data: { containerType: type },
      };
    }
    case 'BackingOffContainer':
    case 'ContainerStartFailed': {
      const c = containerOfDump(f.raw('container'));
      return {
        what,
        pods,
        container: c?.name,
        data: { err: f.str('err') ?? '', message: f.str('containerMessage') ?? '' },
      };
    }
    case 'InitContainerAction':
    case 'InitContainerInitialized':
      return { what, pods, container: f.str('container'), init: true };
    case 'InitContainerCompleted':
      return { what, pods, container: containerName, init: true };
    case 'CreatedSandbox':
      return { what, pods, data: { podSandboxID: f.str('podSandboxID') ?? '' } };
    case 'PodStartupObserved': {
      const data: Record<string, string | number> = {};
      for (const k of [
        'podStartSLOduration',
        'podStartE2EDuration',
        'podCreationTimestamp',
        'firstStartedPulling',
        'lastFinishedPulling',
        'observedRunningTime',
        'watchObservedRunningTime',
      ]) {
        const v = f.str(k);
        if (v !== undefined) data[k] = v;
      }
      return { what, pods, data };
    }
    case 'CpuAllocate':
    case 'CpuAllocateCPUs':
    case 'CpuAllocated':
    case 'CpuRelease':
    case 'PinnedCpus': {
      return {
        what,
        pods,
        container: containerName,
        data: { cpus: f.str('result') ?? f.str('cpuset') ?? '' },
      };
    }
    case 'PLEGContainerFinished': {
      // generic.go names the pod by podID (its UID) only.
      const podID = f.str('podID');
      const key = podID ? uidPod(podID) : undefined;
      return {
        what,
        pods: key ? [key] : pods,
        uid: podID ?? uid,
        data: { id: f.str('containerID') ?? '', exitCode: Number(f.str('exitCode') ?? NaN) },
      };
    }
    case 'ErrorSyncingPod':
    case 'BackOffRestarting':
    case 'UnhandledError':
    case 'SandboxFailed':
    case 'CreateSandboxFailed': {
      const err = f.str('err') ?? '';
      // SyncPod's result: `failed to "StartContainer" for "worker" with CrashLoopBackOff: …`.
      const named = /failed to "StartContainer" for "([^"]+)" with/.exec(err)?.[1];
      return { what, pods, uid, container: containerName ?? named, data: { err } };
    }
    default:
      return { what, pods, uid, container: containerName ?? undefined };
  }
}

/** `Pulling image "nginx:1.27"` / `Successfully pulled image "nginx" in 1.2s …` → the image. */
export function imageOfMessage(message: string): string | undefined {
  const m = /[Ii]mage "([^"]+)"/.exec(message);
  return m?.[1];
}
