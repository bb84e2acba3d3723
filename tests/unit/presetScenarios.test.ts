/**
 * The engine worker opens presets from scripts/presetScenarios.ts's build-time parse (JSON):
 * each must be exactly what parseScenario gives at run time, and a preset that does not
 * validate must fail the build with its problems.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { presetScenarios } from '../../scripts/presetScenarios';
import { listPresets, parseScenario } from '../../src/sim';
import { presetCatalog } from '../../src/ui/app/catalog';

type Load = (id: string) => Promise<string | null>;
const load = presetScenarios().load as unknown as Load;

/** The module's default export, as the worker receives it. */
function moduleValue(code: string): unknown {
  const m = /^export default JSON\.parse\((.*)\);$/s.exec(code);
  if (!m) throw new Error(`unexpected module: ${code.slice(0, 80)}`);
  return JSON.parse(JSON.parse(m[1]!) as string);
}

describe('presets parsed at build time', () => {
  it('every preset: the module is parseScenario of its file, field for field', async () => {
    const presets = listPresets();
    expect(presets.length).toBeGreaterThan(20);
    for (const p of presets) {
      const r = parseScenario(p.text);
      if (!r.ok) throw new Error(`${p.id} does not parse`);
      const code = await load.call({}, `${process.cwd()}/presets/${p.id}.yaml?scenario`);
      expect(code, p.id).not.toBeNull();
      expect(moduleValue(code!), p.id).toStrictEqual(r.scenario);
    }
  });

  it('other files and queries are left to Vite', async () => {
    expect(await load.call({}, `${process.cwd()}/presets/hello-pod.yaml?raw`)).toBeNull();
    expect(await load.call({}, `${process.cwd()}/src/main.tsx`)).toBeNull();
  });

  it('a preset that does not validate fails the build, naming the file and the field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'presets-'));
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'metadata:\n  name: bad\nnode:\n  cpus: -3\n');
    await expect(load.call({}, `${file}?scenario`)).rejects.toThrow(/bad\.yaml: .*node/);
  });

  it("the Scenario picker lists every preset in order, each by its metadata's name", () => {
    const presets = listPresets();
    const names = presets.map((p) => {
      const r = parseScenario(p.text);
      if (!r.ok) throw new Error(`${p.id} does not parse`);
      return { id: p.id, label: r.scenario.metadata.name };
    });
    expect(presetCatalog()).toEqual(names);
  });
});
