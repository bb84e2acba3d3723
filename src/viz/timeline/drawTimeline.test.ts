import { describe, expect, it } from 'vitest';
import { drawTimeline, type TimelineStyle } from './drawTimeline';
import { LaneBuilder, type LaneModel } from './laneModel';
import { layoutRows } from './rowLayout';
import { makeTimeScale } from '../timeScale';
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
