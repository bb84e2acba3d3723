/**
 * Shapes shared by the store's slices. The store holds the run by reference and
 * never copies it; everything heavy (lane layout, CPU history) is built once per run
 * by `RunView` and only read afterwards.
 */
import type { ImportedLanes } from '../viz/replay/recordedLanes';
import type { LaneModel, SpanRef } from '../viz/timeline/laneModel';
import type { CpuHistory } from '../viz/topology/cpuHistory';
import type { TopologyInput } from '../viz/topology/topologyInput';
import type { ResourceHistory } from '../viz/topology/resourceHistory';
import type { TimeWindow } from '../viz/timeScale';
import type { Gap, TimeWarp } from '../viz/timeWarp';
import { type KubeletVersionName, type Scenario } from '../sim';

export type { Scenario };

/** What the views need from one simulation run. Built by the engine adapter. */
export interface RunView<R = unknown> {
  /** The engine's run object, for its own view functions (events, pods, narration). */
  readonly raw: R;
  /** Simulated time of each step, ascending (trace.steps.t). */
  readonly times: ArrayLike<number>;
  readonly total: number;
  /** Time at which the run stopped, ms. */
  readonly endT: number;
  /** Sorted indices of the steps worth a "kubelet step" (a transition of note). */
  readonly notable: Int32Array;
  readonly lanes: LaneModel;
  readonly cpus: CpuHistory;
  readonly topology: TopologyInput;
  /** Who holds the node's devices and NUMA memory over the run (absent: nothing to hold). */
  readonly resources?: ResourceHistory;
  /** Instants of activity, for idle gap detection (sorted ms). */
  readonly activity: ArrayLike<number>;
  /** Where the run's story (its pods' start-up) ends, ms: the window a preset opens on. */
  readonly story?: number;
  /** Stretches with work in progress (pulls, waits, hooks...), never collapsed; sorted by start. */
  readonly busy?: readonly Gap[];
  /** An imported input's lanes (first in `lanes`) and the records behind their spans. */
  readonly imported?: ImportedLanes;
}

export type Granularity = 'kubelet' | 'every';
export type CpuIdMode = 'os' | 'logical';

export type PanelId = 'events' | 'log' | 'inspector' | 'machines' | 'pods';

/** What is selected. A span also names its container or pod, so the diagram follows. */
export type Selection =
  | {
      readonly kind: 'span';
      readonly span: SpanRef;
      readonly container?: string;
      readonly pod?: string;
    }
  | { readonly kind: 'container'; readonly container: string; readonly pod: string }
  | { readonly kind: 'pod'; readonly pod: string }
  | { readonly kind: 'cpu'; readonly cpu: number };

export interface ViewState {
  readonly window: TimeWindow;
  readonly warp: TimeWarp;
  readonly collapseGaps: boolean;
  readonly cpuIds: CpuIdMode;
  readonly collapsedPanels: Readonly<Record<PanelId, boolean>>;
  readonly collapsedGroups: readonly string[];
  readonly helpOpen: boolean;
  /** Follow the playhead while playing (turned off by a manual zoom or pan). */
  readonly follow: boolean;
}

/**
 * Compare's run B as the quick controls set it: B = A with these overrides
 * (`setCompare`). `nodeTopology` is the Node topology control's value (a topology
 * preset id).
 */
export interface CompareOverrides {
  readonly cpuManagerPolicy?: 'none' | 'static';
  readonly topologyManagerPolicy?: string;
  readonly nodeTopology?: string;
  readonly kubeletVersion?: KubeletVersionName;
}

/** Which of the two runs a view shows (Compare); 'A' is the only run when Compare is off. */
export type RunId = 'A' | 'B';
