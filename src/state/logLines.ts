/**
 * The log panel's questions, answered where the run's lines are (the engine worker, or the
 * page for a run built there): which lines of the whole run match a query (klog at -v ≤ v,
 * or containerd's, with a text filter), as columns the page can window and wrap without
 * their text, and the formatted rows of the few lines in view. A panel opened on a big node
 * (69k lines) then costs the page the columns and a screenful of text, not every line.
 */
import type { LogRow } from './viewTypes';

export type LogMode = 'klog' | 'containerd';

export interface LogQuery {
  readonly mode: LogMode;
  /** klog's -v (ignored for containerd). */
  readonly v: number;
  /** Lower-case text a line must contain ('' for every line). */
  readonly filter: string;
}

/**
 * The matching lines of the whole run, in order: each one's number in its log (to ask for
 * its row), its step (the cursor shows the lines before it) and its text's length (to wrap
 * it without its text).
 */
export interface LogMatches {
  readonly line: Int32Array;
  readonly step: Int32Array;
  readonly length: Uint32Array;
}

/** One log's lines as the panel reads them. */
export interface LogSource {
  readonly text: readonly string[];
  readonly step: ArrayLike<number>;
  readonly v: ArrayLike<number>;
  /** One character per line: I, W or E. */
  readonly severity: readonly string[] | string;
}

export function queryKey(q: LogQuery): string {
  return `${q.mode}|${q.mode === 'klog' ? q.v : 0}|${q.filter}`;
}

export function matchLines(src: LogSource, q: LogQuery): LogMatches {
  const n = src.text.length;
  const line = new Int32Array(n);
  let k = 0;
  const maxV = q.mode === 'klog' ? q.v : Infinity;
  for (let i = 0; i < n; i++) {
    if (src.v[i]! > maxV) continue;
    if (q.filter && !src.text[i]!.toLowerCase().includes(q.filter)) continue;
    line[k++] = i;
  }
  const out = {
    line: line.slice(0, k),
    step: new Int32Array(k),
    length: new Uint32Array(k),
  };
  for (let j = 0; j < k; j++) {
    const i = out.line[j]!;
    out.step[j] = src.step[i]!;
    out.length[j] = src.text[i]!.length;
  }
  return out;
}

export function rowsOf(src: LogSource, lines: ArrayLike<number>): LogRow[] {
  const out: LogRow[] = [];
  for (let j = 0; j < lines.length; j++) {
    const i = lines[j]!;
    const text = src.text[i];
    if (text === undefined) continue;
    out.push({ index: i, v: src.v[i]!, severity: src.severity[i] ?? 'I', text });
  }
  return out;
}

/** Queries answered per log, newest kept: a few filters and verbosities typed in turn. */
const KEEP = 8;

/** A log's answered queries (the caller keys it by its source). */
export class MatchCache {
  private readonly byKey = new Map<string, LogMatches>();
  get(src: LogSource, q: LogQuery): LogMatches {
    const k = queryKey(q);
    let m = this.byKey.get(k);
    if (m) {
      // Most recently used last.
      this.byKey.delete(k);
    } else {
      m = matchLines(src, q);
      if (this.byKey.size >= KEEP) this.byKey.delete(this.byKey.keys().next().value!);
    }
    this.byKey.set(k, m);
    return m;
  }
}
