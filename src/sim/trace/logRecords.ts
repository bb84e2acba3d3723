/**
 * The trace's klog lines as records, not text: per line its message id (an index into the
 * run's table of forms: verbosity, severity, file:line, message), its step and time, and
 * references to the values it prints (its key/value pairs, whose values may be deferred:
 * a status printed from the frozen status). A line's object and its deferred text are made
 * when it is first read (a view, an export, the CLI), and kept for the next reader; a run
 * builds none of the ~70,000 line objects of a large node.
 *
 * To a reader it is a read-only list of LogLine (length, at, iteration, find, filter, map...).
 */
import type { LogLine } from './types';

/** What a message id names: how the line prints apart from its values. */
export interface LogForm {
  readonly v: number;
  readonly severity: LogLine['severity'];
  readonly source: string;
  readonly msg: string;
}

type Pairs = LogLine['kv'];

/** A value printed from frozen values when the line is first read (lazyValue in klog.ts). */
export class Deferred {
  constructor(readonly render: () => string) {}
}

/** The pairs with every deferred value printed (the same list when none is deferred). */
export function printedPairs(kv: Pairs): Pairs {
  for (let i = 0; i < kv.length; i++)
    if ((kv[i]![1] as unknown) instanceof Deferred) {
      return kv.map(([k, v]) => [
        k,
        (v as unknown) instanceof Deferred ? (v as unknown as Deferred).render() : v,
      ]);
    }
  return kv;
}

const formKey = (v: number, severity: string, source: string, msg: string) =>
  `${v}\u0000${severity}\u0000${source}\u0000${msg}`;

export class LogRecords implements Iterable<LogLine> {
  /** The run's message table, in first-use order (so a resumed run's ids agree with a full run's). */
  readonly forms: LogForm[] = [];
  /** Per line: its message id (index into forms). */
  readonly form: number[] = [];
  readonly step: number[] = [];
  readonly t: number[] = [];
  /** Per line: its pairs as logged (shared lists; values may be deferred). */
  readonly kv: Pairs[] = [];
  /** A printf line's text (an older kubelet's), by line index. */
  readonly text = new Map<number, string>();
  #byKey = new Map<string, number>();
  #byObject = new Map<object, number>();
  #lines: LogLine[] = [];

  get length(): number {
    return this.step.length;
  }

  /** The id of a form, interned; `of` (a static form object) spares building its key. */
  private formId(v: number, severity: LogLine['severity'], source: string, msg: string): number {
    const key = formKey(v, severity, source, msg);
    let id = this.#byKey.get(key);
    if (id === undefined) {
      id = this.forms.length;
      this.forms.push({ v, severity, source, msg });
      this.#byKey.set(key, id);
    }
    return id;
  }

  /** Appends a line of a static form (the same object for every line of its message). */
  addForm(form: LogForm, kv: Pairs, step: number, t: number): void {
    let id = this.#byObject.get(form);
    if (id === undefined) {
      id = this.formId(form.v, form.severity, form.source, form.msg);
      this.#byObject.set(form, id);
    }
    this.form.push(id);
    this.step.push(step);
    this.t.push(t);
    this.kv.push(kv);
  }

  /** Appends a line given whole. */
  add(line: Omit<LogLine, 'step' | 't'>, step: number, t: number): void {
    const i = this.step.length;
    this.form.push(this.formId(line.v, line.severity, line.source, line.msg));
    this.step.push(step);
    this.t.push(t);
    this.kv.push(line.kv);
    if (line.text !== undefined) this.text.set(i, line.text);
  }

  /** Line i's verbosity (without making its line). */
  vAt(i: number): number {
    return this.forms[this.form[i]!]!.v;
  }

  /** Line i as the views read it: made at its first read, then kept. */
  at(i: number): LogLine | undefined {
    if (i < 0) i += this.length;
    if (i < 0 || i >= this.length) return undefined;
    let l = this.#lines[i];
    if (l === undefined) {
      const f = this.forms[this.form[i]!]!;
      const text = this.text.get(i);
      // The keys in the order a line was always made in (the trace's JSON keeps it).
      l =
        text === undefined
          ? {
              v: f.v,
              severity: f.severity,
              source: f.source,
              msg: f.msg,
              kv: printedPairs(this.kv[i]!),
              step: this.step[i]!,
              t: this.t[i]!,
            }
          : {
              v: f.v,
              severity: f.severity,
              source: f.source,
              msg: f.msg,
              kv: printedPairs(this.kv[i]!),
              text,
              step: this.step[i]!,
              t: this.t[i]!,
            };
      this.#lines[i] = l;
    }
    return l;
  }

