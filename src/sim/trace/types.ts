/**
 * The trace: what one run of the engine produced. Append-only; every view of the
 * app (timeline, events, log, CPU diagram, inspector) reads it at a cursor.
 * Steps are columnar (parallel arrays) so 100k transitions stay compact.
 */
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
  severity: 'I' | 'W' | 'E';
  /** Go source file and line, as klog prints it: "kubelet.go:2438". */
  source: string;
  msg: string;
  /** Structured key/value pairs, already rendered as klog would (strings quoted). */
  kv: [string, string][];
}

/** Anything else a machine wants the views to see: CPU assignments, spans, status changes. */
export interface TraceRecord {
  step: number;
  t: number;
  kind: string;
  entity: string;
  data: Record<string, unknown>;
}

export interface StepColumns {
  t: number[];
  /** Index into `entities`. */
  entity: number[];
  /** Index into `strings`: the event type that caused the transition. */
  event: number[];
  /** Index into `strings`: state value before and after ("a.b" for nested states). */
  from: number[];
  to: number[];
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
  logs: LogLine[];
  records: TraceRecord[];
  /** World snapshots every `checkpointEvery` steps; checkpoint i is the world before step i*K. */
  checkpoints: C[];
  checkpointEvery: number;
  /** Virtual time at which the run stopped (the scenario's horizon or the last event). */
  endT: number;
  /** Why the run stopped. */
  stopReason: 'horizon' | 'idle' | 'step-limit';
}
