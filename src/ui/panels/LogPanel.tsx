/**
 * The kubelet's klog output up to the cursor, as `-v=N` would print it, with a text
 * filter; switched to "containerd", the runtime's own log of the same moments (sandbox,
 * pull, create, start, stop), to follow the create-pod flow on both sides; or, switched to
 * "transitions", the ordered list of every step of the run.
 * Lines are text nodes (never HTML), so a pod name cannot inject markup. Long lines wrap
 * with a hanging indent (nothing is cut off); "wrap" off, they scroll sideways under a
 * visible scrollbar.
 */
import { useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { rowOffsets } from '../../viz/log/wrapLines';
import { useResizeObserver } from '../hooks/useResizeObserver';
import { useEngineViews, useViewsVersion } from '../app/engineViews';
import { useApp } from '../app/storeContext';
import { usePanelView } from '../hooks/usePanelCursor';
import { Panel } from './Panel';
import { StepsList } from './StepsPanel';
import { VirtualList } from './VirtualList';

const ROW = 17;
/** Continuation lines start this many characters in (matches the CSS hanging indent). */
const INDENT = 4;
/** Horizontal padding of a line: 8 px each side. */
const LINE_PAD = 16;
const PROBE = '0123456789'.repeat(4);
/** Why the containerd view is empty for kubelet 1.3 (the engine derives no lines for it). */
const NO_CRI_1_3 =
  'kubelet 1.3 starts containers through dockerd (DockerManager), not a CRI runtime: there are no CRI (RunPodSandbox, CreateContainer) lines to show';

export function LogPanel() {
  const views = useEngineViews();
  const { run, cursor, behind } = usePanelView();
  // Changes when a run's log lines arrive from the engine worker (fetched when first shown).
  const version = useViewsVersion(views);
  const [v, setV] = useState(2);
  const [filter, setFilter] = useState('');
  const [mode, setMode] = useState<'klog' | 'containerd' | 'steps'>('klog');
  const [wrap, setWrap] = useState(true);
  const noCri = useApp((s) => s.scenario?.node.kubeletVersion === '1.3');
  const q = useDeferredValue(filter.trim().toLowerCase());
  // Columns that fit: the list's width over one monospace character's (measured on a probe).
  const body = useRef<HTMLDivElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const size = useResizeObserver(body);
  const [cols, setCols] = useState(0);
  useLayoutEffect(() => {
    // Not measured yet (the observer reports after the first layout): nothing to fit.
    if (size.width <= 0) return;
    const w = probe.current?.getBoundingClientRect().width ?? 0;
    // The list keeps its scrollbar's gutter (CSS), so its client width does not jump.
    const list = body.current?.querySelector('.vlist')?.clientWidth ?? 0;
    if (w > 0 && list > 0) setCols((list - LINE_PAD) / (w / PROBE.length));
  }, [size.width, mode]);
  const lines = useMemo(
    () =>
      !run
        ? []
        : mode === 'containerd'
          ? views.containerdLogAt(run, cursor)
          : views.logsAt(run, cursor, v),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version: the run's logs arrived
    [views, run, cursor, v, mode, version],
  );
  const shown = useMemo(
    () => (q ? lines.filter((l) => l.text.toLowerCase().includes(q)) : lines),
    [lines, q],
  );
  // Row tops when wrapping.
  const offsets = useMemo(() => {
    if (!wrap || cols <= 0) return undefined;
    return rowOffsets(
      shown.map((l) => l.text.length),
      cols,
      INDENT,
      ROW,
    );
  }, [wrap, cols, shown]);
  return (
    <Panel
      busy={behind}
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
              title={noCri ? NO_CRI_1_3 : undefined}
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
              <button
                type="button"
                className="seg-btn"
                aria-pressed={wrap}
                title="Wrap long lines (off: scroll sideways)"
                onClick={() => setWrap((w) => !w)}
              >
                wrap
              </button>
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
          <div className="klog-body" ref={body}>
            <span className="klog-line klog-probe" ref={probe} aria-hidden="true">
              {PROBE}
            </span>
            <VirtualList
              items={shown}
              rowHeight={ROW}
              offsets={offsets}
              label={mode === 'klog' ? 'klog lines' : 'containerd lines'}
              className={`klog${offsets ? ' is-wrapped' : ''}`}
              render={(l, i) => (
                <div
                  key={l.index}
                  className={`klog-line sev-${l.severity}`}
                  style={
                    offsets ? { height: (offsets[i + 1] ?? 0) - (offsets[i] ?? 0) } : undefined
                  }
                >
                  {l.text}
                </div>
              )}
            />
          </div>
          <div className="panel-foot muted">
            {run && views.logsLoading?.(run) ? (
              'Loading the log…'
            ) : mode === 'containerd' && noCri ? (
              NO_CRI_1_3
            ) : (
              <>
                {shown.length} of {lines.length} lines
                {mode === 'klog' ? ` at -v=${v}` : ' from containerd'}
              </>
            )}
          </div>
        </>
      )}
    </Panel>
  );
}
