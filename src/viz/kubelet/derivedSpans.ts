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
  // Steps of each container's startContainer machine, to begin "running" when it idles
  // and to end a wait at the next START.
  const scSteps = new Map<string, { t: number; step: number; event: string; to: string }[]>();
  const { steps, strings, entities } = trace;
  for (let i = 0; i < steps.t.length; i++) {
    const e = entities[steps.entity[i]!];
    if (!e || e.kind !== 'startContainer') continue;
    const n = parseEntityId(e.id, e.kind);
    if (!n.container) continue;
    let arr = scSteps.get(n.container);
    if (!arr) scSteps.set(n.container, (arr = []));
    arr.push({
      t: steps.t[i]!,
      step: i,
      event: strings[steps.event[i]!] ?? '',
      to: strings[steps.to[i]!] ?? '',
    });
  }
  const backOffs = trace.events.filter((ev) => ev.reason === 'BackOff');

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
    const next = sc.find((s) => s.step > life.exitStep && s.event === 'START');
    const waitEnd = next ? next.t : trace.endT;
    const name = life.container.split('/').pop() ?? '';
    const backedOff = backOffs.some(
      (b) =>
        b.step > life.exitStep &&
        (next ? b.step < next.step : true) &&
        b.message.includes(` ${name} `),
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
