import { describe, expect, it } from 'vitest';
import { drawTimeline, fitLabel, type TimelineStyle } from './drawTimeline';
import { LaneBuilder, type LaneModel } from './laneModel';
import { layoutRows } from './rowLayout';
import { makeTimeScale } from '../timeScale';
import { SPAN_KIND_COLOR, kindIndex } from './spanKinds';
import { IDENTITY_WARP } from '../timeWarp';

/** Records fillRect and fillText calls; everything else is a no-op. */
function fakeContext() {
  const rects: number[][] = [];
  const texts: string[] = [];
  const noop = () => {};
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textBaseline: '',
    setTransform: noop,
    fillRect: (x: number, y: number, w: number, h: number) => rects.push([x, y, w, h]),
    fillText: (t: string) => texts.push(t),
    // 6 px per character, as a monospace font would measure.
    measureText: (t: string) => ({ width: 6 * [...t].length }),
    save: noop,
    restore: noop,
    beginPath: noop,
    rect: noop,
    clip: noop,
    moveTo: noop,
    lineTo: noop,
    bezierCurveTo: noop,
    closePath: noop,
    stroke: noop,
    fill: noop,
    strokeRect: noop,
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, rects, texts };
}

const style: TimelineStyle = {
  background: '#fff',
  groupBackground: '#eee',
  gridLine: '#ddd',
  flow: '#000',
  flowSelected: '#000',
  selection: '#000',
  highlight: '#def',
  markText: '#333',
  font: '11px sans-serif',
};

function model(n: number, width: number): LaneModel {
  const b = new LaneBuilder();
  for (let i = 0; i < n; i++) b.push(i * width, (i + 1) * width, 0, 0, i, i + 1);
  const lane = b.build({
    id: 'l',
    label: 'l',
    group: 'g',
    entity: 0,
    instants: false,
    pod: null,
    container: null,
  });
  return {
    groups: [{ id: 'g', label: 'g', lanes: [lane] }],
    lanes: [lane],
    labels: ['work'],
    flows: [],
    endT: n * width,
    spanCount: n,
  };
}

const opts = {
  dpr: 1,
  height: 200,
  scrollY: 0,
  selected: null,
  highlightLanes: null,
  showFlows: true,
  style,
};

describe('drawTimeline', () => {
  it('draws only the spans in the window, and labels wide ones', () => {
    const m = model(100, 100);
    const scale = makeTimeScale({ start: 1000, end: 1500 }, 500, IDENTITY_WARP);
    const { ctx, texts } = fakeContext();
    const stats = drawTimeline(ctx, m, layoutRows(m, new Set()), scale, opts);
    // Spans 9..15 touch [1000, 1500]; each is 100 px wide, so each gets its label.
    expect(stats.rects).toBeLessThanOrEqual(7);
    expect(stats.labels).toBeGreaterThan(0);
    expect(texts.every((t) => t === 'work')).toBe(true);
  });

  it('merges spans narrower than a pixel: cost follows pixels, not spans', () => {
    const m = model(10_000, 1);
    const scale = makeTimeScale({ start: 0, end: 10_000 }, 200, IDENTITY_WARP);
    const { ctx } = fakeContext();
    const stats = drawTimeline(ctx, m, layoutRows(m, new Set()), scale, opts);
    expect(stats.rects).toBeLessThan(300);
    expect(stats.labels).toBe(0);
  });
});

