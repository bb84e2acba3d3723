/**
 * One machine instance's statechart, drawn from its XState definition: states (compound ones
 * around their children), transitions labelled `event [guard]`, the active state at the cursor
 * and the transition just taken, highlighted with the guard that decided it. Laid out by elkjs
 * (lazy); drawn as React SVG, every state named for assistive technology.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { eventLabel } from '../../../sim';
import type { MachineView } from '../../../state/viewTypes';
import { transitionLabel } from '../../../viz/statechart/chartModel';
import { scrollToActive } from '../../../viz/statechart/chartScroll';
import type { ChartLayout } from '../../../viz/statechart/elkGraph';
import { CHART_FONT_PX } from '../../../viz/statechart/elkGraph';
import { formatClock } from '../../../viz/formatTime';
import { layoutChart } from './layoutChart';

function useChartLayout(m: MachineView): { layout: ChartLayout | null; error: string | null } {
  const { chart, labels } = m.chart;
  const [state, setState] = useState<{ layout: ChartLayout | null; error: string | null }>({
    layout: null,
    error: null,
  });
  useEffect(() => {
    let live = true;
    layoutChart(chart, labels).then(
      (layout) => live && setState({ layout, error: null }),
      (e: unknown) =>
        live && setState({ layout: null, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [chart, labels]);
  return state;
}

const pathOf = (pts: readonly { x: number; y: number }[]): string =>
  pts.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');

/** "ensuringImage → pullingImage on PULL_QUEUED [image present] at 0.412 s". */
export function takenSentence(m: MachineView): string | null {
  const tk = m.chart.taken;
  if (!tk) return null;
  const tr = m.chart.chart.transitions.find((t) => t.id === tk.transition);
  const event = tr
    ? (m.chart.labels.get(tr.id)?.replace(/ \[[^\]]*\]$/, '') ??
      transitionLabel({ ...tr, guard: null }))
    : eventLabel(tk.event);
  const leaf = (s: string) => (s ? s.split('.').pop()! : 'start');
  const guard = tk.guard ? ` [${tk.guard}]` : '';
  return `${leaf(tk.from)} → ${leaf(tk.to)} on ${event}${guard} at ${formatClock(tk.t)}`;
}

export default function MachineChart({ m }: { m: MachineView }) {
  const { layout, error } = useChartLayout(m);
  const [fit, setFit] = useState(false);
  const uid = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const { chart, active, taken } = m.chart;
  const leafActive = chart.states.find(
    (s) => active.has(s.id) && !chart.states.some((c) => c.parent === s.id && active.has(c.id)),
  );

  // Keep the active state in view when it changes (actual size only; fit shows it all),
  // without cutting a state or a label at the left or top edge (chartScroll).
  useLayoutEffect(() => {
    const el = scroller.current;
    const box = leafActive && layout?.states.get(leafActive.id);
    if (!el || !box || !layout || fit) return;
    const leaves = chart.states
      .filter((st) => !chart.states.some((c) => c.parent === st.id))
      .flatMap((st) => layout.states.get(st.id) ?? []);
    const labels = layout.edges.flatMap((e) => e.label ?? []);
    const at = scrollToActive(
      box,
      leaves,
      { width: el.clientWidth, height: el.clientHeight },
      { width: el.scrollWidth, height: el.scrollHeight },
      labels,
    );
    el.scrollLeft = at.left;
    el.scrollTop = at.top;
  }, [layout, leafActive, fit, chart]);

  if (error) return <p className="empty">Could not lay the chart out: {error}</p>;
  const sentence = takenSentence(m);
  const title = `Statechart of ${m.id}${leafActive ? `, active state ${leafActive.key}` : ''}`;
  return (
    <div className="sc">
      <div className="sc-tools">
        <span className="muted sc-taken">{sentence ? `Last: ${sentence}` : 'Not started'}</span>
        <button
          type="button"
          className="text-btn"
          aria-pressed={fit}
          onClick={() => setFit(!fit)}
          title="Scale the chart to the panel's width, or show it at actual size"
        >
          Fit
        </button>
      </div>
      <div
        ref={scroller}
        className={`sc-scroll${fit ? ' is-fit' : ''}`}
        tabIndex={0}
        role="group"
        aria-label={`${m.id} chart`}
      >
        {!layout ? (
          <p className="muted">Laying out…</p>
        ) : (
          <svg
            className="sc-svg"
            role="group"
            aria-labelledby={`${uid}-t`}
            viewBox={`0 0 ${Math.ceil(layout.width)} ${Math.ceil(layout.height)}`}
            width={fit ? '100%' : Math.ceil(layout.width)}
            height={fit ? undefined : Math.ceil(layout.height)}
            fontSize={CHART_FONT_PX}
          >
            <title id={`${uid}-t`}>{title}</title>
            <defs>
              <marker
                id={`${uid}-a`}
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                orient="auto-start-reverse"
              >
                <path d="M0 0 L10 5 L0 10 z" className="sc-arrow" />
              </marker>
              <marker
                id={`${uid}-at`}
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                orient="auto-start-reverse"
              >
                <path d="M0 0 L10 5 L0 10 z" className="sc-arrow is-taken" />
              </marker>
            </defs>
            {chart.states.map((s) => {
              const b = layout.states.get(s.id);
              if (!b) return null;
              const on = active.has(s.id);
              const compound = s.type === 'compound' || s.type === 'parallel';
              return (
                <g
                  key={s.id}
                  role="img"
                  aria-label={`state ${s.key}${on ? ' (active)' : ''}`}
                  className={`sc-state${on ? ' is-active' : ''}${compound ? ' is-compound' : ''}`}
                >
                  <rect x={b.x} y={b.y} width={b.width} height={b.height} rx={compound ? 8 : 6} />
                  {s.type === 'final' && (
                    <rect
                      x={b.x + 3}
                      y={b.y + 3}
                      width={b.width - 6}
                      height={b.height - 6}
                      rx={4}
                      className="sc-final"
                    />
                  )}
                  <text
                    x={compound ? b.x + 10 : b.x + b.width / 2}
                    y={compound ? b.y + 17 : b.y + b.height / 2 + 4}
                    textAnchor={compound ? 'start' : 'middle'}
                  >
                    {s.key}
                  </text>
                </g>
              );
            })}
            {[...layout.initials.values()].map((b) => (
              <circle
                key={b.id}
                cx={b.x + b.width / 2}
                cy={b.y + b.height / 2}
                r={b.width / 2}
                className="sc-initial"
                aria-hidden="true"
              />
            ))}
            {layout.edges.map((e) => {
              const isTaken =
                e.transition !== null && (taken?.path.includes(e.transition) ?? false);
              const text = e.label?.text;
              return (
                <g
                  key={e.id}
                  className={`sc-edge${isTaken ? ' is-taken' : ''}${e.transition ? '' : ' is-initial'}`}
                  {...(isTaken
                    ? { role: 'img', 'aria-label': `transition ${text ?? ''} (just taken)` }
                    : { 'aria-hidden': true })}
                >
                  <path d={pathOf(e.points)} markerEnd={`url(#${uid}-${isTaken ? 'at' : 'a'})`} />
                  {e.label && text && (
                    <>
                      <rect
                        x={e.label.x - 1}
                        y={e.label.y - 1}
                        width={e.label.width + 2}
                        height={e.label.height + 2}
                        rx={3}
                        className="sc-label-bg"
                      />
                      <text x={e.label.x + 3} y={e.label.y + e.label.height - 4}>
                        {text}
                      </text>
                    </>
                  )}
                </g>
              );
            })}
          </svg>
        )}
      </div>
    </div>
  );
}
