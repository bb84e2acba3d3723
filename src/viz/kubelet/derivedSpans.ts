/**
 * Container life that no machine state records: "running" from the Started record (the
 * process runs from CRI StartContainer on, also while a PostStart hook runs on its own
 * lane) to the runtime's exit record, then the wait
 * until the next start attempt ("back-off" when the kubelet recorded a BackOff event
 * for the container meanwhile, "exited" otherwise).
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
  // By step, so each wait looks only at the BackOffs inside it (whether one matches is all it asks).
  const backOffs = trace.events
    .filter((ev) => ev.reason === 'BackOff')
    .sort((a, b) => a.step - b.step);
  // Which BackOffs' messages hold a text, by text: asked once per text, not once per wait.
  const naming = new Map<string, Uint8Array>();
  const backOffsNaming = (text: string) => {
    let m = naming.get(text);
    if (!m)
      naming.set(text, (m = Uint8Array.from(backOffs, (b) => (b.message.includes(text) ? 1 : 0))));
    return m;
  };

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
    const name = life.container.split('/').pop() ?? '';
    const backedOff = backOffBetween(
      backOffs,
      life.exitStep,
      next ? next.step : Infinity,
      backOffsNaming(` ${name} `),
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

/** Whether a BackOff (sorted by step) falls strictly between two steps, one `named` (by index). */
function backOffBetween(
  backOffs: readonly Trace['events'][number][],
  after: number,
  before: number,
  named: Uint8Array,
): boolean {
  let lo = 0;
  let hi = backOffs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (backOffs[mid]!.step > after) hi = mid;
    else lo = mid + 1;
  }
  for (let i = lo; i < backOffs.length && backOffs[i]!.step < before; i++)
    if (named[i] === 1) return true;
  return false;
}
