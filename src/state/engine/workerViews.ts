/**
 * EngineViews for the page. What reads only the trace (events, log, steps,
 * narration) runs here over the page's copy of it, synchronously. What needs the
 * kubelet's state at the cursor (pods, machines, inspector) is asked of the engine
 * worker: the call returns the answer when it is cached, else the last answer for
 * that run (so a panel does not blink while stepping) and asks; when the answer
 * comes, subscribers are told and the panel reads it.
 */
import { traceViews } from '../kubeletViews';
import type { RunView, Selection } from '../types';
import type { EngineViews } from '../viewTypes';
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
          version++;
          for (const l of listeners) l();
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

  /** Runs whose logs are being fetched for a view: told once when they arrive. */
  const fetching = { lines: new WeakSet<RunView>(), logs: new WeakSet<RunView>() };
  /** `lines`: the klog panel's columns; `logs`: the raw log objects (containerd's view). */
  function withLogs<T>(what: 'lines' | 'logs', run: RunView, empty: T, read: () => T): T {
    if (what === 'lines' ? client.linesReady(run) : client.logsReady(run)) return read();
    const asked = fetching[what];
    if (!asked.has(run)) {
      asked.add(run);
      (what === 'lines' ? client.lines(run) : client.logs(run)).then(
        () => {
          asked.delete(run);
          version++;
          for (const l of listeners) l();
        },
        () => asked.delete(run),
      );
    }
    return empty;
  }

  return {
    ...traceViews,
    logsAt(run, cursor, v) {
      return withLogs('lines', run, [], () => traceViews.logsAt(run, cursor, v));
    },
    containerdLogAt(run, cursor) {
      return withLogs('logs', run, [], () => traceViews.containerdLogAt(run, cursor));
    },
    logsLoading(run) {
      return !client.linesReady(run);
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
