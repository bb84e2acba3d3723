/**
 * Permalinks: `#s=<format>.<lz-string, URL-safe alphabet>` of the scenario plus a little
 * view state, never the trace. Decoding takes text from strangers, so every step is
 * bounded (size before and after decompression, nesting depth) and every failure comes
 * back as one sentence for the banner, never as an exception.
 */
// lz-string is CommonJS: a default import works under Vite and under Node (the CLI) alike.
import LZString from 'lz-string';
import { z } from 'zod';
import { formatProblem, parseScenario, validateScenario } from './parse';
import { listPresets, type Preset } from './presets';
import { LIMITS, SCENARIO_API_VERSION, type Scenario } from './schema';
import { toScenarioInput } from './serialize';
import { CURRENT_LINK_FORMAT, migratePayload } from './migrations';
import { decompressUriSafeBounded } from './permalinkLz';

export { CURRENT_LINK_FORMAT } from './migrations';

export const LINK_LIMITS = {
  /** Longer than this is refused before decompressing. */
  maxFragmentChars: 65_536,
  /** Decompressed JSON; the same bound as a scenario file. */
  maxJsonChars: LIMITS.maxBytes,
  /** Brackets deep; checked on the text so JSON.parse never recurses far. */
  maxNesting: 64,
  /** The length quoted as safe everywhere (anchors.md A13). */
  safeLength: 2_000,
  /** RFC 9110's minimum every client should support; above it, warn. */
  warnLength: 8_000,
} as const;

const simMillis = z.number().int().min(0).max(LIMITS.maxHorizonMs);

const selectionSchema = z.object({
  kind: z.string().regex(/^[a-z][a-z-]{0,31}$/),
  id: z.union([z.string().min(1).max(300), z.number().int().min(0).max(1_000_000)]),
});

/** View state that travels with a link. Each field is checked on its own; a bad one is dropped. */
export const viewStateFields = {
  /** Cursor, simulated milliseconds. */
  t: simMillis,
  /** Cursor as an index into the trace's steps, when the view counts steps. */
  step: z.number().int().min(0).max(100_000_000),
  /** Zoom window [t0, t1] in simulated milliseconds. */
  window: z
    .tuple([simMillis, simMillis])
    .refine(([t0, t1]) => t0 < t1, 'the window must start before it ends'),
  /** What is selected: { kind: 'container', id: 'default/web/app' }, { kind: 'cpu', id: 3 }. */
  selection: selectionSchema,
  /** Compare's run B's own selection, as `selection` (pages without Compare ignore it). */
  selectionB: selectionSchema,
  /** Open panels, by id. */
  panels: z
    .array(z.string().regex(/^[A-Za-z][\w-]{0,39}$/))
    .max(20)
    .transform((p) => [...new Set(p)]),
  /** The guided tour open, by its file's id, and its step (0-based). */
  tour: z.object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/),
    step: z.number().int().min(0).max(1000),
  }),
};

export const viewStateSchema = z.object(viewStateFields).partial();
export type ViewState = z.output<typeof viewStateSchema>;

type Json = Record<string, unknown>;

/** Keeps the view fields that are valid, drops the rest (and anything unknown), says what it dropped. */
export function cleanViewState(value: unknown): { view: ViewState; dropped: string[] } {
  const view: Json = {};
  const dropped: string[] = [];
  if (value === undefined) return { view, dropped };
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { view, dropped: ['view'] };
  const v = value as Json;
  for (const [key, schema] of Object.entries(viewStateFields)) {
    if (v[key] === undefined) continue;
    const r = schema.safeParse(v[key]);
    if (r.success) view[key] = r.data;
    else dropped.push(key);
  }
  return { view, dropped };
}

export interface EncodedPermalink {
  /** "#s=2.N4Ig…": put it after the page address. */
  fragment: string;
  /** Characters in the whole link when a base address was given, else in the fragment. */
  linkLength: number;
  /** Over about 2,000 characters: fine in browsers, but some chat tools and mailers cut it. */
  overSafeLength: boolean;
  /** Over 8,000 characters: warn the user that the link may not survive being shared. */
  tooLong: boolean;
}

/** The prose of a preset's metadata: a link whose prose is unchanged names the preset instead. */
const PROSE_KEYS = ['name', 'caption', 'description'] as const;
type Prose = Partial<Record<(typeof PROSE_KEYS)[number], string>>;
const proseCache = new Map<string, Prose | null>();

