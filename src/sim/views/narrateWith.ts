/**
 * The sentence beside the transport and in the screen reader's live region, with the sentence
 * rules passed in (narrate.ts passes them; the page loads them after its first picture), and
 * the Kubernetes Event a step recorded, in its own short words.
 */
import type { SimulationRun } from '../simulate';

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

/**
 * `narrate` with the sentence rules passed in: the page loads them after its first picture
 * and says only the time and that the kubelet moved until they are there.
 */
export function narrateWith(
  run: SimulationRun,
  step: number,
  say: (run: SimulationRun, i: number) => string | undefined,
): string {
  const s = run.trace.steps;
  const n = Math.min(step, s.t.length);
  if (n <= 0) return '0 s: the kubelet is starting';
  const i = n - 1;
  const said = say(run, i) ?? 'the kubelet moved on';
  return `${formatSeconds(s.t[i]!)}: ${said}`;
}

/**
 * The Kubernetes Event the latest step up to `step` recorded, in short words ("container app
 * started"), or '' when it recorded none.
 */
export function narrateEvent(run: SimulationRun, step: number): string {
  const n = Math.min(step, run.trace.steps.t.length);
  if (n <= 0) return '';
  const events = run.trace.events;
  let e: (typeof events)[number] | undefined;
  for (let j = events.length - 1; j >= 0 && events[j]!.step >= n - 1; j--)
    if (events[j]!.step === n - 1) {
      e = events[j]!;
      break;
    }
  return e ? describeEvent(e.reason, e.message, e.fieldPath, e.object) : '';
}
