/**
 * The bundled tours: every presets/tours/*.yaml, inlined by Vite (as the presets are) and
 * parsed once. A file that does not validate is left out and its problem kept, so one bad
 * tour never takes the others (or the page) down.
 */
/// <reference types="vite/client" />
import { parseTour, type Tour } from './tourSchema';

export interface TourCatalog {
  readonly tours: readonly Tour[];
  /** One sentence per file that did not validate. */
  readonly errors: readonly string[];
}

/** Builds the catalog from file texts keyed by path; tours sorted by file name. */
export function toursFromFiles(files: Readonly<Record<string, string>>): TourCatalog {
  const tours: Tour[] = [];
  const errors: string[] = [];
  const ids = new Set<string>();
  for (const path of Object.keys(files).sort()) {
    const file = path.replace(/^.*\//, '');
    const r = parseTour(files[path]!, file);
    if (!r.ok) errors.push(r.error);
    else if (ids.has(r.tour.id)) errors.push(`${file}: id "${r.tour.id}" is used by another tour`);
    else {
      ids.add(r.tour.id);
      tours.push(r.tour);
    }
  }
  return { tours, errors };
}

let bundled: TourCatalog | undefined;

export function tourCatalog(): TourCatalog {
  bundled ??= toursFromFiles(
    import.meta.glob<string>('/presets/tours/*.yaml', {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  );
  return bundled;
}

export function findTour(id: string): Tour | undefined {
  return tourCatalog().tours.find((t) => t.id === id);
}
