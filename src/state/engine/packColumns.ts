/**
 * The run's many small typed arrays, packed for the trip from the engine worker: the
 * 110-pod node has ~900 lanes of 6 columns each and a change list per CPU, and structured
 * clone pays per ArrayBuffer (deserialising those was a 50 ms task on the page). Each
 * column crosses as one array with offsets; the page gets views into it (subarray), and
 * the causal flows cross as one Int32Array instead of thousands of objects.
 */
import type { CpuHistory, PoolChange } from '../../viz/topology/cpuHistory';
import type { SimulationRun } from '../../sim';
import { makeLane, type Flow, type Lane, type LaneModel } from '../../viz/timeline/laneModel';

const COLUMNS = ['start', 'end', 'kind', 'label_', 'step', 'endStep'] as const;
type Column = (typeof COLUMNS)[number];
const TYPES = {
  start: Float64Array,
  end: Float64Array,
  kind: Uint8Array,
  label_: Int32Array,
  step: Int32Array,
  endStep: Int32Array,
} as const;

type LaneMeta = Omit<Lane, Column>;

export interface PackedLanes {
  readonly meta: readonly LaneMeta[];
  /** Lane i's spans are [offsets[i], offsets[i + 1]) of every column. */
  readonly offsets: Int32Array;
  readonly columns: { readonly [K in Column]: Lane[K] };
  readonly groups: readonly { id: string; label: string; lanes: readonly number[] }[];
  /** fromLane, fromIndex, toLane, toIndex per flow. */
  readonly flows: Int32Array;
  readonly rest: Omit<LaneModel, 'lanes' | 'groups' | 'flows'>;
}

export function packLanes(m: LaneModel): PackedLanes {
  const { lanes, groups, flows, ...rest } = m;
  const offsets = new Int32Array(lanes.length + 1);
  lanes.forEach((l, i) => (offsets[i + 1] = offsets[i]! + l.start.length));
  const total = offsets[lanes.length]!;
  const columns = Object.fromEntries(
    COLUMNS.map((c) => {
      const out = new TYPES[c](total);
      lanes.forEach((l, i) => out.set(l[c], offsets[i]));
      return [c, out];
    }),
  ) as unknown as PackedLanes['columns'];
  const index = new Map(lanes.map((l, i) => [l, i]));
  const f = new Int32Array(flows.length * 4);
  flows.forEach((x, i) => f.set([x.fromLane, x.fromIndex, x.toLane, x.toIndex], i * 4));
  return {
    // Rest destructuring, not delete: deleting makes each meta a slow (dictionary) object.
    meta: lanes.map(
      ({ start: _s, end: _e, kind: _k, label_: _l, step: _st, endStep: _es, ...m }) => m,
    ),
    offsets,
    columns,
    groups: groups.map((g) => ({
      id: g.id,
      label: g.label,
      lanes: g.lanes.map((l) => {
        const i = index.get(l);
        if (i === undefined) throw new Error(`kubeletscope: lane ${l.id} of ${g.id} is not listed`);
        return i;
      }),
    })),
    flows: f,
    rest,
  };
}

export function unpackLanes(p: PackedLanes): LaneModel {
  const { start, end, kind, label_, step, endStep } = p.columns;
  // Each lane over views of the columns (~900 lanes on the 110-pod node).
  const lanes: Lane[] = p.meta.map((m, i) => {
    const a = p.offsets[i]!;
    const b = p.offsets[i + 1]!;
    return makeLane(m, {
      start: start.subarray(a, b),
      end: end.subarray(a, b),
      kind: kind.subarray(a, b),
      label_: label_.subarray(a, b),
      step: step.subarray(a, b),
      endStep: endStep.subarray(a, b),
    });
  });
  const flows: Flow[] = [];
  for (let i = 0; i < p.flows.length; i += 4)
    flows.push({
      fromLane: p.flows[i]!,
      fromIndex: p.flows[i + 1]!,
      toLane: p.flows[i + 2]!,
      toIndex: p.flows[i + 3]!,
    });
  return {
    ...p.rest,
    lanes,
    groups: p.groups.map((g) => ({
      id: g.id,
      label: g.label,
      lanes: g.lanes.map((i) => lanes[i]!),
    })),
    flows,
  };
}

