/**
 * The selection in detail: spec fragment, state at the cursor, cgroup values,
 * cpuset, and the engine's "why" (why pinned, why not, why waiting).
 */
import { useMemo } from 'react';
import { useApp, useAppStore } from '../app/storeContext';
import {
  useEngineViews,
  useViewsVersion,
  type EngineViews,
  type InspectorData,
} from '../app/engineViews';
import type { RunView, Selection } from '../../state/types';
import { usePanelView } from '../hooks/usePanelCursor';
import { Panel } from './Panel';
import { perturbTargetOf } from '../../state/perturbations';
import { StartupWaterfall } from '../waterfall/StartupWaterfall';

export function InspectorPanel() {
  const views = useEngineViews();
  const store = useAppStore();
  const selection = useApp((s) => s.selection);
  const { run, cursor, behind } = usePanelView();
  // A span of an imported lane is a record of the input: no perturbation, no model start-up.
  const imported =
    !!run?.imported && selection?.kind === 'span' && selection.span.lane < run.imported.laneOffset;
  const target = imported ? null : perturbTargetOf(selection);
  const pod = !imported && selection && 'pod' in selection ? selection.pod : undefined;
  const now = run && cursor > 0 ? (run.times[Math.min(cursor, run.total) - 1] ?? 0) : 0;
  const answered = useViewsVersion(views);
  const data = useMemo(
    () => (run && selection ? inspectWithImport(views, run, cursor, selection) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `answered`: a worker's answer arrived
    [views, run, cursor, selection, answered],
  );
  return (
    <Panel
      busy={behind}
      id="inspector"
      title="Inspector"
      className="inspector-panel"
      tools={
        selection && (
          <>
            {target && (
              <button
                type="button"
                className="text-btn"
                aria-haspopup="menu"
                title="Fail a pull, crash the container, hang its PostStart… at the cursor (Shift+F10)"
                onClick={(e) => {
                  const r = e.currentTarget.getBoundingClientRect();
                  store.getState().openPerturbMenu({ ...target, x: r.left, y: r.bottom + 4 });
                }}
              >
                Perturb…
              </button>
            )}
            <button
              type="button"
              className="text-btn"
              onClick={() => store.getState().select(null)}
            >
              Clear
            </button>
          </>
        )
      }
    >
      <div className="inspector-scroll" tabIndex={0} role="group" aria-label="Selection details">
        {!data ? (
          <p className="empty">
            Click a span on the timeline, a lane name or a CPU to inspect it. Keys: <kbd>.</kbd>{' '}
            <kbd>,</kbd> move along a lane, <kbd>F</kbd> fits it.
          </p>
        ) : (
          <>
            <h3 className="insp-title">{data.title}</h3>
            {data.subtitle && <p className="insp-sub">{data.subtitle}</p>}
            {run && pod && <StartupWaterfall run={run} pod={pod} now={now} />}
            {data.sections.map((sec) => (
              <div key={sec.heading} className="insp-section">
                <h4>{sec.heading}</h4>
                {sec.rows && (
                  <dl className="insp-rows">
                    {sec.rows.map(([k, v]) => (
                      <div key={k} className="insp-row">
                        <dt>{k}</dt>
                        <dd>{v}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {/* Focusable: a long line scrolls sideways, and keyboard users must reach it. */}
                {sec.code && (
                  <pre className="insp-code" tabIndex={0}>
                    {sec.code}
                  </pre>
                )}
                {sec.notes && (
                  <ul className="insp-notes">
                    {sec.notes.map((n, i) => (
                      <li key={i}>{n}</li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
          </>
        )}
      </div>
    </Panel>
  );
}

/**
 * An imported input's lanes come before the model's on the page (the engine's views do not
 * know them): a span of theirs is its input record (or a difference); a model span is asked of
 * the engine by its own lane index.
 */
function inspectWithImport(
  views: EngineViews,
  run: RunView,
  cursor: number,
  sel: Selection,
): InspectorData | null {
  const imp = run.imported;
  if (!imp || sel.kind !== 'span') return views.inspect(run, cursor, sel);
  const lane = run.lanes.lanes[sel.span.lane];
  if (sel.span.lane < imp.laneOffset) {
    const info = lane ? imp.spans.get(lane.id)?.[sel.span.index] : undefined;
    if (!lane || !info) return null;
    return {
      title: info.title,
      subtitle: `${lane.group} · ${lane.label} (from the imported input)`,
      sections: [
        { heading: 'Imported record', rows: info.rows.map(([k, v]) => [k, v] as [string, string]) },
        ...(info.code ? [{ heading: 'As the input has it', code: info.code }] : []),
      ],
    };
  }
  return views.inspect(run, cursor, {
    ...sel,
    span: { ...sel.span, lane: sel.span.lane - imp.laneOffset },
  });
}
