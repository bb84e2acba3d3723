/**
 * Where the input and the model's run of the scenario rebuilt from it disagree, record by record
 * (both sides read by the same readers, so they share one vocabulary):
 *  - only-in-input: a record the model's run does not have: one it could print but did not (a
 *    crash it did not have), or one of a kind it never prints (the detail says so: the device
 *    manager, say). Either way the model lacks something the input shows, so it is a difference;
 *  - only-in-model: a record of a kind the input shows for that pod, in the stretch it covers,
 *    that the input does not have (a step the real kubelet did not take);
 *  - timing: a paired record more than max(2 s, half its offset) away from where the model has
 *    it, both measured from the pod's first record the two share;
 *  - text: a paired Event whose message differs beyond numbers and ids, or a status field
 *    (state, reason, exit code, restart count, phase) with another value.
 * An input record without a container (an Events table without SUBOBJECT) pairs with the
 * model's record of its kind whatever the container. Records the comparison cannot judge are
 * counted with why; "no differences" means every record was compared and matched.
 */
import type { RecordedStep } from './recordedSteps';
import { familyOf } from './families';
import { recognise } from './messages';
import { KLOG } from '../sim/kubelet/klog';
import { klogFields } from './fields';
import type { ReplayEvent, ReplayResult } from './types';
import { modelVerbosity } from './fromTrace';

export type DiffKind = 'only-in-input' | 'only-in-model' | 'timing' | 'text';

export interface RecordDiff {
  readonly kind: DiffKind;
  /** "<pod>[/<container>] <record>", e.g. "default/web/app EventBackOff". */
  readonly what: string;
  readonly input: { readonly line: number; readonly text: string } | null;
  readonly model: { readonly step: number; readonly text: string } | null;
  /** For the page: the pod, a sentence, and where the marker goes on each clock. */
  readonly pod: string;
  readonly detail: string;
  readonly inputUs: number | null;
  readonly modelUs: number | null;
}

export interface DiffResult {
  readonly diffs: RecordDiff[];
  readonly compared: number;
  readonly notCompared: number;
  /** Why records were not compared, with counts ("node-wide": 3). */
  readonly reasons: ReadonlyMap<string, number>;
  /** Per pod: input µs − model µs at the record the two share first. */
  readonly shifts: ReadonlyMap<string, number>;
}

/** Records describing a moment (kubectl's view when it ran, the run's end), not a step. */
export const SNAPSHOT_RECORDS: ReadonlySet<string> = new Set([
  'PodPhase',
  'PodReason',
  'PodMessage',
  'PodRow',
  'PodStartTime',
  'PodCondition',
  'ContainerState',
  'ContainerReason',
  'ContainerExitCode',
  'ContainerSignal',
  'ContainerReady',
  'ContainerRestartCount',
  'ContainerStartedAt',
  'ContainerFinishedAt',
  'ContainerStatusMessage',
]);
const SNAPSHOT = SNAPSHOT_RECORDS;

/** Status fields compared (the others are presence only). */
const VALUE_OF: Record<string, (e: ReplayEvent) => string> = {
  PodPhase: (e) => String(e.data?.phase ?? ''),
  PodReason: (e) => String(e.data?.reason ?? ''),
  PodMessage: (e) => normaliseMessage(String(e.data?.message ?? '')),
  PodCondition: (e) => String(e.data?.status ?? ''),
  PodRow: (e) => `${String(e.data?.status ?? '')} ${String(e.data?.restarts ?? '')}`,
  ContainerState: (e) => String(e.data?.state ?? ''),
  ContainerReason: (e) => String(e.data?.reason ?? ''),
  ContainerExitCode: (e) => String(e.data?.exitCode ?? ''),
  ContainerRestartCount: (e) => String(e.data?.count ?? ''),
  ContainerReady: (e) => String(e.data?.ready ?? ''),
  ContainerSignal: (e) => String(e.data?.signal ?? ''),
  ContainerStatusMessage: (e) => normaliseMessage(String(e.data?.message ?? '')),
};

/** Why a model record was not compared: the input's kubelet ran at a lower -v. */
export const BELOW_VERBOSITY = "below the input's verbosity";

