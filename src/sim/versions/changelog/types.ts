/**
 * The changelog's row: one dated change of the kubelet (or of the kubectl that describes its
 * pods) between 1.18 and 1.37, with the release it landed in, its KEP or PR, and the Go source
 * it was read in. A minor version is the changelog applied up to it (profile.ts): its feature
 * gates and their defaults, its behaviours (which pick machine deltas and effect variants), the
 * texts and verbosities of its klog lines and Events, and its kubectl describe layout.
 */
import type { KubeletMinor } from '../names';
import type { EventForm, EventId } from './eventForms';
import type { KlogForms } from '../messages';

export type GateStage = 'alpha' | 'beta' | 'GA' | 'deprecated';

/** A feature gate as kube_features.go declares it from a release on. */
export interface GateChange {
  readonly name: string;
  readonly stage: GateStage;
  readonly default: boolean;
  /** LockToDefault: setting it otherwise is refused ("cannot set feature gate … locked"). */
  readonly locked?: boolean;
  /** The gate is gone from this release on: naming it is refused as unknown. */
  readonly removed?: boolean;
}

/**
 * What a kubelet release does that the model follows, where no feature gate says it: each is
 * false in 1.18 and turned on by the row of the release that brought it. The machines, effects
 * and views read the resolved set (profile.ts), never a version number.
 */
