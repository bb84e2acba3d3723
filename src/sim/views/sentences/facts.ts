/**
 * What a step's sentence may say, read from the trace around the step: who moved (the pod and
 * container the instance belongs to), the Kubernetes Events and records of the step, what caused
 * it and what it set moving at the same instant, how long the machine waited before it.
 */
import type { SimulationRun } from '../../simulate';
import type { KubeEvent, TraceRecordData, TraceRecordKind } from '../../trace/types';
import { goNames, type GoNames } from './goNames';

/** `xstate.after.<delay>.<path>` → `after:<delay>`; `xstate.init` → `init`. */
export function eventKey(event: string): string {
  if (event === 'xstate.init') return 'init';
  const m = /^xstate\.after\.([^.]+)\./.exec(event);
  return m ? `after:${m[1]}` : event;
}

export interface StepFacts {
  readonly version: string;
  readonly go: GoNames;
  /** The machine kind, and the step's states (for choosing words, never to be shown). */
  readonly kind: string;
  readonly from: string;
  readonly to: string;
  /** "<namespace>/<pod>", or '' for a node-wide machine. */
  readonly pod: string;
  readonly container: string;
  /** The probe type of a probe worker. */
  readonly probe: string;
  /** The container's image as its spec writes it. */
  readonly image: string;
  /** The container is an init container (or a native sidecar). */
  readonly init: boolean;
  /** ms since this machine's previous step (what its delay took). */
  readonly waited: number;
  /** ms until this machine's next step, or undefined when it has none. */
  readonly untilNext: number | undefined;
  /** The normalised event of the machine's next step. */
  readonly nextEvent: string | undefined;
  readonly events: readonly KubeEvent[];
  record<K extends TraceRecordKind>(kind: K): TraceRecordData[K] | undefined;
  /** The kind and normalised event of the step that caused this one. */
  readonly causeKind: string;
  readonly causeEvent: string;
  /** The container whose machine caused this step ('' when not a container's). */
  readonly causeContainer: string;
  /** Pods and containers ("<ns>/<pod>/<c>") whose machines this step set moving at its instant. */
  readonly causedPods: readonly string[];
  readonly causedContainers: readonly string[];
  /** Pods whose machines this step set moving later (an update a busy worker took after). */
  readonly laterPods: readonly string[];
  /** A sandbox was created for the pod before this step (SyncPod's KillPod then kills it). */
  readonly hadSandbox: boolean;
  /** The CPUs the CPU manager's state held for the container at this step ('' = none). */
  readonly cpus: string;
  /** The image puller runs one pull at a time. */
  readonly serialPulls: boolean;
}

/** The first index whose step is at least `step` (the trace's lists are in step order). */
function firstAt(list: readonly { step: number }[], step: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.step < step) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function parseId(id: string): { pod: string; container: string; probe: string } {
  const colon = id.indexOf(':');
  if (colon < 0) return { pod: '', container: '', probe: '' };
  const parts = id.slice(colon + 1).split('/');
  return {
    pod: parts.length >= 2 ? `${parts[0]}/${parts[1]}` : '',
    container: parts[2] ?? '',
    probe: parts[3] ?? '',
  };
}

/** Steps caused at the same instant, transitively, at most this many looked at. */
const CAUSED_SCAN = 4000;

export function stepFacts(run: SimulationRun, i: number): StepFacts {
  const { steps, strings, entities, events, records } = run.trace;
  const ent = entities[steps.entity[i]!]!;
  const who = parseId(ent.id);
  const version = run.scenario.node.kubeletVersion;
  const podDef = who.pod
    ? Object.values(run.config.pods).find((p) => p.key === who.pod)
    : undefined;
  const cDef = podDef && who.container ? podDef.byName[who.container] : undefined;
  const t = steps.t[i]!;
  let prev = -1;
  for (let j = i - 1; j >= 0; j--)
    if (steps.entity[j] === steps.entity[i]) {
      prev = j;
      break;
    }
  let next = -1;
  for (let j = i + 1; j < steps.t.length; j++)
    if (steps.entity[j] === steps.entity[i]) {
      next = j;
      break;
    }
  const cause = steps.cause[i]!;
  const causeEnt = cause >= 0 ? entities[steps.entity[cause]!]! : undefined;
  // What this step set moving at its instant: the steps it caused, and theirs.
  const mine = new Set<number>([i]);
  const causedPods: string[] = [];
  const causedContainers: string[] = [];
  for (let j = i + 1; j < steps.t.length && j <= i + CAUSED_SCAN && steps.t[j] === t; j++) {
    if (!mine.has(steps.cause[j]!)) continue;
    mine.add(j);
    const c = parseId(entities[steps.entity[j]!]!.id);
    if (c.pod && !causedPods.includes(c.pod)) causedPods.push(c.pod);
    const key = c.container ? `${c.pod}/${c.container}` : '';
    if (key && !causedContainers.includes(key)) causedContainers.push(key);
  }
  const laterPods: string[] = [];
  for (let j = i + 1; j < steps.t.length && j <= i + CAUSED_SCAN; j++) {
    if (steps.cause[j] !== i || steps.t[j] === t) continue;
    const c = parseId(entities[steps.entity[j]!]!.id);
    if (c.pod && !laterPods.includes(c.pod)) laterPods.push(c.pod);
  }
  const e0 = firstAt(events, i);
  const stepEvents = events.slice(e0, firstAt(events, i + 1));
  const r0 = firstAt(records, i);
  const r1 = firstAt(records, i + 1);
  const stepRecords = records.slice(r0, r1);
  let hadSandbox = false;
  let cpus = '';
  if (podDef && ent.kind === 'syncPod')
    for (let j = 0; j < r0 && !hadSandbox; j++) {
      const r = records[j]!;
      hadSandbox = r.kind === 'sandboxCreated' && r.data.uid === podDef.uid;
    }
  if (podDef && who.container)
    for (let j = r1 - 1; j >= 0; j--) {
      const r = records[j]!;
      if (r.kind !== 'cpuAssignments') continue;
      cpus = r.data.assignments[podDef.uid]?.[who.container] ?? '';
      break;
    }
  return {
    version,
    go: goNames(version),
    kind: ent.kind,
    from: strings[steps.from[i]!]!,
    to: strings[steps.to[i]!]!,
    ...who,
    image: cDef?.image ?? '',
    init: cDef !== undefined && cDef.kind !== 'regular',
    waited: prev >= 0 ? t - steps.t[prev]! : 0,
    untilNext: next >= 0 ? steps.t[next]! - t : undefined,
    nextEvent: next >= 0 ? eventKey(strings[steps.event[next]!]!) : undefined,
    events: stepEvents,
    record: <K extends TraceRecordKind>(kind: K) =>
      stepRecords.find((r) => r.kind === kind)?.data as TraceRecordData[K] | undefined,
    causeKind: causeEnt?.kind ?? '',
    causeEvent: cause >= 0 ? eventKey(strings[steps.event[cause]!]!) : '',
    causeContainer: causeEnt ? parseId(causeEnt.id).container : '',
    causedPods,
    causedContainers,
    laterPods,
    hadSandbox,
    cpus,
    serialPulls: (run.config.maxParallelImagePulls ?? Infinity) <= 1,
  };
}
