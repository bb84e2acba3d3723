/**
 * The state machines of the selected pod (or the node's own, with no pod selected):
 * each chart's states as chips, the active one highlighted, with how long it has
 * been active at the cursor; the machine that made the last step is marked.
 */
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatDuration } from '../../viz/formatTime';
import { useApp } from '../app/storeContext';
import { useEngineViews } from '../app/engineViews';
import { usePanelCursor } from '../hooks/usePanelCursor';
import { Panel } from './Panel';

export function MachinesPanel() {
  const views = useEngineViews();
  const cursor = usePanelCursor();
  const { run, pod } = useApp(
    useShallow((s) => ({
      run: s.run,
      pod:
        s.selection?.kind === 'pod'
          ? s.selection.pod
          : s.selection?.kind === 'container'
            ? s.selection.pod
            : s.selection?.kind === 'span'
              ? (s.selection.pod ?? null)
              : null,
    })),
  );
  const timeMs = run ? (cursor > 0 ? (run.times[cursor - 1] ?? 0) : 0) : 0;
  const firstPod = run ? (views.pods(run)[0] ?? null) : null;
  const shownPod = pod ?? firstPod;
  const machines = useMemo(
    () => (run ? views.machinesAt(run, cursor, shownPod) : []),
    [views, run, cursor, shownPod],
  );
  return (
    <Panel id="machines" title="State machines" className="machines-panel">
      <div className="machines-scroll" tabIndex={0} role="group" aria-label="Machine states">
        <p className="muted machines-for">
          {shownPod ? `Pod ${shownPod}` : 'Node'} at the cursor
          {pod ? '' : shownPod ? ' (select another pod on the timeline)' : ''}
        </p>
        {machines.length === 0 && <p className="empty">No machine has started yet.</p>}
        {machines.map((m) => (
          <div
            key={m.id}
            className={`machine${m.moved ? ' is-moved' : ''}`}
            data-moved={m.moved || undefined}
          >
            <div className="machine-head">
              <span className="machine-id">{m.id}</span>
              {m.moved && <span className="moved-badge">moved at this step</span>}
              <span className="muted">
                {m.kind}
                {m.since !== null && m.active !== null
                  ? ` · ${formatDuration(Math.max(0, timeMs - m.since))} in ${m.active}`
                  : ''}
              </span>
            </div>
            <ol className="chart" aria-label={`${m.id} states`}>
              {m.states.map((st) => {
                const active = st === m.active;
                const depth = st.split('.').length - 1;
                return (
                  <li
                    key={st}
                    className={`chart-state${active ? ' is-active' : ''}`}
                    style={depth ? { marginLeft: depth * 6 } : undefined}
                    aria-current={active ? 'step' : undefined}
                  >
                    {st.split('.').pop()}
                  </li>
                );
              })}
            </ol>
          </div>
        ))}
      </div>
    </Panel>
  );
}
