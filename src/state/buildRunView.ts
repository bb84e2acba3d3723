/**
 * Runs the simulation and builds, once, everything the views read at any cursor:
 * lanes, flows, derived container spans, CPU history, notable steps, activity. After
 * this, stepping and scrubbing are lookups; nothing re-runs the simulation.
 */
import { findMoment, scenarioForVersion, simulate, type SimulationRun } from '../sim';
import { causalLinks } from '../viz/kubelet/causalLinks';
import { cpuChanges } from '../viz/kubelet/cpuChanges';
import { derivedContainerSpans } from '../viz/kubelet/derivedSpans';
import { activityTimes, notableSteps } from '../viz/kubelet/notableSteps';
import { admissionMarks } from '../viz/kubelet/admissionMarks';
import { cpuManagerMarks } from '../viz/kubelet/cpuManagerMarks';
import { probeMarks } from '../viz/kubelet/probeMarks';
import { faultMarks, type FaultOccasion } from '../viz/kubelet/faultMarks';
import { shortName } from '../viz/kubelet/entityNames';
import { busyIntervals } from '../viz/kubelet/busyIntervals';
import { storyEnd } from '../viz/kubelet/story';
import { ensureAttempts, pullSpans, pullWaits } from '../viz/kubelet/pullSpans';
import { cpuManagerPlacement, groupOrder, makePlacer } from '../viz/kubelet/placeEntity';
import { spanTitles } from '../viz/kubelet/spanTitles';
import { layoutLanes } from '../viz/timeline/layoutLanes';
import { buildCpuHistory } from '../viz/topology/cpuHistory';
import { nodeHardwareOf, reservedCpus, resolveTopology, toTopologyInput } from './resolveTopology';
import { buildResourceHistory } from '../viz/topology/resourceHistory';
import type { RunView, Scenario } from './types';

export type KubeletRunView = RunView<SimulationRun>;

/** `from`: the run on screen, which the engine resumes from (simulate's `opts.from`). */
export interface BuildRunOptions {
  readonly from?: RunView | null;
}

export function buildRunView(scenario: Scenario, opts: BuildRunOptions = {}): KubeletRunView {
  const from = (opts.from as KubeletRunView | null | undefined)?.raw ?? null;
  return runViewOf(scenario, simulateScenario(scenario, from));
}

/**
 * buildRunView's first half, the engine's run: the worker sends the trace to the page
 * while it builds the views (runViewOf). `from`: the run it resumes from (simulate's `from`).
 */
export function simulateScenario(scenario: Scenario, from: SimulationRun | null): SimulationRun {
  topologyOf(scenario);
  // Only the future of an edit is re-run (simulate's `from`); the result is the same.
  return simulate(scenario, from ? { from } : {});
}

/** The scenario's node topology; a scenario whose topology does not resolve is refused. */
function topologyOf(scenario: Scenario) {
  const topo = resolveTopology(scenario);
  if (typeof topo === 'string') throw new Error(`node topology: ${topo}`);
  return topo;
}

