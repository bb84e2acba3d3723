/**
 * EngineViews for the page. What reads only the trace (events, steps, narration) runs
 * here over the page's copy of it, synchronously. What needs the kubelet's state at the
 * cursor (pods, machines, inspector) or the run's log lines (which stay there) is asked of
 * the engine worker: the call returns the answer when it is cached, else the last answer for
 * that run (so a panel does not blink while stepping) and asks; when the answer
 * comes, subscribers are told and the panel reads it.
 */
import { traceViews } from '../kubeletViews';
import type { RunView, Selection } from '../types';
import type { EngineViews, LogRow } from '../viewTypes';
import { queryKey, type LogMode } from '../logLines';
import { engineIdOf } from './packedRun';
import type { EngineClient } from './engineClient';

interface RunAnswers {
  readonly done: Map<string, unknown>;
  readonly asked: Set<string>;
  /** Per kind of question, the key of the last answer, shown while a newer one is asked. */
  readonly last: Map<string, string>;
}

/** Answers kept per run (a seek asks once per panel). */
const KEEP = 64;

export function workerViews(client: EngineClient): EngineViews {
  const answers = new WeakMap<RunView, RunAnswers>();
  const listeners = new Set<() => void>();
  let version = 0;

  function ask<T>(run: RunView, kind: string, key: string, fallback: T, call: () => Promise<T>): T {
    let a = answers.get(run);
    if (!a) answers.set(run, (a = { done: new Map(), asked: new Set(), last: new Map() }));
    const k = `${kind}|${key}`;
    if (a.done.has(k)) return a.done.get(k) as T;
    if (!a.asked.has(k)) {
      a.asked.add(k);
      const ra = a;
      call().then(
        (v) => {
          ra.asked.delete(k);
          ra.done.set(k, v);
          ra.last.set(kind, k);
          if (ra.done.size > KEEP) {
            const latest = new Set(ra.last.values());
            for (const old of ra.done.keys()) {
              if (ra.done.size <= KEEP) break;
              if (!latest.has(old)) ra.done.delete(old);
            }
          }
          tell();
        },
        () => {
          // A cancelled or failed question is asked again next time.
          ra.asked.delete(k);
        },
      );
    }
    const last = a.last.get(kind);
    return last !== undefined ? (a.done.get(last) as T) : fallback;
  }

  const selKey = (s: Selection) => JSON.stringify(s);

  function tell() {
    version++;
    for (const l of listeners) l();
  }

  /**
   * The log panel's rows on the page, per run and log, by line number; those asked for in one
   * task (a render's rows in view) go to the worker as one question.
   */
  interface RowsOf {
    readonly have: Map<number, LogRow>;
    readonly asked: Set<number>;
    want: number[];
  }
  const logRows = new WeakMap<RunView, Map<LogMode, RowsOf>>();
  /** Rows kept per log: a few screenfuls scrolled through many times over. */
  const KEEP_ROWS = 20_000;
  function rowsOf(run: RunView, mode: LogMode): RowsOf {
    let byMode = logRows.get(run);
    if (!byMode) logRows.set(run, (byMode = new Map<LogMode, RowsOf>()));
    let r = byMode.get(mode);
    if (!r) byMode.set(mode, (r = { have: new Map(), asked: new Set(), want: [] }));
    return r;
  }
  function askRows(run: RunView, mode: LogMode, r: RowsOf) {
    const lines = r.want;
    r.want = [];
    client.logRows(run, mode, lines).then(
      (rows) => {
        if (r.have.size + rows.length > KEEP_ROWS) r.have.clear();
        for (const row of rows) r.have.set(row.index, row);
        for (const i of lines) r.asked.delete(i);
        tell();
      },
      () => {
        for (const i of lines) r.asked.delete(i);
      },
    );
  }
  /** A run built on the page (not the worker's) has its lines here. */
  const onPage = (run: RunView) => engineIdOf(run) === undefined;

  return {
    ...traceViews,
    logMatches(run, q) {
      if (onPage(run)) return traceViews.logMatches(run, q);
      // Until the answer comes, the last one for the same log (another filter or -v).
      return ask(run, `log-${q.mode}`, queryKey(q), null, () => client.logMatches(run, q));
    },
    logRow(run, mode, line) {
      if (onPage(run)) return traceViews.logRow(run, mode, line);
      const r = rowsOf(run, mode);
      const row = r.have.get(line);
      if (row || r.asked.has(line)) return row;
      r.asked.add(line);
      if (r.want.push(line) === 1) queueMicrotask(() => askRows(run, mode, r));
      return undefined;
    },
    whenLogs(run) {
      return client.logs(run);
    },
    replayRecords(run) {
      return client.replayRecords(run);
    },
    podsAt(run, cursor) {
      return ask(run, 'pods', String(cursor), [], () => client.podsAt(run, cursor));
    },
    machinesAt(run, cursor, pod) {
      return ask(run, 'machines', `${cursor}|${pod ?? ''}`, [], () =>
        client.machinesAt(run, cursor, pod),
      );
    },
    changesAgainst(run, other) {
      return ask(run, 'changes', other, null, () => client.changesAgainst(run, other));
    },
    inspect(run, cursor, sel) {
      return ask(run, `inspect`, `${cursor}|${selKey(sel)}`, null, () =>
        client.inspect(run, cursor, sel),
      );
    },
    encodeLink(scenario, view, compare) {
      return client.link(scenario, view, compare);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version() {
      return version;
    },
  };
}
