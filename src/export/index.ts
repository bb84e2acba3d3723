/**
 * Trace export of a run the app or the CLI built (its lane model is the timeline's):
 * Chrome trace event JSON (Perfetto UI, chrome://tracing) and kubelet-shaped OTLP JSON
 * (Jaeger). Pure: the same bytes in Node and in the page.
 */
import type { SimulationRun } from '../sim';
import type { LaneModel } from '../viz/timeline/laneModel';
import { toChromeTrace, type ChromeTrace } from './chromeTrace';
import { causePairs, spansByStep } from './flows';
import { toOtlp, type OtlpTrace } from './otlp';

export type { ChromeTrace, ChromeEvent } from './chromeTrace';
export type { OtlpTrace, OtlpSpan } from './otlp';

/** Simulated time 0 on the run's clock, 2026-11-22 10:00:00 UTC (src/sim/views/clock.ts). */
export const RUN_EPOCH_MS = Date.UTC(2026, 10, 22, 10, 0, 0);

export interface ExportableRun {
  readonly raw: SimulationRun;
  readonly lanes: LaneModel;
}

export function runToChromeTrace(run: ExportableRun, name = ''): ChromeTrace {
  const { trace, config } = run.raw;
  return toChromeTrace({
    model: run.lanes,
    events: trace.events,
    logs: trace.logs,
    pairs: causePairs(trace),
    spanOfStep: spansByStep(run.lanes),
    otherData: {
      scenario: name,
      node: config.nodeName,
      endMs: trace.endT,
      clock: 'simulated ms since 2026-11-22T10:00:00Z',
    },
  });
}

export function runToOtlp(run: ExportableRun): OtlpTrace {
  const { trace, config } = run.raw;
  const uidByKey = new Map(Object.entries(config.pods).map(([uid, p]) => [p.key, uid]));
  return toOtlp({
    model: run.lanes,
    events: trace.events,
    uidOf: (pod) => uidByKey.get(pod),
    nodeName: config.nodeName,
    epochMs: RUN_EPOCH_MS,
  });
}
