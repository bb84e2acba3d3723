/**
 * The run's compiled config crosses from the engine worker (the page no longer compiles the
 * scenario): as plain data, equal to the worker's but for the kubelet generations' resource
 * managers (closures), which stay in the worker and say so when read on the page.
 */
import { describe, expect, it } from 'vitest';
import { loadPreset } from '../../sim';
import { buildRunView } from '../buildRunView';
import { PIECES, fromPieces, packRun, pieceOf, unpackRun } from './packedRun';

describe("the run's config on the page", () => {
  it('crosses by structured clone and equals the compiled one, resource managers aside', () => {
    // flip-cpu-policy restarts the kubelet: several generations.
    const r = loadPreset('flip-cpu-policy');
    if (!r.ok) throw new Error('flip-cpu-policy does not parse');
    const view = buildRunView(r.scenario);
    const got = new Map(PIECES.map((k) => [k, structuredClone(pieceOf(packRun(1, view), k))]));
    const page = unpackRun(fromPieces(got), r.scenario, [], []);
    const { generations, ...rest } = view.raw.config;
    const { generations: pageGens, ...pageRest } = page.raw.config;
    expect(generations.length).toBeGreaterThan(1);
    expect(pageRest).toEqual(rest);
    expect(pageGens.length).toBe(generations.length);
    pageGens.forEach((g, i) => {
      const { resourceManagers: _rm, ...want } = generations[i]!;
      expect({ ...g }).toEqual(want);
      expect(() => g.resourceManagers).toThrow(/engine worker/);
    });
  });
});
