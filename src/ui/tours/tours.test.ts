/**
 * Every bundled tour, played against the real engine run of its preset (run B with the
 * tour's Compare overrides): each step's moment, its question's moment and its target must
 * be found, so a tour can never point at nothing. And a bad tour file says what is wrong.
 */
import { describe, expect, it } from 'vitest';
import { buildRunView } from '../../state/buildRunView';
import { withOverrides } from '../../state/slices/compareSlice';
import { isPresetId, loadPreset } from '../../sim';
import { resolveAt, resolveTarget } from './resolveStep';
import { checkClaim } from './checkClaims';
import { tourCatalog, toursFromFiles } from './tourCatalog';
import { parseTour } from './tourSchema';
import type { Scenario } from '../../state/types';

const presets = new Map<string, Scenario>();
/** A tour's preset (the page opens it in the engine worker, as the store's presetScenario). */
function presetScenario(id: string): Scenario | string {
  const hit = presets.get(id);
  if (hit) return hit;
  if (!isPresetId(id)) return `no preset "${id}"`;
  const r = loadPreset(id);
  if (!r.ok) return `preset ${id} does not parse`;
  presets.set(id, r.scenario);
  return r.scenario;
}

const runs = new Map<Scenario, ReturnType<typeof buildRunView>>();
const runOf = (s: Scenario) => {
  let r = runs.get(s);
  if (!r) runs.set(s, (r = buildRunView(s)));
  return r;
};

describe('the bundled tours', () => {
  const { tours, errors } = tourCatalog();

  it('all validate, one per file, at least five', () => {
    expect(errors).toEqual([]);
    const files = Object.keys(import.meta.glob('/presets/tours/*.yaml'));
    expect(tours.length).toBe(files.length);
    expect(tours.length).toBeGreaterThanOrEqual(5);
    expect(tours.some((t) => t.compare)).toBe(true);
    expect(tours.some((t) => t.steps.some((s) => s.question))).toBe(true);
  });

  for (const tour of tours)
    it(`${tour.id}: every step finds its moment and its target in the run`, () => {
      let lastCursor = -1;
      let lastPreset = '';
      tour.steps.forEach((step, i) => {
        const presetId = step.preset ?? tour.preset;
        const base = presetScenario(presetId);
        if (typeof base === 'string') throw new Error(base);
        const scenario =
          step.run === 'B' && tour.compare ? withOverrides(base, tour.compare) : base;
        const run = runOf(scenario);
        const where = `step ${i + 1}`;
        const at = resolveAt(run, step.at);
        expect(at.ok ? 'found' : at.error, where).toBe('found');
        if (!at.ok) return;
        if (step.question?.ask) {
          const ask = resolveAt(run, step.question.ask);
          expect(ask.ok ? 'found' : ask.error, `${where} ask`).toBe('found');
          // The question is asked before its answer happens.
          if (ask.ok)
            expect(ask.value.cursor, `${where} ask before answer`).toBeLessThan(at.value.cursor);
        }
        // What the text says is what the panels show at that step.
        for (const claim of step.claims ?? [])
          expect(
            checkClaim(run, at.value.cursor, claim),
            `${where} claims ${JSON.stringify(claim)}`,
          ).toBe('');
        if (step.select) {
          const sel = resolveTarget(run, step.select, at.value.t);
          expect(sel.ok ? 'found' : sel.error, `${where} target`).toBe('found');
        }
        // Within one run the tour moves forward in time.
        const key = `${presetId}:${step.run ?? 'A'}`;
        if (key === lastPreset)
          expect(at.value.cursor, `${where} goes forward`).toBeGreaterThanOrEqual(lastCursor);
        lastPreset = key;
        lastCursor = at.value.cursor;
      });
    });

  it('every tour states claims, on most of its steps', () => {
    for (const tour of tours) {
      const claimed = tour.steps.filter((s) => (s.claims?.length ?? 0) > 0).length;
      expect(claimed, tour.id).toBeGreaterThanOrEqual(Math.ceil(tour.steps.length / 2));
    }
  });

  it('a claim the panels contradict is caught: the pod is not Ready when its first probe passes', () => {
    const run = runOf(presetScenario('hello-pod') as Scenario);
    const probe = resolveAt(run, {
      probe: { container: 'default/web/app', kind: 'readiness', result: 'Success' },
    });
    if (!probe.ok) throw new Error(probe.error);
    expect(checkClaim(run, probe.value.cursor, { pod: { pod: 'default/web', ready: '1/1' } })).toBe(
      'default/web is READY 0/1, not 1/1',
    );
    const ready = resolveAt(run, { ready: { pod: 'default/web' } });
    if (!ready.ok) throw new Error(ready.error);
    expect(checkClaim(run, ready.value.cursor, { pod: { pod: 'default/web', ready: '1/1' } })).toBe(
      '',
    );
  });

  it('finds "the first startContainer of app enters starting" where the Started Event follows', () => {
    const run = runOf(presetScenario('hello-pod') as Scenario);
    const at = resolveAt(run, { machine: 'startContainer:default/web/app', enters: 'starting' });
    const started = resolveAt(run, { event: { reason: 'Started', container: 'default/web/app' } });
    if (!at.ok || !started.ok) throw new Error('unresolved');
    const trace = run.raw.trace;
    const step = at.value.cursor - 1;
    expect(trace.strings[trace.steps.to[step]!]).toBe('starting');
    expect(trace.entities[trace.steps.entity[step]!]!.id).toBe('startContainer:default/web/app');
    expect(started.value.t).toBeGreaterThan(at.value.t);
  });

  it('says what a step points at that is not there', () => {
    const run = runOf(presetScenario('hello-pod') as Scenario);
    expect(
      resolveAt(run, { machine: 'startContainer:default/web/nope', enters: 'starting' }),
    ).toEqual({
      ok: false,
      error: 'no machine "startContainer:default/web/nope" in this run',
    });
    expect(
      resolveAt(run, { event: { reason: 'Killing', container: 'default/web/app' } }),
    ).toMatchObject({ ok: false });
    expect(resolveTarget(run, { cpu: 99 }, 0)).toEqual({
      ok: false,
      error: 'the node has no CPU 99',
    });
    expect(resolveTarget(run, { lane: 'nope', group: 'node' }, 0)).toMatchObject({ ok: false });
    expect(resolveTarget(run, { lane: 'app', group: 'default/web', span: 'poststart' }, 0)).toEqual(
      {
        ok: false,
        error: 'lane "app" has no poststart span',
      },
    );
  });

  it('run B of a Compare tour is the preset with the overrides', () => {
    const base = presetScenario('static-vs-none') as Scenario;
    const b = withOverrides(base, { cpuManagerPolicy: 'none', kubeletVersion: '1.18' });
    expect(b.node.kubelet.cpuManagerPolicy).toBe('none');
    expect(b.node.kubeletVersion).toBe('1.18');
    expect(base.node.kubelet.cpuManagerPolicy).toBe('static');
  });
});

