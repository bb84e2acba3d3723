/** The pickers' options: bundled preset scenarios and named node topologies. */
import { parseScenario, formatProblem, listPresets } from '../../sim';
import { DEFAULT_PRESET, isBundledPreset, presetTitles } from '../../state/presetTitles';
import { TOPOLOGY_CATALOG } from '../../state/resolveTopology';
import type { PresetLoad } from '../../state/store';
import type { CatalogEntry } from '../controls/QuickControls';

export function presetCatalog(): CatalogEntry[] {
  return presetTitles();
}

export function topologyCatalog(): CatalogEntry[] {
  return TOPOLOGY_CATALOG.map((t) => ({
    id: t.id,
    // A fixture's label names it already ("Kubernetes test fixture topoSingleSocketHT").
    label: t.label,
  }));
}

export function loadBundledPreset(id: string): PresetLoad {
  const p = listPresets().find((x) => x.id === id);
  if (!p) return { ok: false, error: `There is no preset named "${id}".` };
  const r = parseScenario(p.text);
  if (!r.ok)
    return {
      ok: false,
      error: `Preset "${id}" is invalid: ${r.problems.map(formatProblem).join('; ')}`,
    };
  return { ok: true, scenario: r.scenario };
}

/**
 * `?preset=` naming no bundled preset (a typo, or a preset of another version of the page):
 * the default opens instead, with a notice saying so. Null when the address names none or a
 * bundled one.
 */
export function unknownPresetId(search: string): string | null {
  const id = new URLSearchParams(search).get('preset');
  return id !== null && !isBundledPreset(id) ? id : null;
}

/** The preset named by `?preset=` in the address, or the default. */
export function initialPresetId(search: string): string {
  const id = new URLSearchParams(search).get('preset');
  return id !== null && isBundledPreset(id) ? id : DEFAULT_PRESET;
}