const EVENT_REASONS = [
  'Scheduled',
  'Pulling',
  'Pulled',
  'Created',
  'Started',
  'Killing',
  'BackOff',
  'Failed',
  'FailedPostStartHook',
  'FailedPreStopHook',
  'Unhealthy',
  'FailedCreatePodSandBox',
  'SandboxChanged',
  'InspectFailed',
  'ErrImageNeverPull',
  'FailedSync',
];

const RUNTIME = [
  'RtRunPodSandbox',
  'RtSandboxCreated',
  'RtSandboxFailed',
  'RtCreateContainer',
  'RtContainerCreated',
  'RtStartContainer',
  'RtContainerStarted',
  'RtPullImage',
  'RtImagePulled',
  'RtPullFailed',
  'RtStopContainer',
  'RtStopSignal',
  'RtKillContainer',
  'RtContainerStopped',
];

let modelVocabulary: Set<string> | null = null;
/** Every record the model can print: its klog messages, Events, containerd lines, kubectl views. */
function vocabularyOf(messages: readonly string[]): Set<string> {
  const out = new Set<string>([...SNAPSHOT, ...RUNTIME, ...EVENT_REASONS.map((r) => `Event${r}`)]);
  const none = klogFields(new Map());
  for (const m of messages) {
    const hit = recognise('', m, none, () => undefined);
    if (hit) out.add(hit.what);
  }
  // PLEG lines are keyed by their event type.
  for (const t of ['ContainerStarted', 'ContainerDied', 'ContainerRemoved', 'PodSync'])
    out.add(`PLEG${t}`);
  return out;
}

/** Records paired by kind, container and, for a status field, its block (or condition type). */
const keyOf = (e: ReplayEvent) =>
  `${e.what}\u0000${e.container ?? ''}\u0000${SNAPSHOT.has(e.what) ? String(e.data?.block ?? e.data?.type ?? '') : ''}`;

/** Message text with numbers, durations and ids masked (they differ in every run). */
export function normaliseMessage(m: string): string {
  return m
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UID')
    .replace(/\b[0-9a-f]{12,64}\b/g, 'ID')
    .replace(/\d+(\.\d+)?(ms|µs|us|ns|s|m|h)?/g, '#')
    .replace(/\s+/g, ' ')
    .trim();
}

const label = (e: ReplayEvent) => (e.container ? `${e.container}: ${e.what}` : e.what);
const fmt = (us: number) => {
  const a = Math.abs(us);
  const s = a >= 1e6 ? `${(a / 1e6).toFixed(a >= 1e7 ? 1 : 2)} s` : `${Math.round(a / 1000)} ms`;
  return us < 0 ? `-${s}` : s;
};

/** A record's pairing first to a common anchor per pod: the first `what` both sides have. */
function shiftOf(ins: ReplayEvent[], model: ReplayEvent[]): number | null {
  const timed = ins.filter((e) => !SNAPSHOT.has(e.what) && e.data?.count === undefined);
  const mset = new Map<string, number>();
  for (const e of model) if (!mset.has(e.what)) mset.set(e.what, e.us);
  for (const e of timed) {
    const m = mset.get(e.what);
    if (m !== undefined) return e.us - m;
  }
  // Tables of Events (ages): their first Event against the model's same Event.
  for (const e of ins) {
    const m = mset.get(e.what);
    if (m !== undefined && !SNAPSHOT.has(e.what)) return e.us - m;
  }
  return null;
}

