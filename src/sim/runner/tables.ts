/**
 * The big tables of a copy-on-write domain (EngineSpec.copyOnWrite.tables: maps by pod UID or
 * container id) as checkpoints keep them. The live run writes them in place and logs each key it
 * sets or deletes (core/cow.ts); a checkpoint keeps, per table, the changes since the previous
 * checkpoint, or a copy (a keyframe) once those changes add up to the table's size. So a
 * checkpoint costs what changed, not what the node holds, and an idle table costs nothing. A
 * checkpoint's domain is built from them when it is read (a seek, a re-run, a test).
 */
import { deepFreeze } from '../core/clone';
import { DELETED, isLogged, logTable, markFresh, type TableLog } from '../core/cow';
import { copyTable } from '../core/shapes';

type Table = Record<string, unknown>;

/** One table's contents at a checkpoint: a copy, or the changes since an earlier version. */
interface Version {
  /** A keyframe's copy. */
  readonly base?: Table;
  readonly prev?: Version;
  /** Key, value pairs (DELETED for a delete) in the order they are applied. */
  readonly changes?: readonly unknown[];
  /** Entries in the keyframe. */
  readonly size: number;
  /** Changes kept since the keyframe, and versions since it. */
  readonly since: number;
  readonly depth: number;
}

/** Below this size a table's changes may add up to this many before the next keyframe. */
const MIN_SPAN = 32;
/** At most this many versions between a keyframe and a checkpoint (a seek's walk). */
const MAX_DEPTH = 64;

/** What a checkpoint keeps of the logged tables: the domain as it shared it, and each table's version. */
export interface DomainTables {
  /** The checkpoint's domain but for the tables (its copy of the root, sharing the rest). */
  readonly skeleton: object;
  readonly paths: readonly (readonly string[])[];
  /** Per path: its version, or undefined when no table was there. */
  readonly versions: readonly (Version | undefined)[];
}

const isObject = (v: unknown): v is Table => typeof v === 'object' && v !== null;

function tableAt(domain: object, path: readonly string[]): Table | undefined {
  let v: unknown = domain;
  for (const k of path) {
    if (!isObject(v)) return undefined;
    v = v[k];
  }
  return isObject(v) && !Array.isArray(v) ? v : undefined;
}

function keyframe(t: Table): Version {
  const base = copyTable(t);
  return { base, size: Object.keys(base).length, since: 0, depth: 0 };
}

/**
 * The same changes with one entry per key: deletes first (deleting a key the earlier table lacks
 * is a no-op), then each key's last value in the order of its last insertion (a key deleted and
 * set again goes last, as in the live table; setting a kept key keeps its place).
 */
function compact(changes: unknown[]): unknown[] {
  const last = new Map<unknown, unknown>();
  const deleted = new Set<unknown>();
  for (let j = 0; j < changes.length; j += 2) {
    const k = changes[j];
    const v = changes[j + 1];
    if (v === DELETED) {
      last.delete(k);
      deleted.add(k);
    } else last.set(k, v);
  }
  const out: unknown[] = [];
  for (const k of deleted) out.push(k, DELETED);
  for (const [k, v] of last) out.push(k, v);
  return out;
}

const builtTableOf = (v: Version) => tableOf(v);
const sharedTableOf = (v: Version) => v.base ?? tableOf(v);

/** A new table with a version's contents (written in place by whoever gets it). */
export function tableOf(version: Version): Table {
  const chain: (readonly unknown[])[] = [];
  let v = version;
  while (!v.base) {
    chain.push(v.changes!);
    v = v.prev!;
  }
  const out = copyTable(v.base);
  for (let i = chain.length - 1; i >= 0; i--) {
    const ch = chain[i]!;
    for (let j = 0; j < ch.length; j += 2) {
      const k = ch[j] as string;
      const x = ch[j + 1];
      if (x === DELETED) delete out[k];
      else out[k] = x;
    }
  }
  markFresh(out);
  return out;
}

