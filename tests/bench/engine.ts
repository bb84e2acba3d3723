/**
 * Engine figures: whole runs through the public API (src/sim/index.ts), seeks into
 * a run, and the CPU manager's allocator on the large fixture topologies.
 */
import { performance } from 'node:perf_hooks';
import { simulate } from '../../src/sim/index';
import { FIXTURE_TOPOLOGIES } from '../../src/sim/model/fixtureTopologies';
import { allCPUs } from '../../src/sim/model/topology';
import { formatCPUSet, mustParseCPUSet } from '../../src/sim/model/cpuset';
import type { PodLike } from '../../src/sim/model/qos';
import {
  newStaticPolicy,
  staticAllocate,
  staticPolicyStart,
  takeByTopology,
  takeByTopologyNUMADistributed,
  emptyState,
  NO_OPTIONS,
} from '../../src/sim/policies/cpumanager/index';
import { EMPTY_HINT } from '../../src/sim/policies/topologymanager/hint';
import { percentile, summarise, time, type Figure } from './harness';
import { MB, retainedBytes } from './memory';
import { BUDGETS, HEAP_BASELINE_MB, NO_BUDGET } from './budgets';
import { editedAt25Min, podNode, presetScenario } from './scenarios';

const median = (xs: number[]) => percentile(xs, 0.5);

const G = 'engine';

/** A small deterministic PRNG (the bench must pick the same "random" steps every run). */
export function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** Per-call milliseconds of `fn`, timed in batches (a call is too short for one reading). */
function perCall(fn: () => void, calls: number, batches = 9): number[] {
  return time(() => {
    for (let i = 0; i < calls; i++) fn();
  }, batches).map((ms) => ms / calls);
}

/**
 * Retained heap of the 110-pod run (trace and checkpoints) before issue 16, MB, measured
 * with tests/bench/memory.ts on this node: the seek budget allows 1.5× it.
 */
const HEAP_BEFORE_MB = HEAP_BASELINE_MB;

function runs(): Figure[] {
  const hello = presetScenario('hello-pod');
  const node = podNode(110, { faults: true });
  const base = simulate(node);
  const edited = editedAt25Min(node, base);
  const steps = base.trace.steps.t.length;
  const resumed = simulate(edited, { from: base });
  if (JSON.stringify(resumed.trace.events) !== JSON.stringify(simulate(edited).trace.events))
    throw new Error('the re-run from the previous run differs from a full run');
  // Full run and re-run alternately in one process, so a busy machine slows both alike.
  const full: number[] = [];
  const rerun: number[] = [];
  simulate(node);
  for (let i = 0; i < 5; i++) {
    // Each run gets its own copy of the scenario, as the app's worker does (a structured clone
    // per message): nothing the engine keys by the scenario's objects carries over between runs.
    const [a, b] = [structuredClone(node), structuredClone(edited)];
    full.push(time(() => simulate(a), 1, 0)[0]!);
    rerun.push(time(() => simulate(b, { from: base }), 1, 0)[0]!);
  }
  const fullFigure = summarise(
    G,
    '110-pod node, 256 CPUs, 30 min, mixed faults',
    full,
    NO_BUDGET,
    'ms',
    `${steps} steps, ${((median(full) * 1000) / steps).toFixed(1)} µs a step; judged against the baseline engine below`,
  );
  const seek = seekSamples(base, steps);
  return [
    summarise(
      G,
      'one pod (hello-pod preset)',
      time(() => simulate(hello), 15, 3),
      8,
    ),
    fullFigure,
    summarise(
      G,
      're-run after an edit at 25 min / full run',
      rerun.map((r, i) => r / full[i]!),
      BUDGETS.rerunRatio,
      '×',
    ),
    summarise(G, 'stateAt seek to a random step (110-pod run)', seek, BUDGETS.seekMs),
    summarise(
      G,
      'stateAt seek / full run',
      seek.map((x) => x / median(full)),
      BUDGETS.seekRatio,
      '×',
    ),
    summarise(
      G,
      'retained heap of the 110-pod run',
      Array.from({ length: 3 }, () => retainedBytes(() => simulate(node)) / MB),
      BUDGETS.heapGrowth * HEAP_BEFORE_MB,
      'MB',
      `budget 1.5 × ${HEAP_BEFORE_MB} MB before`,
    ),
  ];
}

