/**
 * What the readers produce: one event per recognised record (a klog line, a JSON log line,
 * an Event row, a pod status time), in input order, plus what was learnt about the pods.
 */
import type { KubeletVersionName } from '../sim/versions/names';

/** The stable identifiers of what a record says ("SyncLoopAdd", "NoSandbox", "EventPulled"). */
export type What = string;

export interface ReplayEvent {
  /** Microseconds: epoch µs for timestamped inputs, or relative µs (ages) for describe/get. */
  readonly us: number;
  /** "<namespace>/<name>" or null for node-wide records. */
  readonly pod: string | null;
  readonly what: What;
  /** 1-based line number of the record's first line. */
  readonly line: number;
  /** That line, as read (without its line ending). */
  readonly text: string;
  /** Container name the record names, if any. */
  readonly container?: string;
  /** Extra facts (image, reason, message, probe type, PLEG type, …) for the scenario and lanes. */
  readonly data?: Readonly<Record<string, string | number>>;
  /** The model's step that printed it (a run's own records only). */
  readonly step?: number;
}

/** The kubelet releases the input's form points to, and the modelled one that stands for them. */
export interface VersionGuess {
  /** Oldest and newest minor (1.x) consistent with the tells; `hi` is 37 when still printed. */
  readonly lo: number;
  readonly hi: number;
  /** False when nothing in the input tells the version. */
  readonly known: boolean;
  /** "1.19–1.20", "≥ 1.29", "1.27", "unknown". */
  readonly label: string;
  /** The `node.kubeletVersion` the rebuilt scenario runs (kubeletVersionFor). */
  readonly version: KubeletVersionName;
  /** The tells that decided it, each with the releases it allows. */
  readonly tells: readonly string[];
  /** Tells outside the chosen range (a paste mixing releases, a backport). */
  readonly conflicting: readonly string[];
}

export interface ContainerInfo {
  name: string;
  image?: string;
  init: boolean;
  /** An init container with restartPolicy Always (a native sidecar). */
  sidecar?: boolean;
  /** CPUs from cpu_manager_state or resources, if known. */
  cpus?: string;
  requests?: Record<string, string>;
  limits?: Record<string, string>;
  /** Probes as kubectl describe prints them ("http-get http://:8080/ delay=3s …"). */
  probes?: { liveness?: string; readiness?: string; startup?: string };
}

export interface PodInfo {
  key: string;
  uid?: string;
  /** µs of the first record naming the pod (SyncLoop ADD when present). */
  firstUs: number;
  addUs?: number;
  containers: Map<string, ContainerInfo>;
}

export type InputFormat =
  | 'klog'
  | 'klog-printf'
  | 'json'
  | 'describe-pod'
  | 'events-table'
  | 'events-json'
  | 'events-yaml'
  | 'pod-yaml'
  | 'pod-status'
  | 'pods-table'
  | 'containerd'
  | 'cri-o'
  | 'cpu-manager-state'
  | 'memory-manager-state'
  | 'device-checkpoint';

/** The KubeletConfiguration facts the input shows (nodeConfig lines, state files, start-up lines). */
export interface NodeFacts {
  cpuManagerPolicy?: string;
  topologyManagerPolicy?: string;
  topologyManagerScope?: string;
  reservedSystemCPUs?: string;
  memoryManagerPolicy?: string;
}

export interface ReplayResult {
  /** Every recognised record, or (when streaming to a sink) only those asked to be kept. */
  readonly events: readonly ReplayEvent[];
  /** Recognised records, kept or not. */
  readonly recognised: number;
  /** Formats seen (a journal may mix klog text and printf-era lines). */
  readonly formats: readonly InputFormat[];
  /** Physical lines read. */
  readonly lines: number;
  /** Lines that no reader recognised (skipped, never fatal). */
  readonly skipped: number;
  /** Well-formed log lines whose message is not one the replay keys on. */
  readonly unknownMessages: number;
  readonly pods: ReadonlyMap<string, PodInfo>;
  readonly version: VersionGuess;
  /** Node name, when a journal prefix, describe or an Event named it. */
  readonly node?: string;
  /** From cpu_manager_state. */
  readonly cpuManager?: { policy: string; defaultCpuSet: string; maxCpu: number };
  /** Resource manager settings the input shows. */
  readonly nodeFacts: NodeFacts;
  /** What kinds of lines the input had, for a message when nothing was usable ("klog line": 10). */
  readonly seen: Readonly<Record<string, number>>;
  /** Well-formed log lines not keyed on, by the Go file (or runtime) that printed them. */
  readonly unknownByFile: Readonly<Record<string, number>>;
  /** µs of the first recognised record: `t` in the events output is relative to it. */
  readonly originUs: number;
  /** µs of the latest record. */
  readonly lastUs: number;
}

/** The JSON the CLI's `--format events` prints, one per recognised record. */
export interface EventRow {
  t: number;
  pod: string | null;
  what: What;
  line: number;
  text: string;
}

export interface ReplayOptions {
  /** Year of the log's first line (klog and journald have none). */
  readonly year: number;
  /** Streaming: receive each event as it is read instead of keeping it (bounded memory). */
  readonly sink?: (e: ReplayEvent) => void;
  /** With a sink: the identifiers still kept (without text) for the result. */
  readonly keep?: (what: string) => boolean;
}
