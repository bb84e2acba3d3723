import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, simulate, type SimulationRun } from '../../../src/sim/index';
import { entityChartAt } from '../../../src/state/machineCharts';

function run(preset: string): SimulationRun {
  const p = parseScenario(readFileSync(`presets/${preset}.yaml`, 'utf8'));
  if (!p.ok) throw new Error(preset);
  return simulate(p.scenario);
}

describe('entityChartAt over a real run', () => {
  const r = run('serial-pulls');
  const { steps, strings, entities } = r.trace;
  const sc = entities.findIndex((e) => e.id === 'startContainer:default/web/app');
  const stepsOf = steps.t.map((_, i) => i).filter((i) => steps.entity[i] === sc);
  const queued = stepsOf.find((i) => strings[steps.to[i]!] === 'pullingImage')!;
  const pulled = stepsOf.find((i) => strings[steps.event[i]!] === 'PULLED')!;

  it('has the active state and the transition just taken at a cursor', () => {
    const at = entityChartAt(r, sc, queued + 1);
    expect([...at.active]).toEqual(['startContainer.pullingImage']);
    expect(at.taken).toMatchObject({
      step: queued,
      event: 'PULL_QUEUED',
      from: 'ensuringImage',
      to: 'pullingImage',
      transition: 'startContainer.ensuringImage:PULL_QUEUED:0',
    });
    // Many steps later, while the pull is still queued, the same transition is the last one.
    expect(entityChartAt(r, sc, pulled).taken?.step).toBe(queued);
    // The step that pulled moves it on.
    const next = entityChartAt(r, sc, pulled + 1);
    expect([...next.active]).toEqual(['startContainer.generatingConfig']);
    expect(next.taken?.transition).toBe('startContainer.pullingImage:PULLED:0');
  });

  it('before the instance exists, nothing is active', () => {
    const at = entityChartAt(r, sc, 0);
    expect(at.active.size).toBe(0);
    expect(at.taken).toBeNull();
  });

  it('takes the deciding guard from trace.steps.guard when the engine records it', () => {
    const copy: SimulationRun = {
      ...r,
      trace: {
        ...r.trace,
        strings: [...strings, 'image present'],
        steps: { ...steps, guard: steps.t.map(() => strings.length) } as typeof steps,
      },
    };
    const at = entityChartAt(copy, sc, queued + 1);
    expect(at.taken?.guard).toBe('image present');
    expect(at.taken?.guardRecorded).toBe(true);
    expect(at.taken?.transition).toBe('startContainer.ensuringImage:PULL_QUEUED:0');
    expect(entityChartAt(r, sc, queued + 1).taken?.guardRecorded).toBe(false);
  });
});