/** stateAt(step) at random steps of the run. */
function seekSamples(run: ReturnType<typeof simulate>, steps: number): number[] {
  const rand = lcg(42);
  for (let i = 0; i < 5; i++) run.stateAt(Math.floor(rand() * steps)); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < 40; i++) {
    const step = Math.floor(rand() * steps);
    const t0 = performance.now();
    run.stateAt(step);
    samples.push(performance.now() - t0);
  }
  return samples;
}

const LARGE = [
  ['topoDualSocketMultiNumaPerSocketHTLarge', 256],
  ['topoQuadSocketFourWayHT', 288],
] as const;

const FIXTURE_EXPECT = '43-47,75-79,96,101-105,171-174,203-206,229-232';

/** takeByTopology on the two largest fixture topologies, packed and NUMA-distributed. */
function allocator(): Figure[] {
  const out: Figure[] = [];
  const requests = [1, 2, 4, 8, 16, 32, 64];
  for (const [name, cpus] of LARGE) {
    const topo = FIXTURE_TOPOLOGIES[name]!();
    const all = allCPUs(topo);
    let k = 0;
    const packed = perCall(() => {
      const r = takeByTopology(topo, NO_OPTIONS, all, requests[k++ % requests.length]!);
      if (!r.ok) throw new Error(r.error.message);
    }, 70);
    out.push(summarise(G, `takeByTopology packed, ${cpus} CPUs (1–64 of all)`, packed, 1));
  }
  // The fixture's "failure encountered on a live machine": 28 CPUs spread over 8 NUMA nodes.
  const topo = FIXTURE_TOPOLOGIES.topoDualSocketMultiNumaPerSocketHTLarge!();
  const available = mustParseCPUSet(
    '0,30-31,43-47,62-63,75-79,94,96,101-111,126-128,158-159,171-175,190-191,203-207,222-223,229-239,254-255',
  );
  const once = takeByTopologyNUMADistributed(topo, available, 28, 1, 'packed');
  if (!once.ok || formatCPUSet(once.value.cpus) !== FIXTURE_EXPECT)
    throw new Error('the distributed allocator no longer gives the fixture answer');
  const distributed = perCall(() => {
    const r = takeByTopologyNUMADistributed(topo, available, 28, 1, 'packed');
    if (!r.ok) throw new Error(r.error.message);
  }, 50);
  out.push(summarise(G, 'takeByTopology NUMA-distributed, 256 CPUs (28)', distributed, 1));
  return out;
}

/** 100 Guaranteed pods of 2 CPUs each allocated one after another on the 256-CPU fixture. */
function fillNode(): Figure {
  const topo = FIXTURE_TOPOLOGIES.topoDualSocketMultiNumaPerSocketHTLarge!();
  const policy = newStaticPolicy(topo, { numReservedCPUs: 2 });
  if (!policy.ok) throw new Error(policy.error);
  const p = policy.value;
  const pods: { pod: PodLike; uid: string }[] = Array.from({ length: 100 }, (_, i) => {
    const resources = {
      requests: { cpu: '2', memory: '1Gi' },
      limits: { cpu: '2', memory: '1Gi' },
    };
    return {
      uid: `pod-${i}`,
      pod: { metadata: { uid: `pod-${i}` }, spec: { containers: [{ name: 'app', resources }] } },
    };
  });
  const fill = () => {
    const start = staticPolicyStart(p, emptyState('static'));
    if (!start.ok) throw new Error(start.error);
    let s = start.value;
    for (const { pod, uid } of pods) {
      const r = staticAllocate(p, s, pod, uid, pod.spec.containers[0]!, EMPTY_HINT);
      if (!r.ok || r.value.kind !== 'exclusive') throw new Error(`pod ${uid} was not pinned`);
      s = r.value.state;
    }
  };
  const samples = time(fill, 7, 2).map((ms) => ms / pods.length);
  return summarise(G, 'static policy: fill 256 CPUs with 100 pods, per pod', samples, 1);
}

export function engineFigures(): Figure[] {
  return [...runs(), ...allocator(), fillNode()];
}
