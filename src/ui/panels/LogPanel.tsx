/**
 * The kubelet's klog output up to the cursor, as `-v=N` would print it, with a text
 * filter; switched to "containerd", the runtime's own log of the same moments (sandbox,
 * pull, create, start, stop), to follow the create-pod flow on both sides; or, switched to
 * "transitions", the ordered list of every step of the run.
 * Lines are text nodes (never HTML), so a pod name cannot inject markup.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { useApp } from '../app/storeContext';
import { useEngineViews } from '../app/engineViews';
import { usePanelCursor } from '../hooks/usePanelCursor';
import { Panel } from './Panel';
import { StepsList } from './StepsPanel';
import { VirtualList } from './VirtualList';

export function LogPanel() {
  const views = useEngineViews();
  const run = useApp((s) => s.run);
  const cursor = usePanelCursor();
  const [v, setV] = useState(2);
  const [filter, setFilter] = useState('');
  const [mode, setMode] = useState<'klog' | 'containerd' | 'steps'>('klog');
  const q = useDeferredValue(filter.trim().toLowerCase());
  const lines = useMemo(
    () =>
      !run
        ? []
        : mode === 'containerd'
          ? views.containerdLogAt(run, cursor)
          : views.logsAt(run, cursor, v),
    [views, run, cursor, v, mode],
  );
  const shown = useMemo(
    () => (q ? lines.filter((l) => l.text.toLowerCase().includes(q)) : lines),
    [lines, q],
  );
  return (
    <Panel
      id="log"
      title="Kubelet log"
      className="log-panel"
      tools={
        <>
          <div className="log-mode" role="group" aria-label="Show">
            <button
              type="button"
              className="seg-btn"
              aria-pressed={mode === 'klog'}
              onClick={() => setMode('klog')}
            >
              klog
            </button>
            <button
              type="button"
              className="seg-btn"
              aria-pressed={mode === 'containerd'}
              onClick={() => setMode('containerd')}
            >
              containerd
            </button>
            <button
              type="button"
              className="seg-btn"
              aria-pressed={mode === 'steps'}
              onClick={() => setMode('steps')}
            >
              transitions
            </button>
          </div>
          {mode !== 'steps' && (
            <>
              {mode === 'klog' && (
                <select
                  aria-label="Log verbosity"
                  value={v}
                  onChange={(e) => setV(Number(e.currentTarget.value))}
                >
                  {[0, 1, 2, 3, 4].map((n) => (
                    <option key={n} value={n}>
                      -v={n}
                    </option>
                  ))}
                </select>
              )}
              <input
                type="search"
                className="log-filter"
                aria-label="Filter log"
                placeholder="filter…"
                value={filter}
                onChange={(e) => setFilter(e.currentTarget.value)}
              />
            </>
          )}
        </>
      }
    >
      {mode === 'steps' ? (
        <StepsList />
      ) : (
        <>
          <VirtualList
            items={shown}
            rowHeight={17}
            label={mode === 'klog' ? 'klog lines' : 'containerd lines'}
            className="klog"
            render={(l) => (
              <div key={l.index} className={`klog-line sev-${l.severity}`}>
                {l.text}
              </div>
            )}
          />
          <div className="panel-foot muted">
            {shown.length} of {lines.length} lines
            {mode === 'klog' ? ` at -v=${v}` : ' from containerd'}
          </div>
        </>
      )}
    </Panel>
  );
}
