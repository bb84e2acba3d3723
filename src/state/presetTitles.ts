/**
 * The bundled presets' ids, order and titles (metadata.name), read at build time by
 * scripts/presetScenarios.ts: the page's code (and the engine worker's first script)
 * carries neither the presets' text nor the parser it would take to read them. The engine
 * worker opens presets; the order and the default are the engine's (PRESET_IDS).
 */
interface TitleModule {
  readonly title: string;
  /** Index in the engine's PRESET_IDS; -1 for a file that is not a bundled preset. */
  readonly order: number;
  readonly isDefault: boolean;
}

const files = import.meta.glob<TitleModule>('/presets/*.yaml', {
  query: '?title',
  import: 'default',
  eager: true,
});

const list = Object.entries(files)
  .map(([path, t]) => ({ id: /([^/]+)\.yaml$/.exec(path)?.[1] ?? path, ...t }))
  .filter((p) => p.order >= 0)
  .sort((a, b) => a.order - b.order);

/** The bundled presets in the picker's order, each with its title. */
export function presetTitles(): { id: string; label: string }[] {
  return list.map((p) => ({ id: p.id, label: p.title }));
}

export function isBundledPreset(id: string): boolean {
  return list.some((p) => p.id === id);
}

/** The preset the page opens without `?preset=` (the engine's DEFAULT_PRESET_ID). */
export const DEFAULT_PRESET: string = list.find((p) => p.isDefault)?.id ?? list[0]?.id ?? '';

let byName: Map<string, string> | null = null;

/** The bundled preset a scenario came from, by name ('custom' for any other). */
export function presetIdByName(name: string): string {
  byName ??= new Map(presetTitles().map((p) => [p.label, p.id]));
  return byName.get(name) ?? 'custom';
}
