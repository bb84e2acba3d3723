/**
 * One short sentence for a screen reader's live region about the latest step up to `step`:
 * the most telling Kubernetes Event of that step if there is one, else the transition.
 */
import type { SimulationRun } from '../simulate';
import { stepChange } from './eventLabel';

function describeEvent(
  reason: string,
  message: string,
  fieldPath: string | null,
  object: string,
): string {
  const ctr = fieldPath ? /\{(.+)\}/.exec(fieldPath)?.[1] : undefined;
  const who = ctr ? `container ${ctr}` : `pod ${object}`;
  switch (reason) {
    case 'Started':
      return `${who} started`;
    case 'Created':
      return `${who} created`;
    case 'Pulling':
      return `${who}: pulling its image`;
    case 'Pulled':
      return message.includes('already present')
        ? `${who}: image already present`
        : `${who}: image pulled`;
    case 'Killing':
      return `${who} is being killed`;
    case 'BackOff':
      return `${who} in back-off`;
    default:
      return `${who}: ${reason}, ${message}`;
  }
}

/** "12.4 s", "1.15 s", "3 s". */
function formatSeconds(t: number): string {
  return `${Number((t / 1000).toFixed(3))} s`;
}

export function narrate(run: SimulationRun, step: number): string {
  const s = run.trace.steps;
  const n = Math.min(step, s.t.length);
  if (n <= 0) return '0 s: the kubelet is starting';
  const i = n - 1;
  const t = s.t[i]!;
  const events = run.trace.events.filter((e) => e.step === i);
  if (events.length > 0) {
    const e = events[events.length - 1]!;
    return `${formatSeconds(t)}: ${describeEvent(e.reason, e.message, e.fieldPath, e.object)}`;
  }
  const ent = run.trace.entities[s.entity[i]!]!;
  const ev = run.trace.strings[s.event[i]!]!;
  const from = run.trace.strings[s.from[i]!]!;
  const to = run.trace.strings[s.to[i]!]!;
  const change = stepChange(from, to, ev);
  return `${formatSeconds(t)}: ${ent.id}, ${change}`;
}
