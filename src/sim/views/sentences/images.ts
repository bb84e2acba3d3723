/**
 * The image puller (images/puller.go: serialImagePuller or parallelImagePuller), one pull in
 * flight (CRI ImageService.PullImage), and the kubelet's back-off entries
 * (flowcontrol.Backoff: CrashLoopBackOff and ImagePullBackOff).
 */
import type { StepFacts } from './facts';
import { ctr, dur, type SentenceRules } from './rule';

const queued = (f: StepFacts) => {
  const q = f.record('pullQueued');
  return q ? `${q.container} (${q.image})` : 'a pull';
};
const started = (f: StepFacts) => {
  const s = f.record('pullStarted');
  return s ? `${s.container}'s pull of ${s.image}` : 'the next request';
};

export const imagePuller: SentenceRules = [
  {
    event: 'init',
    say: (f) =>
      f.serialPulls
        ? 'The image puller starts: serialImagePuller, one pull at a time for the whole node (serializeImagePulls: true).'
        : 'The image puller starts: parallelImagePuller, a goroutine per pull (serializeImagePulls: false).',
  },
  {
    event: 'PULL',
    from: 'busy',
    say: (f) => {
      const q = f.record('pullQueued');
      const ahead = q?.ahead.length ? ` behind ${q.ahead.map((a) => a.image).join(', ')}` : '';
      return `The pull for ${queued(f)} waits in the puller's queue${ahead}: every pull slot is taken.`;
    },
  },
  {
    event: 'PULL',
    to: 'busy',
    say: (f) =>
      `The pull for ${queued(f)} starts at once and takes ${f.serialPulls ? "the serial puller's only slot" : 'the last free slot'}; later requests queue.`,
  },
  {
    event: 'PULL',
    say: (f) => `The pull for ${queued(f)} starts at once; a pull slot is still free.`,
  },
  {
    event: 'PULL_COMPLETE',
    guard: 'requests waiting',
    say: (f) => `A pull finished; ${started(f)} takes the freed slot.`,
  },
  {
    event: 'PULL_COMPLETE',
    to: 'idle',
    say: () => 'The last pull in flight finished; the image puller is idle.',
  },
  {
    event: 'PULL_COMPLETE',
    say: () => 'A pull finished; a slot is free again.',
  },
];

export const imagePull: SentenceRules = [
  {
    event: 'init',
    say: (f) =>
      `CRI PullImage of ${f.image || 'the image'} for ${ctr(f)} begins${f.untilNext !== undefined ? ` (it takes ${dur(f.untilNext)})` : ''}.`,
  },
  {
    to: 'failed',
    say: (f) =>
      `PullImage of ${f.image || 'the image'} failed after ${dur(f.waited)}: the registry answered with an error (ErrImagePull).`,
  },
  {
    to: 'pulled',
    say: (f) => `PullImage of ${f.image || 'the image'} returned after ${dur(f.waited)}.`,
  },
];

const reasonOf = (f: StepFacts) => f.probe || 'back-off';
const whatBacksOff = (f: StepFacts) =>
  reasonOf(f) === 'ImagePullBackOff' ? 'its image pulls' : 'its restarts';

export const backOff: SentenceRules = [
  {
    event: 'init',
    say: (f) =>
      `${ctr(f)} enters ${reasonOf(f)}: the kubelet's back-off (flowcontrol.Backoff) holds ${whatBacksOff(f)}${f.nextEvent === 'after:backOff' && f.untilNext !== undefined ? ` for ${dur(f.untilNext)}` : ''}.`,
  },
  {
    event: 'BACK_OFF',
    from: 'expired',
    say: (f) =>
      `${ctr(f)} failed again: ${reasonOf(f)} starts over with its window doubled (at most 5 min).`,
  },
  {
    event: 'BACK_OFF',
    say: (f) =>
      `A sync finds ${ctr(f)} still in ${reasonOf(f)}; the window is the same or doubled.`,
  },
  {
    event: 'after:backOff',
    say: (f) =>
      `${ctr(f)}'s ${reasonOf(f)} window ended: the next sync may try again (nothing wakes the pod for it; its requeue does).`,
  },
];