export function diffRecords(
  input: Pick<ReplayResult, 'events'>,
  model: Pick<ReplayResult, 'events'>,
): DiffResult {
  modelVocabulary ??= vocabularyOf(Object.keys(KLOG));
  // The verbosity of each kind of record the model's lines make, at the model's release.
  const vOf = new Map<string, number>();
  for (const e of model.events) {
    const v = modelVerbosity.get(e);
    if (v !== undefined) vOf.set(e.what, Math.min(vOf.get(e.what) ?? Infinity, v));
  }
  // The input's verbosity: the highest V of the kubelet lines it shows (-v=2 shows V(0)-V(2)).
  // A model line above it is one the input's kubelet did not print: not compared.
  let inputV = -1;
  for (const e of input.events) inputV = Math.max(inputV, vOf.get(e.what) ?? -1);
  const vocab = new Set(modelVocabulary);
  for (const e of model.events) vocab.add(e.what);
  const reasons = new Map<string, number>();
  const diffs: RecordDiff[] = [];
  let compared = 0;
  const byPod = (evs: readonly ReplayEvent[]) => {
    const m = new Map<string, ReplayEvent[]>();
    for (const e of evs) if (e.pod) (m.get(e.pod) ?? m.set(e.pod, []).get(e.pod)!).push(e);
    return m;
  };
  const inPods = byPod(input.events);
  const modelPods = byPod(model.events);
  const shifts = new Map<string, number>();
  // Node-wide records (start-up, housekeeping, state files, a printf line naming no pod): by
  // count against the model's records of that kind, whichever pod they name.
  const modelCount = new Map<string, number>();
  for (const e of model.events) modelCount.set(e.what, (modelCount.get(e.what) ?? 0) + 1);
  const nodeSeen = new Map<string, number>();
  for (const e of input.events)
    if (!vocab.has(e.what)) {
      compared++;
      diffs.push(notPrinted(e.pod ?? '(node)', e));
    } else if (!e.pod) {
      compared++;
      const k = (nodeSeen.get(e.what) ?? 0) + 1;
      nodeSeen.set(e.what, k);
      if (k > (modelCount.get(e.what) ?? 0)) diffs.push(onlyIn('(node)', e));
    }
  for (const [pod, all] of inPods) {
    const ins = all.filter((e) => vocab.has(e.what));
    const mine = modelPods.get(pod) ?? [];
    if (ins.length === 0) continue;
    if (mine.length === 0) {
      for (const e of ins) {
        compared++;
        diffs.push(onlyIn(pod, e));
      }
      continue;
    }
    const shift = shiftOf(ins, mine) ?? 0;
    shifts.set(pod, shift);
    const anchorIn = ins.find((e) => !SNAPSHOT.has(e.what))?.us ?? 0;
    const group = (evs: readonly ReplayEvent[]) => {
      const m = new Map<string, ReplayEvent[]>();
      for (const e of evs) (m.get(keyOf(e)) ?? m.set(keyOf(e), []).get(keyOf(e))!).push(e);
      for (const l of m.values()) l.sort((a, b) => a.us - b.us || a.line - b.line);
      return m;
    };
    // Kinds the input shows without a container pair with the model's whatever its container.
    const bare = new Set(ins.filter((e) => !e.container).map((e) => e.what));
    const gi = group(ins);
    const gm = group(
      mine.map((m) =>
        m.container &&
        bare.has(m.what) &&
        !ins.some((e) => e.what === m.what && e.container === m.container)
          ? { ...m, container: undefined }
          : m,
      ),
    );
    /** Per key, the model records paired with an input record. */
    const paired = new Map<string, Set<number>>();
    const shownWhats = new Set(ins.map((e) => e.what));
    const showsEvents = ins.some((e) => e.what.startsWith('Event'));
    const timedIn = ins.filter((e) => !SNAPSHOT.has(e.what) && e.data?.count === undefined);
    const inEnd = timedIn.length ? Math.max(...timedIn.map((e) => e.us)) : Infinity;
    const aggregated = ins.some((e) => e.what.startsWith('Event') && e.data?.count !== undefined);
    for (const [k, list] of gi) {
      const mlist = gm.get(k) ?? [];
      const what = list[0]!.what;
      if (SNAPSHOT.has(what)) {
        // A status field: the input's last word on it against the run's end.
        const last = mlist[mlist.length - 1];
        for (const e of list) {
          compared++;
          if (!last) diffs.push(onlyIn(pod, e));
          else if (
            VALUE_OF[what] &&
            e === list[list.length - 1] &&
            VALUE_OF[what](e) !== VALUE_OF[what](last)
          )
            diffs.push({
              kind: 'text',
              what: whatOf(pod, e),
              input: { line: e.line, text: e.text },
              model: { step: last.step ?? 0, text: last.text },
              pod,
              detail: `${label(e)}: ${VALUE_OF[what](e)} in the input, ${VALUE_OF[what](last)} in the model`,
              inputUs: null,
              modelUs: last.us,
            });
        }
        continue;
      }
      if (what.startsWith('Event') && list[0]!.data?.count !== undefined) {
        // Rows of an Events table: aggregated, with ages; presence is what they tell.
        for (const e of list) {
          compared++;
          if (mlist.length === 0) diffs.push(onlyIn(pod, e));
        }
        continue;
      }
      const tol = (dIn: number, dM: number) =>
        Math.max(2e6, 0.5 * Math.max(Math.abs(dIn), Math.abs(dM)));
      const pairs = align(
        list.map((e) => e.us - anchorIn),
        mlist.map((m) => m.us + shift - anchorIn),
        tol,
      );
      paired.set(k, new Set(pairs.filter((p) => p >= 0)));
      list.forEach((e, i) => {
        compared++;
        const m = pairs[i]! >= 0 ? mlist[pairs[i]!] : undefined;
        if (!m) {
          diffs.push(onlyIn(pod, e));
          return;
        }
        const dIn = e.us - anchorIn;
        const dM = m.us + shift - anchorIn;
        if (Math.abs(dIn - dM) > tol(dIn, dM))
          diffs.push({
            kind: 'timing',
            what: whatOf(pod, e),
            input: { line: e.line, text: e.text },
            model: { step: m.step ?? 0, text: m.text },
            pod,
            detail: `${label(e)}: at ${fmt(dIn)} in the input, ${fmt(dM)} in the model`,
            inputUs: e.us,
            modelUs: m.us,
          });
        else if (what.startsWith('Event')) {
          const a = normaliseMessage(String(e.data?.message ?? ''));
          const b = normaliseMessage(String(m.data?.message ?? ''));
          if (a && b && a !== b)
            diffs.push({
              kind: 'text',
              what: whatOf(pod, e),
              input: { line: e.line, text: e.text },
              model: { step: m.step ?? 0, text: m.text },
              pod,
              detail: `${label(e)}: "${String(e.data?.message ?? '').slice(0, 80)}" in the input, "${String(m.data?.message ?? '').slice(0, 80)}" in the model`,
              inputUs: e.us,
              modelUs: m.us,
            });
        }
      });
    }
    // The model's records the input does not have, where the input would have shown them.
    for (const [k, mlist] of gm) {
      const what = mlist[0]!.what;
      // A kubelet's log shows its own Events only (not the scheduler's); a table shows all.
      const fromKubelet = (m: ReplayEvent) =>
        m.data?.source === undefined || m.data.source === 'kubelet' || aggregated;
      const shown = what.startsWith('Event')
        ? showsEvents && fromKubelet(mlist[0]!)
        : shownWhats.has(what);
      if (!shown) {
        const v = vOf.get(what);
        if (inputV >= 0 && v !== undefined && v > inputV)
          reasons.set(BELOW_VERBOSITY, (reasons.get(BELOW_VERBOSITY) ?? 0) + mlist.length);
        continue;
      }
      const n = gi.get(k)?.length ?? 0;
      const taken = paired.get(k) ?? new Set<number>();
      const extra =
        aggregated && what.startsWith('Event')
          ? n
            ? []
            : mlist.slice(0, 1)
          : mlist.filter((_, j) => !taken.has(j));
      for (const m of extra) {
        if (SNAPSHOT.has(what)) continue;
        if (!aggregated && m.us + shift > inEnd) continue;
        diffs.push({
          kind: 'only-in-model',
          what: whatOf(pod, m),
          input: null,
          model: { step: m.step ?? 0, text: m.text },
          pod,
          detail: `${label(m)} in the model, not in the input`,
          inputUs: null,
          modelUs: m.us,
        });
      }
    }
  }
  diffs.sort(
    (a, b) =>
      (a.inputUs ?? (a.modelUs ?? 0) + (shifts.get(a.pod) ?? 0)) -
      (b.inputUs ?? (b.modelUs ?? 0) + (shifts.get(b.pod) ?? 0)),
  );
  const notCompared = [...reasons.values()].reduce((a, b) => a + b, 0);
  return { diffs, compared, notCompared, reasons, shifts };
}

