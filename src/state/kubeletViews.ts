/**
 * EngineViews over the kubelet engine: the panels' rows at a cursor, from the
 * engine's own views (eventsAt, podsAt, formatKlog, describePod, narrate) and the
 * trace. Each call is a lookup or a replay from the nearest checkpoint; nothing here
 * re-runs the simulation.
 */
import {
  changesAgainst,
  correlatorOptions,
  CURRENT_KUBELET_VERSION,
  eventAge,
  eventFrom,
  formatKlog,
  narrateWith,
  narrateEvent,
  componentOf,
  type SimulationRun,
  containerdLog,
  formatContainerdLine,
} from '../sim';
import { parseEntityId, shortName } from '../viz/kubelet/entityNames';
import { indexedEventsAt } from './eventsIndex';
import { cachedPodsAt } from './podsCache';
import { entityChartAt, entityStateAt } from './machineCharts';
import type { RunView } from './types';
import type { EngineViews, MachineView } from './viewTypes';
import { MatchCache, rowsOf, type LogMode, type LogSource } from './logLines';

type KRun = RunView<SimulationRun>;

/**
 * The step sentences' rules (src/sim/views/sentences), fetched after the first picture: the
 * first view opens at step 0, which needs none. Until they arrive a step is said by its time.
 */
let sayStep: ((run: SimulationRun, i: number) => string | undefined) | null = null;
let sayLoading: Promise<void> | null = null;
export function stepSentencesLoaded(): boolean {
  return sayStep !== null;
}
let ready: () => void = () => {};
/** Settles once the rules are there, whoever fetched them (it does not fetch them). */
export const stepSentencesReady = new Promise<void>((resolve) => (ready = resolve));
export function loadStepSentences(): Promise<void> {
  sayLoading ??= import('../sim/views/sentences').then(
    (m) => {
      sayStep = m.stepSentence;
      ready();
    },
    (e: unknown) => {
      sayLoading = null;
      throw e;
    },
  );
  return sayLoading;
}
export const raw = (run: RunView): SimulationRun => (run as KRun).raw;

/*
 * The caches of what is derived from the logs are keyed by the logs array: on the page a
 * run's logs arrive after the run (engineClient.ts), as a new array.
 */
type Logs = SimulationRun['trace']['logs'];

/** klog lines formatted once per run (formatting is most of the log panel's cost). */
const klogCache = new WeakMap<Logs, string[]>();
export function formattedLogs(r: SimulationRun): string[] {
  let lines = klogCache.get(r.trace.logs);
  if (!lines) klogCache.set(r.trace.logs, (lines = r.trace.logs.map(formatKlog)));
  return lines;
}

/** A run received from the engine worker gets its klog lines formatted there. */
export function primeFormattedLogs(r: SimulationRun, lines: string[]): void {
  klogCache.set(r.trace.logs, lines);
}

/** Each log's step, once per run (ascending: the trace's order). */
const logStepsCache = new WeakMap<Logs, Int32Array>();
export function logSteps(r: SimulationRun): Int32Array {
  let steps = logStepsCache.get(r.trace.logs);
  if (!steps) logStepsCache.set(r.trace.logs, (steps = Int32Array.from(r.trace.logs.step)));
  return steps;
}

/**
 * Pod keys in order of arrival, once per run. Read from the compiled config, which the page
 * would compile again for it (a long task on a big node): the worker's answer is primed.
 */
const podsCache = new WeakMap<SimulationRun, readonly string[]>();
export function primePods(r: SimulationRun, keys: readonly string[]): void {
  podsCache.set(r, keys);
}

/** containerd's lines, derived and formatted once per run. */
const containerdCache = new WeakMap<Logs, LogSource>();
function containerdSource(r: SimulationRun): LogSource {
  let src = containerdCache.get(r.trace.logs);
  if (!src) {
    const lines = containerdLog(r);
    containerdCache.set(
      r.trace.logs,
      (src = {
        text: lines.map(formatContainerdLine),
        step: Int32Array.from(lines, (l) => l.step),
        v: new Uint8Array(lines.length),
        severity: lines.map((l) => (l.level === 'error' ? 'E' : 'I')).join(''),
      }),
    );
  }
  return src;
}

/** klog's lines as the log panel reads them, once per run. */
const klogSourceCache = new WeakMap<Logs, LogSource>();
function klogSource(r: SimulationRun): LogSource {
  const logs = r.trace.logs;
  let src = klogSourceCache.get(logs);
  if (!src)
    klogSourceCache.set(
      logs,
      (src = {
        text: formattedLogs(r),
        step: logSteps(r),
        v: Uint8Array.from(logs.form, (f) => logs.forms[f]!.v),
        severity: logs.form.map((f) => logs.forms[f]!.severity).join(''),
      }),
    );
  return src;
}

const logSource = (r: SimulationRun, mode: LogMode) =>
  mode === 'klog' ? klogSource(r) : containerdSource(r);
const matchCaches = new WeakMap<LogSource, MatchCache>();

/**
 * kubectl describe's age of an event (DescribeEvents): "5s", or "2m (x3 over 5m)" for an
 * aggregated one, from its lastTimestamp and firstTimestamp as the API holds them.
 */