export interface Behaviours {
  /**
   * A hard eviction's grace period override is 1 s (immediateEvictionGracePeriodSeconds);
   * before, 0, which calculateEffectiveGracePeriod reads as unset: the pod's own
   * terminationGracePeriodSeconds.
   */
  immediateEvictionGrace: boolean;
  /**
   * evictPod's status function adds DisruptionTarget True (TerminationByKubelet), behind
   * PodDisruptionConditions while that gate exists.
   */
  disruptionTargetOnEviction: boolean;
  /**
   * internalContainerLifecycle.PreCreateContainer writes the CPU manager's cpuset into the
   * CreateContainer request; before it, PreStartContainer applied it through CRI
   * UpdateContainerResources after CreateContainer (startContainer's machine delta).
   */
  readonly preCreateContainerCpuset: boolean;
  /**
   * convertToAPIContainerStatuses gives every container the runtime has its allocation's
   * allocatedResources and resources (with the gate InPlacePodVerticalScaling on).
   */
  readonly statusResourcesOfAllocation: boolean;
  /**
   * The allocation manager answers a resize when the pod is updated (HandlePodUpdates ->
   * RetryPendingResizes), once per change, not at every SyncPod; the static policies refuse a
   * Guaranteed pod's resize only when its CPU (memory) requests change, with the message
   * `Resize is infeasible for Guaranteed Pods alongside CPU Manager policy "static"`.
   */
  readonly resizeInAllocationManager: boolean;
  /** ResizeStarted (Normal) and ResizeInfeasible / ResizeDeferred (Warning) Events. */
  readonly resizeEvents: boolean;
  /**
   * The ResizeCompleted Event (Normal) when PodResizeInProgress is cleared, "Pod resize
   * completed: {…}" (1.34; 1.35 adds the generation, with resizeEvents).
   */
  readonly resizeCompletedEvent: boolean;
  /**
   * A resize is admitted by the admit handlers (allocation/handlers.go podResizesAdmitHandler):
   * no "Node didn't have enough capacity" Infeasible check, the predicate defers it.
   */
  readonly resizeAdmitHandler: boolean;
  /**
   * An accepted resize is actuated: PodResizeInProgress, computePodActions' ContainersToUpdate
   * and CRI UpdateContainerResources (or a RestartContainer restart), then the condition is
   * cleared once the actuated resources equal the allocation.
   */
  readonly resizeActuated: boolean;
  /** Kubelet.syncPod adds the pod to the prober after WaitForAttachAndMount (not at admission). */
  readonly probesAfterVolumes: boolean;
  /** syncTerminatedPod calls statusManager.TerminatePod (the pod lifecycle rework). */
  readonly terminatePodInSyncTerminated: boolean;
  /** TerminatePod makes a Pending or Running pod Failed before its deletion. */
  readonly terminalPhaseBeforeDeletion: boolean;
  /** The image back-off's message carries the previous pull's error (prevPullErrMsg). */
  readonly prevPullErrMsg: boolean;
  /** The CPU manager's removeStaleState also drops its containerMap's stale entries, logging each. */
  readonly cpuContainerMapPass: boolean;
  /**
   * The pod worker's state machine (SyncPod / SyncTerminatingPod / SyncTerminatedPod), and
   * housekeeping's HandlePodCleanups announcements.
   */
  readonly podLifecycleRework: boolean;
  /** The event correlator's spam key includes the event's type (client-go). */
  readonly eventSpamKeyByType: boolean;
  /**
   * The runtime the model pairs with the release reports a missing executable as runc 1.2
   * (containerd 2.x) does; before, as containerd 1.3 / runc 1.0-rc10 did.
   */
  readonly runc12StartError: boolean;
  /** Go 1.14+ (the release's toolchain) quotes the URL in net/http errors: Get "http://…". */
  readonly goQuotedUrlErrors: boolean;
  /** handlers.go names a failed HTTP hook "HTTP lifecycle hook" (before: "Http"). */
  readonly httpHookUpperCase: boolean;
  /** startContainer returns the bare ErrPostStartHook and logs "Failed to execute PostStartHook". */
  readonly postStartHookErrorBare: boolean;
  /**
   * FailedPostStartHook's message is "PostStartHook failed" (before: the hook runner's), and a
   * failed HTTP hook's message no longer ends with ", message: %q".
   */
  readonly postStartHookEventGeneric: boolean;
  /** applyDefaultImageTag parses with parsers.ParseImageName: "couldn't parse image name" (was "reference"). */
  readonly imageParseErrorSaysName: boolean;
  /**
   * The static memory manager refuses a hint that mixes single- and cross-NUMA allocations
   * ("preferred hint violates NUMA node allocation", isAffinityViolatingNUMAAllocations).
   */
  readonly memoryNUMAAllocationRule: boolean;
  /** The topology manager's option gate errors are lower case ("topology manager policy beta-level …"). */
  readonly topologyOptionErrorsLowerCase: boolean;
  /** The device manager's hints enumerate only NUMA nodes that host the resource's devices. */
  readonly deviceHintsOverDeviceNodes: boolean;
  /**
   * The topology manager's merge: a permutation is preferred only if its masks are equal, and
   * non-preferred hints are compared by bestNonPreferredAffinityCount (compareHints); before,
   * the narrowest hint of the best preference won.
   */
  readonly hintMergeComparesNonPreferred: boolean;
  /**
   * The static CPU and memory manager policies skip a pod with pod-level resources (Allocate
   * and the hint calls return early, with a log line): it gets no exclusive CPUs or memory.
   */
  readonly podLevelResourcesSkipStaticPolicies: boolean;
  /**
   * preloadedImagesVerificationAllowlist matches the image's name without its tag (before, the
   * image as the pod wrote it: a tagged image matched only a "<prefix>/*" pattern).
   */
  readonly allowlistMatchesUntaggedName: boolean;
  /** The prober's worker keeps a native sidecar's probes after it exits in a Never pod. */
  readonly proberKeepsExitedSidecar: boolean;
  /**
   * With ContainerRestartRules the prober's worker stops on a terminated container that
   * ContainerShouldRestart leaves down (1.34 kept any terminated container's worker).
   */
  readonly proberAsksContainerShouldRestart: boolean;
  /**
   * After a RestartAllContainers reset that removed a container, Kubelet.SyncPod requeues the
   * pod at once (UpdatePod), instead of waiting for the PLEG or the resync.
   */
  readonly restartAllRequeues: boolean;
  /**
   * With RestartAllContainersOnContainerExits, a container status whose container ID changed
   * carries the old status's termination (or its last one) as its last state: the reset removed
   * the old instance, so the runtime has no second one to take it from.
   */
  readonly restartAllKeepsLastState: boolean;
}

