/**
 * The trace: what one run of the engine produced. Append-only; every view of the
 * app (timeline, events, log, CPU diagram, inspector) reads it at a cursor.
 * Steps are columnar (parallel arrays) so 100k transitions stay compact.
 */
import type { LogRecords } from './logRecords';

export type EventType = 'Normal' | 'Warning';

/** A Kubernetes Event as the kubelet's recorder emits it (one emission; aggregation is a view). */
export interface KubeEvent {
  step: number;
  t: number;
  type: EventType;
  reason: string;
  /** "<namespace>/<pod>" */
  object: string;
  /** "spec.containers{app}" or null for the pod itself. */
  fieldPath: string | null;
  message: string;
  /** `From` column of kubectl describe. */
  source: string;
}

/** A klog line the kubelet would print, at its verbosity. */
export interface LogLine {
  step: number;
  t: number;
  /** 0 = always printed (InfoS/ErrorS), 1..4 = klog.V(n). */
  v: number;
  /** F: klog.Fatalf (older kubelets exit through it). */
  severity: 'I' | 'W' | 'E' | 'F';
  /** Go source file and line, as klog prints it: "kubelet.go:2438". */
  source: string;
  msg: string;
  /**
   * Structured key/value pairs, already rendered as klog would (strings quoted). A printf line
   * (`text`) keeps the pairs the model gave it, for views to read; they are not printed.
   */
  kv: [string, string][];
  /**
   * A printf-style line (glog, or klog v1's Infof) of an older kubelet: printed as it stands
   * after the header, instead of the quoted msg and key/value pairs.
   */
  text?: string;
}

/** The CPU manager's state as its checkpoint file holds it, cpusets in Linux list format. */
export interface CpuAssignmentsData {
  policy: string;
  defaultCpuSet: string;
  /** Pod UID -> container name -> cpuset. */
  assignments: Record<string, Record<string, string>>;
}

import type { AdmissionRecord } from '../policies/topologymanager/explainAdmission';

/** Who holds which devices and which memory, as the device and memory managers' states say. */
export interface ResourceAssignmentsData {
  /** podDevices: each container's devices of a resource. */
  devices: { uid: string; container: string; resource: string; ids: string[] }[];
  /** The memory manager's Static policy (null under None): blocks and each NUMA node's tables. */
  memory: {
    blocks: { uid: string; container: string; type: string; size: number; numa: number[] }[];
    /** NUMA id → memory type → bytes (as memory_manager_state's machineState). */
    nodes: Record<
      string,
      Record<
        string,
        {
          total: number;
          systemReserved: number;
          allocatable: number;
          reserved: number;
          free: number;
        }
      >
    >;
  } | null;
}

/** What each kind of record carries. */
export interface TraceRecordData {
  /** A snapshot of the CPU manager's state after it changed. */
  cpuAssignments: CpuAssignmentsData;
  /** A snapshot of the device and memory managers' states after they changed. */
  resourceAssignments: ResourceAssignmentsData;
  /**
   * The topology manager's admission of a pod (its hint providers' hints and merges), kept when
   * a policy merged hints or the allocation refused the pod: what the Inspector's why reads.
   */
  topologyAdmission: AdmissionRecord;
  /** PreCreateContainer wrote the container's cpuset ("" = not set) into its CRI config. */
  /** cpuset_cpus written for a container; mems: its cpuset.mems from the memory manager, when set. */
  cpuset: { uid: string; container: string; cpuset: string; mems?: string };
  /** CRI StartContainer returned: the container's process runs. */
  containerStarted: { uid: string; container: string; id: string };
  /** CRI RunPodSandbox returned this sandbox (perturbations arm a SandboxDied from it). */
  sandboxCreated: { uid: string; id: string };
  /** The container's process exited (by itself or after StopContainer). */
  containerExited: { id: string; exitCode?: number };
  /** Admission rejected the pod (Kubelet.rejectPod). */
  podRejected: { uid: string; reason: string };
  /** The PLEG's watch condition for the pod was met (ConditionMet: a resize was applied). */
  plegConditionMet: { uid: string };
  /** The status manager's phase after SyncPod's generateAPIPodStatus. */
  podStatus: { uid: string; phase: string };
  /** A status patch changed the pod's Ready condition (what `kubectl get pods` READY shows). */
  podReady: { uid: string; ready: boolean };
  /** For the views: a pull request entered the image puller, behind these pulls. */
  pullQueued: {
    uid: string;
    container: string;
    image: string;
    ahead: { uid: string; container: string; image: string }[];
  };
  /** For the views: a pull request left the queue and is pulled for `ms`. */
  pullStarted: { uid: string; container: string; image: string; ms: number; ok: boolean };
  /** For the views: one probe the prober worker actually ran, and its result. */
  probe: {
    uid: string;
    container: string;
    probe: 'liveness' | 'readiness' | 'startup';
    result: 'Success' | 'Failure' | 'Unknown';
  };
}

export type TraceRecordKind = keyof TraceRecordData;

/**
 * Anything else the engine wants the views to see, as a tagged union on `kind`:
 * `if (r.kind === 'containerStarted') r.data.id` is typed.
 */
export type TraceRecord = {
  [K in TraceRecordKind]: {
    step: number;
    t: number;
    kind: K;
    entity: string;
    data: TraceRecordData[K];
  };
}[TraceRecordKind];

export interface StepColumns {
  t: number[];
  /** Index into `entities`. */
  entity: number[];
  /** Index into `strings`: the event type that caused the transition. */
  event: number[];
  /** Index into `strings`: state value before and after ("a.b" for nested states). */
  from: number[];
  to: number[];
  /**
   * The step whose action enqueued this step's event (an effect's send, a delayed `after`
   * event, a spawn); -1 for the scenario's inputs and the run's start.
   */
  cause: number[];
  /**
   * Index into `strings`: the name of the guard (setup({ guards })) that decided the
   * transition taken at this step; the index of '' when no guard decided it.
   */
  guard: number[];
}

export interface EntityInfo {
  id: string;
  /** Machine kind, e.g. "syncLoop", "podWorker", "startContainer". */
  kind: string;
  /** Step at which it was created. */
  created: number;
}

export interface Trace<C = unknown> {
  steps: StepColumns;
  strings: string[];
  entities: EntityInfo[];
  events: KubeEvent[];
  /** The klog lines, as records (logRecords.ts): read as a list of LogLine. */
  logs: LogRecords;
  records: TraceRecord[];
  /** World snapshots every `checkpointEvery` steps; checkpoint i is the world before step i*K. */
  checkpoints: C[];
  checkpointEvery: number;
  /** Virtual time at which the run stopped (the scenario's horizon or the last event). */
  endT: number;
  /** Why the run stopped. */
  stopReason: 'horizon' | 'idle' | 'step-limit';
}
