import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRESET_ID,
  isPresetId,
  listPresets,
  loadPreset,
  PRESET_IDS,
  presetsFromFiles,
  presetText,
} from './presets';
import { formatProblem } from './parse';

describe('preset index', () => {
  it('bundles every file in presets/, in the order of the preset table', () => {
    expect(listPresets().map((p) => p.id)).toEqual([...PRESET_IDS]);
    expect(PRESET_IDS).toHaveLength(37);
    // Every file in presets/ is listed (and so reachable from the Scenario select).
    const files = Object.keys(import.meta.glob('/presets/*.yaml'));
    expect([...PRESET_IDS].sort()).toEqual(
      files.map((f) => f.replace(/^.*\/|\.yaml$/g, '')).sort(),
    );
    expect(DEFAULT_PRESET_ID).toBe('hello-pod');
    expect(isPresetId('hello-pod')).toBe(true);
    expect(isPresetId('nope')).toBe(false);
  });

  it('builds the same index from file texts, as the CLI does', () => {
    const files = Object.fromEntries(listPresets().map((p) => [`/x/presets/${p.id}.yaml`, p.text]));
    expect(presetsFromFiles({ ...files, 'presets/README.md': 'x' })).toEqual(listPresets());
  });

  it('says so when a preset is not bundled', () => {
    const r = loadPreset('missing' as never);
    expect(r.ok).toBe(false);
  });
});

describe.each(PRESET_IDS)('preset %s', (id) => {
  const r = loadPreset(id);

  it('parses and validates', () => {
    expect(r.ok ? [] : r.problems.map(formatProblem)).toEqual([]);
  });

  it('has a name, a one-line caption, a description and an opening time inside the run', () => {
    if (!r.ok) return;
    const md = r.scenario.metadata;
    expect(md.name.length).toBeGreaterThan(3);
    expect(md.caption).toMatch(/^[^\n]{10,140}$/);
    expect(md.description?.length).toBeGreaterThan(80);
    expect(md.openAt).toBeTypeOf('number');
    expect(md.openAt!).toBeLessThan(r.scenario.horizon);
  });

  it('uses real pod YAML: every manifest says apiVersion v1, kind Pod', () => {
    const text = presetText(id)!;
    const manifests = text.match(/^\s+kind: Pod$/gm) ?? [];
    expect(manifests.length).toBeGreaterThan(0);
    expect(text.match(/^\s+apiVersion: v1$/gm)?.length).toBe(manifests.length);
  });

  it('lists every image its pods use, so no run depends on a hidden default', () => {
    if (!r.ok) return;
    const known = new Set(r.scenario.node.images.map((i) => i.name));
    const manifests = [
      ...r.scenario.pods.map((p) => p.manifest),
      ...r.scenario.actions.flatMap((a) => (a.kind === 'AddPod' ? [a.manifest] : [])),
    ];
    for (const m of manifests)
      for (const c of [...(m.spec.initContainers ?? []), ...m.spec.containers])
        expect(known, `${m.metadata.name}/${c.name}`).toContain(c.image);
  });
});

// The engine's public surface may not exist yet while the machines are being written; this
// runs every preset through it as soon as src/sim/index.ts exports `simulate`.
const engine = import.meta.glob<{ simulate?: (s: unknown) => unknown }>('/src/sim/index.ts');
const load = engine['/src/sim/index.ts'];

describe.skipIf(!load)('presets run through simulate()', () => {
  it.each(PRESET_IDS)('%s runs to its horizon without throwing', async (id) => {
    const { simulate } = await load!();
    expect(simulate, 'src/sim/index.ts exports simulate').toBeTypeOf('function');
    const r = loadPreset(id);
    if (!r.ok) throw new Error(id);
    expect(simulate!(r.scenario)).toBeDefined();
  });
});
