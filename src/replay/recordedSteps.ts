/**
 * What happened to each pod, as steps with a start and an end, from replay events: the
 * same derivation for a real log and for the model's own output (fromTrace), so the two
 * can be laid side by side and compared. Lanes: the pod's SyncPod calls and sandbox, one
 * per container (pull → create → start), PLEG, probes, Events.
 */
import type { ReplayEvent } from './types';

export type StepKind =
  'sync' | 'sandbox' | 'pull' | 'create' | 'start' | 'probe' | 'wakeup' | 'error' | 'admit';

export interface RecordedStep {
  readonly pod: string;
  /** Lane within the pod: "SyncPod", "sandbox", a container name, "PLEG", "probes", "Events". */
  readonly lane: string;
  readonly container?: string;
  /** What the step is ("sandbox", "pull", "create", "start", "SyncPod", "SyncLoop ADD", …). */
  readonly name: string;
  readonly kind: StepKind;
  /** µs, in the input's clock. */
  readonly startUs: number;
  readonly endUs: number;
  readonly instant: boolean;
  /** Input line of the record that began it (0 for the model). */
  readonly line: number;
  /** That line, and the record it is ("EventPulled"), for the Inspector. */
  readonly text?: string;
  readonly what?: string;
}

/** Steps compared between a log and the model (instants other than ADD and ContainerDied are not). */
export const COMPARED = new Set([
  'SyncLoop ADD',
  'SyncPod',
  'sandbox',
  'pull',
  'create',
  'start',
  // PLEG's ContainerDied: a crash in one and not the other is a disagreement.
  'ContainerDied',
]);

const WARNING = new Set([
  'Failed',
  'BackOff',
  'Unhealthy',
  'FailedCreatePodSandBox',
  'FailedPostStartHook',
  'FailedMount',
  'Killing',
]);

export function recordedSteps(events: readonly ReplayEvent[]): RecordedStep[] {
  const byPod = new Map<string, ReplayEvent[]>();
  for (const e of events) if (e.pod) (byPod.get(e.pod) ?? byPod.set(e.pod, []).get(e.pod)!).push(e);
  const out: RecordedStep[] = [];
  for (const [pod, evs] of byPod) {
    const sorted = evs
      .map((e, i) => ({ e, i }))
      .sort((a, b) => a.e.us - b.e.us || a.i - b.i)
      .map((x) => x.e);
    const span = (
      lane: string,
      name: string,
      kind: StepKind,
      from: ReplayEvent,
      toUs: number,
      container?: string,
    ) =>
      out.push({
        pod,
        lane,
        name,
        kind,
        startUs: from.us,
        endUs: Math.max(toUs, from.us),
        instant: false,
        line: from.line,
        text: from.text,
        what: from.what,
        ...(container ? { container } : {}),
      });
    const instant = (lane: string, name: string, kind: StepKind, e: ReplayEvent) =>
      out.push({
        pod,
        lane,
        name,
        kind,
        startUs: e.us,
        endUs: e.us,
        instant: true,
        line: e.line,
        text: e.text,
        what: e.what,
      });
    let syncFrom: ReplayEvent | null = null;
    let sandboxFrom: ReplayEvent | null = null;
    const pullFrom = new Map<string, ReplayEvent>();
    const createFrom = new Map<string, ReplayEvent>();
    const startFrom = new Map<string, ReplayEvent>();
    let creating: string | null = null;
    for (const e of sorted) {
      const c = e.container;
      switch (e.what) {
        case 'SyncLoopAdd':
          instant('SyncLoop', 'SyncLoop ADD', 'admit', e);
          break;
        case 'SyncPodEnter':
          syncFrom = e;
          break;
        case 'SyncPodExit':
          if (syncFrom) span('SyncPod', 'SyncPod', 'sync', syncFrom, e.us);
          syncFrom = null;
          break;
        case 'NoSandbox':
          sandboxFrom ??= e;
          break;
        case 'CreatingSandbox':
          // RunPodSandbox starts here; "No sandbox" (V2) is the fallback when V4 is off.
          sandboxFrom = e;
          break;
        case 'CreatedSandbox':
        case 'SandboxFailed':
        case 'CreateSandboxFailed':
          if (sandboxFrom)
            span(
              'sandbox',
              'sandbox',
              e.what === 'CreatedSandbox' ? 'sandbox' : 'error',
              sandboxFrom,
              e.us,
            );
          sandboxFrom = null;
          break;
        case 'CreatingContainer':
          if (c) creating = c;
          break;
        case 'EnforcingCFSQuota':
          // Logged after the image is there, just before CRI CreateContainer.
          if (creating && !createFrom.has(creating)) createFrom.set(creating, e);
          break;
        case 'EventPulling':
          if (c) pullFrom.set(c, e);
          break;
        case 'EventPulled':
          if (c) {
            const p = pullFrom.get(c);
            if (p) span(c, 'pull', 'pull', p, e.us, c);
            pullFrom.delete(c);
            createFrom.set(c, e);
          }
          break;
        case 'EventCreated':
          if (c) {
            const f = createFrom.get(c);
            if (f) span(c, 'create', 'create', f, e.us, c);
            createFrom.delete(c);
            startFrom.set(c, e);
          }
          break;
        case 'EventStarted':
          if (c) {
            const f = startFrom.get(c);
            if (f) span(c, 'start', 'start', f, e.us, c);
            startFrom.delete(c);
          }
          break;
        case 'EventFailed':
          if (c && pullFrom.has(c)) {
            span(c, 'pull', 'error', pullFrom.get(c)!, e.us, c);
            pullFrom.delete(c);
          }
          break;
        case 'ProbeFailed':
        case 'ProbeSucceeded':
          instant(
            'probes',
            `${String(e.data?.probeType ?? 'probe')} ${e.what === 'ProbeFailed' ? 'failed' : 'ok'}`,
            e.what === 'ProbeFailed' ? 'error' : 'probe',
            e,
          );
          break;
        default:
          if (e.what.startsWith('PLEG')) instant('PLEG', e.what.slice(4), 'wakeup', e);
      }
      if (e.what.startsWith('Event')) {
        const reason = e.what.slice(5);
        instant('Events', reason, WARNING.has(reason) ? 'error' : 'probe', e);
      }
    }
  }
  return out;
}
