import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, simulate, type SimulationRun } from '../../../src/sim/index';
import { entityChartAt } from '../../../src/state/machineCharts';

function run(preset: string): SimulationRun {
  const p = parseScenario(readFileSync(`presets/${preset}.yaml`, 'utf8'));
  if (!p.ok) throw new Error(preset);
  return simulate(p.scenario);
}

/** Step indices of one entity, in order. */
function stepsOf(r: SimulationRun, id: string): number[] {
  const { steps, entities } = r.trace;
  const e = entities.findIndex((x) => x.id === id);
  return steps.t.map((_, i) => i).filter((i) => steps.entity[i] === e);
}
const entityIndex = (r: SimulationRun, id: string) =>
  r.trace.entities.findIndex((x) => x.id === id);

describe('entityChartAt over a real run (serial pulls)', () => {
  const r = run('serial-pulls');
  const { steps, strings } = r.trace;
  const id = 'startContainer:default/web/app';
  const sc = entityIndex(r, id);
  const mine = stepsOf(r, id);
  const queued = mine.find((i) => strings[steps.to[i]!] === 'pullingImage')!;
  const pulled = mine.find((i) => strings[steps.event[i]!] === 'PULLED')!;

  it('has the active state and the transitions just taken at a cursor', () => {
    const at = entityChartAt(r, sc, queued + 1);
    expect([...at.active]).toEqual(['startContainer.pullingImage']);
    // START into ensuringImage, then its eventless default branch (the sixth, after the
    // invalid name, credential check, present image, Never and back-off guards): no image, so
    // pull (not the credential check's pull, which a guard decides).
    expect(at.taken).toMatchObject({ step: queued, event: 'START', to: 'pullingImage' });
    expect(at.taken?.path).toEqual([
      'startContainer.idle:START:0',
      'startContainer.ensuringImage::5',
    ]);
    // Many steps later, while the pull is still queued, that is still the last transition.
    expect(entityChartAt(r, sc, pulled).taken?.step).toBe(queued);
    const next = entityChartAt(r, sc, pulled + 1);
    expect([...next.active]).toEqual(['startContainer.generatingConfig']);
    expect(next.taken?.path).toEqual(['startContainer.pullingImage:PULLED:0']);
  });

  it('resolves named delays with the instance in the world at the cursor', () => {
    const at = entityChartAt(r, sc, queued + 1);
    const ms = r.config.latencies.createContainer;
    const create = 'startContainer.creating:xstate.after.createContainer.startContainer.creating';
    expect(at.labels.get(`${create}:0`)).toBe(`after ${ms} ms [CreateContainer failed]`);
    expect(at.labels.get(`${create}:1`)).toBe(`after ${ms} ms`);
  });

  it('before the instance exists, nothing is active', () => {
    const at = entityChartAt(r, sc, 0);
    expect(at.active.size).toBe(0);
    expect(at.taken).toBeNull();
  });
});

describe('entityChartAt: the guard that decided, from trace.steps.guard', () => {
  const r = run('poststart-hang-order');
  const { steps, strings } = r.trace;
  const id = 'startContainer:default/web/app';
  const hook = stepsOf(r, id).find((i) => strings[steps.to[i]!] === 'postStart')!;

  it('highlights the branch the recorded guard took', () => {
    const at = entityChartAt(r, entityIndex(r, id), hook + 1);
    expect(strings[steps.guard[hook]!]).toBe('has PostStart hook');
    expect(at.taken).toMatchObject({ guard: 'has PostStart hook', guardRecorded: true });
    expect(at.taken?.path).toEqual([
      // Branch 1: branch 0 is 'StartContainer failed'.
      'startContainer.starting:xstate.after.startContainer.startContainer.starting:1',
    ]);
    expect([...at.active]).toEqual(['startContainer.postStart']);
  });
});

describe("a back-off's chart labels its window by the window's length", () => {
  const r = run('crashloop-backoff');
  const { steps, strings } = r.trace;
  const id = 'backOff:default/flaky/worker/CrashLoopBackOff';
  const e = entityIndex(r, id);
  const mine = stepsOf(r, id);
  const expiries = mine.filter((i) => strings[steps.to[i]!] === 'expired');
  const label = (cursor: number) => [...entityChartAt(r, e, cursor).labels.values()];

  it('reads the back-off duration, not what is left of it (0 ms once it expired)', () => {
    expect(expiries.length).toBeGreaterThan(2);
    // The first window: 10 s, in back-off and once expired alike.
    expect(label(mine[0]! + 1)).toEqual(['after 10 s']);
    expect(label(expiries[0]! + 1)).toEqual(['after 10 s']);
    // Each later window doubles (flowcontrol.Backoff.Next): 20 s, then 40 s.
    expect(label(expiries[1]! + 1)).toEqual(['after 20 s']);
    expect(label(expiries[2]! + 1)).toEqual(['after 40 s']);
    // Halfway through a window it is still the window's length.
    const mid = mine.find((i) => i > expiries[0]! && strings[steps.to[i]!] === 'backingOff')!;
    expect(label(mine[mine.indexOf(mid) + 1]!)).toEqual(['after 20 s']);
  });
});