/** A kubectl describe pod layout change (kubectl of the same minor as the kubelet). */
export interface DescribeEra {
  /** The Service Account line (kubectl 1.25, PR #111192). */
  readonly serviceAccountLine: boolean;
  /** Events' From column "kubelet" (no ", <node>"), newer kubectl's formatEventSource. */
  readonly eventFromWithoutHost: boolean;
  /** The Age column falls back to EventTime (events.k8s.io events of the scheduler). */
  readonly eventAgeFromEventTime: boolean;
  /** Events' Message column starts with the field path: "spec.containers{app}: …". */
  readonly eventFieldPathPrefix: boolean;
  /** Tolerations print "op=Exists" for an Exists toleration without a value. */
  readonly tolerationOpExists: boolean;
  /** A deleted pod shows Status: Terminating only while its phase is not terminal. */
  readonly terminatingOnlyNonTerminal: boolean;
  /** The projected volume's ConfigMap line is "Optional: false" (was "ConfigMapOptional: <nil>"). */
  readonly projectedOptionalField: boolean;
  /** Port and Host Port carry the port's name: "8080/TCP (http)". */
  readonly portNames: boolean;
  /** Probe attributes say successThreshold=N failureThreshold=N (was #success=N #failure=N). */
  readonly probeThresholdWords: boolean;
}

/** The parts of a scenario a row may concern, for Compare's What changed (scenarioTouches). */
export type Touch =
  | 'any'
  | 'imagePull'
  | 'imagePresent'
  | 'postStart'
  | 'preStop'
  | 'probes'
  | 'grpcProbe'
  | 'sleepHook'
  | 'sidecar'
  | 'initContainer'
  | 'staticCpuManager'
  | 'cpuManagerPolicyOptions'
  | 'topologyManager'
  | 'memoryManager'
  | 'devices'
  | 'crashLoop'
  | 'restartRules'
  | 'restartKubelet'
  | 'deletePod'
  | 'evictPod'
  | 'resizePod'
  | 'sandbox'
  | 'volumeMounts'
  | 'serviceAccountToken'
  | 'parallelPulls'
  | 'startError'
  | 'podLevelResources';

/** A resource manager's policy option and its maturity from a release on (policy_options.go). */
export interface PolicyOptionChange {
  readonly manager: 'cpu' | 'topology' | 'memory';
  readonly name: string;
  readonly maturity: 'alpha' | 'beta' | 'stable';
}

export interface ChangelogRowBase {
  readonly release: KubeletMinor;
  /** What changed, in the user's words. */
  readonly what: string;
  /** The KEP or PR ("KEP-753", "PR #134043"); the file when neither could be named. */
  readonly ref: string;
  /** The Go source the change was read in: file(s) and the release tree. */
  readonly source: string;
  /** Set when the row could not be checked in that release's code: what it rests on. */
  readonly unverified?: string;
  /** Which scenarios the row concerns (klog and event rows also by what a run printed). */
  readonly touches?: readonly Touch[];
  readonly gate?: GateChange;
  readonly behaviour?: Partial<Behaviours>;
  readonly describe?: Partial<DescribeEra>;
  readonly policyOption?: PolicyOptionChange;
}

/**
 * A row of the changelog. Rows that change klog lines or Event texts carry the release's forms
 * (functions of the current kubelet's line or event), so they live apart from the function-free
 * rows the page reads (gates, behaviours, describe, policy options).
 */
export interface ChangelogRow extends ChangelogRowBase {
  /** The lines the release printed otherwise from then on (null: not printed). */
  readonly klog?: KlogForms;
  /** The Events the release recorded otherwise from then on. */
  readonly events?: Readonly<Partial<Record<EventId, EventForm>>>;
}
