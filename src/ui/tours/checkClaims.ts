/**
 * A tour step's claims checked against the run at the step's cursor, as the panels would show
 * it there: Events recorded so far, the NUMA diagram's CPU states, the cpusets written, the Pods
 * panel's rows, the machines' states. DOM-free; the tests run it over every step of every tour.
 */
import { formatCPUSet, parseCPUSet, podsAt } from '../../sim';
import { cpuStateAt } from '../../viz/topology/cpuHistory';
import type { KubeletRun } from './resolveStep';
import type { TourClaim } from './tourSchema';

/** "default/web/app" → ["default/web", "app"]. */
function splitKey(key: string): [string, string] {
  const i = key.lastIndexOf('/');
  return [key.slice(0, i), key.slice(i + 1)];
}

const canon = (cpus: string) => {
  const r = parseCPUSet(cpus);
  return r.ok ? formatCPUSet([...r.value]) : cpus;
};

/** What is wrong with the claim at `cursor` (steps applied), or '' when it holds. */
export function checkClaim(run: KubeletRun, cursor: number, claim: TourClaim): string {
  const trace = run.raw.trace;
  const podKeyOf = (uid: string) => run.raw.config.pods[uid]?.key;
  if ('event' in claim) {
    const e = claim.event;
    const [pod, c] = e.container ? splitKey(e.container) : [e.pod, undefined];
    const seen = trace.events.some(
      (ev) =>
        ev.step < cursor &&
        ev.reason === e.reason &&
        (pod === undefined || ev.object === pod) &&
        (c === undefined || (ev.fieldPath ?? '').endsWith(`{${c}}`)),
    );
    const who = e.container ?? e.pod ?? 'the run';
    if (seen !== e.seen)
      return seen
        ? `an Event ${e.reason} of ${who} was already recorded`
        : `no Event ${e.reason} of ${who} yet`;
    return '';
  }
  if ('cpu' in claim) {
    const st = cpuStateAt(run.cpus, claim.cpu.id, cursor);
    const owner = claim.cpu.owner;
    if (st.kind !== claim.cpu.is || (owner !== undefined && st.owner !== owner))
      return `CPU ${claim.cpu.id} is ${st.kind}${st.owner ? ` (${st.owner})` : ''}, not ${claim.cpu.is}${owner ? ` (${owner})` : ''}`;
    return '';
  }
  if ('cpuset' in claim) {
    const [pod, c] = splitKey(claim.cpuset.container);
    let last: string | undefined;
    for (const r of trace.records)
      if (r.step < cursor && r.kind === 'cpuset' && podKeyOf(r.data.uid) === pod)
        if (r.data.container === c) last = r.data.cpuset;
    if (last === undefined) return `no cpuset written for ${claim.cpuset.container} yet`;
    if (canon(last) !== canon(claim.cpuset.cpus))
      return `${claim.cpuset.container}'s cpuset is "${last}", not "${claim.cpuset.cpus}"`;
    return '';
  }
  if ('pod' in claim) {
    const row = podsAt(run.raw, cursor).find((p) => p.key === claim.pod.pod);
    if (!row) return `the Pods panel has no ${claim.pod.pod}`;
    if (claim.pod.ready !== undefined && row.ready !== claim.pod.ready)
      return `${claim.pod.pod} is READY ${row.ready}, not ${claim.pod.ready}`;
    if (claim.pod.status !== undefined && row.status !== claim.pod.status)
      return `${claim.pod.pod} is ${row.status}, not ${claim.pod.status}`;
    return '';
  }
  if ('machine' in claim) {
    const entity = trace.entities.findIndex((x) => x.id === claim.machine.id);
    if (entity < 0) return `no machine "${claim.machine.id}"`;
    const { steps, strings } = trace;
    let state = '';
    for (let i = Math.min(cursor, steps.t.length) - 1; i >= 0; i--)
      if (steps.entity[i] === entity) {
        state = strings[steps.to[i]!]!;
        break;
      }
    const want = claim.machine.in;
    const parts = state.split('|');
    if (!parts.some((p) => p === want || p.endsWith(`.${want}`)))
      return `${claim.machine.id} is in "${state || 'nothing yet'}", not "${want}"`;
    return '';
  }
  const t = cursor > 0 ? (run.times[cursor - 1] ?? 0) : 0;
  if (claim.time.atLeast !== undefined && t < claim.time.atLeast)
    return `the playhead is at ${t} ms, before ${claim.time.atLeast} ms`;
  if (claim.time.atMost !== undefined && t > claim.time.atMost)
    return `the playhead is at ${t} ms, after ${claim.time.atMost} ms`;
  return '';
}
