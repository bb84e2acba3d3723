/**
 * The kubelet's klog output up to the cursor, as `-v=N` would print it, with a text
 * filter; switched to "containerd", the runtime's own log of the same moments (sandbox,
 * pull, create, start, stop), to follow the create-pod flow on both sides; or, switched to
 * "transitions", the ordered list of every step of the run.
 * Lines are text nodes (never HTML), so a pod name cannot inject markup. Long lines wrap
 * with a hanging indent (nothing is cut off); "wrap" off, they scroll sideways under a
 * visible scrollbar.
 * The lines stay where the run is (the engine worker): it answers which lines match the
 * verbosity and the filter (their steps and lengths, enough to place and wrap every row)
 * and the text of the rows in view, so opening the panel on a big node costs a screenful.
 */
import { useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { rowOffsets } from '../../viz/log/wrapLines';
import { lowerBound } from '../../viz/timeline/windowQuery';
import { useResizeObserver } from '../hooks/useResizeObserver';
import { useEngineViews, useViewsVersion } from '../app/engineViews';
import { useApp } from '../app/storeContext';
import { usePanelView } from '../hooks/usePanelCursor';
import { Panel } from './Panel';
import { StepsList } from './StepsPanel';
import { OVERSCAN, VirtualList } from './VirtualList';

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
  // Re-renders when the worker's answers arrive (the matching lines, the rows in view).
  useViewsVersion(views);
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
  const log = mode === 'containerd' ? 'containerd' : 'klog';
  // The whole run's matching lines (stable per query): the cursor shows those before it.
  const matches =
    run && mode !== 'steps' ? views.logMatches(run, { mode: log, v, filter: q }) : null;
  const every =
    run && mode !== 'steps' && q ? views.logMatches(run, { mode: log, v, filter: '' }) : matches;
  const count = matches ? lowerBound(matches.step, cursor) : 0;
  const total = every ? lowerBound(every.step, cursor) : 0;
  // Row tops when wrapping, over the whole run's matching lines (a step reads a prefix).
  const offsets = useMemo(() => {
    if (!wrap || cols <= 0 || !matches) return undefined;
    return rowOffsets(matches.length, cols, INDENT, ROW);
  }, [wrap, cols, matches]);
  // The lines that come next, asked for with those in view: stepping on shows them at once.
  if (run && matches)
    for (let i = count; i < Math.min(matches.line.length, count + OVERSCAN); i++)
      views.logRow(run, log, matches.line[i]!);
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
              count={count}
              rowHeight={ROW}
              offsets={offsets}
              label={mode === 'klog' ? 'klog lines' : 'containerd lines'}
              className={`klog${offsets ? ' is-wrapped' : ''}`}
              render={(i) => {
                const line = matches!.line[i]!;
                const l = run ? views.logRow(run, log, line) : undefined;
                const height = offsets ? (offsets[i + 1] ?? 0) - (offsets[i] ?? 0) : ROW;
                // Its text on the way from the worker: the row's place, empty, for a moment.
                return l ? (
                  <div
                    key={line}
                    className={`klog-line sev-${l.severity}`}
                    style={offsets ? { height } : undefined}
                  >
                    {l.text}
                  </div>
                ) : (
                  <div key={line} className="klog-pending" style={{ height }} />
                );
              }}
            />
          </div>
          <div className="panel-foot muted">
            {run && (!matches || !every) ? (
              'Loading the log…'
            ) : mode === 'containerd' && noCri ? (
              NO_CRI_1_3
            ) : (
              <>
                {count} of {total} lines
                {mode === 'klog' ? ` at -v=${v}` : ' from containerd'}
              </>
            )}
          </div>
        </>
      )}
    </Panel>
  );
}