describe('drawTimeline colours at every zoom', () => {
  it('a long run merged with a sliver of pull keeps the running colour', () => {
    const b = new LaneBuilder();
    const pull = kindIndex('pull');
    const running = kindIndex('running');
    // A 50 ms pull, then 15 minutes of running: at 200 px the pull is a sliver.
    b.push(0, 50, pull, 0, 0, 1);
    b.push(50, 900_000, running, 0, 1, -1);
    const lane = b.build({
      id: 'l',
      label: 'l',
      group: 'g',
      entity: 0,
      instants: false,
      pod: null,
      container: null,
    });
    const m: LaneModel = {
      groups: [{ id: 'g', label: 'g', lanes: [lane] }],
      lanes: [lane],
      labels: ['x'],
      flows: [],
      endT: 900_000,
      spanCount: 2,
    };
    const fills: [string, number][] = [];
    const { ctx } = fakeContext();
    const rec = ctx as unknown as { fillRect: (...a: number[]) => void; fillStyle: string };
    rec.fillRect = (_x, _y, w) => fills.push([rec.fillStyle, w]);
    const scale = makeTimeScale({ start: 0, end: 900_000 }, 200, IDENTITY_WARP);
    drawTimeline(ctx, m, layoutRows(m, new Set()), scale, opts);
    const widthOf = (c: string) => fills.filter(([f]) => f === c).reduce((a, [, w]) => a + w, 0);
    expect(widthOf(SPAN_KIND_COLOR.running)).toBeGreaterThan(190);
    expect(widthOf(SPAN_KIND_COLOR.pull)).toBeLessThan(2);
  });

  it('failed and passed probes, queued and pulling, have different colours', () => {
    expect(SPAN_KIND_COLOR.probefail).not.toBe(SPAN_KIND_COLOR.probe);
    expect(SPAN_KIND_COLOR.queued).not.toBe(SPAN_KIND_COLOR.pull);
  });
});

describe('drawTimeline cause arrows', () => {
  it('draws only the flows the mask keeps (the selected span’s chain)', () => {
    const base = model(4, 100);
    const m: LaneModel = {
      ...base,
      flows: [
        { fromLane: 0, fromIndex: 0, toLane: 0, toIndex: 1 },
        { fromLane: 0, fromIndex: 2, toLane: 0, toIndex: 3 },
      ],
    };
    const scale = makeTimeScale({ start: 0, end: 400 }, 400, IDENTITY_WARP);
    const curves = (flowMask: Uint8Array | null) => {
      const { ctx } = fakeContext();
      let n = 0;
      (ctx as unknown as { bezierCurveTo: () => void }).bezierCurveTo = () => n++;
      drawTimeline(ctx, m, layoutRows(m, new Set()), scale, { ...opts, flowMask });
      return n;
    };
    expect(curves(null)).toBe(2);
    expect(curves(Uint8Array.of(0, 1))).toBe(1);
    expect(curves(Uint8Array.of(0, 0))).toBe(0);
  });
});

describe('span labels', () => {
  it('end in an ellipsis when cut by their span, never spill', () => {
    const { ctx } = fakeContext();
    expect(fitLabel(ctx, 'creatingSandbox', 200)).toBe('creatingSandbox');
    // 60 px: 9 characters and the ellipsis.
    expect(fitLabel(ctx, 'creatingSandbox', 60)).toBe('creatingS…');
    expect(fitLabel(ctx, 'creatingSandbox', 3)).toBe('…');
  });
});

describe('decision marks (faults and actions) and their labels', () => {
  it('a stub of a word is not drawn beside a mark', () => {
    const b = new LaneBuilder();
    // Three marks: at 0 s and 0.08 s (room for a stub only), then at 1 s (room to spare).
    for (const t of [0, 80, 1000]) b.push(t, t, 0, 0, 0, -1);
    const lane = b.build({
      id: 'f',
      label: 'f',
      group: 'g',
      entity: 0,
      instants: true,
      labelled: true,
      pod: null,
      container: null,
    });
    const m: LaneModel = {
      groups: [{ id: 'g', label: 'g', lanes: [lane] }],
      lanes: [lane],
      labels: ['fault: exit 1 after 2s'],
      flows: [],
      endT: 2000,
      spanCount: 3,
    };
    const scale = makeTimeScale({ start: 0, end: 2000 }, 1000, IDENTITY_WARP);
    const { ctx, texts } = fakeContext();
    drawTimeline(ctx, m, layoutRows(m, new Set()), scale, opts);
    // The first mark has ~37 px before the next: "faul…" at most, so no label (it drew a
    // clipped "faul"); the other two have room for all of it.
    expect(texts).toEqual(['fault: exit 1 after 2s', 'fault: exit 1 after 2s']);
  });
});
