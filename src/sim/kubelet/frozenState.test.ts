/**
 * Checkpoints and seeks share frozen values instead of copying them (core/clone.ts): the
 * runtime's records, the PLEG cache's entries and the stored pod statuses are frozen when
 * stored, so no step can change one a checkpoint holds.
 */
import { describe, expect, it } from 'vitest';
import { loadPreset } from '../scenario/presets';
import { simulate } from '../simulate';

describe('frozen kubelet state', () => {
  it('runtime records, PLEG cache entries and pod statuses are frozen all through', () => {
    const parsed = loadPreset('hello-pod');
    if (!parsed.ok) throw new Error('hello-pod does not parse');
    const run = simulate(parsed.scenario);
    const d = run.stateAt(run.trace.steps.t.length).domain;
    const containers = Object.values(d.runtime.containers);
    const cached = Object.values(d.cache.pods);
    const statuses = Object.values(d.status);
    expect(containers.length).toBeGreaterThan(0);
    expect(cached.length).toBeGreaterThan(0);
    expect(statuses.length).toBeGreaterThan(0);
    for (const c of containers) expect(Object.isFrozen(c)).toBe(true);
    for (const sb of Object.values(d.runtime.sandboxes)) expect(Object.isFrozen(sb)).toBe(true);
    for (const e of cached) {
      expect(Object.isFrozen(e)).toBe(true);
      expect(Object.isFrozen(e.containers)).toBe(true);
    }
    for (const s of statuses) {
      expect(Object.isFrozen(s)).toBe(true);
      for (const c of s.containerStatuses) expect(Object.isFrozen(c.state)).toBe(true);
    }
  });
});
