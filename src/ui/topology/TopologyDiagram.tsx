/**
 * The node's CPUs in lstopo's conventions (React SVG), coloured by who holds each
 * CPU at the cursor. Hover tells who and since when; click (or Enter) selects that
 * container everywhere. Arrow keys move between CPUs (one tab stop for the whole
 * diagram).
 */
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { layoutTopology } from '../../viz/topology/layoutTopology';
import { diagramScale } from '../../viz/topology/diagramScale';
import { cpuStateAt, poolAt, type CpuState } from '../../viz/topology/cpuHistory';
import { formatClock } from '../../viz/formatTime';
import { useApp, useAppStore, useRunRegionName } from '../app/storeContext';
import { useResizeObserver } from '../hooks/useResizeObserver';
import { CpuCell } from './CpuCell';
import { Patterns } from './Patterns';
import { TopologyBoxes } from './TopologyBoxes';
import { TopologyLegend } from './TopologyLegend';
import { containerPod } from './containerKey';

export function TopologyDiagram() {
  const store = useAppStore();
  const { run, cursor, cpuIds, selection, machine } = useApp(
    useShallow((s) => ({
      run: s.run,
      cursor: s.cursor,
      cpuIds: s.cpuIds,
      selection: s.selection,
      machine: s.run?.topology.machineLabel,
    })),
  );
  const regionName = useRunRegionName('NUMA topology');
  const box = useRef<HTMLDivElement>(null);
  const size = useResizeObserver(box);
  const [hover, setHover] = useState<{ cpu: number; x: number; y: number } | null>(null);
  const [focusCpu, setFocusCpu] = useState<number | null>(null);
  /** Multiplies the fitted scale; the diagram never draws text under 9 px (it scrolls). */
  const [zoom, setZoom] = useState(1);

  const layout = useMemo(
    () =>
      run && size.width > 0
        ? layoutTopology(
            run.topology,
            size.width - 8,
            Math.max(120, size.height - 8),
            machine ?? 'Machine',
          )
        : null,
    [run, size.width, size.height, machine],
  );
  const states = useMemo(() => {
    const m = new Map<number, CpuState>();
    if (run && layout)
      for (const pu of layout.pus) m.set(pu.cpu, cpuStateAt(run.cpus, pu.cpu, cursor));
    return m;
  }, [run, layout, cursor]);
  const pool = useMemo(() => (run ? poolAt(run.cpus, cursor) : []), [run, cursor]);
  const ownerIndex = useMemo(() => new Map((run?.cpus.owners ?? []).map((o, i) => [o, i])), [run]);
  const selectedContainer =
    selection?.kind === 'container' || selection?.kind === 'span' ? selection.container : undefined;
  const selectedCpu = selection?.kind === 'cpu' ? selection.cpu : undefined;

  const selectCpu = (cpu: number) => {
    const st = states.get(cpu);
    if (st?.kind === 'exclusive' && st.owner) {
      store
        .getState()
        .select({ kind: 'container', container: st.owner, pod: containerPod(st.owner) });
    } else store.getState().select({ kind: 'cpu', cpu });
  };

  const sc = layout ? diagramScale(layout, size.width - 8, size.height - 8, zoom) : null;
  const pus = layout?.pus ?? [];
  const activeCpu = focusCpu ?? pus[0]?.cpu ?? null;
  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    if (!layout || activeCpu === null) return;
    const i = pus.findIndex((p) => p.cpu === activeCpu);
    const cur = pus[i];
    if (!cur) return;
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = Math.min(pus.length - 1, i + 1);
    else if (e.key === 'ArrowLeft') next = Math.max(0, i - 1);
    else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      // The nearest PU in the next row down (or up), by geometry.
      const dir = e.key === 'ArrowDown' ? 1 : -1;
      let best = -1;
      let bestD = Infinity;
      pus.forEach((p, j) => {
        const dy = (p.y - cur.y) * dir;
        if (dy <= 0) return;
        const d = dy * 4 + Math.abs(p.x - cur.x);
        if (d < bestD) {
          bestD = d;
          best = j;
        }
      });
      if (best >= 0) next = best;
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      selectCpu(cur.cpu);
      return;
    }
    const target = next !== null ? pus[next] : undefined;
    if (target) {
      e.preventDefault();
      setFocusCpu(target.cpu);
      e.currentTarget.querySelector<SVGGElement>(`[data-cpu="${target.cpu}"]`)?.focus();
    }
  };

  const hoverState = hover ? states.get(hover.cpu) : undefined;
  return (
    <section className="panel topology" aria-label={regionName}>
      <div className="panel-head">
        <h2 className="panel-title">NUMA topology</h2>
        <div className="toolbar-buttons" role="group" aria-label="Diagram zoom">
          <button
            type="button"
            className="seg-btn"
            aria-label="Zoom diagram out"
            title="Zoom out (never below 9 px text)"
            disabled={!sc || sc.scale <= sc.min + 1e-9}
            onClick={() => setZoom((z) => Math.max(z / 1.5, 0.1))}
          >
            −
          </button>
          <button
            type="button"
            className="seg-btn"
            aria-label="Zoom diagram in"
            title="Zoom in; scroll or drag to pan"
            onClick={() => setZoom((z) => Math.min(z * 1.5, 16))}
          >
            +
          </button>
          <button
            type="button"
            className="seg-btn"
            aria-label="Reset diagram zoom"
            title="Fit the diagram to the panel (as far as 9 px text allows)"
            onClick={() => setZoom(1)}
          >
            fit
          </button>
        </div>
        <div className="toolbar-buttons" role="group" aria-label="CPU numbering">
          <button
            type="button"
            className="seg-btn"
            aria-pressed={cpuIds === 'os'}
            title="OS ids (P#), as cpusets print them"
            onClick={() => store.getState().setCpuIds('os')}
          >
            P# OS
          </button>
          <button
            type="button"
            className="seg-btn"
            aria-pressed={cpuIds === 'logical'}
            title="Logical indexes (L#), in topology order"
            onClick={() => store.getState().setCpuIds('logical')}
          >
            L# logical
          </button>
        </div>
      </div>
      <div className={`topo-body${sc?.scrolls ? ' is-scrolling' : ''}`} ref={box}>
        {layout && sc && (
          <svg
            className={`topo-svg${layout.compact ? ' is-compact' : ''}`}
            viewBox={`0 0 ${layout.width} ${layout.height}`}
            style={
              sc.scrolls || zoom !== 1
                ? { width: layout.width * sc.scale, height: layout.height * sc.scale }
                : undefined
            }
            preserveAspectRatio="xMidYMin meet"
            role="group"
            aria-label={`${layout.pus.length} CPUs; arrow keys move, Enter selects the holder`}
            onKeyDown={onKeyDown}
            onPointerLeave={() => setHover(null)}
          >
            <Patterns owners={Math.max(1, ownerIndex.size)} />
            <TopologyBoxes boxes={layout.boxes} ids={cpuIds} compact={layout.compact} />
            {layout.pus.map((pu) => {
              const st = states.get(pu.cpu)!;
              const owner = st.owner;
              return (
                <g
                  key={pu.cpu}
                  onPointerEnter={(e) => {
                    const r = box.current?.getBoundingClientRect();
                    // Inside the (possibly scrolled) body: content coordinates.
                    setHover({
                      cpu: pu.cpu,
                      x: e.clientX - (r?.left ?? 0) + (box.current?.scrollLeft ?? 0),
                      y: e.clientY - (r?.top ?? 0) + (box.current?.scrollTop ?? 0),
                    });
                  }}
                  onClick={() => {
                    setFocusCpu(pu.cpu);
                    selectCpu(pu.cpu);
                  }}
                  onFocus={() => setFocusCpu(pu.cpu)}
                >
                  <CpuCell
                    pu={pu}
                    state={st}
                    ownerIndex={owner ? (ownerIndex.get(owner) ?? 0) : -1}
                    label={cpuIds === 'os' ? `P#${pu.cpu}` : `L#${pu.logical}`}
                    compact={layout.compact}
                    selected={
                      (owner !== undefined && owner === selectedContainer) || selectedCpu === pu.cpu
                    }
                    justChanged={st.sinceStep >= 0 && st.sinceStep === cursor - 1}
                    focusable={pu.cpu === activeCpu}
                  />
                </g>
              );
            })}
          </svg>
        )}
        {hover && hoverState && (
          <div
            className="topo-tooltip"
            role="presentation"
            style={{
              transform: `translate(${Math.min(hover.x + 12, Math.max(0, size.width - 250))}px, ${hover.y + 14}px)`,
            }}
          >
            <div className="tl-tooltip-title">CPU {hover.cpu}</div>
            <div>
              {hoverState.kind === 'exclusive'
                ? `exclusive to ${hoverState.owner ?? '?'}`
                : hoverState.kind === 'assigned'
                  ? `idle, assigned to ${hoverState.owner ?? '?'}`
                  : hoverState.kind === 'shared'
                    ? 'in the shared pool'
                    : hoverState.kind}
            </div>
            {hoverState.kind === 'assigned' && (
              <div className="muted">
                cpu_manager_state holds it for a container that is not running
              </div>
            )}
            {(hoverState.kind === 'shared' || hoverState.kind === 'reserved') &&
              pool.length > 0 && (
                <div>
                  runs here: {pool.slice(0, 8).join(', ')}
                  {pool.length > 8 ? ` and ${pool.length - 8} more` : ''}
                </div>
              )}
            <div className="muted">
              {hoverState.sinceStep < 0
                ? 'since the start'
                : `since ${formatClock(hoverState.since)}`}
            </div>
          </div>
        )}
      </div>
      {run && (
        <TopologyLegend
          owners={run.cpus.owners}
          states={states}
          pool={pool}
          selected={selectedContainer}
        />
      )}
    </section>
  );
}