function proseOf(preset: Preset): Prose | null {
  let prose = proseCache.get(preset.text);
  if (prose === undefined) {
    const r = parseScenario(preset.text);
    prose = r.ok
      ? {
          name: r.scenario.metadata.name,
          caption: r.scenario.metadata.caption,
          description: r.scenario.metadata.description,
        }
      : null;
    proseCache.set(preset.text, prose);
  }
  return prose;
}

export interface PermalinkOptions {
  /** The presets to refer to; the bundled ones by default (the CLI passes its own). */
  presets?: readonly Preset[];
}

export function encodePermalink(
  scenario: Scenario,
  view: ViewState = {},
  opts: PermalinkOptions & { baseUrl?: string } = {},
): EncodedPermalink {
  // The input form without defaults: the link carries only what the author chose.
  const s = toScenarioInput(scenario, { durations: 'seconds', stripDefaults: true });
  delete s.apiVersion;
  delete s.kind;
  const payload: Json = { s };
  // A preset's name, caption and description are half of its link; when they are
  // unchanged, name the preset instead. Its prose may be reworded later; that is fine.
  const md = scenario.metadata;
  const source = (opts.presets ?? listPresets()).find((p) => {
    const prose = proseOf(p);
    return prose !== null && PROSE_KEYS.every((k) => prose[k] === md[k]);
  });
  if (source) {
    payload.m = source.id;
    const meta = { ...(s.metadata as Json) };
    for (const k of PROSE_KEYS) delete meta[k];
    if (Object.keys(meta).length) s.metadata = meta;
    else delete s.metadata;
  }
  const v = cleanViewState(view).view;
  if (Object.keys(v).length) payload.v = v;
  const fragment = `#s=${CURRENT_LINK_FORMAT}.${LZString.compressToEncodedURIComponent(JSON.stringify(payload))}`;
  const linkLength = (opts.baseUrl?.replace(/#.*$/, '').length ?? 0) + fragment.length;
  return {
    fragment,
    linkLength,
    overSafeLength: linkLength > LINK_LIMITS.safeLength,
    tooLong: linkLength > LINK_LIMITS.warnLength,
  };
}

export type DecodedPermalink =
  | {
      ok: true;
      scenario: Scenario;
      view: ViewState;
      /** The format the link was written in; below CURRENT_LINK_FORMAT means it was upgraded. */
      format: number;
      /** Sentences about view settings that were ignored; the scenario itself opened. */
      warnings: string[];
    }
  | { ok: false; reason: string };

const fail = (reason: string): DecodedPermalink => ({ ok: false, reason });

/** The `s=` value of a fragment ("#s=1.x", "s=1.x&embed=1", or a whole URL), or null. */
export function permalinkParam(input: string): string | null {
  const hash = input.includes('#') ? input.slice(input.indexOf('#') + 1) : input;
  for (const part of hash.split('&')) if (part.startsWith('s=')) return part.slice(2);
  return null;
}

/** Deepest bracket nesting of JSON text, counted outside strings; stops early past `limit`. */
export function jsonNesting(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 || ch === 91 /* { [ */) {
      if (++depth > max) max = depth;
      if (max > limit) return max;
    } else if (ch === 125 || ch === 93) depth--;
  }
  return max;
}

// Keys that could reach an object's prototype if any later code copied them by assignment.
const POISON_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** JSON.parse that drops prototype-polluting keys; null when the text is not JSON. */
export function parseJsonSafely(text: string): unknown {
  try {
    return JSON.parse(text, (key, value: unknown) => (POISON_KEYS.has(key) ? undefined : value));
  } catch {
    return null;
  }
}

/** Puts back the prose of the preset a link names; the link's own metadata wins. */
function withPresetProse(
  s: Json,
  ref: unknown,
  presets: readonly Preset[],
  warnings: string[],
): Json {
  if (ref === undefined) return s;
  const id = typeof ref === 'string' ? ref.slice(0, 100) : '';
  const preset = presets.find((p) => p.id === id);
  const prose = preset ? proseOf(preset) : null;
  const own = s.metadata !== null && typeof s.metadata === 'object' ? (s.metadata as Json) : {};
  if (!prose)
    warnings.push(
      `The link is based on the preset "${id}", which this version does not have, so its description is missing.`,
    );
  const metadata: Json = { ...(prose ?? { name: id || 'untitled' }) };
  for (const [k, v] of Object.entries(own)) if (v !== undefined) metadata[k] = v;
  for (const k of PROSE_KEYS) if (metadata[k] === undefined) delete metadata[k];
  return { ...s, metadata };
}