function timeAt(run: RunView, cursor: number): number {
  return cursor <= 0 ? 0 : (run.times[Math.min(cursor, run.total) - 1] ?? 0);
}

/**
 * The views that read only the trace (and the run's compiled config): the page answers
 * them itself, over its copy of the run, without the engine's code.
 */
export const traceViews: Omit<EngineViews, 'podsAt' | 'inspect' | 'machinesAt' | 'changesAgainst'> =
  {
    eventsAt(run, cursor) {
      const now = timeAt(run, cursor);
      const r = raw(run);
      // Age and From as the run's kubelet version's kubectl printed them.
      const version = r.scenario.node.kubeletVersion ?? CURRENT_KUBELET_VERSION;
      const era = r.config.describe;
      return indexedEventsAt(r.trace, cursor, correlatorOptions(r)).map((e, i) => ({
        key: `${i}:${e.step}`,
        type: e.type,
        reason: e.reason,
        age: eventAge(era, e, now),
        from: eventFrom(version, era, e.source, r.config.nodeName),
        message: e.message,
        // kubectl describe is per pod; across pods the table names pod and container.
        object: `${shortName(e.object)}${e.fieldPath ? `/${/\{(.+)\}/.exec(e.fieldPath)?.[1] ?? e.fieldPath}` : ''}`,
      }));
    },
    logMatches(run, q) {
      const src = logSource(raw(run), q.mode);
      let cache = matchCaches.get(src);
      if (!cache) matchCaches.set(src, (cache = new MatchCache()));
      return cache.get(src, q);
    },
    logRow(run, mode, line) {
      return rowsOf(logSource(raw(run), mode), [line])[0];
    },
    steps(run, from, to) {
      const { steps, strings, entities } = raw(run).trace;
      const out = [];
      for (let i = Math.max(0, from); i < Math.min(to, steps.t.length); i++)
        out.push({
          index: i,
          t: steps.t[i]!,
          entity: entities[steps.entity[i]!]?.id ?? '?',
          event: strings[steps.event[i]!] ?? '',
          from: strings[steps.from[i]!] ?? '',
          to: strings[steps.to[i]!] ?? '',
        });
      return out;
    },
    narrate(run, cursor) {
      return narrateWith(raw(run), cursor, sayStep ?? (() => undefined));
    },
    startedAt(run, cursor) {
      const out = new Set<string>();
      const events = raw(run).trace.events;
      for (let i = 0; i < events.length && events[i]!.step < cursor; i++) {
        const e = events[i]!;
        const c =
          e.reason === 'Started' ? /^spec\.containers\{(.+)\}$/.exec(e.fieldPath ?? '') : null;
        if (c) out.add(`${e.object}/${c[1]}`);
      }
      return out;
    },
    stepBrief(run, cursor) {
      const r = raw(run);
      if (cursor <= 0) return { who: '', event: '' };
      const { steps, entities } = r.trace;
      const ent = entities[steps.entity[Math.min(cursor, steps.t.length) - 1]!];
      return { who: ent ? componentOf(ent.kind, ent.id) : '', event: narrateEvent(r, cursor) };
    },
    pods(run) {
      const r = raw(run);
      let keys = podsCache.get(r);
      if (!keys)
        podsCache.set(r, (keys = r.config.arrivals.map((a) => r.config.pods[a.uid]?.key ?? a.uid)));
      return keys;
    },
  };

/**
 * The views that need the kubelet's state at the cursor (stateAt replays from the run's
 * checkpoints): the engine worker answers them. The inspector is in stateViews.ts.
 */
export const cursorViews: Pick<EngineViews, 'podsAt' | 'machinesAt' | 'changesAgainst'> = {
  // With the changelog loaded (versions/all.ts: the engine worker loads it when asked; Node
  // registers it first); null before.
  changesAgainst(run, other) {
    return changesAgainst(raw(run), other);
  },
  podsAt(run, cursor) {
    return cachedPodsAt(raw(run), cursor).map((p) => ({
      key: p.key,
      namespace: p.namespace,
      name: p.name,
      ready: p.ready,
      status: p.status,
      restarts: p.restarts,
      age: p.age,
    }));
  },
  machinesAt(run, cursor, pod) {
    const r = raw(run);
    const out: MachineView[] = [];
    const last = cursor > 0 ? r.trace.steps.entity[cursor - 1] : undefined;
    r.trace.entities.forEach((e, i) => {
      if (e.created >= cursor) return;
      const n = parseEntityId(e.id, e.kind);
      if (pod !== null && n.pod !== pod) return;
      if (pod === null && n.pod !== null) return;
      const { state, since } = entityStateAt(r, i, cursor);
      const chart = entityChartAt(r, i, cursor);
      out.push({
        id: n.container
          ? `${e.kind} ${shortName(n.container)}${n.probe ? ` ${n.probe}` : ''}`
          : e.id,
        kind: e.kind,
        states: chart.chart.states.map((s) => s.path),
        active: state,
        since,
        container: n.container,
        chart,
        moved: i === last,
      });
    });
    return out;
  },
};
