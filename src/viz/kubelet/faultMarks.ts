/**
 * Each armed fault and timed action as a labelled mark where it acts: a container's
 * faults on that container's "faults" lane, a pod's on the pod's, node actions (kubelet
 * restart, CPU policy change) on the Kubelet group. Most faults mark the instant they are
 * armed (their `at`, or the start); what they then do shows on the lanes they perturb. A
 * ContainerExit or SandboxDied acts later, `afterSeconds` after the container started or
 * RunPodSandbox returned (startContainer's and syncPod's takeFault, then the runtime's
 * delayed EXIT / SANDBOX_DIED): it is marked there, once for each start it takes.
 */
import type { ExtraSpan, Placement } from '../timeline/layoutLanes';
import { lowerBound } from '../timeline/windowQuery';

export interface FaultLike {
  readonly kind: string;
  readonly target?: string;
  /** ms */
  readonly at?: number;
  readonly times?: number;
  readonly seconds?: number;
  readonly afterSeconds?: number;
  readonly exitCode?: number;
  readonly reason?: string;
  readonly policy?: string;
}

const s = (x: number) => `${Math.round(x * 10) / 10}s`;

/** A short label: "fault: exit 1 after 5s (×1)". */
export function faultLabel(f: FaultLike, action: boolean): string {
  const n = f.times !== undefined ? ` (×${f.times})` : '';
  switch (f.kind) {
    case 'ContainerExit':
      return `fault: exit ${f.exitCode ?? 1}${f.reason === 'OOMKilled' ? ' OOMKilled' : ''} after ${s(f.afterSeconds ?? 0)}${n}`;
    case 'ImagePullSlow':
      return `fault: next pull ${s(f.seconds ?? 0)} slower${n}`;
    case 'PostStartHang':
      return `fault: PostStart hangs ${s(f.seconds ?? 0)}${n}`;
    case 'ChangeCpuManagerPolicy':
      return `action: CPU policy → ${f.policy ?? '?'}`;
    case 'RestartKubelet':
      return 'action: restart the kubelet';
    case 'DeletePod':
      return 'action: delete the pod';
    case 'AddPod':
      return 'action: add a pod';
    case 'ResizePod':
      return 'action: resize the pod';
    default:
      return `${action ? 'action' : 'fault'}: ${f.kind}${n}`;
  }
}

/** A container start ("ns/pod/ctr") or a sandbox created ("ns/pod"), from the trace's records. */
export interface FaultOccasion {
  readonly kind: 'containerStarted' | 'sandboxCreated';
  readonly t: number;
  readonly key: string;
}

const DELAYED: Readonly<Record<string, FaultOccasion['kind']>> = {
  ContainerExit: 'containerStarted',
  SandboxDied: 'sandboxCreated',
};

/**
 * When each delayed fault acts: at each occasion the engine's fault lookup (kubelet/faults.ts
 * find) would give it — the container's own faults before its pod's, in scenario order, from
 * `at`, `times` times — plus its afterSeconds. Fault index → instants (ms).
 */
export function delayedFaultTimes(
  faults: readonly FaultLike[],
  occasions: readonly FaultOccasion[],
): Map<number, number[]> {
  const hits = faults.map(() => 0);
  const out = new Map<number, number[]>();
  for (const o of occasions) {
    const podKey = o.kind === 'containerStarted' ? o.key.slice(0, o.key.lastIndexOf('/')) : o.key;
    const keys = o.kind === 'containerStarted' ? [o.key, podKey] : [podKey];
    let hit = -1;
    for (const key of keys) {
      hit = faults.findIndex(
        (f, i) =>
          DELAYED[f.kind] === o.kind &&
          f.target === key &&
          !(f.at !== undefined && o.t < f.at) &&
          !(f.times !== undefined && hits[i]! >= f.times),
      );
      if (hit >= 0) break;
    }
    if (hit < 0) continue;
    hits[hit]!++;
    const at = o.t + Math.round((faults[hit]!.afterSeconds ?? 0) * 1000);
    out.set(hit, [...(out.get(hit) ?? []), at]);
  }
  return out;
}

export function faultMarks(
  faults: readonly FaultLike[],
  actions: readonly FaultLike[],
  stepTimes: ArrayLike<number>,
  where: {
    container: (key: string) => Placement | null;
    pod: (key: string) => Placement | null;
    node: Placement;
  },
  occasions: readonly FaultOccasion[] = [],
): ExtraSpan[] {
  const out: ExtraSpan[] = [];
  const acts = delayedFaultTimes(faults, occasions);
  const mark = (f: FaultLike, action: boolean, t = f.at ?? 0) => {
    const parts = f.target?.split('/') ?? [];
    const p =
      parts.length >= 3
        ? where.container(f.target!)
        : parts.length === 2
          ? where.pod(f.target!)
          : where.node;
    if (!p) return;
    const step = Math.min(lowerBound(stepTimes, t), Math.max(stepTimes.length - 1, 0));
    out.push({
      placement: p,
      start: t,
      end: t,
      kind: 'fault',
      label: faultLabel(f, action),
      step,
      endStep: step,
      instant: true,
    });
  };
  faults.forEach((f, i) => {
    // A delayed fault that never met its occasion (the container never started after `at`)
    // is marked where it was armed.
    const times = DELAYED[f.kind] ? acts.get(i) : undefined;
    if (times) for (const t of times) mark(f, false, t);
    else mark(f, false);
  });
  for (const a of actions) if (a.kind !== 'AddPod') mark(a, true);
  return out;
}
