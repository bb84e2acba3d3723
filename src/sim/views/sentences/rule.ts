/**
 * A sentence rule: a machine's transition, as the trace records it (the state before, the
 * event, the state after, and the guard that decided it), and what the kubelet did at it in
 * its own words. A field left out matches anything; a kind's first matching rule speaks.
 * States are the machine's own names, so a machine whose states change fails the sentence
 * tests until its sentences change with it.
 */
import type { StepFacts } from './facts';

export interface SentenceRule {
  readonly from?: string;
  /** The normalised event: `after:<delay>`, `init`, or the event's type. */
  readonly event?: string;
  readonly to?: string;
  readonly guard?: string;
  /** Only for some kubelets (e.g. DockerManager's words where its states share names). */
  readonly when?: (f: StepFacts) => boolean;
  readonly say: (f: StepFacts) => string;
}

export type SentenceRules = readonly SentenceRule[];

/** "250 ms", "1.2 s", "1 min 10 s". */
export function dur(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))} s`;
  const m = Math.floor(ms / 60_000);
  const s = Math.round((ms % 60_000) / 1000);
  return s ? `${m} min ${s} s` : `${m} min`;
}

/** "container app of default/web" ("init container …" for init containers and sidecars). */
export function ctr(f: StepFacts): string {
  if (!f.container) return f.pod ? `a container of ${f.pod}` : 'a container';
  return `${f.init ? 'init container' : 'container'} ${f.container} of ${f.pod}`;
}

/** The pod, or what stands for it when the machine is node-wide. */
export function pod(f: StepFacts, fallback = 'the pod'): string {
  return f.pod || fallback;
}

/** A list in words: "a", "a and b", "a, b and 2 more". */
export function list(items: readonly string[], max = 2): string {
  if (items.length <= 1) return items[0] ?? '';
  if (items.length <= max) return `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

/** The last path element of "<ns>/<pod>/<container>". */
export const leaf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** The first Event of the step with one of these reasons. */
export function eventOf(f: StepFacts, ...reasons: string[]) {
  return f.events.find((e) => reasons.includes(e.reason));
}

/** The container an Event names ("spec.containers{app}" → "app"). */
export function eventContainer(f: StepFacts, ...reasons: string[]): string {
  const e = eventOf(f, ...reasons);
  return e?.fieldPath ? (/\{(.+)\}/.exec(e.fieldPath)?.[1] ?? '') : '';
}