  *[Symbol.iterator](): Iterator<LogLine> {
    for (let i = 0; i < this.length; i++) yield this.at(i)!;
  }

  /** The lines before step `steps`, as a store of their own (a resumed run's prefix). */
  before(steps: number): LogRecords {
    const out = new LogRecords();
    for (let i = 0; i < this.length && this.step[i]! < steps; i++) {
      const f = this.forms[this.form[i]!]!;
      out.form.push(out.formId(f.v, f.severity, f.source, f.msg));
      out.step.push(this.step[i]!);
      out.t.push(this.t[i]!);
      out.kv.push(this.kv[i]!);
      const text = this.text.get(i);
      if (text !== undefined) out.text.set(i, text);
    }
    return out;
  }

  /**
   * A store over lines made elsewhere (the page's copy of the worker's lines): the lines are
   * kept as they are read, and a form is found by its message and file:line (no key is built).
   */
  static fromLines(lines: readonly LogLine[]): LogRecords {
    const out = new LogRecords();
    const byMsg = new Map<string, number[]>();
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      let ids = byMsg.get(l.msg);
      if (ids === undefined) byMsg.set(l.msg, (ids = []));
      let id = -1;
      for (const j of ids) {
        const f = out.forms[j]!;
        if (f.source === l.source && f.v === l.v && f.severity === l.severity) {
          id = j;
          break;
        }
      }
      if (id < 0) {
        id = out.formId(l.v, l.severity, l.source, l.msg);
        ids.push(id);
      }
      out.form.push(id);
      out.step.push(l.step);
      out.t.push(l.t);
      out.kv.push(l.kv);
      if (l.text !== undefined) out.text.set(i, l.text);
      out.#lines.push(l);
    }
    return out;
  }

  slice(start?: number, end?: number): LogLine[] {
    const n = this.length;
    let s = start === undefined ? 0 : start < 0 ? Math.max(0, n + start) : Math.min(start, n);
    const e = end === undefined ? n : end < 0 ? Math.max(0, n + end) : Math.min(end, n);
    const out: LogLine[] = [];
    for (; s < e; s++) out.push(this.at(s)!);
    return out;
  }

  map<U>(f: (l: LogLine, i: number) => U): U[] {
    const out: U[] = [];
    for (let i = 0; i < this.length; i++) out.push(f(this.at(i)!, i));
    return out;
  }

  filter(f: (l: LogLine, i: number) => unknown): LogLine[] {
    const out: LogLine[] = [];
    for (let i = 0; i < this.length; i++) {
      const l = this.at(i)!;
      if (f(l, i)) out.push(l);
    }
    return out;
  }

  find(f: (l: LogLine, i: number) => unknown): LogLine | undefined {
    for (let i = 0; i < this.length; i++) {
      const l = this.at(i)!;
      if (f(l, i)) return l;
    }
    return undefined;
  }

  findIndex(f: (l: LogLine, i: number) => unknown): number {
    for (let i = 0; i < this.length; i++) if (f(this.at(i)!, i)) return i;
    return -1;
  }

  some(f: (l: LogLine, i: number) => unknown): boolean {
    return this.findIndex(f) >= 0;
  }

  every(f: (l: LogLine, i: number) => unknown): boolean {
    return this.findIndex((l, i) => !f(l, i)) < 0;
  }

  forEach(f: (l: LogLine, i: number) => void): void {
    for (let i = 0; i < this.length; i++) f(this.at(i)!, i);
  }

  indexOf(l: LogLine): number {
    for (let i = 0; i < this.length; i++) if (this.#lines[i] === l) return i;
    return -1;
  }

  /** The trace's JSON (`--format trace`) lists the lines as before. */
  toJSON(): LogLine[] {
    return this.slice();
  }
}
