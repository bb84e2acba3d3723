/**
 * Where a named moment (moment.ts) happens in a run: its step, found in the trace. Apart from
 * the schema so the page takes it without the schema's validator.
 */
import type { Trace } from '../trace/types';
import type { Moment } from './moment';

export type MomentFound = { ok: true; step: number } | { ok: false; error: string };

/** "default/web/app" → ["default/web", "app"]. */
function splitKey(key: string): [string, string] {
  const i = key.lastIndexOf('/');
  return [key.slice(0, i), key.slice(i + 1)];
}

/** The step of the run at which `at` happens, or why none does. */
export function findMoment(
  trace: Trace,
  podKeyOf: (uid: string) => string | undefined,
  at: Moment,
): MomentFound {
  const ok = (step: number): MomentFound => ({ ok: true, step });
  const fail = (error: string): MomentFound => ({ ok: false, error });
  if ('event' in at) {
    const e = at.event;
    const [pod, c] = e.container ? splitKey(e.container) : [e.pod, undefined];
    const hits = trace.events.filter(
      (ev) =>
        ev.reason === e.reason &&
        (pod === undefined || ev.object === pod) &&
        (c === undefined || (ev.fieldPath ?? '').endsWith(`{${c}}`)),
    );
    const hit = hits[(e.nth ?? 1) - 1];
    if (!hit)
      return fail(
        `no ${e.nth ?? 1}. Event "${e.reason}"${e.container ? ` of ${e.container}` : e.pod ? ` of ${e.pod}` : ''} (found ${hits.length})`,
      );
    return ok(hit.step);
  }
  if ('machine' in at) {
    const entity = trace.entities.findIndex((x) => x.id === at.machine);
    if (entity < 0) return fail(`no machine "${at.machine}" in this run`);
    const { steps, strings } = trace;
    let seen = 0;
    for (let i = 0; i < steps.t.length; i++) {
      if (steps.entity[i] !== entity) continue;
      if (at.on !== undefined && strings[steps.event[i]!] !== at.on) continue;
      if (at.enters !== undefined) {
        const to = strings[steps.to[i]!]!;
        const from = strings[steps.from[i]!]!;
        if (from === to || (to !== at.enters && !to.endsWith(`.${at.enters}`))) continue;
      }
      if (++seen === (at.nth ?? 1)) return ok(i);
    }
    const what = [at.enters && `enters "${at.enters}"`, at.on && `takes ${at.on}`].filter(Boolean);
    return fail(`machine "${at.machine}" never ${what.join(' and ')} (${at.nth ?? 1}. time)`);
  }
  if ('probe' in at) {
    const p = at.probe;
    const [pod, c] = splitKey(p.container);
    let seen = 0;
    for (const r of trace.records) {
      if (r.kind !== 'probe') continue;
      const d = r.data;
      if (podKeyOf(d.uid) !== pod || d.container !== c || d.probe !== p.kind) continue;
      if (d.result === p.result && ++seen === (p.nth ?? 1)) return ok(r.step);
    }
    return fail(`no ${p.kind} probe of ${p.container} with result ${p.result}`);
  }
  if ('ready' in at) {
    let seen = 0;
    for (const r of trace.records) {
      if (r.kind !== 'podReady' || !r.data.ready || podKeyOf(r.data.uid) !== at.ready.pod) continue;
      if (++seen === (at.ready.nth ?? 1)) return ok(r.step);
    }
    return fail(`${at.ready.pod} never became Ready (${at.ready.nth ?? 1}. time)`);
  }
  const [pod, c] = splitKey(at.cpuset.container);
  let seen = 0;
  for (const r of trace.records) {
    if (r.kind !== 'cpuset') continue;
    if (podKeyOf(r.data.uid) !== pod || r.data.container !== c) continue;
    if (++seen === (at.cpuset.nth ?? 1)) return ok(r.step);
  }
  return fail(`the cpuset of ${at.cpuset.container} never reached its create request`);
}
