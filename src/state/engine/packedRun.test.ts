/**
 * The run's compiled config crosses from the engine worker (the page no longer compiles the
 * scenario): as plain data, equal to the worker's but for the kubelet generations' resource
 * managers (closures), which stay in the worker and say so when read on the page.
 */
import { describe, expect, it } from 'vitest';
import { LogRecords, loadPreset } from '../../sim';
import { buildRunView } from '../buildRunView';
import {
  PIECES,
  fromPieces,
  heldRun,
  pieceOf,
  pieceToSend,
  readyPiece,
  unpackRun,
  engineIdOf,
} from './packedRun';

describe("the run's config on the page", () => {
  it('crosses by structured clone and equals the compiled one, resource managers aside', () => {
    // flip-cpu-policy restarts the kubelet: several generations.
    const r = loadPreset('flip-cpu-policy');
    if (!r.ok) throw new Error('flip-cpu-policy does not parse');
    const view = buildRunView(r.scenario);
    const got = new Map(PIECES.map((k) => [k, structuredClone(pieceOf(heldRun(1, view), k))]));
    got.set('steps', readyPiece('steps', got.get('steps')));
    got.set('events', readyPiece('events', got.get('events')));
    const page = unpackRun(fromPieces(got), r.scenario, new LogRecords(), []);
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

describe('the run on the page', () => {
  it("is the worker's trace, the step columns moved as typed arrays and back into arrays", () => {
    const r = loadPreset('crashloop-15m');
    if (!r.ok) throw new Error('crashloop-15m does not parse');
    const view = buildRunView(r.scenario);
    const h = heldRun(7, view);
    const got = new Map(
      PIECES.map((k) => {
        const [v, buffers] = pieceToSend(h, k);
        // As postMessage with a transfer list: the buffers leave the worker's side.
        return [k, readyPiece(k, structuredClone(v, { transfer: buffers }))] as const;
      }),
    );
    const page = unpackRun(fromPieces(got), r.scenario, new LogRecords(), []);
    const { logs: _l, records: _r, checkpoints: _c, ...trace } = view.raw.trace;
    const { logs: _pl, records: _pr, checkpoints: _pc, ...pageTrace } = page.raw.trace;
    expect(pageTrace).toEqual(trace);
    expect(Array.isArray(page.raw.trace.steps.t)).toBe(true);
    expect(Array.isArray(page.raw.trace.steps.cause)).toBe(true);
    expect(page.total).toBe(view.total);
    expect(page.notable).toEqual(view.notable);
    expect(page.lanes.lanes.length).toBe(view.lanes.lanes.length);
    expect(page.cpus.pool).toEqual(view.cpus.pool);
    expect(Array.from(page.times)).toEqual(view.raw.trace.steps.t);
    expect(engineIdOf(page)).toBe(7);
    // The worker's own columns stay readable after the transfer.
    expect(view.raw.trace.steps.t.length).toBe(view.total);
  });
});