/**
 * Pairs two time-ordered lists of one kind of record (offsets from the pod's anchor), keeping
 * order and leaving as few unpaired as the counts force (|a| − |b| of the longer list); among
 * those pairings the one closest in time wins (a pair within tolerance costs its distance over
 * the tolerance, one outside it more than any within). So the same records later are timing
 * differences, and a missing middle record is one unpaired record rather than every later pair
 * shifted by one. Returns, per input record, the index of its model record or -1.
 */
export function align(
  a: readonly number[],
  b: readonly number[],
  tol: (x: number, y: number) => number,
): number[] {
  const n = a.length;
  const m = b.length;
  if (n * m > 4e6) return a.map((_, i) => (i < m ? i : -1));
  const cost = (i: number, j: number) => {
    const d = Math.abs(a[i]! - b[j]!) / tol(a[i]!, b[j]!);
    return d <= 1 ? d : 1 + Math.min(d, 10) / 10;
  };
  const SKIP = 1e4;
  // best[i][j]: cost of aligning a[i..] with b[j..].
  const W = m + 1;
  const best = new Float64Array((n + 1) * W);
  for (let i = n; i >= 0; i--)
    for (let j = m; j >= 0; j--) {
      if (i === n && j === m) continue;
      let v = Infinity;
      if (i < n) v = Math.min(v, SKIP + best[(i + 1) * W + j]!);
      if (j < m) v = Math.min(v, SKIP + best[i * W + j + 1]!);
      if (i < n && j < m) v = Math.min(v, cost(i, j) + best[(i + 1) * W + j + 1]!);
      best[i * W + j] = v;
    }
  const out = new Array<number>(n).fill(-1);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const here = best[i * W + j]!;
    if (Math.abs(cost(i, j) + best[(i + 1) * W + j + 1]! - here) < 1e-6) out[i++] = j++;
    else if (Math.abs(SKIP + best[(i + 1) * W + j]! - here) < 1e-6) i++;
    else j++;
  }
  return out;
}

