import type { CpuDomain } from './cpuManagerBridge';
import type { ResizeAction } from './config';
import type { PulledRecord } from './pullCredentials';

/**
 * The kubelet's mutable state as plain data, written copy-on-write (core/cow.ts: checkpoints
 * share it with the live run, which copies what it changes; but `syncs`, `starts` and `pulls`,
 * which checkpoints copy, see spec.ts):
 * pod manager, pod workers' sync statuses, work queue, PLEG cache, CRI runtime, images,
 * back-off tables, reason cache, probe results, status manager. Immutable inputs (manifests,
 * configuration) live in `KubeletRun` outside the world.
 */

export type ContainerKind = 'init' | 'sidecar' | 'regular';

/** kubecontainer.SyncPodType as pod_workers.go prints it. */
export type SyncPodType = 'create' | 'update' | 'sync' | 'kill';
/** PodWorkerState: "sync" | "terminating" | "terminated". */
export type WorkType = 'sync' | 'terminating' | 'terminated';

/** A pod as the API server holds it (survives kubelet restarts). */
export interface ApiPod {
  createdAt: number;
  deletionAt?: number;
  deletionGraceSeconds?: number;
  /** Deleted from the API server (after the kubelet reported it terminated). */
  removed?: boolean;
  /**
   * The last `resize` subresource patch: the containers' resources the spec now asks for
   * (the desired resources; what the kubelet allocated is the original spec until it accepts).
   */
  resize?: { at: number; count: number; containers: ResizeAction['containers'] };
  /**
   * The allocation checkpoint's resources for the resized containers (allocated_pods_state, on
   * the node's disk: it outlives a kubelet restart); the manifest's until a resize is accepted.
   */
  allocated?: ResizeAction['containers'];
  /**
   * The runtime's applied resources by container (the allocation manager's actuated state,
   * SetActuatedResources): written when a container starts and when UpdateContainerResources
   * returns; a container not listed runs with the manifest's.
   */
  actuated?: Record<string, ResizeAction['containers'][number]['resources']>;
}

/** Resources as computePodResizeAction compares them (kuberuntime resourceRequirements). */
export interface ResourceRequirements {
  memoryLimit: number;
  memoryRequest: number;
  cpuLimit: number;
  cpuRequest: number;
}

/** One containerToUpdateInfo of podActions.ContainersToUpdate, with its resource's key. */
export interface ContainerToUpdate {
  resource: 'cpu' | 'memory';
  name: string;
  id: string;
  desired: ResourceRequirements;
  current: ResourceRequirements;
}

/** A pod's resize conditions as the status manager caches them (podResizeConditions). */
export interface ResizeConditions {
  /** PodResizePending: Infeasible or Deferred, with the kubelet's message. */
  pending?: { reason: 'Infeasible' | 'Deferred'; message: string };
  /** PodResizeInProgress: the allocation changed and the runtime applies it. */
  inProgress?: true;
  /** The resize (its `at`) the allocation manager answered (1.34+: once per change). */
  answered?: number;
}

/** A pod known to the pod manager (desired state). */
export interface PodRecord {
  uid: string;
  /** "<namespace>/<name>" */
  key: string;
  createdAt: number;
  /** Set by a graceful DELETE from the API server. */
  deletionAt?: number;
  deletionGraceSeconds?: number;
  /** REMOVE received: the API object is gone. */
  removed?: boolean;
}

/** pod_workers.go podSyncStatus, reduced to what changes behaviour. */
export interface PodSyncStatus {
  syncedAt: number;
  startedAt?: number;
  terminatingAt?: number;
  terminatedAt?: number;
  finished?: boolean;
  working: boolean;
  /** The most recent pending update (coalesced, as podSyncStatus.pendingUpdate). */
  pending?: SyncPodType;
  /** The step that asked for the pending update (the trace's cause of the worker's next wake-up). */
  pendingCause?: number;
  /** The update being processed. */
  active?: SyncPodType;
  gracePeriodSeconds?: number;
  /** Evicted by the kubelet (podSyncStatus.evicted): the eviction's message for the status. */
  evicted?: string;
  /** SyncTerminatingPod: containers whose killContainer has not returned yet. */
  killsPending?: number;
  deleted?: boolean;
  /** End of the last sync (podWorkerLoop's lastSyncTime); -1 = zero time. */
  lastSyncT: number;
  /** The work type of the update being processed. */
  activeWork?: WorkType;
  /**
   * The due time of the pod's work-queue entry (queue.BasicWorkQueue's uid -> time), kept on
   * the record completeWork writes anyway; undefined once GetWork handed it out.
   */
  queuedDue?: number;
}