/**
 * A checkpoint's domain: its skeleton with each table built from its version. With `share` (a
 * seek, which writes copy-on-write and logs nothing), a table whose version is a keyframe is
 * that keyframe's copy itself, copied only if the seek writes it: most tables of a seek are
 * only read, and building all of them was most of its cost.
 */
export function domainOf<D>(kept: DomainTables, share = false): D {
  const out: Table = { ...(kept.skeleton as Table) };
  const copied = new Set<string>();
  const tableOf = share ? sharedTableOf : builtTableOf;
  kept.versions.forEach((v, i) => {
    if (!v) return;
    const [a, b] = kept.paths[i]!;
    if (b === undefined) {
      out[a!] = tableOf(v);
      return;
    }
    const parent = out[a!];
    if (!isObject(parent)) return;
    if (!copied.has(a!)) {
      out[a!] = { ...parent };
      copied.add(a!);
    }
    (out[a!] as Table)[b] = tableOf(v);
  });
  return out as D;
}

/** The logged tables of one run: their logs and their versions at the last checkpoint. */
export class TableHistory {
  readonly paths: readonly (readonly string[])[];
  private readonly logs: (TableLog | undefined)[];
  private readonly last: (Version | undefined)[];

  constructor(paths: readonly string[]) {
    this.paths = paths.map((p) => {
      const parts = p.split('.');
      if (parts.length > 2) throw new Error(`table path "${p}": at most two levels`);
      return parts;
    });
    this.logs = this.paths.map(() => undefined);
    this.last = this.paths.map(() => undefined);
  }

  /**
   * Each table's version now (the changes logged since the last checkpoint, or a copy), and
   * the tables found now logged from here on.
   */
  checkpoint(domain: object): Version[] | (Version | undefined)[] {
    return this.paths.map((path, i) => {
      const t = tableAt(domain, path);
      if (!t) {
        this.logs[i] = undefined;
        return (this.last[i] = undefined);
      }
      const log = this.logs[i];
      const prev = this.last[i];
      let v: Version;
      if (log !== undefined && log.table === t && prev !== undefined) {
        const changes = log.takeChanges();
        if (changes.length === 0) v = prev;
        else {
          const kept = compact(changes);
          const since = prev.since + kept.length / 2;
          v =
            since >= Math.max(prev.size, MIN_SPAN) || prev.depth >= MAX_DEPTH
              ? keyframe(t)
              : { prev, changes: kept, size: prev.size, since, depth: prev.depth + 1 };
        }
      } else {
        // A table not seen at the last checkpoint (the first, or one replaced whole).
        v = keyframe(t);
        const l = logTable(t);
        l.takeChanges();
        this.logs[i] = l;
      }
      return (this.last[i] = v);
    });
  }

  /**
   * With checking on (tests): every logged table's rows frozen, as a checkpoint shares them, and
   * the keyframes kept, which seeks share.
   */
  freeze(domain: object, versions: readonly (Version | undefined)[]): void {
    for (const path of this.paths) {
      const t = tableAt(domain, path);
      if (t) for (const k in t) deepFreeze(t[k]);
    }
    for (const v of versions) if (v?.base) Object.freeze(v.base);
  }

  /**
   * With checking on (tests): each logged table equals the version just kept of it, key by key
   * in order, so a write that went round its log (and so is missing from the checkpoints) throws.
   */
  verify(domain: object, versions: readonly (Version | undefined)[]): void {
    this.paths.forEach((path, i) => {
      const v = versions[i];
      const t = tableAt(domain, path);
      if (!v || !t) return;
      const kept = tableOf(v);
      const [a, b] = [Object.keys(t), Object.keys(kept)];
      const same = a.length === b.length && a.every((k, j) => k === b[j] && t[k] === kept[k]);
      if (!same || !isLogged(t))
        throw new Error(`domain table ${path.join('.')} was written without its change log`);
    });
  }
}
