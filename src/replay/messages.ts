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
  // canResizePod's refusal of a Guaranteed pod's resize (kubelet.go, then the allocation manager).
  [
    'kubelet.go',
    'Resize is infeasible for Guaranteed Pods alongside CPU Manager static policy',
    'ResizeInfeasible',
  ],
  [
    'kubelet.go',
    'Resize is infeasible for Guaranteed Pods alongside Memory Manager static policy',
    'ResizeInfeasible',
  ],
  [
    'allocation_manager.go',
    'Resize is infeasible for Guaranteed Pods alongside CPU Manager policy "static"',
    'ResizeInfeasible',
  ],
  [
    'allocation_manager.go',
    'Resize is infeasible for Guaranteed Pods alongside Memory Manager policy "Static"',
    'ResizeInfeasible',
  ],
  [
    'handlers.go',
    'Resize is infeasible for Guaranteed Pods alongside CPU Manager policy "static"',
    'ResizeInfeasible',
  ],
  [
    'handlers.go',
    'Resize is infeasible for Guaranteed Pods alongside Memory Manager policy "Static"',
    'ResizeInfeasible',
  ],
  // retryPendingResizes / handlePodResourcesResize: how a resize came out (1.34+), and why not.
  ['allocation_manager.go', 'Pod resize successfully allocated', 'ResizeAllocated'],
  ['allocation_manager.go', 'Pod resize is infeasible', 'ResizeInfeasible'],
  ['allocation_manager.go', 'Pod resize is deferred; will reevaluate later', 'ResizeDeferred'],
  ['allocation_manager.go', "Node didn't have enough capacity", 'ResizeInfeasible'],
  ['allocation_manager.go', 'Resize cannot be accommodated', 'ResizeDeferred'],
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
  ['operation_generator.go', 'MountVolume.SetUp succeeded', 'VolumeSetUp'],
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
  // A pod with pod-level resources (1.34+): the static CPU and memory policies skip it.
  [
    'policy_static.go',
    'CPU Manager allocation skipped, pod is using pod-level resources which are not supported by the static CPU manager policy',
    'CpuAllocateSkipped',
  ],
  [
    'policy_static.go',
    'CPU Manager allocation skipped, pod is using pod-level resources but the PodLevelResourceManagers feature gate is not enabled',
    'CpuAllocateSkipped',
  ],
  [
    'policy_static.go',
    'CPU Manager hint generation skipped, pod is using pod-level resources which are not supported by the static CPU manager policy',
    'TopologyHints',
  ],
  [
    'policy_static.go',
    'CPU Manager hint generation skipped, pod is using pod-level resources but the PodLevelResourceManagers feature gate is not enabled',
    'TopologyHints',
  ],
  [
    'policy_static.go',
    'CPU Manager pod hint generation skipped, pod is using pod-level resources which are not supported by the static CPU manager policy',
    'TopologyHints',
  ],
  [
    'policy_static.go',
    'CPU Manager pod hint generation skipped, pod is using pod-level resources but the PodLevelResourceManagers feature gate is not enabled',
    'TopologyHints',
  ],
  [
    'policy_static.go',
    'Allocation skipped, pod is using pod-level resources which are not supported by the static Memory manager policy',
    'MemoryAllocateSkipped',
  ],
  [
    'policy_static.go',
    'Topology hints generation skipped, pod is using pod-level resources which are not supported by the static Memory manager policy',
    'TopologyHints',
  ],
  [
    'policy_static.go',
    'Memory Manager pod hint generation skipped, pod is using pod-level resources but the PodLevelResourceManagers feature gate is not enabled',
    'TopologyHints',
  ],
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
  // The families below are texts of the kubelet 1.21–1.36 sources (pkg/kubelet); a message is
  // recognised whichever file logged it (texts moved between files across releases).
  ['kuberuntime_manager.go', 'Syncing Pod', 'SyncingPod'],
  ['kuberuntime_manager.go', 'getSandboxIDByPodUID got sandbox IDs for pod', 'SandboxIDs'],
  ['kuberuntime_manager.go', 'GeneratePodSandboxConfig for pod failed', 'CreateSandboxFailed'],
  ['kuberuntime_sandbox.go', 'Failed to generate sandbox config for pod', 'SandboxFailed'],
  ['remote_runtime.go', 'RunPodSandbox from runtime service failed', 'CriRunPodSandboxFailed'],
  [
    'remote_runtime.go',
    'CreateContainer in sandbox from runtime service failed',
    'CriCreateContainerFailed',
  ],
  ['remote_runtime.go', 'StartContainer from runtime service failed', 'CriStartContainerFailed'],
  ['remote_runtime.go', 'StopContainer from runtime service failed', 'CriStopContainerFailed'],
  ['remote_runtime.go', 'StopPodSandbox from runtime service failed', 'CriStopPodSandboxFailed'],
  ['remote_runtime.go', 'RemoveContainer from runtime service failed', 'CriRemoveContainerFailed'],
  ['remote_runtime.go', 'ContainerStatus from runtime service failed', 'CriContainerStatusFailed'],
  ['remote_runtime.go', 'ExecSync cmd from runtime service failed', 'CriExecSyncFailed'],
  ['remote_image.go', 'PullImage from image service failed', 'CriPullImageFailed'],
  ['remote_runtime.go', '[RemoteRuntimeService] RunPodSandbox', 'CriRunPodSandbox'],
  [
    'remote_runtime.go',
    '[RemoteRuntimeService] RunPodSandbox Response',
    'CriRunPodSandboxResponse',
  ],
  ['remote_runtime.go', '[RemoteRuntimeService] CreateContainer', 'CriCreateContainer'],
  ['remote_runtime.go', '[RemoteRuntimeService] StartContainer', 'CriStartContainer'],
  [
    'remote_runtime.go',
    '[RemoteRuntimeService] StartContainer Response',
    'CriStartContainerResponse',
  ],
  ['remote_runtime.go', '[RemoteRuntimeService] StopContainer', 'CriStopContainer'],
  [
    'remote_runtime.go',
    '[RemoteRuntimeService] StopContainer Response',
    'CriStopContainerResponse',
  ],
  ['kuberuntime_image.go', 'Failed to pull image', 'PullFailed'],
  [
    'kuberuntime_container.go',
    'Killing container with a grace period override',
    'KillingContainer',
  ],
  ['kuberuntime_container.go', 'Container termination failed with gracePeriod', 'KillFailed'],
  ['kuberuntime_container.go', 'Kill container failed', 'KillFailed'],
  ['kuberuntime_container.go', 'Failed to kill container', 'KillFailed'],
  ['kuberuntime_manager.go', 'Killing unwanted container for pod', 'KillingUnwantedContainer'],
  // RestartAllContainers (1.35+): computePodActions marks the pod, SyncPod resets each container.
  ['kuberuntime_manager.go', 'Pod marked for RestartAllContainers', 'RestartAllContainers'],
  ['kuberuntime_manager.go', 'Removing container before pod restarts', 'RemovingContainer'],
  ['kuberuntime_manager.go', 'Killing container before removal', 'KillingContainer'],
  ['kuberuntime_manager.go', 'killContainer for pod failed', 'KillFailed'],
  ['kuberuntime_manager.go', 'killPodWithSyncResult failed', 'KillPodFailed'],
  [
    'kuberuntime_manager.go',
    'Stopping PodSandbox for pod, because all other containers are dead',
    'StoppingSandbox',
  ],
  ['kuberuntime_manager.go', 'Failed to stop sandbox', 'StopSandboxFailed'],
  ['kuberuntime_manager.go', 'Message for Container of pod', 'ContainerMessage'],
  [
    'kuberuntime_manager.go',
    'Failed to initialize the pod, as the init container failed to start, aborting',
    'InitContainerStartFailed',
  ],
  [
    'kuberuntime_manager.go',
    'Failed to start the restartable init container for the pod, skipping',
    'SidecarStartFailed',
  ],
  ['kuberuntime_container.go', 'Running preStop hook', 'PreStopHook'],
  ['handlers.go', 'HTTP lifecycle hook for Container in Pod failed', 'HttpHookFailed'],
  ['prober.go', 'Probe errored', 'ProbeFailed'],
  ['worker.go', 'Non-running container probed', 'ProbeNonRunning'],
  ['pod_workers.go', 'Pod is being evicted by the kubelet, begin teardown', 'PodEvicted'],
  [
    'pod_workers.go',
    'Pod is being removed by the kubelet, begin teardown',
    'PodWorkerTerminateRequest',
  ],
  [
    'pod_workers.go',
    'Pod is in a terminal phase (success/failed), begin teardown',
    'PodTerminalPhase',
  ],
  ['pod_workers.go', 'Pod is terminal', 'PodTerminalPhase'],
  [
    'pod_workers.go',
    'Pod indicated lifecycle completed naturally and should now terminate',
    'PodTerminalPhase',
  ],
  ['pod_workers.go', 'Pod is finished processing, no further updates', 'PodWorkerDone'],
  ['pod_workers.go', 'Pod cannot start yet', 'PodCannotStart'],
  ['pod_workers.go', 'Pod cannot start ever', 'PodCannotStart'],
  ['pod_workers.go', 'Cancelling current pod sync', 'PodSyncCancelled'],
  ['kubelet_pods.go', 'API phase was terminal, updating phase to match', 'PhaseKeptTerminal'],
  ['kubelet_pods.go', 'Pod attempted illegal phase transition', 'PodIllegalPhase'],
  ['kubelet_pods.go', 'Killing unwanted pod', 'KillingUnwantedPod'],
  ['kubelet_pods.go', 'Deleted mirror pod', 'MirrorPodDeleted'],
  ['config.go', 'Adding new pods from source', 'ReceivingNewPod'],
  ['eviction_manager.go', 'Eviction manager: must evict pod(s) to reclaim', 'EvictionNeeded'],
  ['eviction_manager.go', 'Evicting pod', 'EvictingPod'],
  ['eviction_manager.go', 'Eviction manager: pod is evicted successfully', 'PodEvicted'],
  ['eviction_manager.go', 'Eviction manager: pods ranked for eviction', 'EvictionRanked'],
  ['volume_manager.go', 'Waiting for volumes to unmount for pod', 'VolumesUnmounting'],
  ['volume_manager.go', 'All volumes are unmounted for pod', 'VolumesUnmounted'],
  ['kubelet.go', 'Unable to attach or mount volumes for pod; skipping pod', 'VolumeMountFailed'],
  ['reconciler_common.go', 'operationExecutor.UnmountVolume started', 'VolumeUnmountStarted'],
  ['operation_generator.go', 'UnmountVolume.TearDown succeeded', 'VolumeUnmounted'],
  ['operation_generator.go', 'MountVolume.SetUp failed', 'VolumeMountFailed'],
  ['status_manager.go', 'Status for pod is up-to-date', 'StatusUnchanged'],
  ['status_manager.go', 'Failed to update status for pod', 'StatusUpdateFailed'],
  ['status_manager.go', 'Status update on pod aborted', 'StatusUpdateFailed'],
  ['status_manager.go', 'Pod fully terminated and removed from etcd', 'PodRemovedFromApi'],
  ['status_manager.go', 'Container readiness changed before pod has synced', 'ReadinessChanged'],
  ['status_manager.go', 'Container startup changed before pod has synced', 'StartupChanged'],
  ['status_manager.go', 'Sync pod status', 'StatusSync'],
  ['status_manager.go', 'Pod does not exist on the server', 'PodGoneFromApi'],
  ['generic.go', 'PLEG: Write status', 'PLEGWriteStatus'],
  ['generic.go', 'PLEG: Delete status for pod', 'PLEGDeleteStatus'],
  ['evented.go', 'Evented PLEG: Generated pod status from the received event', 'PLEGEventedStatus'],
  [
    'topology_manager.go',
    'Creating topology manager with policy per scope',
    'TopologyManagerConfig',
  ],
  ['topology_manager.go', 'Creating topology manager with none policy', 'TopologyManagerConfig'],
  ['scope.go', 'Topology manager admission check', 'TopologyAdmit'],
  ['scope_container.go', 'TopologyHints', 'TopologyHints'],
  ['scope_pod.go', 'TopologyHints', 'TopologyHints'],
  ['scope_container.go', 'ContainerTopologyHint', 'TopologyHints'],
  ['scope_pod.go', 'PodTopologyHint', 'TopologyHints'],
  ['scope_container.go', 'Resource alignment at container scope guaranteed', 'TopologyAligned'],
  ['scope_pod.go', 'Resource alignment at pod scope guaranteed', 'TopologyAligned'],
  [
    'policy.go',
    'Hint Provider has no preference for NUMA affinity with any resource',
    'TopologyHints',
  ],
  ['policy.go', 'Hint Provider has no preference for NUMA affinity with resource', 'TopologyHints'],
  ['policy.go', 'Hint Provider has no possible NUMA affinities for resource', 'TopologyHints'],
  [
    'topology_hints.go',
    'Regenerating TopologyHints for resource already allocated to pod',
    'TopologyHints',
  ],
  ['topology_hints.go', 'Resource does not have a topology preference', 'TopologyHints'],
  [
    'topology_hints.go',
    'Unable to generate topology hints: requested number of devices unavailable',
    'TopologyHints',
  ],
  [
    'policy_static.go',
    'Regenerating TopologyHints, resource was already allocated to pod',
    'TopologyHints',
  ],
  ['policy_static.go', 'Got topology affinity', 'TopologyAffinity'],
  [
    'container_manager_linux.go',
    'Creating Container Manager object based on Node Config',
    'NodeConfig',
  ],
  ['container_manager_linux.go', 'Failed to initialize cpu manager', 'CpuManagerStartFailed'],
  ['container_manager_linux.go', 'Failed to initialize memory manager', 'MemoryManagerStartFailed'],
  ['cpu_manager.go', 'Policy start error', 'CpuManagerStartFailed'],
  ['cpu_manager.go', 'Starting CPU manager', 'CpuManagerStart'],
  ['cpu_manager.go', 'Detected CPU topology', 'CpuTopology'],
  ['cpu_manager.go', 'Allocate error', 'CpuAllocateFailed'],
  ['cpu_manager.go', 'ReconcileState: updating container', 'CpuReconcile'],
  ['cpu_manager.go', 'RemoveStaleState: removing container', 'CpuRelease'],
  ['policy_static.go', 'Static policy created with configuration', 'CpuPolicyConfig'],
  ['policy_static.go', 'Reserved CPUs not available for exclusive assignment', 'CpuReserved'],
  [
    'policy_static.go',
    'Static policy invalid state, please drain node and remove policy state file',
    'CpuManagerStartFailed',
  ],
  [
    'policy_static.go',
    'Invalid state, please drain node and remove policy state file',
    'CpuManagerStartFailed',
  ],
  [
    'policy_static.go',
    'CPUs already allocated to container with different number than request',
    'CpuAllocateFailed',
  ],
  [
    'policy_static.go',
    'Exclusive CPU allocation skipped, pod QoS is not guaranteed',
    'CpuAllocateSkipped',
  ],
  [
    'policy_static.go',
    'Exclusive CPU allocation skipped, pod requested non-integral CPUs',
    'CpuAllocateSkipped',
  ],
  ['state_mem.go', 'Updated CPUSet assignments', 'CpuAssignments'],
  ['state_mem.go', 'Deleted CPUSet assignment', 'CpuRelease'],
  ['state_checkpoint.go', 'State checkpoint: restored state from checkpoint', 'CpuStateRestored'],
  ['state_checkpoint.go', 'State checkpoint: defaultCPUSet', 'CpuDefaultSet'],
  ['memory_manager.go', 'Starting memorymanager', 'MemoryManagerStart'],
  ['memory_manager.go', 'memorymanager started', 'MemoryManagerStart'],
  ['memory_manager.go', 'Memory affinity', 'MemoryAffinity'],
  ['memory_manager.go', 'Allocate error', 'MemoryAllocateFailed'],
  ['memory_manager.go', 'NUMA nodes not available for allocation', 'MemoryAllocateFailed'],
  ['memory_manager.go', 'RemoveStaleState removing state', 'MemoryRelease'],
  ['policy_static.go', 'Allocated exclusive memory', 'MemoryAllocated'],
  // memorymanager/policy_static.go (the CPU manager's say "Static policy: …").
  ['policy_static.go', 'Allocate', 'MemoryAllocate'],
  ['policy_static.go', 'Container already present in state, skipping', 'MemoryAllocate'],
  ['policy_static.go', 'RemoveContainer', 'MemoryRelease'],
  [
    'policy_static.go',
    'Exclusive memory allocation skipped, pod QoS is not guaranteed',
    'MemoryAllocateSkipped',
  ],
  ['state_mem.go', 'Updated memory state', 'MemoryAssignments'],
  ['state_mem.go', 'Updated Memory assignments', 'MemoryAssignments'],
  ['state_mem.go', 'Updated machine memory state', 'MemoryMachineState'],
  ['state_mem.go', 'Deleted memory assignment', 'MemoryRelease'],
  ['manager.go', 'Creating Device Plugin manager', 'DeviceManagerStart'],
  ['manager.go', 'Starting Device Plugin manager', 'DeviceManagerStart'],
  ['manager.go', 'Need devices to allocate for pod', 'DeviceNeeded'],
  ['manager.go', 'Found pre-allocated devices for resource on pod', 'DeviceReused'],
  ['manager.go', 'Making allocation request for device plugin', 'DeviceAllocate'],
  ['manager.go', 'Issuing a PreStartContainer call for container', 'DevicePreStart'],
  ['manager.go', 'Issuing a GetPreferredAllocation call for container', 'DevicePreferred'],
  ['manager.go', 'Looking for needed resources', 'DeviceNeeded'],
  ['manager.go', 'Pods to be removed', 'DeviceGC'],
  ['manager.go', 'Checkpoint file written', 'DeviceCheckpoint'],
  [
    'topology_hints.go',
    'Resource already allocated to pod with different number than request',
    'TopologyHints',
  ],
  [
    'manager.go',
    'Plugin options indicate to skip GetPreferredAllocation for resource',
    'DevicePreferred',
  ],
  ['manager.go', 'Needs to re-allocate device plugin resources for pod', 'DeviceNeeded'],
  ['manager.go', 'No devices needed, nothing to do', 'DeviceNone'],
  ['manager.go', 'Container detected running, nothing to do', 'DeviceNone'],
  ['manager.go', 'Endpoint became unhealthy', 'DeviceUnhealthy'],
  ['manager.go', 'Mark all resources Unhealthy for resource', 'DeviceUnhealthy'],
  [
    'server.go',
    'Got registration request from device plugin with resource',
    'DevicePluginRegistered',
  ],
  [
    'manager.go',
    'Got registration request from device plugin with resource',
    'DevicePluginRegistered',
  ],
  ['handler.go', 'Registering plugin at endpoint', 'DevicePluginRegistered'],
  ['manager.go', 'Device plugin connected', 'DevicePluginRegistered'],
  ['manager.go', 'Processed device updates for resource', 'DeviceUpdate'],
  ['pod_devices.go', 'Add device', 'DeviceContainerConfig'],
  ['pod_devices.go', 'Add env', 'DeviceContainerConfig'],
  ['pod_devices.go', 'Add mount', 'DeviceContainerConfig'],
  ['pod_devices.go', 'Add annotation', 'DeviceContainerConfig'],
  ['pod_devices.go', 'Add CDI device', 'DeviceContainerConfig'],
];

