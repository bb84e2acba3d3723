/**
 * Each step in the kubelet's words: the sentence rules of every machine kind, and the lookup
 * from a trace step to its sentence. The state path of a step is the State machines panel's;
 * a sentence names what the kubelet did and the Go function that did it.
 */
import type { SimulationRun } from '../../simulate';
import {
  containerRuntime,
  apiServer,
  evictionManager,
  kubeletProcess,
  pleg,
  podWorker,
  syncLoop,
} from './kubelet';
import { syncPod } from './syncPod';
import { dockerStartContainer, startContainer } from './startContainer';
import { backOff, imagePull, imagePuller } from './images';
import { cpuContainer, cpuManager, volumeManager } from './resources';
import { killContainer, prober } from './containers';
import { eventKey, stepFacts, type StepFacts } from './facts';
import type { SentenceRule, SentenceRules } from './rule';

export type { SentenceRule, SentenceRules } from './rule';
export { eventKey, stepFacts, type StepFacts } from './facts';
export { componentOf } from './components';

/** Machine kind → its rules, first match speaks. */
export const SENTENCES: Readonly<Record<string, SentenceRules>> = {
  kubeletProcess,
  apiServer,
  evictionManager,
  containerRuntime,
  syncLoop,
  podWorker,
  pleg,
  syncPod,
  startContainer: [...dockerStartContainer, ...startContainer],
  imagePuller,
  imagePull,
  backOff,
  cpuManager,
  cpuContainer,
  volumeManager,
  killContainer,
  prober,
};

function matches(r: SentenceRule, f: StepFacts, event: string, guard: string): boolean {
  return (
    (r.from === undefined || r.from === f.from) &&
    (r.event === undefined || r.event === event) &&
    (r.to === undefined || r.to === f.to) &&
    (r.guard === undefined || r.guard === guard) &&
    (r.when === undefined || r.when(f))
  );
}

/** The rule that speaks for step `i`, and its facts; undefined when no rule covers it. */
export function sentenceRuleOf(
  run: SimulationRun,
  i: number,
): { rule: SentenceRule; facts: StepFacts } | undefined {
  const { steps, strings } = run.trace;
  const facts = stepFacts(run, i);
  const rules = SENTENCES[facts.kind];
  if (!rules) return undefined;
  const event = eventKey(strings[steps.event[i]!]!);
  const guard = strings[steps.guard[i]!]!;
  const rule = rules.find((r) => matches(r, facts, event, guard));
  return rule && { rule, facts };
}

/** Step `i` in the kubelet's words, or undefined when no rule covers it. */
export function stepSentence(run: SimulationRun, i: number): string | undefined {
  const m = sentenceRuleOf(run, i);
  return m?.rule.say(m.facts);
}