function whatOf(pod: string, e: ReplayEvent): string {
  return `${pod}${e.container ? `/${e.container}` : ''} ${e.what}`;
}

function notPrinted(pod: string, e: ReplayEvent): RecordDiff {
  return {
    ...onlyIn(pod, e),
    detail: `${label(e)} in the input: the model never prints it (${familyOf(e.what)})`,
  };
}

function onlyIn(pod: string, e: ReplayEvent): RecordDiff {
  return {
    kind: 'only-in-input',
    what: whatOf(pod, e),
    input: { line: e.line, text: e.text },
    model: null,
    pod,
    detail: `${label(e)} in the input, not in the model`,
    inputUs: e.us,
    modelUs: null,
  };
}

/** The CLI's and the page's one-line summary. */
export function diffSummary(r: DiffResult): string {
  const n = r.diffs.length;
  const why = [...r.reasons]
    .sort((a, b) => b[1] - a[1])
    .map(([w, k]) => `${k} ${w}`)
    .join('; ');
  return (
    `${n} difference${n === 1 ? '' : 's'} (${r.compared} records compared, ` +
    `${r.notCompared} not compared${r.notCompared ? `: ${why}` : ''})`
  );
}

/** "No differences" may be said only of this. */
export function noDifferences(r: DiffResult): boolean {
  return r.diffs.length === 0 && r.notCompared === 0 && r.compared > 0;
}

/** The contract of `--format diff`: each difference's kind, what, input and model. */
export function diffJson(
  r: DiffResult,
): { kind: DiffKind; what: string; input: RecordDiff['input']; model: RecordDiff['model'] }[] {
  return r.diffs.map((d) => ({ kind: d.kind, what: d.what, input: d.input, model: d.model }));
}

/** logUs − modelUs at the first SyncLoop ADD both have (else the first step of each). */
export function alignmentShift(
  log: readonly RecordedStep[],
  model: readonly RecordedStep[],
): number {
  const firstAdd = (xs: readonly RecordedStep[]) =>
    xs.filter((s) => s.name === 'SyncLoop ADD').sort((a, b) => a.startUs - b.startUs)[0];
  const la = firstAdd(log);
  const ma = la
    ? (model.find((s) => s.name === 'SyncLoop ADD' && s.pod === la.pod) ?? firstAdd(model))
    : undefined;
  if (la && ma) return la.startUs - ma.startUs;
  const l0 = Math.min(...log.map((s) => s.startUs));
  const m0 = Math.min(...model.map((s) => s.startUs));
  return Number.isFinite(l0) && Number.isFinite(m0) ? l0 - m0 : 0;
}