/** Messages too generic to key on unless the file that logged them says which component it is. */
const FILE_STRICT: ReadonlySet<string> = new Set([
  'RemoveContainer',
  'Allocate',
  'Allocate error',
  'Unhandled Error',
  'TopologyHints',
  'Add device',
  'Add env',
  'Add mount',
  'Add annotation',
  'command failed',
  'Topology Affinity',
]);

interface Row {
  readonly files: string[];
  readonly what: string;
}

const BY_MSG = new Map<string, Row[]>();
for (const [file, msg, what] of TABLE) {
  const rows = BY_MSG.get(msg) ?? BY_MSG.set(msg, []).get(msg)!;
  const row = rows.find((r) => r.what === what);
  if (row) row.files.push(file);
  else rows.push({ files: [file], what });
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
  /** A pod named only by its name (printf volume lines): bound to a namespace by its uid. */
  readonly podName?: string;
}

/** Every message the table keys on (the version tables and tests read it). */
export const KNOWN_MESSAGES: readonly string[] = [...BY_MSG.keys()];

/** The row for a message logged from `file` ("" when the format names no file). */
function rowOf(msg: string, file: string): Row | null {
  const rows = BY_MSG.get(msg);
  if (!rows) return null;
  const exact = rows.find((r) => r.files.includes(file));
  if (exact) return exact;
  if (file !== '' && FILE_STRICT.has(msg)) return null;
  return rows[0]!;
}

