/**
 * A container's image pull as two spans on its lane: waiting in the puller's queue
 * (serialImagePuller / parallelImagePuller, pkg/kubelet/images/puller.go, hold requests
 * while other pulls run) and pulling. startContainer's `pullingImage` state covers both;
 * the puller's `pullQueued` and `pullStarted` records split it, and name the pulls it
 * queued behind.
 */
import type { Trace } from '../../sim';
import type { ExtraSpan, Placement } from '../timeline/layoutLanes';
import { parseEntityId } from './entityNames';

/** "default/web/app" → "web/app" (the namespace is rarely what tells pulls apart). */
const podAndContainer = (k: string) => k.split('/').slice(1).join('/') || k;

export interface PullWait {
  /** "<ns>/<pod>/<container>" */
  readonly container: string;
  readonly image: string;
  /** When EnsureImageExists asked, when the pull began, when the container got the image. */
  readonly asked: number;
  readonly began: number;
  readonly done: number;
  readonly askedStep: number;
  readonly beganStep: number;
  readonly doneStep: number;
  /** The pulls in flight or queued ahead of it ("<ns>/<pod>/<container> (image)"). */
  readonly behind: readonly string[];
  readonly ok: boolean;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The startContainer state that waits for the image: kuberuntime's, and v1.3's DockerManager's. */
const PULL_STATES = ['pullingImage', 'waitingForPull'];
const inPull = (state: string) => PULL_STATES.some((p) => state.endsWith(p));

/** Every pull of the run, from the puller's records and the startContainer steps that end them. */
export function pullWaits(trace: Trace, podKeyOf: (uid: string) => string | undefined): PullWait[] {
  const out: PullWait[] = [];
  const keyOf = (uid: unknown, c: unknown) => `${podKeyOf(str(uid)) ?? str(uid)}/${str(c)}`;
  // Steps of startContainer leaving pullingImage, per container, in order.
  const ends = new Map<string, { t: number; step: number }[]>();
  const { steps, strings, entities } = trace;
  for (let i = 0; i < steps.t.length; i++) {
    const e = entities[steps.entity[i]!];
    if (!e || e.kind !== 'startContainer') continue;
    if (!inPull(strings[steps.from[i]!] ?? '')) continue;
    if (inPull(strings[steps.to[i]!] ?? '')) continue;
    const c = parseEntityId(e.id, e.kind).container;
    if (!c) continue;
    const arr = ends.get(c) ?? [];
    arr.push({ t: steps.t[i]!, step: i });
    ends.set(c, arr);
  }
  // Pair each queued request with the next end of its container's pullingImage state.
  const used = new Map<string, number>();
  const queued = trace.records.filter((r) => r.kind === 'pullQueued');
  const started = trace.records.filter((r) => r.kind === 'pullStarted');
  for (const q of queued) {
    const key = keyOf(q.data.uid, q.data.container);
    const st = started.find((s) => s.step >= q.step && keyOf(s.data.uid, s.data.container) === key);
    const list = ends.get(key) ?? [];
    let k = used.get(key) ?? 0;
    while (k < list.length && list[k]!.step < q.step) k++;
    const end = list[k];
    used.set(key, k + 1);
    const ahead = Array.isArray(q.data.ahead) ? (q.data.ahead as Record<string, unknown>[]) : [];
    out.push({
      container: key,
      image: str(q.data.image),
      asked: q.t,
      askedStep: q.step,
      began: st ? st.t : end ? end.t : trace.endT,
      beganStep: st ? st.step : -1,
      done: end ? end.t : trace.endT,
      doneStep: end ? end.step : -1,
      behind: ahead.map((a) => `${keyOf(a.uid, a.container)} (${str(a.image)})`),
      ok: st ? st.data.ok !== false : false,
    });
  }
  return out;
}

/** When each container's startContainer entered ensuringImage (EnsureImageExists calls). */
export function ensureAttempts(trace: Trace): Map<string, { t: number; step: number }[]> {
  const out = new Map<string, { t: number; step: number }[]>();
  const { steps, strings, entities } = trace;
  for (let i = 0; i < steps.t.length; i++) {
    const e = entities[steps.entity[i]!];
    if (!e || e.kind !== 'startContainer') continue;
    if (!(strings[steps.to[i]!] ?? '').endsWith('ensuringImage')) continue;
    const c = parseEntityId(e.id, e.kind).container;
    if (!c) continue;
    const arr = out.get(c) ?? [];
    arr.push({ t: steps.t[i]!, step: i });
    out.set(c, arr);
  }
  return out;
}

export function pullSpans(
  waits: readonly PullWait[],
  placementOf: (container: string) => Placement | null,
  attempts: ReadonlyMap<string, readonly { t: number; step: number }[]> = new Map(),
): ExtraSpan[] {
  const out: ExtraSpan[] = [];
  const last = new Map<string, PullWait>();
  for (const w of waits) {
    const p = placementOf(w.container);
    if (!p) continue;
    // After a failed pull the kubelet backs off (ImagePullBackOff) until the next attempt.
    const prev = last.get(w.container);
    last.set(w.container, w);
    if (prev && !prev.ok && w.asked > prev.done) {
      // Cut at each attempt that found the back-off still running ("Back-off pulling image").
      const cuts = (attempts.get(w.container) ?? []).filter(
        (a) => a.t > prev.done && a.t < w.asked,
      );
      let from = { t: prev.done, step: prev.doneStep };
      for (const to of [...cuts, { t: w.asked, step: w.askedStep }]) {
        if (to.t > from.t)
          out.push({
            placement: p,
            start: from.t,
            end: to.t,
            kind: 'backoff',
            label: 'ImagePullBackOff',
            // The attempt's own step: its zero-length span was laid out first, so it sorts first.
            step: from.step,
            endStep: to.step,
          });
        from = to;
      }
    }
    if (w.began > w.asked)
      out.push({
        placement: p,
        start: w.asked,
        end: w.began,
        kind: 'queued',
        label: w.behind.length
          ? `waiting for pull, behind ${w.behind.map((b) => podAndContainer(b.split(' ')[0]!)).join(', ')}`
          : 'waiting for pull',
        step: w.askedStep,
        endStep: w.beganStep,
      });
    if (w.done > w.began || w.beganStep >= 0)
      out.push({
        placement: p,
        start: w.began,
        end: Math.max(w.done, w.began),
        kind: w.ok ? 'pull' : 'error',
        label: w.ok ? `pulling ${w.image}` : `pull failed: ${w.image}`,
        step: w.beganStep >= 0 ? w.beganStep : w.askedStep,
        endStep: w.doneStep,
      });
  }
  return out;
}
