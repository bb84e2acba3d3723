/**
 * Container life that no machine state records: "running" from the Started record (the
 * process runs from CRI StartContainer on, also while a PostStart hook runs on its own
 * lane) to the runtime's exit record, then the wait
 * until the next start attempt ("back-off" when the kubelet recorded doBackOff's BackOff event
 * on the container's reference meanwhile, "exited" otherwise).
 */
import { type Trace } from '../../sim';
import type { ExtraSpan, Placement } from '../timeline/layoutLanes';
import { parseEntityId } from './entityNames';

interface Life {
  container: string;
  started: number;
  startStep: number;
  exited: number;
  exitStep: number;
}

export function derivedContainerSpans(
  trace: Trace,
  placementOf: (entityId: string) => Placement | null,
): ExtraSpan[] {
  const byId = new Map<string, Life>();
  const lives: Life[] = [];
  const entityOf = new Map<string, string>();
  for (const r of trace.records) {
    if (r.kind === 'containerStarted') {
      const n = parseEntityId(r.entity, 'startContainer');
      const id = typeof r.data.id === 'string' ? r.data.id : '';
      if (!n.container) continue;
      const life = {
        container: n.container,
        started: r.t,
        startStep: r.step,
        exited: -1,
        exitStep: -1,
      };
      byId.set(id, life);
      lives.push(life);
      entityOf.set(n.container, r.entity);
    } else if (r.kind === 'containerExited') {
      const life = byId.get(typeof r.data.id === 'string' ? r.data.id : '');
      if (life && life.exited < 0) {
        life.exited = r.t;
        life.exitStep = r.step;
      }
    }
  }
  // Steps of each container's startContainer machine (their indices), to end a wait at the
  // next START. Each entity's id is parsed once, not once per step.
  const scSteps = new Map<string, number[]>();
  const { steps, strings, entities } = trace;
  const stepsOfEntity = new Array<number[] | null | undefined>(entities.length);
  for (let i = 0; i < steps.t.length; i++) {
    const ent = steps.entity[i]!;
    let arr = stepsOfEntity[ent];
    if (arr === undefined) arr = stepsOfEntity[ent] = containerSteps(scSteps, entities[ent]);
    if (arr) arr.push(i);
  }
  // Each container's crash-loop BackOff events (doBackOff's "Back-off restarting failed
  // container …", on the container's reference: the pod and the field path), by step.
  const backOffs = new Map<string, number[]>();
  for (const ev of trace.events) {
    if (ev.reason !== 'BackOff' || !ev.message.startsWith('Back-off restarting failed')) continue;
    const name = ev.fieldPath ? /\{([^}]*)\}$/.exec(ev.fieldPath)?.[1] : undefined;
    if (name === undefined) continue;
    const key = `${ev.object}/${name}`;
    const list = backOffs.get(key);
    if (list) list.push(ev.step);
    else backOffs.set(key, [ev.step]);
  }
  for (const list of backOffs.values()) list.sort((a, b) => a - b);

  const out: ExtraSpan[] = [];
  for (const life of lives) {
    const ent = entityOf.get(life.container);
    const p = ent ? placementOf(ent) : null;
    if (!p) continue;
    const sc = scSteps.get(life.container) ?? [];
    const runFrom = life.started;
    const runFromStep = life.startStep;
    const end = life.exited >= 0 ? life.exited : trace.endT;
    if (end > runFrom || life.exited < 0)
      out.push({
        placement: p,
        start: runFrom,
        end,
        kind: 'running',
        label: 'running',
        step: runFromStep,
        endStep: life.exitStep,
      });
    if (life.exited < 0) continue;
    const nextStep = sc.find((i) => i > life.exitStep && strings[steps.event[i]!] === 'START');
    const next = nextStep === undefined ? null : { t: steps.t[nextStep]!, step: nextStep };
    const waitEnd = next ? next.t : trace.endT;
    const backedOff = stepBetween(
      backOffs.get(life.container) ?? [],
      life.exitStep,
      next ? next.step : Infinity,
    );
    if (waitEnd > life.exited)
      out.push({
        placement: p,
        start: life.exited,
        end: waitEnd,
        kind: backedOff ? 'backoff' : 'terminated',
        label: backedOff ? 'CrashLoopBackOff' : 'exited',
        step: life.exitStep,
        endStep: next ? next.step : -1,
      });
  }
  return out;
}

/** The step list of a startContainer entity's container (shared by its entities), else null. */
function containerSteps(
  byContainer: Map<string, number[]>,
  e: Trace['entities'][number] | undefined,
): number[] | null {
  if (!e || e.kind !== 'startContainer') return null;
  const container = parseEntityId(e.id, e.kind).container;
  if (!container) return null;
  let arr = byContainer.get(container);
  if (!arr) byContainer.set(container, (arr = []));
  return arr;
}

/** Whether one of `steps` (sorted) falls strictly between two steps. */
function stepBetween(steps: readonly number[], after: number, before: number): boolean {
  let lo = 0;
  let hi = steps.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (steps[mid]! > after) hi = mid;
    else lo = mid + 1;
  }
  return lo < steps.length && steps[lo]! < before;
}
