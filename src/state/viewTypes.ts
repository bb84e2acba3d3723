/**
 * What the panels read from a run at a cursor, as plain rows. Implemented over the
 * engine's own views (eventsAt, podsAt, formatKlog, describePod, narrate) in
 * kubeletViews.ts, so components never touch the engine's internals.
 */
import type { ChangeEntry, KubeletVersionName, PermalinkViewState } from '../sim';
import type { RunView, Scenario, Selection } from './types';
import type { EntityChart } from './machineCharts';
import type { ReplayEvent } from '../replay/types';
import type { LogMatches, LogMode, LogQuery } from './logLines';

export interface EventRow {
  readonly key: string;
  readonly type: string;
  readonly reason: string;
  readonly age: string;
  readonly from: string;
  readonly message: string;
  readonly object: string;
}

export interface PodRow {
  readonly key: string;
  readonly namespace: string;
  readonly name: string;
  readonly ready: string;
  readonly status: string;
  readonly restarts: string;
  readonly age: string;
}

export interface LogRow {
  readonly index: number;
  readonly v: number;
  readonly severity: string;
  readonly text: string;
}

export interface StepRow {
  readonly index: number;
  readonly t: number;
  readonly entity: string;
  readonly event: string;
  readonly from: string;
  readonly to: string;
}

export interface InspectorSection {
  readonly heading: string;
  readonly rows?: readonly (readonly [string, string])[];
  /** Preformatted text: a spec fragment, a describe excerpt, klog lines. */
  readonly code?: string;
  /** Sentences: the "why" explanation. */
  readonly notes?: readonly string[];
}

export interface InspectorData {
  readonly title: string;
  readonly subtitle?: string;
  readonly sections: readonly InspectorSection[];
}

export interface MachineView {
  readonly id: string;
  readonly kind: string;
  /** Every state of the machine's chart, in definition order ("a.b" for nested). */
  readonly states: readonly string[];
  readonly active: string | null;
  readonly since: number | null;
  /** The container ("ns/pod/name") the machine belongs to, if any. */
  readonly container: string | null;
  /** Its statechart, active states, last transition taken and resolved delay labels. */
  readonly chart: EntityChart;
  /** Whether this machine made the step just before the cursor (the one that moved). */
  readonly moved: boolean;
}

export interface EngineViews {
  eventsAt(run: RunView, cursor: number): readonly EventRow[];
  podsAt(run: RunView, cursor: number): readonly PodRow[];
  /**
   * The lines of the run's klog (at -v ≤ v) or of containerd's own log (the runtime's side
   * of the same steps) that contain the filter, over the whole run, as columns: the cursor
   * shows those whose step is before it. Null while they are being found (in the engine
   * worker: `subscribe` tells when they arrive).
   */
  logMatches(run: RunView, q: LogQuery): LogMatches | null;
  /**
   * Line `line` of that log, formatted; undefined while it is being fetched (the lines asked
   * for in one task are fetched together, and `subscribe` tells when they arrive).
   */
  logRow(run: RunView, mode: LogMode, line: number): LogRow | undefined;
  steps(run: RunView, from: number, to: number): readonly StepRow[];
  inspect(run: RunView, cursor: number, sel: Selection): InspectorData | null;
  /** Machines of the pod (or the node's own when pod is null) at the cursor. */
  machinesAt(run: RunView, cursor: number, pod: string | null): readonly MachineView[];
  /**
   * Compare's "What changed": the changelog rows between the run's kubelet version and
   * `other` that touch the run (null while the changelog is being fetched).
   */
  changesAgainst(run: RunView, other: KubeletVersionName): readonly ChangeEntry[] | null;
  /**
   * What the step before the cursor did, in the kubelet's words and Go functions (the live
   * region's and the transport's sentence): "1.45 s: CRI StartContainer returned …".
   */
  narrate(run: RunView, cursor: number): string;
  /**
   * The step before the cursor in short: the kubelet component that moved and whom for
   * ("pod worker, default/web"), and the Event it recorded ("container app started", or '').
   */
  stepBrief(run: RunView, cursor: number): { readonly who: string; readonly event: string };
  /**
   * Regular containers ("ns/pod/name") with a Started Event before the cursor: the Pods panel
   * says why a pod still shows ContainerCreating (its status is written at its next sync).
   */
  startedAt(run: RunView, cursor: number): ReadonlySet<string>;
  /** Pod keys of the run, in order of arrival. */
  pods(run: RunView): readonly string[];
  /**
   * Views answered asynchronously (the engine worker's) tell when a new answer
   * arrived; `version` counts answers. Absent for synchronous views.
   */
  subscribe?(listener: () => void): () => void;
  /** Resolves when the run's log lines are on the page (fetching them if need be). */
  whenLogs?(run: RunView): Promise<void>;
  /**
   * The run read back as replay records, by the engine worker (the page has no kubelet state
   * to describe its pods with). Absent where the run's state is on hand.
   */
  replayRecords?(run: RunView): Promise<readonly ReplayEvent[]>;
  version?(): number;
  /** The `#s=` fragment of a scenario and view, encoded off the main thread. */
  readonly encodeLink?: (
    scenario: Scenario,
    view: PermalinkViewState,
    compare?: Scenario | null,
  ) => Promise<string>;
}
