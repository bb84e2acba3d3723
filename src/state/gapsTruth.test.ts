/**
 * "Collapse idle gaps" over real runs: nothing in progress is ever collapsed, so the
 * CrashLoopBackOff ladder doubles on the (warped) axis and a pull keeps its length.
 */
import { describe, expect, it } from 'vitest';
import { buildRunView } from './buildRunView';
import { warpFor } from './slices/viewSlice';
import { parseScenario } from '../sim';
import { SPAN_KINDS } from '../viz/timeline/spanKinds';

/** Any file in presets/ (not all are bundled in the Scenario select). */
const FILES = import.meta.glob<string>('/presets/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});
function runOf(id: string) {
  const r = parseScenario(FILES[`/presets/${id}.yaml`] ?? '');
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return buildRunView(r.scenario);
}

const WORK = new Set(['pull', 'queued', 'backoff', 'poststart', 'create', 'start', 'sandbox']);

describe('collapsing never hides work', () => {
  for (const id of [
    'crashloop-backoff',
    'startup-time-breakdown',
    'slow-image-blocks-neighbour',
    'image-pull-backoff',
  ] as const)
    it(`${id}: no collapsed gap overlaps a span of work`, () => {
      const run = runOf(id);
      const warp = warpFor(run, true);
      for (const lane of run.lanes.lanes)
        for (let i = 0; i < lane.start.length; i++) {
          if (!WORK.has(SPAN_KINDS[lane.kind[i]!]!)) continue;
          for (const g of warp.gaps)
            expect(g.end <= lane.start[i]! || g.start >= lane.end[i]!).toBe(true);
        }
    });

  it('the CrashLoopBackOff ladder doubles on screen', () => {
    const run = runOf('crashloop-backoff');
    const warp = warpFor(run, true);
    const lane = run.lanes.lanes.find((l) => l.label === 'worker')!;
    const widths: number[] = [];
    for (let i = 0; i < lane.start.length; i++)
      if (SPAN_KINDS[lane.kind[i]!] === 'backoff' && lane.endStep[i]! >= 0)
        widths.push(warp.toWarp(lane.end[i]!) - warp.toWarp(lane.start[i]!));
    expect(widths.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < 4; i++) expect(widths[i]! / widths[i - 1]!).toBeCloseTo(2, 0);
  });

  it('a 12 s pull is drawn longer than a 5 s PostStart hook', () => {
    const run = runOf('startup-time-breakdown');
    const warp = warpFor(run, true);
    const len = (kind: string) => {
      let best = 0;
      for (const lane of run.lanes.lanes)
        for (let i = 0; i < lane.start.length; i++)
          if (SPAN_KINDS[lane.kind[i]!] === kind)
            best = Math.max(best, warp.toWarp(lane.end[i]!) - warp.toWarp(lane.start[i]!));
      return best;
    };
    expect(len('pull')).toBeGreaterThan(len('poststart'));
    expect(len('pull')).toBeGreaterThan(11_000);
  });
});

describe('periodic ticks do not split an idle stretch (issue 30, item 2)', () => {
  for (const id of Object.keys(FILES).map((f) => /([^/]+)\.yaml$/.exec(f)![1]!))
    it(`${id}: no row of identical collapsed gaps`, () => {
      const warp = warpFor(runOf(id), true);
      // A tick that nothing depends on (the CPU manager's reconcile every 10 s) made the
      // static presets' two idle minutes eleven 8 s gaps with nothing between them.
      const lengths = warp.gaps.map((g) => Math.round((g.end - g.start) / 100));
      for (let i = 2; i < lengths.length; i++)
        expect(
          lengths[i] === lengths[i - 1] && lengths[i] === lengths[i - 2],
          `gaps ${i - 2}..${i} of ${lengths.length}`,
        ).toBe(false);
    });
});
