/**
 * The body of a klog line after "file:line] ". Structured calls (klog.InfoS/ErrorS, klog
 * v2 printS and serialize.KVListFormat) write a Go-quoted message then " key=value" pairs;
 * printf-era calls write free text. One tokenizer for every message, not a regex per
 * message: values may hold spaces, "]" and, for multi-line strings, whole lines.
 */
import { readGoString } from './goString';

export interface KlogBody {
  readonly msg: string;
  /** false: printf-era free text (the whole body is `msg`). */
  readonly structured: boolean;
  /** Raw value text per key, as printed; the last of repeated keys wins (klog de-duplicates). */
  readonly kv: ReadonlyMap<string, string>;
}

const KEY = /[A-Za-z_][\w.\-/]*/y;

/** Index after a bracketed value ({…}, […], &{…}) that tracks quotes; s.length if unclosed. */
function scanBracketed(s: string, i: number): number {
  let depth = 0;
  let j = i;
  while (j < s.length) {
    const c = s[j]!;
    if (c === '"') {
      const q = readGoString(s, j);
      j = q ? q.end : s.length;
      continue;
    }
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return j + 1;
    }
    j++;
  }
  return s.length;
}

export function parseKlogBody(rest: string): KlogBody {
  const kv = new Map<string, string>();
  if (rest[0] !== '"') return { msg: rest, structured: false, kv };
  const m = readGoString(rest, 0);
  if (!m) return { msg: rest, structured: false, kv };
  let i = m.end;
  while (i < rest.length) {
    if (rest[i] !== ' ') break;
    i++;
    KEY.lastIndex = i;
    const km = KEY.exec(rest);
    if (!km || rest[i + km[0].length] !== '=') break;
    const key = km[0];
    i += key.length + 1;
    let end: number;
    const c = rest[i];
    if (c === '"') {
      const q = readGoString(rest, i);
      end = q ? q.end : rest.length;
    } else if (c === '<' && rest[i + 1] === '\n') {
      // Multi-line string: "=<", NL, TAB-indented lines, NL, " >".
      const close = rest.indexOf('\n >', i);
      end = close < 0 ? rest.length : close + 3;
    } else if (c === '{' || c === '[') end = scanBracketed(rest, i);
    else if (c === '&' && rest[i + 1] === '{') end = scanBracketed(rest, i + 1);
    else {
      end = rest.indexOf(' ', i);
      if (end < 0) end = rest.length;
    }
    kv.set(key, rest.slice(i, end));
    i = end;
  }
  return { msg: m.value, structured: true, kv };
}

/** A value as a string: Go-quoted strings decoded, multi-line blocks unindented, others as printed. */
export function kvString(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (raw[0] === '"') return readGoString(raw, 0)?.value ?? raw;
  if (raw.startsWith('<\n'))
    return raw
      .slice(2)
      .replace(/\n >$/, '')
      .split('\n')
      .map((l) => l.replace(/^\t/, ''))
      .join('\n');
  return raw;
}

/** A list value: `["a/b","c/d"]` (JSON, ≥ klog 2.100) or `[a/b c/d]` (older, unquoted). */
export function kvList(raw: string | undefined): string[] {
  if (!raw) return [];
  if (raw[0] !== '[') {
    const s = kvString(raw);
    return s ? [s] : [];
  }
  try {
    const v = JSON.parse(raw) as unknown;
    if (Array.isArray(v))
      return v.map((x) => (typeof x === 'string' ? x : refOf(x))).filter(Boolean);
  } catch {
    // Unquoted, space- or comma-separated (KObjSlice before JSON encoding).
  }
  return raw
    .slice(1, -1)
    .split(/[ ,]+/)
    .map((x) => x.replace(/^"|"$/g, ''))
    .filter((x) => x.length > 0);
}

/** A JSON struct value, or null (old `&{…}` values are read with kvField). */
export function kvJson(raw: string | undefined): Record<string, unknown> | null {
  if (!raw || raw[0] !== '{') return null;
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A field of a struct value in either form: {"Type":"X"} (JSON) or &{… Type:X …} (%+v). */
export function kvField(raw: string | undefined, field: string): string | undefined {
  const j = kvJson(raw);
  if (j) {
    const v = j[field];
    return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
  }
  if (!raw) return undefined;
  const m = new RegExp(`[{ ,]${field}:"?([^ ,}"]*)`).exec(raw);
  return m?.[1];
}

/** "ns/name" of an ObjectRef written as a JSON object ({"name":…,"namespace":…}). */
export function refOf(v: unknown): string {
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.name === 'string')
      return typeof o.namespace === 'string' && o.namespace ? `${o.namespace}/${o.name}` : o.name;
  }
  return typeof v === 'string' ? v : '';
}
