// @vitest-environment jsdom
/**
 * The exported pictures parse as SVG, carry the caption (scenario name and cursor time),
 * draw the lanes and CPUs of the run at the cursor, and never let a name become markup.
 */
import { describe, expect, it } from 'vitest';
import { buildRunView } from '../../../src/state/buildRunView';
import { loadPreset } from '../../../src/sim';
import { IDENTITY_WARP } from '../../../src/viz/timeWarp';
import { timelineSvg } from '../../../src/viz/export/timelineSvg';
import { topologySvg } from '../../../src/viz/export/topologySvg';
import { esc } from '../../../src/viz/export/svgMarkup';

function run(id: 'static-vs-none' | 'hello-pod') {
  const r = loadPreset(id);
  if (!r.ok) throw new Error(id);
  return buildRunView(r.scenario);
}

const parse = (svg: string) => {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
};

const HOSTILE = `<script>alert(1)</script> & "x" 'y'`;

describe('timeline SVG', () => {
  const r = run('hello-pod');
  const pic = timelineSvg({
    model: r.lanes,
    window: { start: 0, end: 5000 },
    warp: IDENTITY_WARP,
    cursorT: 1280,
    scenarioName: HOSTILE,
  });
  const doc = parse(pic.svg);

  it('has the caption with the name, as text, and the cursor time', () => {
    const caption = doc.querySelector('text.caption')!;
    expect(caption.textContent).toBe(`${HOSTILE} — cursor at 1.3 s`);
    expect(doc.getElementsByTagName('script')).toHaveLength(0);
  });

  it('draws each lane with its label and its spans in the window', () => {
    const app = doc.querySelector('g.lane[data-group="default/web"][data-lane="app"]')!;
    expect(app.querySelector('text')!.textContent).toBe('app');
    expect(app.querySelectorAll('rect').length).toBeGreaterThanOrEqual(4);
    expect(doc.querySelectorAll('g.lane').length).toBe(r.lanes.lanes.length);
    expect(doc.querySelector('line.playhead')).not.toBeNull();
    expect(Number(doc.documentElement.getAttribute('width'))).toBe(pic.width);
  });
});

describe('NUMA diagram SVG', () => {
  const r = run('static-vs-none');
  const at = (cursor: number) =>
    parse(
      topologySvg({
        topology: r.topology,
        cpus: r.cpus,
        cursor,
        cursorT: r.times[cursor - 1] ?? 0,
        scenarioName: 'Static vs none',
      }).svg,
    );

  it('names every CPU as the page does, at the cursor', () => {
    const end = at(r.total);
    const cpus = [...end.querySelectorAll('g.pu')].map((g) => g.getAttribute('aria-label'));
    expect(cpus).toHaveLength(16);
    expect(cpus).toContain('CPU 1: exclusive to default/web/app');
    expect(cpus).toContain('CPU 9: exclusive to default/web/app');
    // Reserved CPU 0 is in the shared pool, where the sidecar and the BestEffort pod run.
    expect(cpus).toContain('CPU 0: reserved, in the shared pool');
    expect(end.querySelector('.legend')!.textContent).toContain('default/web/app');
    // Before the allocation nobody holds CPU 1.
    const start = at(0);
    expect(start.querySelector('g.pu[data-cpu="1"]')!.getAttribute('aria-label')).not.toContain(
      'exclusive',
    );
    expect(start.querySelector('text.caption')!.textContent).toBe(
      'Static vs none — cursor at 0 ms',
    );
  });
});

describe('the NUMA legend lists what is drawn (issue 30, item 6)', () => {
  const legend = (id: 'static-vs-none' | 'hello-pod', end: boolean) => {
    const r = run(id);
    const cursor = end ? r.total : 0;
    const doc = parse(
      topologySvg({
        topology: r.topology,
        cpus: r.cpus,
        cursor,
        cursorT: r.times[cursor - 1] ?? 0,
        scenarioName: id,
      }).svg,
    );
    return [...doc.querySelectorAll('.legend text')].map((t) => t.textContent);
  };
  it('policy none: no reserved entry; the shared pool while something runs', () => {
    expect(legend('hello-pod', true)).toEqual(['shared pool']);
    expect(legend('hello-pod', false)).toEqual(['idle']);
  });
  it('static: reserved says it is part of the shared pool; idle CPUs have their entry', () => {
    const end = legend('static-vs-none', true);
    expect(end).toContain('reserved (reservedSystemCPUs): in the shared pool, never exclusive');
    expect(end).toContain('default/web/app');
    expect(legend('static-vs-none', false)).toContain('idle');
  });
});

it('escapes every XML special character', () => {
  expect(esc(`<a href="x">&'</a>\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
});

describe('the timeline picture marks collapsed gaps (issue 30, item 13)', () => {
  it("hello-pod's two idle minutes: a gap band with its length where the axis jumps", async () => {
    const { warpFor } = await import('../../../src/state/slices/viewSlice');
    const r = run('hello-pod');
    const warp = warpFor(r, true);
    expect(warp.gaps.length).toBeGreaterThan(0);
    const doc = parse(
      timelineSvg({
        model: r.lanes,
        window: { start: 0, end: r.endT },
        warp,
        cursorT: 0,
        scenarioName: 'hello-pod',
      }).svg,
    );
    const gaps = doc.querySelectorAll('g.gap');
    expect(gaps).toHaveLength(warp.gaps.length);
    expect(doc.querySelector('text.gap-len')!.textContent).toBe('113 s');
    expect(gaps[0]!.querySelector('title')!.textContent).toMatch(/collapsed$/);
  });
});