function decode(input: string, opts: PermalinkOptions): DecodedPermalink {
  if (input.length > LINK_LIMITS.maxFragmentChars + 4096)
    return fail(
      `The link is too long to be a kubeletscope scenario (${input.length.toLocaleString('en')} characters; links are at most ${LINK_LIMITS.maxFragmentChars.toLocaleString('en')}).`,
    );
  const param = permalinkParam(input.trim());
  if (param === null)
    return fail('The link has no scenario in it: the part after # should start with "s=".');
  const m = /^(\d{1,6})\.([\s\S]*)$/.exec(param);
  if (!m)
    return fail(
      'The link is damaged: after "s=" it should have a format number, a dot and the data.',
    );
  const format = Number(m[1]);
  if (format > CURRENT_LINK_FORMAT)
    return fail(
      `This link was made by a newer version of kubeletscope (link format ${format}); this page reads formats up to ${CURRENT_LINK_FORMAT}. Reload the page to get the newer version.`,
    );
  const data = m[2]!.replace(/[\r\n\t]/g, '');
  if (data.length > LINK_LIMITS.maxFragmentChars)
    return fail(
      `The link is too long to be a kubeletscope scenario (${data.length.toLocaleString('en')} characters of data; links are at most ${LINK_LIMITS.maxFragmentChars.toLocaleString('en')}).`,
    );
  const inflated = decompressUriSafeBounded(data, LINK_LIMITS.maxJsonChars);
  if (!inflated.ok) {
    if (inflated.why === 'too-big')
      return fail(
        'The link expands to more than 1 MB, far more than any scenario needs, so it was not opened.',
      );
    if (inflated.why === 'bad-char')
      return fail(
        'The link is damaged: its data contains characters a kubeletscope link never has. Was it changed while being copied?',
      );
    return fail(
      'The link is damaged or cut short: its data could not be decompressed. Was the whole link copied?',
    );
  }
  const text = inflated.text;
  if (jsonNesting(text, LINK_LIMITS.maxNesting) > LINK_LIMITS.maxNesting)
    return fail(
      `The link's data is nested more than ${LINK_LIMITS.maxNesting} levels deep, which no scenario is, so it was not opened.`,
    );
  const parsed = parseJsonSafely(text);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return fail(
      'The link is damaged: its data decompressed but is not a scenario. Was the whole link copied?',
    );
  const migrated = migratePayload(format, parsed as Json);
  if (!migrated.ok) return fail(migrated.reason);
  const payload = migrated.payload;
  const raw = payload.s;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return fail('The link is damaged: it holds no scenario.');
  const warnings: string[] = [];
  const s = withPresetProse(raw as Json, payload.m, opts.presets ?? listPresets(), warnings);
  const checked = validateScenario({ apiVersion: SCENARIO_API_VERSION, kind: 'Scenario', ...s });
  if (!checked.ok) {
    const [first, ...rest] = checked.problems;
    const more = rest.length
      ? ` (and ${rest.length} more problem${rest.length > 1 ? 's' : ''})`
      : '';
    return fail(
      `The scenario in the link is not valid: ${first ? formatProblem(first) : 'unknown problem'}${more}.`,
    );
  }
  const { view, dropped } = cleanViewState(payload.v);
  for (const k of dropped)
    warnings.push(
      k === 'view'
        ? "The link's view settings were not understood and were ignored."
        : `The link's view setting "${k}" was not understood and was ignored.`,
    );
  return { ok: true, scenario: checked.scenario, view, format, warnings };
}

/**
 * A fragment, `s=` parameter or whole URL to a validated scenario and view state.
 * Never throws: anything unexpected becomes `{ ok: false, reason }`.
 */
export function decodePermalink(input: string, opts: PermalinkOptions = {}): DecodedPermalink {
  try {
    return decode(typeof input === 'string' ? input : '', opts);
  } catch (e) {
    return fail(
      `The link could not be opened: ${e instanceof Error ? e.message : 'unexpected error'}.`,
    );
  }
}
