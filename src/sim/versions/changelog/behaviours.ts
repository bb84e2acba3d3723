/**
 * Changes of what the kubelet does that no feature gate guards, each read in the Go source of
 * the release that brought it (and of the one before, which did not have it). Kept free of
 * functions: the page's views read the resolved set through the run's config.
 */
import type { Behaviours, ChangelogRowBase } from './types';

/** Every behaviour as 1.18.6 had it (versions/changelog/profile.ts starts from these). */
export const BEHAVIOURS_1_18: Behaviours = {
  immediateEvictionGrace: false,
  disruptionTargetOnEviction: false,
  preCreateContainerCpuset: false,
  probesAfterVolumes: false,
  terminatePodInSyncTerminated: false,
  terminalPhaseBeforeDeletion: false,
  prevPullErrMsg: false,
  cpuContainerMapPass: false,
  podLifecycleRework: false,
  eventSpamKeyByType: false,
  runc12StartError: false,
  goQuotedUrlErrors: false,
  httpHookUpperCase: false,
  postStartHookErrorBare: false,
  postStartHookEventGeneric: false,
  imageParseErrorSaysName: false,
  memoryNUMAAllocationRule: false,
  topologyOptionErrorsLowerCase: false,
  deviceHintsOverDeviceNodes: false,
  hintMergeComparesNonPreferred: false,
  podLevelResourcesSkipStaticPolicies: false,
  allowlistMatchesUntaggedName: false,
  proberKeepsExitedSidecar: false,
  proberAsksContainerShouldRestart: false,
  restartAllRequeues: false,
  restartAllKeepsLastState: false,
  statusResourcesOfAllocation: false,
  resizeInAllocationManager: false,
  resizeEvents: false,
  resizeCompletedEvent: false,
  resizeAdmitHandler: false,
  resizeActuated: false,
};