export type SandboxState = 'SANDBOX_READY' | 'SANDBOX_NOTREADY';

export interface SandboxRecord {
  id: string;
  podUid: string;
  state: SandboxState;
  attempt: number;
  createdAt: number;
  ip: string;
}

/** CRI container states; the PLEG maps CREATED to "unknown". */
export type CriContainerState = 'CREATED' | 'RUNNING' | 'EXITED';

export interface ContainerRecord {
  id: string;
  podUid: string;
  name: string;
  kind: ContainerKind;
  sandboxId: string;
  /** Restart count label. */
  attempt: number;
  image: string;
  state: CriContainerState;
  createdAt: number;
  startedAt?: number;
  finishedAt?: number;
  exitCode?: number;
  reason?: string;
  /** The runtime's message for an exited container (containerd's StartError text). */
  message?: string;
  /** The runtime removed it (pruned init container). */
  removed?: boolean;
}

export interface RuntimeState {
  sandboxes: Record<string, SandboxRecord>;
  containers: Record<string, ContainerRecord>;
  /** Per pod UID, ids newest first. */
  podSandboxes: Record<string, readonly string[]>;
  podContainers: Record<string, readonly string[]>;
  nextIp: number;
  nextId: number;
}

/** kubecontainer.PodStatus as the PLEG cache holds it: a copy taken at relist time. */
export interface CachedPodStatus {
  t: number;
  sandboxes: SandboxRecord[];
  /** Newest first. */
  containers: ContainerRecord[];
}

export interface BackoffEntry {
  backoffMs: number;
  lastUpdate: number;
}

export interface WaitingReason {
  reason: string;
  message: string;
}

export type ProbeType = 'liveness' | 'readiness' | 'startup';
export type ProbeResult = 'Success' | 'Failure' | 'Unknown';

export interface ContainerStateView {
  waiting?: { reason: string; message?: string };
  running?: { startedAt: number };
  terminated?: {
    exitCode: number;
    reason: string;
    message?: string;
    startedAt?: number;
    /** Unset (Go's zero time, JSON null) when no instance was found: ContainerStatusUnknown. */
    finishedAt?: number;
    /** "<type>://<id>" of the instance that ended (v1.ContainerStateTerminated.ContainerID). */
    containerID?: string;
  };
}

export interface ApiContainerStatus {
  name: string;
  image: string;
  /** convertContainerStatus's ImageID: the runtime's image_ref; "" before a container exists. */
  imageID: string;
  containerID?: string;
  state: ContainerStateView;
  lastState: ContainerStateView;
  ready: boolean;
  started?: boolean;
  restartCount: number;
  /** The allocation's requests (InPlacePodVerticalScaling, on since 1.33); none when empty. */
  allocatedResources?: ResourceListStatus;
  /** What the runtime applied, from the allocation (statusResources.ts). */
  resources?: ResourcesStatus;
  /**
   * The container's volume mounts as the spec had them when its first status was made
   * (RecursiveReadOnlyMounts, on since 1.31); undefined when it mounts nothing.
   */
  volumeMounts?: readonly VolumeMountStatus[];
}

/** A v1.ResourceList: name → canonical quantity, keys sorted (a Go map). */
export type ResourceListStatus = Record<string, string>;

/** v1.ResourceRequirements as a status reports it (limits and requests omitempty). */
export interface ResourcesStatus {
  limits?: ResourceListStatus;
  requests?: ResourceListStatus;
}

/** v1.VolumeMountStatus. */
export interface VolumeMountStatus {
  name: string;
  mountPath: string;
  readOnly?: boolean;
  /** Set for a read-only mount only: whether the runtime made it recursively read-only. */
  recursiveReadOnly?: 'Disabled' | 'Enabled';
}

