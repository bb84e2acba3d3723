/**
 * Vite plugin: `/presets/<id>.yaml?scenario` is that preset parsed and validated at build
 * time (parseScenario, as the app would at run time), as a JSON module; `?title` is its
 * title alone (the Scenario picker's label), so the page's code carries no preset text. The engine worker
 * opens a preset from it, so its first run needs neither the YAML parser nor the schema
 * (they load when a link or a pasted scenario needs them). A preset that does not
 * validate fails the build with its problems.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

const QUERY = 'scenario';
const PARSE = fileURLToPath(new URL('../src/sim/scenario/parse.ts', import.meta.url));

const PRESETS = fileURLToPath(new URL('../src/sim/scenario/presets.ts', import.meta.url));
let index: ReturnType<typeof loadIndex> | undefined;
const presetIndex = () => (index ??= loadIndex());
function loadIndex() {
  return runnerImport<typeof import('../src/sim/scenario/presets')>(PRESETS, {
    configFile: false,
  });
}

let loaded: ReturnType<typeof loadParser> | undefined;
const parser = () => (loaded ??= loadParser());
function loadParser() {
  return runnerImport<typeof import('../src/sim/scenario/parse')>(PARSE, { configFile: false });
}

/** "Hello, pod" from the file's metadata, without a full parse (the file's name if none). */
export function presetTitle(text: string, file: string): string {
  return (
    /metadata:\s*\n\s+name:\s*(.+)/
      .exec(text)?.[1]
      ?.trim()
      .replace(/^["']|["']$/g, '') ??
    /([^/\\]+)\.yaml$/.exec(file)?.[1] ??
    file
  );
}

export function presetScenarios(): Plugin {
  return {
    name: 'kubeletscope:preset-scenarios',
    enforce: 'pre',
    async load(id) {
      const [file, query] = id.split('?');
      if (file === undefined || !file.endsWith('.yaml')) return null;
      if (query === 'title') {
        // The picker's order and default are the engine's (PRESET_IDS, DEFAULT_PRESET_ID).
        const { PRESET_IDS, DEFAULT_PRESET_ID } = (await presetIndex()).module;
        const id = /([^/\\]+)\.yaml$/.exec(file)?.[1] ?? '';
        const title = presetTitle(readFileSync(file, 'utf8'), file);
        const order = (PRESET_IDS as readonly string[]).indexOf(id);
        return `export default ${JSON.stringify({ title, order, isDefault: id === DEFAULT_PRESET_ID })};`;
      }
      if (query !== QUERY) return null;
      // Through Vite's module runner, not an import: the config file stays clear of the
      // engine's modules (Vite bundles what a config imports, and they are TypeScript).
      const { formatProblem, parseScenario } = (await parser()).module;
      const r = parseScenario(readFileSync(file, 'utf8'));
      if (!r.ok) throw new Error(`${file}: ${r.problems.map(formatProblem).join('; ')}`);
      // JSON.parse of a string literal: parsed faster than the same object as a literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(r.scenario))});`;
    },
  };
}