export interface PackedCpus extends Omit<CpuHistory, 'steps' | 'pool'> {
  readonly stepIds: readonly number[];
  readonly stepOffsets: Int32Array;
  readonly stepData: Int32Array;
  /**
   * The shared pool's changes as columns: each change lists every container in the pool
   * (~93k names over 609 changes on the 110-pod node, 1.6 MB to clone as strings), so the
   * names cross once and each change's members as indices into them.
   */
  readonly poolNames: readonly string[];
  readonly poolStep: Int32Array;
  readonly poolT: Float64Array;
  /** Change i's members are poolMembers[poolOffsets[i], poolOffsets[i + 1]). */
  readonly poolOffsets: Int32Array;
  readonly poolMembers: Int32Array;
}

export function packCpus(c: CpuHistory): PackedCpus {
  const { steps, pool, ...rest } = c;
  const ids = [...steps.keys()];
  const offsets = new Int32Array(ids.length + 1);
  ids.forEach((id, i) => (offsets[i + 1] = offsets[i]! + steps.get(id)!.length));
  const data = new Int32Array(offsets[ids.length]!);
  ids.forEach((id, i) => data.set(steps.get(id)!, offsets[i]));
  const names: string[] = [];
  const nameIdx = new Map<string, number>();
  const poolOffsets = new Int32Array(pool.length + 1);
  pool.forEach((p, i) => (poolOffsets[i + 1] = poolOffsets[i]! + p.members.length));
  const poolMembers = new Int32Array(poolOffsets[pool.length]!);
  let at = 0;
  for (const p of pool)
    for (const m of p.members) {
      let k = nameIdx.get(m);
      if (k === undefined) {
        k = names.length;
        names.push(m);
        nameIdx.set(m, k);
      }
      poolMembers[at++] = k;
    }
  return {
    ...rest,
    stepIds: ids,
    stepOffsets: offsets,
    stepData: data,
    poolNames: names,
    poolStep: Int32Array.from(pool, (p) => p.step),
    poolT: Float64Array.from(pool, (p) => p.t),
    poolOffsets,
    poolMembers,
  };
}

export function unpackCpus(p: PackedCpus): CpuHistory {
  const {
    stepIds,
    stepOffsets,
    stepData,
    poolNames,
    poolStep,
    poolT,
    poolOffsets,
    poolMembers,
    ...rest
  } = p;
  const pool: PoolChange[] = [];
  for (let i = 0; i < poolStep.length; i++) {
    const members: string[] = [];
    for (let j = poolOffsets[i]!; j < poolOffsets[i + 1]!; j++)
      members.push(poolNames[poolMembers[j]!]!);
    pool.push({ step: poolStep[i]!, t: poolT[i]!, members });
  }
  return {
    ...rest,
    pool,
    steps: new Map(
      stepIds.map((id, i) => [id, stepData.subarray(stepOffsets[i], stepOffsets[i + 1])]),
    ),
  };
}

/** The ArrayBuffers of packed lanes, to transfer (packLanes allocates them for one message). */
export function lanesBuffers(p: PackedLanes): ArrayBuffer[] {
  return buffersOf([p.offsets, p.flows, ...Object.values(p.columns)]);
}

/** The ArrayBuffers of packed CPU history, to transfer (packCpus allocates them for one message). */
export function cpusBuffers(p: PackedCpus): ArrayBuffer[] {
  return buffersOf([p.stepOffsets, p.stepData, p.poolStep, p.poolT, p.poolOffsets, p.poolMembers]);
}

export function buffersOf(arrays: readonly ArrayBufferView[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const a of arrays) if (a.buffer instanceof ArrayBuffer) out.add(a.buffer);
  return [...out];
}

/**
 * The trace's step columns as typed arrays: structured clone copies a plain array of 64k
 * numbers element by element (the 110-pod node's seven columns were ~8 ms to clone in the
 * worker, on its way to the page's first draw); typed arrays are moved whole.
 */
type StepColumns = SimulationRun['trace']['steps'];
export type PackedSteps = { readonly [K in keyof StepColumns]: Float64Array | Int32Array };

export function packSteps(s: StepColumns): PackedSteps {
  return {
    t: Float64Array.from(s.t),
    entity: Int32Array.from(s.entity),
    event: Int32Array.from(s.event),
    from: Int32Array.from(s.from),
    to: Int32Array.from(s.to),
    cause: Int32Array.from(s.cause),
    guard: Int32Array.from(s.guard),
  };
}

/** Back into the plain arrays the trace's type promises (a loop: Array.from is ~5× slower). */
export function unpackSteps(p: PackedSteps): StepColumns {
  const arr = (v: Float64Array | Int32Array): number[] => {
    const out = new Array<number>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = v[i]!;
    return out;
  };
  return {
    t: arr(p.t),
    entity: arr(p.entity),
    event: arr(p.event),
    from: arr(p.from),
    to: arr(p.to),
    cause: arr(p.cause),
    guard: arr(p.guard),
  };
}