export interface PodCondition {
  type: string;
  /** metadata.generation the condition was set from (PodObservedGenerationTracking, 1.34). */
  observedGeneration?: number;
  status: 'True' | 'False';
  reason?: string;
  message?: string;
  lastTransitionTime: number;
}

/** v1.PodStatus as the status manager holds it (what `kubectl` shows). */
export interface ApiPodStatus {
  /** metadata.generation the kubelet generated the status from (PodObservedGenerationTracking). */
  observedGeneration?: number;
  phase: 'Pending' | 'Running' | 'Succeeded' | 'Failed';
  reason?: string;
  message?: string;
  qosClass: string;
  /** generateAPIPodStatus's HostIP (the node's address); none in a rejected pod's status. */
  hostIP?: string;
  podIP?: string;
  startTime?: number;
  conditions: PodCondition[];
  initContainerStatuses: ApiContainerStatus[];
  containerStatuses: ApiContainerStatus[];
}

/** One runtime SyncPod in flight: computePodActions' result and progress. */
export interface RuntimeSync {
  updateType: SyncPodType;
  podStatus: CachedPodStatus;
  killPod: boolean;
  createSandbox: boolean;
  sandboxId: string;
  attempt: number;
  initToStart: number[];
  containersToStart: number[];
  containersToKill: { id: string; name: string; message: string; reason: string }[];
  /**
   * Kubelet.SyncPod's restartingAllContainers (1.35+): the status it generated has
   * AllContainersRestarting True, so computePodActions resets the pod.
   */
  restartAll: boolean;
  /** ContainersToReset, in removal order; `cursor` walks it while resetting. */
  containersToReset: readonly { id: string; name: string; kill: boolean }[];
  /** computePodActions' ContainersToUpdate (in-place resize): UpdateContainerResources calls. */
  containersToUpdate?: readonly ContainerToUpdate[];
  /** A container's resize restarts it (RestartContainer): the pod cgroup is resized too. */
  updatePodResources?: boolean;
  /** SyncResults in order: [action, target, error reason, message]. */
  results: { action: string; target: string; error?: string; message?: string }[];
  podIP: string;
  /** Index into initToStart / containersToStart of the next start. */
  cursor: number;
  phase: 'init' | 'regular';
  /** A regular init container failed to start: stop starting anything. */
  aborted: boolean;
  isTerminal: boolean;
  error?: string;
  /** The last container start's outcome, read when the next one is considered. */
  lastResult?: { name: string; ok: boolean; typeName: string };
  /** v1.3 DockerManager.SyncPod only (src/sim/versions/v1_3): what ends the round early. */
  dockerManager?: {
    /** The glog line SyncPod returns with before the regular containers, if it does. */
    stopBeforeContainers?: string;
    /** SetUpPod failed: SyncPod returns after killing the infra container. */
    networkFailed?: boolean;
  };
}

/** One startContainer attempt in flight. */
export interface StartAttempt {
  podUid: string;
  name: string;
  typeName: string;
  sandboxId: string;
  restartCount: number;
  containerId?: string;
  /** Which step failed, as its effect sensed it (the machine's guards read it). */
  failed?: 'config' | 'create' | 'start' | 'postStart';
  /** Outcome: undefined = success. */
  error?: string;
  message?: string;
  /** Pull bookkeeping for the Pulled message. */
  pullAskedAt?: number;
}

export interface PullRequest {
  id: number;
  requester: string;
  image: string;
  podUid: string;
  container: string;
  /** Decided when the pull begins. */
  ok?: boolean;
  error?: string;
  pullMs?: number;
  /** When EnsureImageExists asked (for "... including waiting"). */
  askedAt: number;
}

export interface ProberWorkerState {
  containerId?: string;
  lastResult?: ProbeResult;
  resultRun: number;
  onHold: boolean;
}

/** pod_startup_latency_tracker.go perPodState. */
export interface StartupLatencyState {
  /** 1.26-1.35's record: the first pull's start and the last pull's end. */
  firstStartedPulling?: number;
  lastFinishedPulling?: number;
  /** 1.36's: each pull a session (started, finished), and the starts not finished yet. */
  pullSessions?: readonly (readonly [number, number])[];
  pullStarts?: readonly number[];
  /** 1.36's init containers' runtime: summed, and the last start recorded. */
  initRuntime?: number;
  initStartedAt?: number;
  observedRunning?: number;
  recorded?: boolean;
}