describe('a bad tour file', () => {
  const good = `id: t\ntitle: T\nsummary: S\npreset: hello-pod\nsteps:\n  - at: { ms: 0 }\n    text: x\n`;

  it('parses when good', () => {
    expect(parseTour(good, 'good.yaml')).toMatchObject({ ok: true, tour: { id: 't' } });
  });

  it('names the file and the field', () => {
    expect(parseTour(good.replace('hello-pod', 'no-such'), 'bad.yaml')).toEqual({
      ok: false,
      error: 'bad.yaml: preset: not a bundled preset id',
    });
    const noSteps = parseTour(good.replace(/steps:[\s\S]*/, 'steps: []\n'), 'empty.yaml');
    expect(noSteps.ok).toBe(false);
    if (!noSteps.ok) expect(noSteps.error).toMatch(/^empty\.yaml: steps: /);
    const badAt = parseTour(good.replace('{ ms: 0 }', '{ when: soon }'), 'at.yaml');
    if (badAt.ok) throw new Error('accepted');
    expect(badAt.error).toMatch(/^at\.yaml: steps\.0\.at: /);
  });

  it('wants exactly one right answer to a question', () => {
    const q = good.replace(
      '    text: x\n',
      '    text: x\n    question:\n      prompt: P\n      explain: E\n      choices: [{ text: a }, { text: b }]\n',
    );
    const r = parseTour(q, 'q.yaml');
    expect(r).toEqual({
      ok: false,
      error: 'q.yaml: steps.0.question.choices: exactly one choice must be correct: true',
    });
  });

  it('says when the text is not YAML, and keeps the good tours of a catalog', () => {
    const r = parseTour('id: [', 'broken.yaml');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^broken\.yaml: not YAML: /);
    const cat = toursFromFiles({ 'a.yaml': good, 'b.yaml': 'id: [', 'c.yaml': good });
    expect(cat.tours.map((t) => t.id)).toEqual(['t']);
    expect(cat.errors).toHaveLength(2);
    expect(cat.errors[1]).toBe('c.yaml: id "t" is used by another tour');
  });
});