/** Volume operations' detailed messages ("<msg> for volume …"), the model's and the rest. */
const DETAILED = [
  'operationExecutor.UnmountVolume started',
  'UnmountVolume.TearDown succeeded',
  'MountVolume.SetUp failed',
];

function detailedOf(msg: string): string | undefined {
  const d = detailedMessageOf(msg);
  if (d) return d;
  for (const m of DETAILED) if (msg.startsWith(`${m} for volume `)) return m;
  return undefined;
}

/**
 * A message's row: the message itself, a volume operation's detailed message by its start, or
 * (a contextual logger's "name: " prefix stripped) the rest when that is a known message.
 */
function lookup(msg: string, file: string): { row: Row; msg: string } | null {
  const row = rowOf(msg, file);
  if (row) return { row, msg };
  const detailed = detailedOf(msg);
  if (detailed) {
    const r = rowOf(detailed, file);
    if (r) return { row: r, msg: detailed };
  }
  const i = msg.indexOf(': ');
  if (i > 0) {
    const rest = msg.slice(i + 2);
    const r2 = rowOf(rest, file);
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
  const hit = lookup(msg, file);
  if (!hit) return null;
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
        'totalImagesPullingTime',
        'totalInitContainerRuntime',
        'imagePullSessionsCount',
        'isStatefulPod',
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
    case 'CreateSandboxFailed':
    case 'PullFailed':
    case 'KillFailed':
    case 'KillPodFailed':
    case 'StatusUpdateFailed':
    case 'VolumeMountFailed':
    case 'InitContainerStartFailed':
    case 'SidecarStartFailed':
    case 'CpuManagerStartFailed':
    case 'MemoryManagerStartFailed':
    case 'CpuAllocateFailed':
    case 'MemoryAllocateFailed':
    case 'PostStartHookFailed':
    case 'ExecHookFailed':
    case 'HttpHookFailed': {
      const err = f.str('err') ?? '';
      const sync = syncErrorOf(err);
      const c =
        containerName ??
        f.str('containerName') ??
        containerOfDump(f.raw('container'))?.name ??
        (sync?.step === 'StartContainer' ? sync.target : undefined);
      const data: Record<string, string | number> = { err };
      if (sync) Object.assign(data, syncErrorData(sync));
      const image = f.str('image');
      if (image) data.image = image;
      return { what, pods, uid, container: c, data };
    }
    case 'KillingContainer': {
      const grace = Number(f.str('gracePeriod') ?? f.str('gracePeriodOverride') ?? NaN);
      return {
        what,
        pods,
        uid,
        container: containerName,
        data: {
          containerID: f.str('containerID') ?? '',
          ...(Number.isFinite(grace) ? { gracePeriod: grace } : {}),
        },
      };
    }
    case 'ContainerExited':
      return {
        what,
        pods,
        uid,
        container: containerName,
        data: { containerID: f.str('containerID') ?? '' },
      };
    case 'CriRunPodSandboxFailed':
    case 'CriCreateContainerFailed':
    case 'CriStartContainerFailed':
    case 'CriStopContainerFailed':
    case 'CriStopPodSandboxFailed':
    case 'CriRemoveContainerFailed':
    case 'CriContainerStatusFailed':
    case 'CriExecSyncFailed':
    case 'CriPullImageFailed':
    case 'CriRunPodSandbox':
    case 'CriRunPodSandboxResponse':
    case 'CriCreateContainer':
    case 'CriStartContainer':
    case 'CriStartContainerResponse':
    case 'CriStopContainer':
    case 'CriStopContainerResponse': {
      const data: Record<string, string | number> = {};
      for (const k of ['err', 'podSandboxID', 'containerID', 'image', 'cmd', 'timeout'])
        if (f.str(k) !== undefined) data[k] = f.str(k)!;
      return { what, pods, uid, data };
    }
    case 'TopologyManagerConfig':
      return {
        what,
        pods: [],
        data: {
          topologyManagerPolicy: f.str('topologyPolicyName') ?? 'none',
          topologyManagerScope: f.str('topologyScopeName') ?? 'container',
        },
      };
    case 'NodeConfig':
      return { what, pods: [], data: nodeConfigOf(f.raw('nodeConfig') ?? '') };
    case 'CpuReserved':
      return {
        what,
        pods: [],
        data: { reserved: f.str('reserved') ?? '', reservedSize: f.str('reservedSize') ?? '' },
      };
    case 'CpuPolicyConfig':
    case 'CpuTopology':
      return { what, pods: [], data: { options: f.raw('options') ?? '' } };
    case 'CpuAssignments':
    case 'CpuAllocateSkipped':
      return { what, pods, uid, container: containerName, data: { cpus: f.str('cpuset') ?? '' } };
    case 'MemoryAffinity':
    case 'MemoryAllocated':
    case 'MemoryAllocateSkipped':
    case 'MemoryAssignments':
    case 'MemoryRelease': {
      const data: Record<string, string | number> = {};
      for (const k of ['numaNodes', 'hint', 'resource', 'blocks'])
        if (f.raw(k) !== undefined) data[k] = f.str(k) ?? f.raw(k)!;
      return { what, pods, uid, container: containerName, data };
    }
    case 'DeviceNeeded':
    case 'DeviceReused':
    case 'DeviceAllocate':
    case 'DevicePreStart':
    case 'DevicePreferred':
    case 'DeviceNone':
    case 'DeviceUnhealthy':
    case 'DevicePluginRegistered':
    case 'DeviceUpdate':
    case 'DeviceContainerConfig': {
      const data: Record<string, string | number> = {};
      const resource = f.str('resourceName') ?? f.str('resource');
      if (resource) data.resource = resource;
      const devices = f.list('devices');
      if (devices.length) data.devices = devices.join(',');
      const n = f.str('deviceNumber');
      if (n !== undefined) data.count = Number(n);
      return { what, pods, uid, container: containerName, data };
    }
    case 'TopologyAdmit':
    case 'PodAdmitResult':
    case 'TopologyAligned':
      return {
        what,
        pods: pods.length
          ? pods
          : f.str('podNamespace') && f.str('podName')
            ? [`${f.str('podNamespace')}/${f.str('podName')}`]
            : [],
        uid,
        container: containerName,
        data: { admit: f.str('admit') ?? f.str('result') ?? '' },
      };
    case 'TopologyHints':
    case 'TopologyBestHint':
    case 'TopologyAffinity':
      return {
        what,
        pods,
        uid,
        container: containerName,
        data: {
          hint: f.str('bestHint') ?? f.str('hint') ?? f.str('affinity') ?? f.raw('hints') ?? '',
        },
      };
    case 'ContainerMessage':
      return {
        what,
        pods,
        uid,
        container: containerName ?? undefined,
        data: { message: f.str('containerMessage') ?? '' },
      };
    default:
      return { what, pods, uid, container: containerName ?? undefined };
  }
}

