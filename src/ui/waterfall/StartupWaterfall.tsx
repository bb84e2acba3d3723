/**
 * The selected pod's start-up as a waterfall: one bar per step from creation to Ready,
 * its duration and share, and for each wait what it was blocked by; above it, the window
 * kubelet_pod_start_sli_duration_seconds measures, with what it leaves out hatched.
 * Pure drawing of startupWaterfall (src/viz).
 */
import { useMemo } from 'react';
import type { RunView } from '../../state/types';
import { waterfallOf } from '../../state/startupView';
import { formatDuration } from '../../viz/formatTime';
import { SPAN_KIND_COLOR, SPAN_KIND_LABEL } from '../../viz/timeline/spanKinds';

export function StartupWaterfall({ run, pod, now }: { run: RunView; pod: string; now: number }) {
  const w = useMemo(() => waterfallOf(run, pod), [run, pod]);
  if (!w || w.rows.length === 0) return null;
  const t0 = w.created;
  const total = Math.max(w.end - t0, 1);
  const pct = (t: number) => `${(Math.min(Math.max(t - t0, 0), total) / total) * 100}%`;
  const width = (a: number, b: number) =>
    `${Math.max(((Math.min(b, w.end) - Math.max(a, t0)) / total) * 100, 0.4)}%`;
  const sli = w.sli;
  const pulled = sli.excluded.reduce((a, g) => a + g.end - g.start, 0);
  return (
    <section className="waterfall" aria-label="Start-up waterfall">
      <h4>
        Start-up of {pod}: {formatDuration(total)}
        {w.ready === null ? ' so far (not Ready)' : ' to Ready'}
      </h4>
      {sli.end !== null && sli.duration !== null && (
        <div className="wf-sli">
          <div className="wf-track" aria-hidden="true">
            <div
              className="wf-sli-bar"
              style={{ left: pct(sli.start), width: width(sli.start, sli.end) }}
            />
            {sli.excluded.map((g) => (
              <div
                key={g.start}
                className="wf-sli-out"
                style={{ left: pct(g.start), width: width(g.start, g.end) }}
              />
            ))}
          </div>
          <p className="wf-sli-text">
            <code>kubelet_pod_start_sli_duration_seconds</code> = {formatDuration(sli.duration)}:
            creation to observed running ({formatDuration(sli.end - sli.start)}) minus image pulls
            and init containers ({formatDuration(pulled)}, hatched), which the SLI leaves out.
          </p>
        </div>
      )}
      <ol className="wf-rows">
        {w.rows.map((r, i) => {
          const d = r.end - r.start;
          const active = now >= r.start && now < r.end;
          return (
            <li key={i} className={`wf-row${active ? ' is-now' : ''}`}>
              <span className="wf-label" title={r.label}>
                {r.label}
              </span>
              <span className="wf-track" aria-hidden="true">
                <span
                  className="wf-bar"
                  style={{
                    left: pct(r.start),
                    width: width(r.start, r.end),
                    background: SPAN_KIND_COLOR[r.kind],
                  }}
                  title={SPAN_KIND_LABEL[r.kind]}
                />
              </span>
              <span className="wf-num">
                {formatDuration(d)} · {Math.round((d / total) * 100)}%
              </span>
              {r.blockedBy && <span className="wf-blocked">blocked by {r.blockedBy}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
