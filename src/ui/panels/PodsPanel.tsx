/**
 * `kubectl get pods` at the cursor: NAME, READY, STATUS, RESTARTS, AGE. A pod whose container has
 * started (its Started Event is recorded) but whose STATUS still says it is being created gets a
 * note saying why: the kubelet writes the status at the pod's next sync, not at the start.
 */
import { useMemo } from 'react';
import { useApp, useAppStore } from '../app/storeContext';
import { useEngineViews, useViewsVersion } from '../app/engineViews';
import { usePanelView } from '../hooks/usePanelCursor';
import { Panel } from './Panel';

/** The statuses of a pod whose containers are still being created. */
const STILL_CREATING = new Set(['Pending', 'ContainerCreating', 'PodInitializing']);
const NOTE =
  "a container has started (see its Started Event), but STATUS still shows the last status the kubelet wrote. The kubelet regenerates it (generateAPIPodStatus) at the pod's next sync, once the PLEG has seen the container running, about a second later.";

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
  const started = useMemo(
    () => (run ? views.startedAt(run, cursor) : new Set<string>()),
    [views, run, cursor],
  );
  /** Pods shown as waiting although a container of theirs runs: the status is behind. */
  const behindStatus = new Set(
    rows
      .filter(
        (r) => STILL_CREATING.has(r.status) && [...started].some((k) => k.startsWith(`${r.key}/`)),
      )
      .map((r) => r.key),
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
                  {behindStatus.has(r.key) && (
                    <span className="status-note" aria-hidden="true" title={NOTE}>
                      {' '}
                      ⓘ
                    </span>
                  )}
                </td>
                <td>{r.restarts}</td>
                <td>{r.age}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="empty">No pods on the node at the cursor.</p>}
        {behindStatus.size > 0 && (
          <p className="pods-note" data-testid="pods-status-note">
            ⓘ {[...behindStatus].join(', ')}: {NOTE}
          </p>
        )}
      </div>
    </Panel>
  );
}