/** What SyncPod's aggregated error says: `failed to "<step>" for "<target>" with <kind>: <detail>`. */
export interface SyncError {
  readonly step: string;
  readonly target: string;
  readonly kind: string;
  readonly detail: string;
  /** "5m0s" of "Back-off 5m0s restarting failed container=…". */
  readonly backoff?: string;
}

export function syncErrorOf(err: string): SyncError | null {
  const m = /failed to "(\w+)" for "([^"]+)" with (\w+): ?([\s\S]*)$/.exec(err);
  if (!m) return null;
  const detail = m[4]!.replace(/^"|"$/g, '');
  const backoff = /Back-off (\S+) restarting failed container/.exec(detail)?.[1];
  return { step: m[1]!, target: m[2]!, kind: m[3]!, detail, ...(backoff ? { backoff } : {}) };
}

function syncErrorData(s: SyncError): Record<string, string> {
  return {
    step: s.step,
    target: s.target,
    errKind: s.kind,
    detail: s.detail,
    ...(s.backoff ? { backoff: s.backoff } : {}),
  };
}

/**
 * The node's resource manager settings from "Creating Container Manager object based on Node
 * Config": a JSON object (klog ≥ v2.100) or a %+v struct (older).
 */
export function nodeConfigOf(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pick = (key: string, name: string) => {
    const json = new RegExp(`"${key}":("([^"]*)"|\\{[^}]*\\}|[\\w.-]+)`).exec(raw);
    const plus = new RegExp(`(?:^|[{ ,])${key}:([^ {}]*(?:\\{[^}]*\\})?)`).exec(raw);
    const v = json ? (json[2] ?? json[1]!) : plus?.[1];
    if (v !== undefined && v !== '' && v !== 'null') out[name] = v.replace(/^"|"$/g, '');
  };
  pick('CPUManagerPolicy', 'cpuManagerPolicy');
  pick('TopologyManagerPolicy', 'topologyManagerPolicy');
  pick('TopologyManagerScope', 'topologyManagerScope');
  pick('ExperimentalMemoryManagerPolicy', 'memoryManagerPolicy');
  pick('MemoryManagerPolicy', 'memoryManagerPolicy');
  // ReservedSystemCPUs prints as a cpuset ({} when empty): its string form when it has one.
  const reserved = /"ReservedSystemCPUs":"([^"]+)"/.exec(raw)?.[1];
  if (reserved) out.reservedSystemCPUs = reserved;
  return out;
}

/** `Pulling image "nginx:1.27"` / `Successfully pulled image "nginx" in 1.2s …` → the image. */
export function imageOfMessage(message: string): string | undefined {
  const m = /[Ii]mage "([^"]+)"/.exec(message);
  return m?.[1];
}
