import { describe, expect, it } from 'vitest';
import { machines, machinesOf } from '../index';
import { kubeletEngineSpec } from '../kubelet/spec';
import { compileRun } from '../kubelet/config';
import { loadPreset } from '../scenario/presets';
import { simulate } from '../simulate';

describe('machine catalogue', () => {
  it('lists exactly the machines the engine runs, by the same definitions', () => {
    const p = loadPreset('hello-pod');
    if (!p.ok) throw new Error('preset');
    const kinds = kubeletEngineSpec(compileRun(p.scenario)).machines;
    expect(Object.keys(machines).sort()).toEqual(Object.keys(kinds).sort());
    for (const [name, k] of Object.entries(kinds)) expect(machines[name]).toBe(k.machine);
    expect(machinesOf(simulate(p.scenario))).toBe(machines);
  });
});
