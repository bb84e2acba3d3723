/**
 * The trace's recorded causes and guards over a real run (hello-pod): who woke whom, and which
 * named guard decided a transition, as the timeline's arrows and the Inspector read them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, simulate } from '../../../src/sim/index';

const parsed = parseScenario(readFileSync('presets/hello-pod.yaml', 'utf8'));
if (!parsed.ok) throw new Error('hello-pod does not parse');
const { trace } = simulate(parsed.scenario);
const { steps, strings, entities } = trace;
const kindOf = (i: number) => entities[steps.entity[i]!]!.kind;
const ev = (i: number) => strings[steps.event[i]!]!;
const all = [...steps.t.keys()];

describe('recorded causes and guards', () => {
  it('every cause is an earlier step at or before the same time, or -1', () => {
    for (const i of all) {
      const c = steps.cause[i]!;
      expect(c).toBeLessThan(i);
      if (c >= 0) expect(steps.t[c]).toBeLessThanOrEqual(steps.t[i]!);
    }
  });

  it('a PLEG wake-up of the sync loop is caused by a relist; a CONFIG by the API server', () => {
    const pleg = all.filter((i) => kindOf(i) === 'syncLoop' && ev(i) === 'PLEG');
    expect(pleg.length).toBeGreaterThan(0);
    for (const i of pleg) expect(kindOf(steps.cause[i]!)).toBe('pleg');
    const config = all.filter((i) => kindOf(i) === 'syncLoop' && ev(i) === 'CONFIG');
    expect(config.map((i) => kindOf(steps.cause[i]!))).toContain('apiServer');
  });

  it('a container start is asked for by its SyncPod; the image check is a named guard', () => {
    const starts = all.filter((i) => kindOf(i) === 'startContainer' && ev(i) === 'START');
    expect(starts.length).toBeGreaterThan(0);
    for (const i of starts) {
      expect(kindOf(steps.cause[i]!)).toBe('syncPod');
      // nginx is on the node and its policy is IfNotPresent: no pull.
      expect(strings[steps.guard[i]!]).toBe('image present and pull policy is not Always');
      expect(strings[steps.to[i]!]).toBe('imagePresent');
    }
  });

  it('the PostStart hook is taken because the container has one', () => {
    const hooked = all.filter(
      (i) => kindOf(i) === 'startContainer' && strings[steps.to[i]!] === 'postStart',
    );
    expect(hooked.length).toBe(1);
    expect(strings[steps.guard[hooked[0]!]!]).toBe('has PostStart hook');
  });
});
