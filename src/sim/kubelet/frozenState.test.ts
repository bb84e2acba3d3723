/**
 * Checkpoints and seeks share frozen values instead of copying them (core/clone.ts): the
 * runtime's records, the PLEG cache's entries and the stored pod statuses are frozen when
 * stored, and a checkpoint freezes the rest of the kubelet's state (but the work in flight)
 * and shares it with the live run, whose writers take their own copies (core/cow.ts).
 */
import { describe, expect, it } from 'vitest';
import { loadPreset, PRESET_IDS } from '../scenario/presets';
import type { Scenario } from '../scenario/schema';
import { simulate, type SimulationRun } from '../simulate';
import type { World } from '../runner/types';
import type { KubeletDomain } from './types';
import { compileRun } from './config';
import { bootstrap, emptyDomain, kubeletEngineSpec } from './spec';
import { createWorld, Engine } from '../runner/engine';
import { kubeletOf, scenarioForVersion } from '../versions';

function preset(id: (typeof PRESET_IDS)[number]): Scenario {
  const parsed = loadPreset(id);
  if (!parsed.ok) throw new Error(`${id} does not parse`);
  return parsed.scenario;
}

/** A world as JSON with its queue in pop order (heap layouts differ between equal worlds). */
function view(w: World<KubeletDomain>): string {
  return JSON.stringify({ ...w, queue: [...w.queue].sort((a, b) => a.t - b.t || a.seq - b.seq) });
}

const recorded = (r: SimulationRun) =>
  JSON.stringify({ ...r.trace, checkpoints: 0, checkpointEvery: 0 });

describe('frozen kubelet state', () => {
  it('runtime records, PLEG cache entries and pod statuses are frozen all through', () => {
    const run = simulate(preset('hello-pod'));
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

  it('a checkpoint (checked) is frozen but for the work in flight, and shares what did not change', () => {
    const run = simulate(preset('crashloop-backoff'), {
      checkpointEvery: 16,
      freezeCheckpoints: true,
    });
    const cps = run.trace.checkpoints;
    expect(cps.length).toBeGreaterThan(4);
    const d = cps[cps.length - 2]!.domain;
    // The tables by pod UID are kept as their changes (runner/tables.ts): a checkpoint's are
    // built when read, and their rows are the frozen ones the run shared.
    const workers = Object.values(d.workers);
    expect(workers.length).toBeGreaterThan(0);
    for (const w of workers) expect(Object.isFrozen(w)).toBe(true);
    expect(() => {
      (workers[0] as { working: boolean }).working = !workers[0]!.working;
    }).toThrow(TypeError);
    expect(Object.isFrozen(d.syncs)).toBe(false);
    // The pod is never changed after its arrival: every later checkpoint holds the same record.
    const uid = Object.keys(d.pods)[0]!;
    const later = cps.filter((c) => c.domain.pods[uid]);
    expect(later.length).toBeGreaterThan(4);
    expect(new Set(later.map((c) => c.domain.pods[uid])).size).toBe(1);
  });

  // A writer that skips core/cow.ts's `own` throws on a frozen object; one that reads a map it
  // held across a copy would see stale state. Freezing after every step makes either show.
  it.each(PRESET_IDS)(
    '%s: checkpointing after every step changes neither the run nor any seek',
    (id) => {
      const s = preset(id);
      const sparse = simulate(s, { checkpointEvery: 1_000_000 });
      const dense = simulate(s, { checkpointEvery: 1, freezeCheckpoints: true });
      expect(recorded(dense)).toBe(recorded(sparse));
      const n = sparse.trace.steps.t.length;
      for (const k of [1, Math.floor(n / 3), Math.floor(n / 2), n - 1, n])
        expect(view(dense.stateAt(k))).toBe(view(sparse.stateAt(k)));
    },
  );

  // Most checkpoints keep the machine map as the changes since the previous one (runner/engine.ts):
  // rebuilt, it must be the live map, key order included (a respawned instance goes last).
  it.each(['crashloop-backoff', 'delete-grace-period', 'init-cpu-handoff'] as const)(
    '%s: every checkpoint’s machine map is the live one, in the same order',
    (id) => {
      const s = preset(id);
      const dense = simulate(s, { checkpointEvery: 3 });
      const cps = dense.trace.checkpoints.slice(0, 150);
      expect(cps.length).toBeGreaterThan(20);
      // One straight replay of the same run, stopping at each checkpoint.
      const cfg = compileRun(scenarioForVersion(s));
      const engine = new Engine(kubeletEngineSpec(cfg, kubeletOf(s)));
      const world = createWorld<KubeletDomain>(s.seed, emptyDomain(cfg));
      bootstrap(cfg, engine.api(world, 'engine', null));
      for (const cp of cps) {
        while (world.step < cp.step && engine.step(world, s.horizon, null)) {
          /* replay */
        }
        expect(Object.keys(cp.machines)).toEqual(Object.keys(world.machines));
        expect(JSON.stringify(cp.machines)).toBe(JSON.stringify(world.machines));
        expect(Object.keys(dense.stateAt(cp.step).machines)).toEqual(Object.keys(world.machines));
      }
    },
  );
});
