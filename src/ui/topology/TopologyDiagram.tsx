/**
 * The node's CPUs in lstopo's conventions (React SVG), coloured by who holds each
 * CPU at the cursor. Hover tells who and since when; click (or Enter) selects that
 * container everywhere. Arrow keys move between CPUs (one tab stop for the whole
 * diagram). When the whole machine would not fit, runs of identical idle/shared cores
 * fold into "N×" boxes as lstopo factorizes them (click one to unfold it); a zoomed or
 * scrolling diagram pans by dragging, or with the arrow keys on its focused viewport.
 */
import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { layoutTopology, type FoldCell } from '../../viz/topology/layoutTopology';
import { foldSignature, planFolds } from '../../viz/topology/foldCores';
import { diagramScale } from '../../viz/topology/diagramScale';
import { cpuStateAt, poolAt, RESERVED_MEANING, type CpuState } from '../../viz/topology/cpuHistory';
import { formatClock } from '../../viz/formatTime';
import { useApp, useAppStore, useRunRegionName } from '../app/storeContext';
import { useResizeObserver } from '../hooks/useResizeObserver';
import { CpuCell } from './CpuCell';
import { FoldBox } from './FoldBox';
import { formatCPUSet } from '../../sim';
import { Patterns } from './Patterns';
import { TopologyBoxes } from './TopologyBoxes';
import { TopologyLegend } from './TopologyLegend';
import { containerPod } from './containerKey';
import { layoutDevices, type DevicesLayout } from '../../viz/topology/layoutDevices';
import type { TopologyLayout } from '../../viz/topology/layoutTopology';
import { resourceHolders, resourcesAt } from '../../viz/topology/resourceHistory';
import { DeviceBoxes } from './DeviceBoxes';
import { DeviceLegend } from './DeviceLegend';
import { MemoryBars } from './MemoryBars';

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
  /** `fit` shows the whole machine, however small its text gets; zooming leaves it. */
  const [whole, setWhole] = useState(false);
  /** Draw every core (lstopo --no-factorize) instead of folding identical ones. */
  const [showAll, setShowAll] = useState(false);
  /** Folds the user opened, for this topology only. */
  const [opened, setOpened] = useState<{ of: unknown; keys: ReadonlySet<string> }>({
    of: null,
    keys: new Set(),
  });
  const [hoverFold, setHoverFold] = useState<{ fold: FoldCell; x: number; y: number } | null>(null);
  const drag = useRef<{ id: number; x: number; y: number; l: number; t: number; moved: boolean }>(
    null,
  );

  // Runs of cores that stay identical (idle or shared, in lockstep) over the whole run.
  const folds = useMemo(
    () => (run ? planFolds(run.topology, (c) => foldSignature(run.cpus, c)) : []),
    [run],
  );
  const openKeys = opened.of === run?.topology ? opened.keys : undefined;
  const cpuLayout = useMemo(() => {
    if (!run || size.width <= 0) return null;
    const w = size.width - 8;
    const h = Math.max(120, size.height - 8);
    const full = layoutTopology(run.topology, w, h, machine ?? 'Machine');
    // Fold only when the whole machine would not fit at the 9 px floor (as lstopo folds
    // big machines); a small node is always drawn core by core.
    if (showAll || folds.length === 0 || run.topology.cpus.length < 32) return full;
    if (!diagramScale(full, w, size.height - 8).scrolls) return full;
    const keep = folds.filter((f) => !openKeys?.has(f.key));
    return layoutTopology(run.topology, w, h, machine ?? 'Machine', keep);
  }, [run, size.width, size.height, machine, folds, showAll, openKeys]);
  // The node's PCI devices and NUMA memory below the CPUs (layoutDevices.ts).
  const layout = useMemo(
    (): (TopologyLayout & Partial<DevicesLayout>) | null =>
      cpuLayout && run && (run.topology.devices || run.topology.memory)
        ? layoutDevices(cpuLayout, run.topology.devices ?? [], run.topology.memory ?? null)
        : cpuLayout,
    [cpuLayout, run],
  );
  const resources = useMemo(() => resourcesAt(run?.resources, cursor), [run, cursor]);
  const deviceHolders = useMemo(
    () => new Map((resources?.devices ?? []).map((d) => [`${d.resource}/${d.id}`, d.holder])),
    [resources],
  );
  const states = useMemo(() => {
    const m = new Map<number, CpuState>();
    if (run) for (const c of run.topology.cpus) m.set(c.id, cpuStateAt(run.cpus, c.id, cursor));
    return m;
  }, [run, cursor]);
  const expandFold = (key: string) => {
    setHoverFold(null);
    setOpened((o) => ({
      of: run?.topology,
      keys: new Set([...(o.of === run?.topology ? o.keys : []), key]),
    }));
  };

  // Drag to pan: a press that moves more than a few px scrolls the viewport instead of
  // clicking; the click that ends a drag is swallowed.
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const el = box.current;
    if (
      !el ||
      e.button !== 0 ||
      (el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)
    )
      return;
    drag.current = {
      id: e.pointerId,
      x: e.clientX,
      y: e.clientY,
      l: el.scrollLeft,
      t: el.scrollTop,
      moved: false,
    };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    const el = box.current;
    if (!d || !el || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    if (!d.moved) {
      d.moved = true;
      el.setPointerCapture(e.pointerId);
      setHover(null);
      setHoverFold(null);
    }
    el.scrollLeft = d.l - dx;
    el.scrollTop = d.t - dy;
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    if (d.moved && box.current?.hasPointerCapture(e.pointerId))
      box.current.releasePointerCapture(e.pointerId);
    // Keep `moved` until the click that follows has been swallowed.
    if (!d.moved) drag.current = null;
  };
  const onViewportKey = (e: KeyboardEvent<HTMLDivElement>) => {
    // Arrow keys pan the focused viewport itself (inside the diagram they move between CPUs).
    if (e.target !== e.currentTarget) return;
    const step = 40;
    const by: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const v = by[e.key];
    if (!v) return;
    e.preventDefault();
    e.currentTarget.scrollBy({ left: v[0], top: v[1] });
  };
  const pool = useMemo(() => (run ? poolAt(run.cpus, cursor) : []), [run, cursor]);
  // Containers with exclusive CPUs first, then those holding only devices or NUMA memory.
  const ownerIndex = useMemo(() => {
    const owners = [...(run?.cpus.owners ?? [])];
    for (const h of resourceHolders(run?.resources)) if (!owners.includes(h)) owners.push(h);
    return new Map(owners.map((o, i) => [o, i]));
  }, [run]);
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

  const sc = layout ? diagramScale(layout, size.width - 8, size.height - 8, zoom, whole) : null;
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
            onClick={() => {
              setWhole(false);
              setZoom((z) => Math.max(z / 1.5, 0.1));
            }}
          >
            −
          </button>
          <button
            type="button"
            className="seg-btn"
            aria-label="Zoom diagram in"
            title="Zoom in; scroll or drag to pan"
            onClick={() => {
              // From the whole machine, + zooms in from where fit left it.
              if (whole && sc) setZoom(Math.min((sc.scale * 1.5) / Math.max(sc.fit, sc.min), 16));
              else setZoom((z) => Math.min(z * 1.5, 16));
              setWhole(false);
            }}
          >
            +
          </button>
          <button
            type="button"
            className="seg-btn"
            aria-label="Reset diagram zoom"
            title="Fit the whole machine in the panel (its text may get small; + zooms back in)"
            onClick={() => {
              setZoom(1);
              setWhole(true);
            }}
          >
            fit
          </button>
          {folds.length > 0 && (run?.topology.cpus.length ?? 0) >= 32 && (
            <button
              type="button"
              className="seg-btn"
              aria-pressed={showAll}
              title="Draw every core (lstopo --no-factorize) instead of folding identical ones"
              onClick={() => setShowAll((v) => !v)}
            >
              all cores
            </button>
          )}
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
      {/* The viewport pans by drag and, once focused, by the arrow keys. */}
      <div
        className={`topo-body${sc?.scrolls ? ' is-scrolling' : ''}`}
        ref={box}
        role={sc?.scrolls ? 'group' : undefined}
        aria-label={sc?.scrolls ? 'Diagram viewport: drag or arrow keys pan' : undefined}
        tabIndex={sc?.scrolls ? 0 : undefined}
        onKeyDown={onViewportKey}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onClickCapture={(e) => {
          if (drag.current?.moved) {
            e.stopPropagation();
            e.preventDefault();
          }
          drag.current = null;
        }}
      >
        {layout && sc && (
          <svg
            className={`topo-svg${layout.compact ? ' is-compact' : ''}`}
            viewBox={`0 0 ${layout.width} ${layout.height}`}
            style={
              sc.scrolls || zoom !== 1 || whole
                ? { width: layout.width * sc.scale, height: layout.height * sc.scale }
                : undefined
            }
            preserveAspectRatio="xMidYMin meet"
            role="group"
            aria-label={`${layout.pus.length} CPUs; arrow keys move, Enter selects the holder`}
            onKeyDown={onKeyDown}
            onPointerLeave={() => {
              setHover(null);
              setHoverFold(null);
            }}
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
                    pooled={pool.length > 0}
                  />
                </g>
              );
            })}
            {layout.memoryBars && (
              <MemoryBars bars={layout.memoryBars} snap={resources} ownerIndex={ownerIndex} />
            )}
            {layout.devices && (
              <DeviceBoxes
                boxes={layout.devices}
                holders={deviceHolders}
                ownerIndex={ownerIndex}
                selected={selectedContainer}
                onSelect={(c) =>
                  store.getState().select({ kind: 'container', container: c, pod: containerPod(c) })
                }
              />
            )}
            {layout.folds.map((f) => (
              <FoldBox
                key={f.key}
                fold={f}
                states={states}
                compact={layout.compact}
                onExpand={expandFold}
                onHover={(fold, e) => {
                  if (!e || drag.current?.moved) return setHoverFold(null);
                  const r = box.current?.getBoundingClientRect();
                  setHover(null);
                  setHoverFold({
                    fold,
                    x: e.clientX - (r?.left ?? 0) + (box.current?.scrollLeft ?? 0),
                    y: e.clientY - (r?.top ?? 0) + (box.current?.scrollTop ?? 0),
                  });
                }}
              />
            ))}
          </svg>
        )}
        {hoverFold && (
          <div
            className="topo-tooltip"
            role="presentation"
            style={{
              transform: `translate(${Math.min(hoverFold.x + 12, Math.max(0, size.width - 250))}px, ${hoverFold.y + 14}px)`,
            }}
          >
            <div className="tl-tooltip-title">
              {hoverFold.fold.level === 'numa'
                ? `${hoverFold.fold.numas} identical NUMA nodes, ${hoverFold.fold.cores} identical cores, folded`
                : `${hoverFold.fold.cores} identical cores, folded`}
            </div>
            <div>CPUs {formatCPUSet(hoverFold.fold.cpus)}</div>
            <div>
              {states.get(hoverFold.fold.cpus[0]!)?.kind === 'shared'
                ? 'in the shared pool'
                : (states.get(hoverFold.fold.cpus[0]!)?.kind ?? 'idle')}
              {' for the whole run'}
            </div>
            {states.get(hoverFold.fold.cpus[0]!)?.kind === 'shared' && pool.length > 0 && (
              <div>
                runs here: {pool.slice(0, 8).join(', ')}
                {pool.length > 8 ? ` and ${pool.length - 8} more` : ''}
              </div>
            )}
            <div className="muted">click to unfold</div>
          </div>
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
                    : hoverState.kind === 'reserved'
                      ? `reserved${pool.length > 0 ? ', in the shared pool' : ', idle'}`
                      : hoverState.kind}
            </div>
            {hoverState.kind === 'reserved' && <div className="muted">{RESERVED_MEANING}</div>}
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
      {run?.resources && (
        <DeviceLegend
          snap={resources}
          ownerIndex={ownerIndex}
          selected={selectedContainer}
          withCpus={
            new Set(
              [...states.values()].flatMap((st) =>
                st.owner && (st.kind === 'exclusive' || st.kind === 'assigned') ? [st.owner] : [],
              ),
            )
          }
        />
      )}
    </section>
  );
}
