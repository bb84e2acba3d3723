/**
 * Issue 30, items 2 and 3: a preset opens framed on its story (its pods' start-up), and its ★
 * bookmark lands on its moment (the step the preset is about), never on a sync tick at the
 * same second.
 */
import { describe, expect, it } from 'vitest';
import { buildRunView, scenarioMoment } from './buildRunView';
import { narrate, parseScenario } from '../sim';

const FILES = import.meta.glob<string>('/presets/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const IDS = Object.keys(FILES).map((f) => /([^/]+)\.yaml$/.exec(f)![1]!);
function load(id: string) {
  const r = parseScenario(FILES[`/presets/${id}.yaml`] ?? '');
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return { scenario: r.scenario, run: buildRunView(r.scenario) };
}

describe("each preset's bookmark is its moment", () => {
  for (const id of IDS)
    it(`${id}: the bookmark is a step of note, not a tick`, () => {
      const { scenario, run } = load(id);
      const step = scenarioMoment(scenario, run);
      expect(step, 'metadata.moment names a step of the run').not.toBeNull();
      expect(Array.from(run.notable)).toContain(step);
      const said = narrate(run.raw, step! + 1);
      expect(said).not.toMatch(/syncTicker|housekeepingTicker|finds no pod due/);
      // openAt (the time the CLI and older links use) is the moment's time.
      expect(scenario.metadata.openAt).toBe(run.times[step!]);
    });

  it("static-vs-none's moment is the app's cpuset written into its create request", () => {
    const { scenario, run } = load('static-vs-none');
    const step = scenarioMoment(scenario, run)!;
    expect(run.raw.trace.records.some((r) => r.step === step && r.kind === 'cpuset')).toBe(true);
  });
});

describe('a preset opens on its story', () => {
  it("hello-pod's story is its start-up, to Ready, not the two minutes of the run", () => {
    const { run } = load('hello-pod');
    expect(run.story).toBe(4761);
    expect(run.endT).toBe(120_000);
  });
  for (const id of IDS)
    it(`${id}: the story is within the run and ends after the first container starts`, () => {
      const { run } = load(id);
      expect(run.story).toBeGreaterThan(0);
      expect(run.story!).toBeLessThanOrEqual(run.endT);
    });
});
