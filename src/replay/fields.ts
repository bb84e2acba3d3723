/**
 * One view of a record's key/value pairs for both log formats: klog text (values as
 * printed) and --logging-format=json (values as JSON). The message table reads only this.
 */
import { kvField, kvList, kvString, refOf } from './klogFields';

export interface Fields {
  /** A value as text (strings decoded; ObjectRefs as "ns/name"). */
  str(key: string): string | undefined;
  /** A list of strings or ObjectRefs ("pods"). */
  list(key: string): string[];
  /** A field of a struct value ("event" → "Type"). */
  field(key: string, name: string): string | undefined;
  /** The raw printed value (klog) or JSON text (json), for dumps. */
  raw(key: string): string | undefined;
}

export function klogFields(kv: ReadonlyMap<string, string>): Fields {
  return {
    str: (k) => kvString(kv.get(k)),
    list: (k) => kvList(kv.get(k)),
    field: (k, n) => kvField(kv.get(k), n),
    raw: (k) => kv.get(k),
  };
}

export function jsonFields(o: Record<string, unknown>): Fields {
  const str = (k: string): string | undefined => {
    const v = o[k];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    const r = refOf(v);
    return r || JSON.stringify(v);
  };
  return {
    str,
    list: (k) => {
      const v = o[k];
      if (Array.isArray(v)) return v.map(refOf).filter((x) => x.length > 0);
      const s = str(k);
      return s ? [s] : [];
    },
    field: (k, n) => {
      const v = o[k];
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        const f = (v as Record<string, unknown>)[n];
        return typeof f === 'string' || typeof f === 'number' ? String(f) : undefined;
      }
      return undefined;
    },
    raw: (k) => {
      const v = o[k];
      return v === undefined ? undefined : typeof v === 'string' ? v : JSON.stringify(v);
    },
  };
}
