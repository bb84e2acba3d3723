/**
 * The `kubectl describe pod` Events table, up to the cursor, with the Object column before the
 * Message (as `kubectl get events` has it): only the message wraps, so the table fits its panel
 * and nothing goes out of sight behind a scrollbar. A big node has thousands of
 * Events: only the rows in view are drawn (useRowWindow), so a seek re-renders a few dozen.
 */
import { useMemo } from 'react';
import { SlashBreaks } from './SlashBreaks';
import { useEngineViews } from '../app/engineViews';
import { usePanelView } from '../hooks/usePanelCursor';
import { Panel } from './Panel';
import { useRowWindow } from './useRowWindow';

export function EventsPanel() {
  const views = useEngineViews();
  const { run, cursor, behind } = usePanelView();
  const rows = useMemo(() => (run ? views.eventsAt(run, cursor) : []), [views, run, cursor]);
  const { ref, onScroll, first, end, before, after } = useRowWindow<HTMLDivElement>(rows.length);
  return (
    <Panel busy={behind} id="events" title="Events" className="events-panel">
      <div
        className="table-scroll"
        ref={ref}
        onScroll={onScroll}
        tabIndex={0}
        role="group"
        aria-label="Events table"
      >
        <table className="kubectl-table">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Reason</th>
              <th scope="col">Age</th>
              <th scope="col">From</th>
              <th scope="col">Object</th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {before > 0 && (
              <tr className="row-spacer" aria-hidden="true" style={{ height: before }} />
            )}
            {rows.slice(first, end).map((r) => (
              <tr key={r.key} className={r.type === 'Warning' ? 'is-warning' : undefined}>
                <td>{r.type}</td>
                <td title={`From ${r.from}`}>{r.reason}</td>
                <td className="age">
                  <AgeBreaks age={r.age} />
                </td>
                <td>{r.from}</td>
                <td className="obj">
                  <SlashBreaks text={r.object} />
                </td>
                <td className="msg">{r.message}</td>
              </tr>
            ))}
            {after > 0 && (
              <tr className="row-spacer" aria-hidden="true" style={{ height: after }} />
            )}
          </tbody>
        </table>
        {rows.length === 0 && <p className="empty">No events yet. Step forward or press Play.</p>}
      </div>
    </Panel>
  );
}

/**
 * kubectl's Age of a repeated Event, "105s (x2 over 116s)", may break before its count, never
 * inside either part: the message keeps its room on a narrow panel.
 */
function AgeBreaks({ age }: { age: string }) {
  const at = age.indexOf(' (');
  if (at < 0) return age;
  return (
    <>
      <span className="nobreak">{age.slice(0, at)}</span>{' '}
      <span className="nobreak">{age.slice(at + 1)}</span>
    </>
  );
}
