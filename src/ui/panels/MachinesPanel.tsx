/**
 * The state machines of the selected pod (or the first pod's), or on request the node's own
 * (sync loop, PLEG, image puller, ...: the only ones shown while there is no pod): one row
 * per machine instance with its active state and how long it has been there, and the
 * statechart of the ones that matter to the selection (the selected container's machines and
 * the pod's SyncPod; any other opens on request), drawn from the XState definitions.
 * The machine that made the last step is marked.
 */
import { Suspense, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatDuration } from '../../viz/formatTime';
import { useApp } from '../app/storeContext';
import { useEngineViews, useViewsVersion } from '../app/engineViews';
import { usePanelView } from '../hooks/usePanelCursor';
import type { MachineView } from '../../state/viewTypes';
import { ErrorBoundary } from '../app/ErrorBoundary';
import { retryableLazy } from '../app/retryableLazy';
import { Panel } from './Panel';

// The chart drawing and elkjs arrive with the first chart drawn, not with the page
// (a failed fetch says so in the chart's place, and Try again fetches it again).
const MachineChart = retryableLazy(
  () => import('./statechart/MachineChart'),
  (m) => m.default,
);

/** Open by default: the selected container's machines, else the pod's SyncPod (or first). */
function openByDefault(machines: readonly MachineView[], container: string | null): Set<string> {
  const own = container ? machines.filter((m) => m.container === container) : [];
  if (own.length > 0) return new Set(own.map((m) => m.id));
  const first = machines.find((m) => m.kind === 'syncPod') ?? machines[0];
  return new Set(first ? [first.id] : []);
}

export function MachinesPanel() {
  const views = useEngineViews();
  const { run, cursor, behind } = usePanelView();
  const { pod, container } = useApp(
    useShallow((s) => ({
      pod:
        s.selection?.kind === 'pod'
          ? s.selection.pod
          : s.selection?.kind === 'container'
            ? s.selection.pod
            : s.selection?.kind === 'span'
              ? (s.selection.pod ?? null)
              : null,
      container:
        s.selection?.kind === 'container'
          ? s.selection.container
          : s.selection?.kind === 'span'
            ? (s.selection.container ?? null)
            : null,
    })),
  );
  const timeMs = run ? (cursor > 0 ? (run.times[cursor - 1] ?? 0) : 0) : 0;
  const firstPod = run ? (views.pods(run)[0] ?? null) : null;
  const podShown = pod ?? firstPod;
  // The node's machines, asked for while this pod was shown (another pod shows its own again).
  const [nodeFor, setNodeFor] = useState<string | null>(null);
  const nodeShown = podShown !== null && nodeFor === podShown;
  const shownPod = nodeShown ? null : podShown;
  const answered = useViewsVersion(views);
  const machines = useMemo(
    () => (run ? views.machinesAt(run, cursor, shownPod) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `answered`: a worker's answer arrived
    [views, run, cursor, shownPod, answered],
  );
  // What the user opened or closed, per selection; the defaults follow the selection.
  const [toggled, setToggled] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: '',
    ids: new Set(),
  });
  const selKey = `${shownPod ?? ''}|${container ?? ''}`;
  const userToggled = toggled.key === selKey ? toggled.ids : new Set<string>();
  const defaults = openByDefault(machines, container);
  const isOpen = (id: string) => defaults.has(id) !== userToggled.has(id);
  const toggle = (id: string) => {
    const ids = new Set(userToggled);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    setToggled({ key: selKey, ids });
  };
  return (
    <Panel busy={behind} id="machines" title="State machines" className="machines-panel">
      <div className="machines-scroll" tabIndex={0} role="group" aria-label="Machine states">
        {podShown !== null && (
          <div className="machines-scope" role="group" aria-label="Show the machines of">
            <button
              type="button"
              className="seg-btn"
              aria-pressed={!nodeShown}
              onClick={() => setNodeFor(null)}
            >
              Pod
            </button>
            <button
              type="button"
              className="seg-btn"
              aria-pressed={nodeShown}
              onClick={() => setNodeFor(podShown)}
            >
              Node
            </button>
          </div>
        )}
        <p className="muted machines-for">
          {shownPod ? `Pod ${shownPod}` : 'Node'} at the cursor
          {pod || nodeShown ? '' : shownPod ? ' (select another pod on the timeline)' : ''}
        </p>
        {machines.length === 0 && <p className="empty">No machine has started yet.</p>}
        {[...machines]
          .sort((a, b) => Number(defaults.has(b.id)) - Number(defaults.has(a.id)))
          .map((m) => {
            const open = isOpen(m.id);
            return (
              <div
                key={m.id}
                className={`machine${m.moved ? ' is-moved' : ''}`}
                data-moved={m.moved || undefined}
              >
                <div className="machine-head">
                  <button
                    type="button"
                    className="machine-toggle"
                    aria-expanded={open}
                    onClick={() => toggle(m.id)}
                  >
                    <span className="tl-caret" aria-hidden="true">
                      {open ? '▾' : '▸'}
                    </span>
                    <span className="machine-id">{m.id}</span>
                  </button>
                  {m.moved && <span className="moved-badge">moved at this step</span>}
                  <span className="muted">
                    {m.kind}
                    {m.active !== null ? ` · ${m.active}` : ''}
                    {m.since !== null && m.active !== null
                      ? ` for ${formatDuration(Math.max(0, timeMs - m.since))}`
                      : ''}
                  </span>
                </div>
                {open && (
                  <ErrorBoundary what="The chart" onError={MachineChart.retry}>
                    <Suspense fallback={<p className="muted">Loading the chart…</p>}>
                      <MachineChart m={m} />
                    </Suspense>
                  </ErrorBoundary>
                )}
              </div>
            );
          })}
      </div>
    </Panel>
  );
}
