/**
 * View maths without a DOM: laying a trace out into lanes (layoutLanes) and the
 * window query the timeline runs on every frame (visibleRange over every lane),
 * on synthetic traces of 10k and 100k spans.
 */
import { performance } from 'node:perf_hooks';
import type { Trace } from '../../src/sim/trace/types';
import { LogRecords } from '../../src/sim/trace/logRecords';
import { layoutLanes, type Place } from '../../src/viz/timeline/layoutLanes';
import type { LaneModel } from '../../src/viz/timeline/laneModel';
import { visibleRange } from '../../src/viz/timeline/windowQuery';
import { summarise, time, type Figure } from './harness';
import { lcg } from './engine';

const STATES = ['ensuringImage', 'pullingImage', 'creating', 'starting', 'running', 'backOff'];
const CONTAINERS_PER_POD = 4;
const TRANSITIONS_PER_ENTITY = 100;

/**
 * A trace shaped like the engine's: container machines stepping through states
 * (each transition closes one span), plus a sync loop whose wake-ups are instants
 * (one in ten marks). `spans` is the total number of marks the layout produces.
 */
export function syntheticTrace(spans: number): Trace {
  const wakeups = Math.floor(spans / 10);
  const entityCount = Math.ceil((spans - wakeups) / TRANSITIONS_PER_ENTITY);
  const strings = ['xstate.init', 'NEXT', 'PLEG', 'select', ...STATES];
  const sIdx = (s: string) => strings.indexOf(s);
  const entities = [{ id: 'syncLoop', kind: 'syncLoop', created: 0 }];
  for (let e = 0; e < entityCount; e++)
    entities.push({
      id: `sc/p${Math.floor(e / CONTAINERS_PER_POD)}/c${e % CONTAINERS_PER_POD}`,
      kind: 'startContainer',
      created: 0,
    });
  const steps = { t: [] as number[], entity: [] as number[], event: [] as number[] };
  const from: number[] = [];
  const to: number[] = [];
  // The step log interleaves machines in time order: a shuffled schedule of who steps next.
  const rand = lcg(7);
  const order: number[] = [];
  for (let e = 1; e <= entityCount; e++)
    for (let k = 0; k < TRANSITIONS_PER_ENTITY && order.length < spans - wakeups; k++)
      order.push(e);
  for (let w = 0; w < wakeups; w++) order.push(0);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const count = new Int32Array(entities.length);
  let t = 0;
  for (const e of order) {
    t += Math.floor(rand() * 20);
    steps.t.push(t);
    steps.entity.push(e);
    if (e === 0) {
      steps.event.push(sIdx('PLEG'));
      from.push(sIdx('select'));
      to.push(sIdx('select'));
    } else {
      const k = count[e]!++;
      steps.event.push(sIdx('NEXT'));
      from.push(sIdx(STATES[(k + STATES.length - 1) % STATES.length]!));
      to.push(sIdx(STATES[k % STATES.length]!));
    }
  }
  return {
    steps: {
      ...steps,
      from,
      to,
      cause: new Array<number>(steps.t.length).fill(-1),
      guard: new Array<number>(steps.t.length).fill(sIdx('')),
    },
    strings,
    entities,
    events: [],
    logs: new LogRecords(),
    records: [],
    checkpoints: [],
    checkpointEvery: 2048,
    endT: (steps.t.at(-1) ?? 0) + 1000,
    stopReason: 'horizon',
  };
}

const place: Place = (e) => {
  if (e.kind === 'syncLoop')
    return {
      group: 'node',
      groupLabel: 'Kubelet',
      lane: 'sync loop',
      order: 0,
      pod: null,
      container: null,
      instants: (ev) => (ev === 'xstate.init' ? null : `wake: ${ev}`),
    };
  const [, pod, container] = e.id.split('/');
  return {
    group: `default/${pod}`,
    groupLabel: `default/${pod}`,
    lane: container ?? e.id,
    order: 1,
    pod: `default/${pod}`,
    container: `default/${pod}/${container}`,
  };
};

/** One window query: the visible span range of every lane for [t0, t1]. */
function queryAll(model: LaneModel, t0: number, t1: number): number {
  let visible = 0;
  for (const lane of model.lanes) {
    const [a, b] = visibleRange(lane, t0, t1);
    visible += b - a;
  }
  return visible;
}

function figuresFor(spans: number, layoutBudget: number): Figure[] {
  const trace = syntheticTrace(spans);
  const label = spans >= 1000 ? `${spans / 1000}k` : String(spans);
  const layout = time(() => layoutLanes(trace, place), spans > 50_000 ? 5 : 9, 1);
  const { model } = layoutLanes(trace, place);
  if (model.spanCount < spans * 0.95) throw new Error(`only ${model.spanCount} spans laid out`);
  // A zoomed-in view (a twentieth of the run) at random places.
  const rand = lcg(3);
  const width = model.endT / 20;
  const samples: number[] = [];
  let seen = 0;
  for (let i = 0; i < 300; i++) {
    const t0 = rand() * (model.endT - width);
    const start = performance.now();
    seen += queryAll(model, t0, t0 + width);
    samples.push(performance.now() - start);
  }
  if (seen === 0) throw new Error('window queries found nothing');
  return [
    summarise('view', `layoutLanes, ${label} spans`, layout, layoutBudget),
    summarise(
      'view',
      `window query, ${label} spans (${model.lanes.length} lanes)`,
      samples.slice(20), // the first queries warm the JIT
      1,
    ),
  ];
}

export function viewFigures(): Figure[] {
  return [...figuresFor(10_000, 20), ...figuresFor(100_000, 200)];
}
