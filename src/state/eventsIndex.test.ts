/**
 * The indexed Events table equals eventsAt (client-go's correlator run to the cursor) at
 * every cursor where the table can change, on runs that aggregate, count and spam-filter.
 */
import { describe, expect, it } from 'vitest';
import { correlatorOptions, eventsAt, parseScenario, simulate } from '../sim';
import { eventsIndex, indexedEventsAt } from './eventsIndex';
import { buildRunView } from './buildRunView';
import { PIECES, fromPieces, heldRun, pieceOf, readyPiece } from './engine/packedRun';

const FILES = import.meta.glob<string>('/presets/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function runOf(id: string) {
  const r = parseScenario(FILES[`/presets/${id}.yaml`] ?? '');
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return simulate(r.scenario);
}

function cursors(steps: readonly number[], total: number): number[] {
  const out = new Set<number>([0, total + 1]);
  for (const s of steps) for (const d of [-1, 0, 1, 2]) out.add(Math.max(0, s + d));
  return [...out].sort((a, b) => a - b);
}

describe('indexedEventsAt', () => {
  for (const id of ['crashloop-15m', 'image-pull-backoff', 'hello-pod', 'poststart-failure']) {
    it(`equals eventsAt at every cursor around an emission: ${id}`, () => {
      const run = runOf(id);
      const { trace } = run;
      expect(trace.events.length).toBeGreaterThan(0);
      for (const c of cursors(
        trace.events.map((e) => e.step),
        trace.steps.t.length,
      ))
        expect(indexedEventsAt(trace, c), `cursor ${c}`).toEqual(eventsAt(trace, c));
    });
  }

  it('counts repeats as eventsAt does, at every 7th emission (a crash loop)', () => {
    const { trace } = runOf('crashloop-15m');
    const all = eventsAt(trace, Infinity);
    // The run exercises counting: the test would not catch a wrong count otherwise.
    expect(all.some((e) => e.count > 1)).toBe(true);
    for (const c of cursors(
      trace.events.filter((_, i) => i % 7 === 0).map((e) => e.step),
      trace.steps.t.length,
    ))
      expect(indexedEventsAt(trace, c), `cursor ${c}`).toEqual(eventsAt(trace, c));
  });
});

describe('the index on the page', () => {
  it('is built from the events as their piece arrives from the worker, and answers as eventsAt', () => {
    const view = buildRunView(runOf('crashloop-15m').scenario);
    const h = heldRun(1, view);
    const events = readyPiece('events', structuredClone(pieceOf(h, 'events')));
    const got = new Map(
      PIECES.map(
        (k) =>
          [k, k === 'events' ? events : readyPiece(k, structuredClone(pieceOf(h, k)))] as const,
      ),
    );
    const page = fromPieces(got);
    expect(page.trace.events).toBe(events);
    // Built on arrival (readyPiece), before the run was assembled, with the run's correlator:
    // cached by the events array, so the view's first ask finds it.
    const opts = correlatorOptions(view.raw);
    const ix = eventsIndex(page.trace, opts);
    expect(eventsIndex(page.trace, opts)).toBe(ix);
    expect(ix).toEqual(eventsIndex(view.raw.trace, opts));
    expect(ix).not.toBe(eventsIndex(view.raw.trace, opts));
    for (const c of [0, 10, 100, view.total])
      expect(indexedEventsAt(page.trace, c, opts)).toEqual(
        eventsAt(view.raw.trace, c, undefined, opts),
      );
    // Other options (another kubelet's client-go) build another index, not the cached one.
    expect(eventsIndex(page.trace, { spamKeyByType: false })).not.toBe(ix);
  });
});