/** buildRunView's second half: everything the views read, from a finished run of `scenario`. */
export function runViewOf(scenario: Scenario, run: SimulationRun): KubeletRunView {
  const topo = topologyOf(scenario);
  const trace = run.trace;
  // Each entity placed once: the lanes, the derived spans and the pulls all ask.
  const placer = makePlacer(scenario.node.name);
  const placements = trace.entities.map((e) => placer(e));
  const place = (_e: unknown, i: number) => placements[i] ?? null;
  const indexById = new Map(trace.entities.map((e, i) => [e.id, i]));
  const placeId = (id: string) => {
    const i = indexById.get(id);
    return i === undefined ? null : (placements[i] ?? null);
  };
  const extra = derivedContainerSpans(trace, placeId);
  const podKeyOf = (uid: string) => run.config.pods[uid]?.key;
  extra.push(...cpuManagerMarks(trace, podKeyOf, cpuManagerPlacement(scenario.node.name)));
  extra.push(...admissionMarks(trace, podKeyOf));
  extra.push(...probeMarks(trace, podKeyOf));
  extra.push(
    ...pullSpans(
      pullWaits(trace, podKeyOf),
      (c) => placeId(`startContainer:${c}`),
      ensureAttempts(trace),
    ),
  );
  const podLane = (pod: string, lane: string, order: number, container: string | null) => ({
    group: pod,
    groupLabel: pod,
    lane,
    order,
    pod,
    container,
  });
  extra.push(
    ...faultMarks(
      scenario.faults,
      scenario.actions,
      trace.steps.t,
      {
        container: (k) =>
          podLane(k.slice(0, k.lastIndexOf('/')), `${shortName(k)}: faults & actions`, 11, k),
        pod: (k) => podLane(k, 'faults & actions', 2, null),
        node: { ...cpuManagerPlacement(scenario.node.name), lane: 'actions', order: -0.5 },
      },
      faultOccasions(trace.records, podKeyOf),
    ),
  );
  const laid = layoutLanes(trace, place, groupOrder, causalLinks(trace), extra).model;
  const model = { ...laid, titles: spanTitles(laid.labels) };
  const topology = toTopologyInput(topo, scenario.node.name, nodeHardwareOf(scenario));
  // As the version's kubelet reads it: 1.3 had no CPU manager, so nothing is reserved there.
  const asRun = scenarioForVersion(scenario);
  const { changes, initial, pool } = cpuChanges(trace, {
    cpus: topology.cpus.map((c) => c.id),
    policy: asRun.node.kubelet.cpuManagerPolicy,
    reserved: reservedCpus(asRun),
    podKeyOf,
  });
  const notable = notableSteps(trace);
  // Pods by key, the first of a key as find() took it: busyIntervals asks once per running
  // span (a scan of the 110-pod node's pods each time was ~4 ms a run).
  const podByKey = new Map<string, KubeletRunView['raw']['config']['pods'][string]>();
  for (const p of Object.values(run.config.pods)) if (!podByKey.has(p.key)) podByKey.set(p.key, p);
  const isInit = (key: string) => {
    const i = key.lastIndexOf('/');
    return podByKey.get(key.slice(0, i))?.byName[key.slice(i + 1)]?.kind === 'init';
  };
  return {
    raw: run,
    times: trace.steps.t,
    total: trace.steps.t.length,
    endT: Math.max(trace.endT, 1),
    notable,
    lanes: model,
    cpus: buildCpuHistory(changes, initial, pool),
    topology,
    resources: buildResourceHistory(trace.records, podKeyOf),
    activity: activityTimes(trace),
    busy: busyIntervals(trace, model, isInit),
    story: storyEnd(trace),
  };
}

/** The step of the scenario's named moment (metadata.moment) in its run, or null. */
export function scenarioMoment(s: Scenario, run: RunView): number | null {
  const at = s.metadata.moment;
  if (!at) return null;
  const r = (run as KubeletRunView).raw;
  const found = findMoment(r.trace, (uid) => r.config.pods[uid]?.key, at);
  return found.ok ? found.step : null;
}

/** Where a scenario opens: metadata.openAt, else the start. */
export function scenarioOpenAt(s: Scenario): number {
  return s.metadata.openAt ?? 0;
}

/** Container starts and sandboxes created, keyed as faults name their targets (delayed faults act from them). */
function faultOccasions(
  records: KubeletRunView['raw']['trace']['records'],
  podKeyOf: (uid: string) => string | undefined,
): FaultOccasion[] {
  const out: FaultOccasion[] = [];
  for (const r of records) {
    if (r.kind === 'containerStarted') {
      const pod = podKeyOf(r.data.uid);
      if (pod) out.push({ kind: r.kind, t: r.t, key: `${pod}/${r.data.container}` });
    } else if (r.kind === 'sandboxCreated') {
      const pod = podKeyOf(r.data.uid);
      if (pod) out.push({ kind: r.kind, t: r.t, key: pod });
    }
  }
  return out;
}
