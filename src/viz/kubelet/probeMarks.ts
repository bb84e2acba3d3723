/**
 * Probe results as marks on a lane per container and probe type, from the prober's
 * `probe` records: one mark per probe actually run (doProbe in prober/worker.go), passed
 * or failed. A probe worker that is waiting for its container to start, holding for the
 * startup probe or inside initialDelaySeconds runs nothing, so it draws nothing.
 */
import type { Trace } from '../../sim';
import type { ExtraSpan } from '../timeline/layoutLanes';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function probeMarks(
  trace: Trace,
  podKeyOf: (uid: string) => string | undefined,
): ExtraSpan[] {
  const out: ExtraSpan[] = [];
  for (const r of trace.records) {
    if (r.kind !== 'probe') continue;
    const pod = podKeyOf(str(r.data.uid)) ?? str(r.data.uid);
    const name = str(r.data.container);
    const type = str(r.data.probe);
    const ok = r.data.result === 'Success';
    const lane = `${name} ${type} probe`;
    out.push({
      placement: {
        group: pod,
        groupLabel: pod,
        lane,
        order: 20,
        pod,
        container: `${pod}/${name}`,
      },
      start: r.t,
      end: r.t,
      kind: ok ? 'probe' : 'probefail',
      label: ok ? `${type} probe passed` : `${type} probe failed`,
      step: r.step,
      endStep: r.step,
      instant: true,
      labelled: false,
    });
  }
  return out;
}
