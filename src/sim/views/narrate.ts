/**
 * The sentence about the latest step up to `step`: what the kubelet did at it and in which Go
 * function (sentences/).
 */
import type { SimulationRun } from '../simulate';
import { narrateWith } from './narrateWith';
import { stepSentence } from './sentences';

/** What step `step - 1` did; the kubelet's words, never a machine's state path. */
export function narrate(run: SimulationRun, step: number): string {
  return narrateWith(run, step, stepSentence);
}
