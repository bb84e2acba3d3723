import { describe, expect, it } from 'vitest';
import { layoutLanes, type Place } from './layoutLanes';
import { layoutRows, rowAtY } from './rowLayout';
import { hitTest } from './hitTest';
import { makeTrace } from './testTrace';
import { spanAt, visibleRange } from './windowQuery';
import { makeTimeScale } from '../timeScale';
import { IDENTITY_WARP } from '../timeWarp';
import { SPAN_KINDS } from './spanKinds';

const trace = makeTrace(
  [
    { id: 'syncLoop', kind: 'syncLoop' },
    { id: 'sc/web/app', kind: 'startContainer' },
    { id: 'sc/web/app#2', kind: 'startContainer' },
  ],
  [
    [0, 'syncLoop', 'xstate.init', '', 'select'],
    [0, 'syncLoop', 'CONFIG', 'select', 'select'],
    [100, 'sc/web/app', 'xstate.init', '', 'idle'],
    [100, 'sc/web/app', 'START', 'idle', 'ensuringImage'],
    [150, 'sc/web/app', 'PULL_QUEUED', 'ensuringImage', 'pullingImage'],
    [150, 'sc/web/app', 'NOOP', 'pullingImage', 'pullingImage'],
    [4150, 'sc/web/app', 'PULLED', 'pullingImage', 'creating'],
    [4200, 'syncLoop', 'PLEG', 'select', 'select'],
    [4300, 'sc/web/app', 'DONE', 'creating', 'done'],
    [4250, 'sc/web/app#2', 'xstate.init', '', 'starting'],
  ],
  10_000,
);

const place: Place = (e) =>
  e.kind === 'syncLoop'
    ? {
        group: 'node',
        groupLabel: 'Kubelet',
        lane: 'sync loop',
        order: 0,
        pod: null,
        container: null,
        instants: (ev) => (ev === 'xstate.init' ? null : `wake: ${ev}`),
      }
    : {
        group: 'default/web',
        groupLabel: 'default/web',
        lane: 'app',
        order: 1,
        pod: 'default/web',
        container: 'default/web/app',
        isEnd: (s) => s === 'done',
      };

describe('layoutLanes', () => {
  const { model } = layoutLanes(trace, place, (g) => (g === 'node' ? 0 : 1), [[7, 6]]);

  it('groups lanes by pod, node-wide machines first', () => {
    expect(model.groups.map((g) => g.label)).toEqual(['Kubelet', 'default/web']);
  });

  it('turns a non-changing machine into instants, one lane per wake-up source', () => {
    const labels = model.groups[0]!.lanes.map((l) => l.label);
    expect(labels).toEqual(['wake: CONFIG', 'wake: PLEG']);
    const pleg = model.groups[0]!.lanes[1]!;
    expect(pleg.instants).toBe(true);
    expect(Array.from(pleg.start)).toEqual([4200]);
  });

  it('turns state changes into spans; self-transitions do not split them', () => {
    const app = model.groups[1]!.lanes[0]!;
    expect(Array.from(app.start)).toEqual([100, 100, 150, 4150]);
    expect(Array.from(app.end)).toEqual([100, 150, 4150, 4300]);
    expect(model.labels[app.label_[2]!]).toBe('pullingImage');
    expect(SPAN_KINDS[app.kind[2]!]).toBe('pull');
  });

  it('moves overlapping attempts to an extra lane', () => {
    const lanes = model.groups[1]!.lanes;
    expect(lanes.map((l) => l.label)).toEqual(['app', 'app (2)']);
    expect(Array.from(lanes[1]!.start)).toEqual([4250]);
    expect(Array.from(lanes[1]!.end)).toEqual([10_000]);
    expect(lanes[1]!.endStep[0]).toBe(-1);
  });

  it('keeps end sorted in every lane (window queries rely on it)', () => {
    for (const l of model.lanes)
      for (let i = 1; i < l.end.length; i++)
        expect(l.end[i]!).toBeGreaterThanOrEqual(l.end[i - 1]!);
  });

  it('links causes to effects by step', () => {
    expect(model.flows).toHaveLength(1);
    // Step 7 (the cause) began the first span of lane 1.
    expect(model.flows[0]).toMatchObject({ fromLane: 1, fromIndex: 0 });
  });

  it('answers window queries and hit tests', () => {
    const app = model.groups[1]!.lanes[0]!;
    expect(visibleRange(app, 200, 300)).toEqual([2, 3]);
    expect(spanAt(app, 2000, 0)).toBe(2);
    const rows = layoutRows(model, new Set());
    const scale = makeTimeScale({ start: 0, end: 10_000 }, 1000, IDENTITY_WARP);
    const appLane = model.lanes.indexOf(app);
    const row = rows.rows[rows.rowOfLane[appLane]!]!;
    expect(rowAtY(rows, row.y + 1)).toBe(rows.rowOfLane[appLane]);
    expect(hitTest(model, rows, scale, 200, row.y + 5)).toEqual({ lane: appLane, index: 2 });
    expect(hitTest(model, rows, scale, 900, row.y + 5)).toBeNull();
  });

  it('collapses a group to its header', () => {
    const open = layoutRows(model, new Set());
    const closed = layoutRows(model, new Set(['default/web']));
    expect(closed.rows.length).toBe(open.rows.length - 2);
    expect(closed.rowOfLane[2]).toBe(-1);
  });
});