export const BEHAVIOUR_ROWS: readonly ChangelogRowBase[] = [
  {
    release: '1.19',
    what: 'Built with Go 1.15: HTTP errors quote the URL (Get "http://10.244.0.5:80/…")',
    ref: 'Go 1.14 release notes (net/url)',
    source:
      'the release’s Go toolchain (1.18: Go 1.13, 1.19: Go 1.15); Go 1.14’s net/url.Error quotes the URL, and pkg/kubelet/lifecycle/handlers.go passes the error through',
    unverified:
      'the toolchain of each release is not in the trees on hand: from the Go and Kubernetes release notes',
    behaviour: { goQuotedUrlErrors: true },
    touches: ['postStart'],
  },
  {
    release: '1.21',
    what: 'A failed HTTP hook is reported as "HTTP lifecycle hook (…)" (was "Http")',
    ref: 'pkg/kubelet/lifecycle/handlers.go',
    source: 'pkg/kubelet/lifecycle/handlers.go Run (v1.21.1; "Http" in v1.20.9)',
    behaviour: { httpHookUpperCase: true },
    touches: ['postStart'],
  },
  {
    release: '1.22',
    what: 'A failed PostStart hook logs "Failed to execute PostStartHook" and fails the start with PostStartHookError alone',
    ref: 'pkg/kubelet/kuberuntime/kuberuntime_container.go',
    source:
      'pkg/kubelet/kuberuntime/kuberuntime_container.go startContainer (v1.22.17; v1.21.1 returned "PostStartHookError: <err>")',
    behaviour: { postStartHookErrorBare: true },
    touches: ['postStart'],
  },
  {
    release: '1.26',
    what: 'FailedPostStartHook says "PostStartHook failed" (was the hook runner’s message); a failed HTTP hook’s message no longer ends with ", message: …"',
    ref: 'pkg/kubelet/kuberuntime/kuberuntime_container.go',
    source:
      'pkg/kubelet/kuberuntime/kuberuntime_container.go startContainer, pkg/kubelet/lifecycle/handlers.go Run (v1.26.15; v1.25.2 had the runner’s message)',
    behaviour: { postStartHookEventGeneric: true },
    touches: ['postStart'],
  },
  {
    release: '1.21',
    what: 'The static CPU manager’s cpuset is written into the CreateContainer request (PreCreateContainer), not applied by UpdateContainerResources after CreateContainer',
    ref: 'PR #98019',
    source:
      'pkg/kubelet/cm/internal_container_lifecycle_linux.go PreCreateContainer (v1.21.1; absent in v1.20.9)',
    behaviour: { preCreateContainerCpuset: true },
    touches: ['staticCpuManager'],
  },
  {
    release: '1.22',
    what: 'The pod worker owns the pod lifecycle: SyncPod, SyncTerminatingPod and SyncTerminatedPod, and housekeeping’s clean-up announcements',
    ref: 'PR #102344',
    source:
      'pkg/kubelet/pod_workers.go, kubelet.go syncTerminatingPod/syncTerminatedPod (v1.22.17)',
    behaviour: { podLifecycleRework: true, terminatePodInSyncTerminated: true },
    touches: ['deletePod'],
  },
  {
    release: '1.22',
    what: 'Probes start after the pod’s volumes are mounted (syncPod adds the pod to the prober)',
    ref: 'PR #102344',
    source:
      'pkg/kubelet/kubelet.go syncPod: probeManager.AddPod after WaitForAttachAndMount (v1.22.17)',
    behaviour: { probesAfterVolumes: true },
    touches: ['probes'],
  },
  {
    release: '1.23',
    what: 'Probes start at admission again (HandlePodAdditions adds the pod to the prober)',
    ref: 'issue #105014',
    source: 'pkg/kubelet/kubelet.go HandlePodAdditions (v1.23.1; 1.23.17 has it back in syncPod)',
    behaviour: { probesAfterVolumes: false },
    touches: ['probes'],
  },
  {
    release: '1.24',
    what: 'Probes start after the pod’s volumes are mounted',
    ref: 'issue #105014',
    source: 'pkg/kubelet/kubelet.go syncPod (v1.24.0)',
    behaviour: { probesAfterVolumes: true },
    touches: ['probes'],
  },
  {
    release: '1.22',
    what: 'The CPU manager’s removeStaleState also walks its containerMap',
    ref: 'pkg/kubelet/cm/cpumanager/cpu_manager.go',
    source:
      'pkg/kubelet/cm/cpumanager/cpu_manager.go removeStaleState: containerMap.Visit (v1.22.17; absent in v1.21.1)',
    behaviour: { cpuContainerMapPass: true },
    touches: ['staticCpuManager'],
  },
  {
    release: '1.26',
    what: 'A missing executable fails StartContainer with runc 1.1+’s wording (“runc create failed: unable to start container process”): 1.26 needs CRI v1, so containerd 1.6 or later',
    ref: 'KEP-2040',
    source:
      'pkg/kubelet/cri/remote (v1.26.1: CRI v1 only, v1alpha2 gone; v1.25.2 has both), so the runtime paired with the release is containerd 1.6+/runc 1.1+; pkg/kubelet/kuberuntime/kuberuntime_container.go startContainer passes its text through',
    behaviour: { runc12StartError: true },
    touches: ['startError'],
  },
  {
    release: '1.27',
    what: 'A deleted Pending or Running pod is marked Failed before it is removed',
    ref: 'PR #115331 (KEP-3329)',
    source: 'pkg/kubelet/status/status_manager.go TerminatePod (v1.27.15)',
    behaviour: { terminalPhaseBeforeDeletion: true },
    touches: ['deletePod'],
  },
  {
    release: '1.26',
    what: 'An evicted pod gets the DisruptionTarget condition (TerminationByKubelet), behind PodDisruptionConditions',
    ref: 'KEP-3329',
    source:
      'pkg/kubelet/eviction/eviction_manager.go synchronize (v1.26.1; v1.25.2 set no condition), kubelet_pods.go generateAPIPodStatus copies it over',
    behaviour: { disruptionTargetOnEviction: true },
    touches: ['evictPod'],
  },
  {
    release: '1.31',
    what: 'A hard eviction kills the pod with a 1 s grace period (was the pod’s own terminationGracePeriodSeconds: the override 0 read as unset)',
    ref: 'pkg/kubelet/eviction/eviction_manager.go',
    source:
      'pkg/kubelet/eviction/eviction_manager.go synchronize: immediateEvictionGracePeriodSeconds (v1.31.1; v1.30.1 passed int64(0)), pod_workers.go calculateEffectiveGracePeriod',
    behaviour: { immediateEvictionGrace: true },
    touches: ['evictPod'],
  },
  {
    release: '1.28',
    what: 'An invalid image name is reported as "couldn\'t parse image name" (was "image reference")',
    ref: 'pkg/kubelet/images/image_manager.go',
    source:
      'pkg/kubelet/images/image_manager.go applyDefaultImageTag: parsers.ParseImageName (v1.28.3; v1.27.1 had its own "couldn\'t parse image reference %q: %v")',
    unverified:
      'pkg/util/parsers of 1.28 is not in the trees on hand: its wording is the current kubelet’s',
    behaviour: { imageParseErrorSaysName: true },
    touches: ['imagePull'],
  },
  {
    release: '1.32',
    what: 'ImagePullBackOff’s message carries the previous pull’s error (prevPullErrMsg)',
    ref: 'pkg/kubelet/images/image_manager.go',
    source: 'pkg/kubelet/images/image_manager.go prevPullErrMsg (v1.32.10; absent in v1.31.12)',
    behaviour: { prevPullErrMsg: true },
    touches: ['imagePull'],
  },
  {
    release: '1.32',
    what: 'The event correlator’s spam filter keys on the event’s type too',
    ref: 'client-go tools/record/events_cache.go',
    source: 'staging/src/k8s.io/client-go/tools/record/events_cache.go getSpamKey (v1.32.10)',
    behaviour: { eventSpamKeyByType: true },
    touches: ['crashLoop'],
  },
  {
    release: '1.32',
    what: 'The static memory manager refuses a hint that mixes single- and cross-NUMA allocations ("preferred hint violates NUMA node allocation")',
    ref: 'pkg/kubelet/cm/memorymanager/policy_static.go',
    source:
      'pkg/kubelet/cm/memorymanager/policy_static.go isAffinityViolatingNUMAAllocations (v1.32.6; absent in v1.31.1)',
    behaviour: { memoryNUMAAllocationRule: true },
    touches: ['memoryManager'],
  },
  {
    release: '1.33',
    what: 'The topology manager’s option gate errors are lower case: "topology manager policy beta-level options not enabled" (was "Topology Manager Policy Beta-level Options")',
    ref: 'pkg/kubelet/cm/topologymanager/policy_options.go',
    source:
      'pkg/kubelet/cm/topologymanager/policy_options.go CheckPolicyOptionAvailable (v1.33.5; v1.32.6 capitalised)',
    behaviour: { topologyOptionErrorsLowerCase: true },
    touches: ['topologyManager'],
  },
  {
    release: '1.24',
    what: 'The topology manager’s merge: a merged hint is preferred only if its providers’ masks are equal, and among non-preferred hints the one nearest the widest provider’s narrowest mask wins (was: the narrowest of the best preference)',
    ref: 'pkg/kubelet/cm/topologymanager/policy.go',
    source:
      'pkg/kubelet/cm/topologymanager/policy.go mergePermutation, compareHints, mergeFilteredHints (v1.24.0; v1.18.6-v1.23.1 without them)',
    behaviour: { hintMergeComparesNonPreferred: true },
    touches: ['topologyManager'],
  },
  {
    release: '1.35',
    what: 'The device manager’s topology hints enumerate only the NUMA nodes that host the resource’s devices (no wider non-preferred masks)',
    ref: 'pkg/kubelet/cm/devicemanager/topology_hints.go',
    source:
      'pkg/kubelet/cm/devicemanager/topology_hints.go generateDeviceTopologyHints over deviceNUMANodes (v1.35.3; absent in v1.34.2)',
    behaviour: { deviceHintsOverDeviceNodes: true },
    touches: ['devices'],
  },
  {
    release: '1.33',
    what: 'Container statuses carry allocatedResources (the allocation’s requests) and resources (the allocation, with what the runtime applied to a running container)',
    ref: 'KEP-1287',
    source:
      'pkg/kubelet/kubelet_pods.go convertToAPIContainerStatuses, convertContainerStatusResources (v1.33.5, same in v1.34.2-v1.36.3; v1.32.6 set allocatedResources only behind InPlacePodVerticalScalingAllocatedStatus, and the gate was off by default until 1.33)',
    behaviour: { statusResourcesOfAllocation: true },
    touches: ['any'],
  },
  {
    release: '1.34',
    what: 'A resize is answered by the allocation manager when the pod is updated (HandlePodUpdates, before the pod worker), once per change (was at every SyncPod); a Deferred one is kept pending and retried when a pod is removed (HandlePodRemoves); the static CPU manager refuses a Guaranteed pod’s resize only when a CPU request changes: `Resize is infeasible for Guaranteed Pods alongside CPU Manager policy "static"` (was any resize: "… alongside CPU Manager static policy")',
    ref: 'KEP-1287',
    source:
      'pkg/kubelet/kubelet.go HandlePodUpdates, HandlePodRemoves; pkg/kubelet/allocation/allocation_manager.go canResizePod, guaranteedPodResourceResizeRequired, PushPendingResize, RetryPendingResizes (v1.34.2; same check in v1.35.3, in allocation/handlers.go in v1.36.3); v1.33.5 kubelet.go canResizePod:2883 from SyncPod:1946',
    behaviour: { resizeInAllocationManager: true },
    touches: ['resizePod'],
  },
  {
    release: '1.35',
    what: 'A resize records Events: ResizeStarted (Normal) and ResizeInfeasible / ResizeDeferred (Warning), "Pod resize Infeasible: {…}" with the spec’s resources, the generation and the error',
    ref: 'KEP-1287',
    source:
      'pkg/kubelet/allocation/allocation_manager.go handlePodResourcesResize, pkg/kubelet/events/resize.go PodResizePendingMsg (v1.35.3; absent in v1.34.2)',
    behaviour: { resizeEvents: true },
    touches: ['resizePod'],
  },
  {
    release: '1.33',
    what: 'An accepted resize is actuated in place: the allocation takes the spec’s resources, PodResizeInProgress while computePodActions’ ContainersToUpdate go to CRI UpdateContainerResources (a container whose resizePolicy says RestartContainer is killed, "Container <name> resize requires restart", and started again); the PLEG’s watch condition (ConditionMet) syncs the pod again, which clears the condition',
    ref: 'KEP-1287',
    source:
      'pkg/kubelet/kubelet.go handlePodResourcesResize, isPodResizeInProgress (v1.33.5); pkg/kubelet/kuberuntime/kuberuntime_manager.go computePodResizeAction, doPodResizeAction, updatePodContainerResources (SyncPod step 7), kuberuntime_container.go updateContainerResources; pkg/kubelet/pleg/generic.go SetPodWatchCondition (v1.33.5, same in v1.34.2-v1.36.3; 1.32’s alpha is off and not modelled)',
    behaviour: { resizeActuated: true },
    touches: ['resizePod'],
  },
  {
    release: '1.34',
    what: 'Clearing PodResizeInProgress records a Normal ResizeCompleted Event, "Pod resize completed: {"containers":[…]}" with the allocated resources (1.35 adds the generation)',
    ref: 'KEP-1287',
    source:
      'pkg/kubelet/allocation/allocation_manager.go CheckPodResizeInProgress, podResizeCompletionMsg (v1.34.2; v1.35.3 kubelet.go SyncPod with events/resize.go PodResizeCompletedMsg; absent in v1.33.5)',
    behaviour: { resizeCompletedEvent: true },
    touches: ['resizePod'],
  },
  {
    release: '1.36',
    what: 'A resize is checked by the admit handlers (podResizesAdmitHandler, canAdmitPod with the resize operation): requests above the node’s allocatable are Deferred by the predicate (was Infeasible, "Node didn’t have enough capacity: cpu, requested: …, capacity: …")',
    ref: 'KEP-1287',
    source:
      'pkg/kubelet/allocation/allocation_manager.go handlePodResourcesResize, handlers.go Admit (v1.36.3); v1.35.3 allocation_manager.go canResizePod',
    behaviour: { resizeAdmitHandler: true },
    touches: ['resizePod'],
  },
  {
    release: '1.34',
    what: 'The static CPU and memory manager policies skip a pod with pod-level resources (spec.resources): no exclusive CPUs or memory, "CPU Manager allocation skipped, pod is using pod-level resources …"',
    ref: 'KEP-2837',
    source:
      'pkg/kubelet/cm/cpumanager/policy_static.go Allocate, GetTopologyHints, GetPodTopologyHints and cm/memorymanager/policy_static.go Allocate, GetTopologyHints, GetPodTopologyHints (v1.34.2, v1.35.3; 1.36.3 skips unless PodLevelResourceManagers is on; absent in v1.33.5, where such a pod’s containers are pinned as any Guaranteed pod’s)',
    behaviour: { podLevelResourcesSkipStaticPolicies: true },
    touches: ['podLevelResources'],
  },
  {
    release: '1.36',
    what: 'preloadedImagesVerificationAllowlist matches a pod’s image by its name without the tag (before, "registry/app" never matched the image "registry/app:1.0"; only a "<prefix>/*" pattern did)',
    ref: 'KEP-2535',
    source:
      'pkg/kubelet/images/pullmanager/image_pull_policies.go NeverVerifyAllowlistedImages.imageMatches with trimImageTagDigest (v1.36.3; v1.35.3 compared the image as given)',
    behaviour: { allowlistMatchesUntaggedName: true },
    touches: ['imagePresent'],
  },
  {
    release: '1.34',
    what: "The prober keeps probing a native sidecar that exited in a restartPolicy: Never pod (it will be restarted); with ContainerRestartRules on, any exited container's worker goes on",
    ref: 'KEP-5307',
    source:
      'pkg/kubelet/prober/worker.go doProbe: isRestartableInitContainer, and `c.State.Terminated != nil || podutil.IsContainerRestartable` with the gate (v1.34.2; absent in v1.33.5)',
    behaviour: { proberKeepsExitedSidecar: true },
    touches: ['sidecar', 'restartRules'],
  },
  {
    release: '1.35',
    what: 'With ContainerRestartRules the prober stops on a container that exited for good (podutil.ContainerShouldRestart of its exit code)',
    ref: 'KEP-5307',
    source:
      'pkg/kubelet/prober/worker.go doProbe (v1.35.3; v1.34.2 kept every terminated container’s worker)',
    behaviour: { proberAsksContainerShouldRestart: true },
    touches: ['restartRules'],
  },
  {
    release: '1.36',
    what: "After a RestartAllContainers reset, the kubelet syncs the pod again at once (podWorkers.UpdatePod) to start its containers; 1.35 waited for the next PLEG event or the pod's resync",
    ref: 'KEP-5532',
    source:
      'pkg/kubelet/kubelet.go SyncPod, "If we just performed a RestartAllContainers reset" (v1.36.3; absent in v1.35.3, kubelet.go:2163-2171)',
    behaviour: { restartAllRequeues: true },
    touches: ['restartRules'],
  },
  {
    release: '1.36',
    what: "After a RestartAllContainers reset, a restarted container's Last State is the RestartingAllContainers termination of the reset (1.35 showed none: the runtime no longer has the old instance)",
    ref: 'KEP-5532',
    source:
      'pkg/kubelet/kubelet_pods.go convertToAPIContainerStatuses convertContainerStatus, "we must manually propagate LastTerminationState" (v1.36.3; absent in v1.35.3)',
    behaviour: { restartAllKeepsLastState: true },
    touches: ['restartRules'],
  },
];