export interface KubeletDomain {
  /** The API server's pods bound to this node. */
  apiPods: Record<string, ApiPod>;
  /** The status manager's resize conditions by pod UID (in memory: lost on a restart). */
  resizeConditions: Record<string, ResizeConditions>;
  /**
   * The allocation manager's podsWithPendingResizes (1.34+): Deferred resizes, retried when a
   * pod is removed (RetryPendingResizes). In memory: a restart rebuilds it.
   */
  pendingResizes?: readonly string[];
  /**
   * Pods whose pod-level cgroup exists (pcm.Exists): made by the first SyncPod's EnsureExists,
   * removed by SyncTerminatedPod. cgroups are the node's, not the kubelet process's.
   */
  podCgroups: Record<string, true>;
  /** Which kubelet start is running (index into KubeletRun.generations); -1 = down. */
  gen: number;
  /** When the running kubelet started (probe workers' initial random sleep depends on it). */
  kubeletStartedAt: number;
  /** Pod manager: pods by UID, in the order they were added. */
  pods: Record<string, PodRecord>;
  podOrder: string[];
  /** Pod workers. */
  workers: Record<string, PodSyncStatus>;
  /**
   * podWorkers.podsSynced: set by the first housekeeping's SyncKnownPods (HandlePodCleanups);
   * until then a pod the workers do not know keeps its content (ShouldPodContentBeRemoved).
   */
  podsSynced: boolean;
  /**
   * queue.BasicWorkQueue, by sync-tick index for O(due) GetWork; each entry's due time is its
   * worker's `queuedDue` (the pod's one entry: a later Enqueue replaces it).
   */
  workBuckets: Record<number, string[]>;
  /** kubecontainer.Cache: global timestamp + per-pod statuses. */
  cache: { timestamp: number; pods: Record<string, CachedPodStatus> };
  /** Pod workers blocked in GetNewerThan: uid -> minTime. */
  cacheWaiters: Record<string, number>;
  runtime: RuntimeState;
  /** GenericPLEG podRecords: per pod, container id -> last seen state. */
  pleg: {
    seen: Record<string, Record<string, string>>;
    dirty: Record<string, true>;
    /** SetPodWatchCondition: pods re-inspected at the next relist, then sent ConditionMet. */
    watch?: Record<string, true>;
  };
  /** Images present on the node (name -> size). */
  images: Record<string, number>;
  /**
   * The image pull manager's ImagePulledRecords (KubeletEnsureSecretPulledImages), by image: on
   * disk, so they outlive a kubelet restart.
   */
  imagePullRecords: Record<string, PulledRecord>;
  containerBackOff: Record<string, BackoffEntry>;
  imageBackOff: Record<string, BackoffEntry>;
  /** imageManager.prevPullErrMsg: back-off key -> "<reason>: <message>" of its last failed pull. */
  imagePullErrors: Record<string, string>;
  /** ReasonCache: uid -> container name -> last start error. */
  reasonCache: Record<string, Readonly<Record<string, Readonly<WaitingReason>>>>;
  /** Probe results managers: "<type>/<containerId>" -> result. */
  probeResults: Record<string, ProbeResult>;
  probers: Record<string, ProberWorkerState>;
  /** Status manager: the API status per pod UID. */
  status: Record<string, ApiPodStatus>;
  /** Status manager: versions written to the API per pod UID (statusPatch.ts). */
  statusVersions?: Record<string, number>;
  /** Volume manager: pods whose kube-api-access volume is set up, by kubelet generation. */
  volumesMounted?: Record<string, number>;
  /** Pod startup latency tracker records per pod UID (startupLatency.ts). */
  startupLatency?: Record<string, StartupLatencyState>;
  /** How many times each scenario fault has fired. */
  faultHits: number[];
  syncs: Record<string, RuntimeSync>;
  /** Image puller: pull requests waiting and in flight. */
  pulls: { queue: PullRequest[]; active: PullRequest[]; nextId: number };
  starts: Record<string, StartAttempt>;
  /** CPU manager + topology manager state; null when the kubelet could not start them. */
  cpu: CpuDomain | null;
}
