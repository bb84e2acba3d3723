/** `kubectl get pods` at the cursor: NAME, READY, STATUS, RESTARTS, AGE. */
import { useMemo } from 'react';
import { useApp, useAppStore } from '../app/storeContext';
import { useEngineViews, useViewsVersion } from '../app/engineViews';
import { usePanelView } from '../hooks/usePanelCursor';
import { Panel } from './Panel';

export function PodsPanel() {
  const views = useEngineViews();
  const store = useAppStore();
  const { run, cursor, behind } = usePanelView();
  const selPod = useApp((s) =>
    s.selection?.kind === 'pod' || s.selection?.kind === 'container' ? s.selection.pod : null,
  );
  const answered = useViewsVersion(views);
  const rows = useMemo(
    () => (run ? views.podsAt(run, cursor) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `answered`: a worker's answer arrived
    [views, run, cursor, answered],
  );
  return (
    <Panel busy={behind} id="pods" title="Pods" className="pods-panel">
      <div className="table-scroll" tabIndex={0} role="group" aria-label="kubectl get pods">
        <table className="kubectl-table">
          <thead>
            <tr>
              <th scope="col">NAME</th>
              <th scope="col">READY</th>
              <th scope="col">STATUS</th>
              <th scope="col">RESTARTS</th>
              <th scope="col">AGE</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className={selPod === r.key ? 'is-selected' : undefined}>
                <td>
                  <button
                    type="button"
                    className="link-btn"
                    onClick={() => store.getState().select({ kind: 'pod', pod: r.key })}
                  >
                    {r.name}
                  </button>
                </td>
                <td>{r.ready}</td>
                <td className={`status status-${r.status.replace(/[^A-Za-z]/g, '')}`}>
                  {r.status}
                </td>
                <td>{r.restarts}</td>
                <td>{r.age}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="empty">No pods on the node at the cursor.</p>}
      </div>
    </Panel>
  );
}
