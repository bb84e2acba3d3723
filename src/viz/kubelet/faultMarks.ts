/**
 * Each armed fault and timed action as a labelled mark where it acts: a container's
 * faults on that container's "faults" lane, a pod's on the pod's, node actions (kubelet
 * restart, CPU policy change) on the Kubelet group. A fault marks the instant it is armed
 * (its `at`, or the start); what it then does shows on the lanes it perturbs.
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
      return `fault: next pull takes ${s(f.seconds ?? 0)}${n}`;
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
    default:
      return `${action ? 'action' : 'fault'}: ${f.kind}${n}`;
  }
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
): ExtraSpan[] {
  const out: ExtraSpan[] = [];
  const mark = (f: FaultLike, action: boolean) => {
    const t = f.at ?? 0;
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
  for (const f of faults) mark(f, false);
  for (const a of actions) if (a.kind !== 'AddPod') mark(a, true);
  return out;
}
