/**
 * Scenario (the parsed, validated form) back to its input form: YAML for "Download
 * scenario" and the editor, and a compact object for permalinks. Either way
 * `validateScenario(toScenarioInput(s, ...))` gives back `s`.
 *
 * The conversion walks the zod schema beside the value, so a field added to the schema
 * later is handled without touching this file: every `duration` is written back as text
 * or seconds, and every field whose schema has a default can be left out when it holds
 * exactly that default. Keys come out in schema order, which is reading order.
 */
import { Document, isMap, isPair, isScalar, isSeq, visit, type Node as YamlNode } from 'yaml';
import type { z } from 'zod';
import type { Millis } from '../core/time';
import { duration, scenarioSchema, type Scenario } from './schema';

type Json = Record<string, unknown>;

export interface InputFormOptions {
  /** 'text': "90s", "10m" (readable); 'seconds': 90, 600 (shorter in a link). */
  durations: 'text' | 'seconds';
  /** Leave out every value the schema would fill in by itself. */
  stripDefaults: boolean;
}

/** "50ms", "1.5s", "90s", "2m30s", "10m", "1h30m": shortest readable text that parseDuration reads back. */
export function formatDuration(ms: Millis): string {
  if (ms === 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  // Up to two minutes reads better in seconds, as kubectl prints ages.
  if (ms < 120_000) return `${ms / 1000}s`;
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const rest = ms % 60_000;
  return `${h ? `${h}h` : ''}${m ? `${m}m` : ''}${rest ? `${rest / 1000}s` : ''}`;
}

/** The parts of zod 4's schema definitions this walk reads. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  discriminator?: string;
  values?: unknown[];
  defaultValue?: unknown;
}
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

function isObj(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => sameJson(a[k], b[k]));
  }
  return false;
}

/** The default a field's schema fills in, if it has one (through optional wrappers). */
function defaultOf(schema: z.ZodType): { value: unknown } | undefined {
  const def = defOf(schema);
  if (def.type === 'default') return { value: def.defaultValue };
  if (def.type === 'optional' && def.innerType) return defaultOf(def.innerType);
  return undefined;
}

/** The option of a discriminated union whose literal matches the value's discriminator. */
function unionOption(def: Def, v: unknown): z.ZodType | undefined {
  if (!def.discriminator || !isObj(v) || !def.options) return undefined;
  const tag = v[def.discriminator];
  return def.options.find((o) => {
    const field = defOf(o).shape?.[def.discriminator!];
    return field !== undefined && (defOf(field).values ?? []).includes(tag);
  });
}

function walk(v: unknown, schema: z.ZodType, opts: InputFormOptions): unknown {
  if (v === undefined || v === null) return v;
  if (schema === duration)
    return typeof v === 'number' ? (opts.durations === 'text' ? formatDuration(v) : v / 1000) : v;
  const def = defOf(schema);
  switch (def.type) {
    case 'default':
    case 'prefault':
    case 'optional':
    case 'nullable':
    case 'readonly':
      return def.innerType ? walk(v, def.innerType, opts) : v;
    case 'pipe':
      return def.in ? walk(v, def.in, opts) : v;
    case 'array':
      return Array.isArray(v) && def.element ? v.map((x) => walk(x, def.element!, opts)) : v;
    case 'union': {
      const option = unionOption(def, v);
      return option ? walk(v, option, opts) : v;
    }
    case 'object': {
      if (!isObj(v) || !def.shape) return v;
      const out: Json = {};
      for (const [k, field] of Object.entries(def.shape)) {
        if (v[k] === undefined) continue;
        const dflt = opts.stripDefaults ? defaultOf(field) : undefined;
        // Left out only when it parses back to the same value: zod's .default({}) does not
        // run the inner defaults, so a filled-in object must stay, if only as {}.
        if (dflt && sameJson(v[k], dflt.value)) continue;
        out[k] = walk(v[k], field, opts);
      }
      // Fields the schema lets through (labels of a looseObject and the like) stay as they are.
      for (const [k, x] of Object.entries(v)) if (!(k in def.shape) && x !== undefined) out[k] = x;
      return out;
    }
    default:
      return v;
  }
}

export function toScenarioInput(s: Scenario, opts: InputFormOptions): Json {
  return walk(s, scenarioSchema, opts) as Json;
}

/** Flow style (`{ cpu: "2", memory: 1Gi }`, `[sh, -c, ...]`) for short all-scalar maps and lists. */
function flowShortCollections(doc: Document) {
  const text = (n: unknown) => (isScalar(n) ? String(n.value).length + 2 : Infinity);
  const short = (node: YamlNode) => {
    if (!(isMap(node) || isSeq(node)) || node.items.length === 0) return false;
    let width = 0;
    for (const it of node.items)
      width += isPair(it) ? text(it.key) + text(it.value) + 2 : text(it) + 2;
    return width <= 64;
  };
  visit(doc, {
    Map(_, node) {
      if (short(node)) node.flow = true;
    },
    Seq(_, node) {
      if (short(node)) node.flow = true;
    },
  });
}

/**
 * Scenario to YAML. By default every field is written out, defaults included, so the
 * downloaded file shows the whole kubelet configuration; `minimal` leaves defaults out.
 */
export function toYaml(s: Scenario, opts: { minimal?: boolean } = {}): string {
  const doc = new Document(
    toScenarioInput(s, { durations: 'text', stripDefaults: opts.minimal ?? false }),
  );
  flowShortCollections(doc);
  return doc.toString({ lineWidth: 100, minContentWidth: 40, flowCollectionPadding: true });
}
