/**
 * A pod the kubelet rejects at admission never gets a pod worker, so without this it
 * would have no lane at all: its rejection (OutOfcpu, TopologyAffinityError,
 * SMTAlignmentError, ...) becomes a mark in the pod's own group.
 */
import { type Trace } from '../../sim';
import type { ExtraSpan } from '../timeline/layoutLanes';

export function admissionMarks(
  trace: Trace,
  podKeyOf: (uid: string) => string | undefined,
): ExtraSpan[] {
  const out: ExtraSpan[] = [];
  for (const r of trace.records) {
    if (r.kind !== 'podRejected') continue;
    const uid = typeof r.data.uid === 'string' ? r.data.uid : '';
    const pod = podKeyOf(uid) ?? uid;
    const reason = typeof r.data.reason === 'string' ? r.data.reason : 'rejected';
    out.push({
      placement: {
        group: pod,
        groupLabel: pod,
        lane: 'admission',
        order: -1,
        pod,
        container: null,
      },
      start: r.t,
      end: r.t,
      kind: 'error',
      label: `rejected: ${reason}`,
      step: r.step,
      endStep: r.step,
      instant: true,
    });
  }
  return out;
}
