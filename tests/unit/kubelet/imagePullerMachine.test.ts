/**
 * The image puller's statechart (images/puller.go): its guards read how many pulls may run at
 * once (serializeImagePulls: one; else maxParallelImagePulls): `pulling` while a slot is free,
 * `busy` while every slot is taken and requests queue.
 */
import { describe, expect, it } from 'vitest';
import type { SimulationRun } from '../../../src/sim/index';
import { readFileSync } from 'node:fs';
import { runPreset, runText } from './helpers';

function path(run: SimulationRun): string[] {
  const { steps, strings, entities } = run.trace;
  const ent = entities.findIndex((e) => e.id === 'imagePuller');
  const out: string[] = [];
  for (let i = 0; i < steps.t.length; i++)
    if (steps.entity[i] === ent) {
      const g = strings[steps.guard[i]!];
      out.push(`${strings[steps.event[i]!]} ${strings[steps.to[i]!]}${g ? ` [${g}]` : ''}`);
    }
  return out;
}

describe('image puller statechart', () => {
  it('serializeImagePulls: the one slot is busy; the second request waits for it', () => {
    expect(path(runPreset('serial-pulls'))).toEqual([
      'xstate.init idle',
      'PULL busy',
      'PULL busy',
      'PULL_COMPLETE busy [requests waiting]',
      'PULL_COMPLETE idle [last pull in flight]',
    ]);
  });

  it('maxParallelImagePulls: 2: the second pull takes the last free slot', () => {
    expect(path(runPreset('parallel-pulls'))).toEqual([
      'xstate.init idle',
      'PULL pulling [a pull slot stays free]',
      'PULL busy',
      'PULL_COMPLETE pulling',
      'PULL_COMPLETE idle [last pull in flight]',
    ]);
  });
});

describe('ImagePullSlow', () => {
  it('makes the pull take `seconds` longer than it would (README: "the pull takes seconds longer")', () => {
    const pulled = (run: SimulationRun) =>
      run.trace.events.find((e) => e.reason === 'Pulled')!.message;
    const text = readFileSync('presets/uncached-image.yaml', 'utf8');
    expect(pulled(runText(text))).toMatch(/ in 6s \(/);
    const slowed = `${text}faults:\n  - { kind: ImagePullSlow, target: default/web/app, seconds: 30 }\n`;
    expect(pulled(runText(slowed))).toMatch(/ in 36s \(/);
  });
});
