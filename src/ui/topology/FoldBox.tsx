/**
 * A folded run of identical cores or L3 groups (lstopo's "N×" box): one core- (or group-)
 * sized box whose stand-in PUs
 * take the folded CPUs' state, labelled with how many cores it holds; click, Enter or Space
 * unfolds it. Every folded CPU keeps its accessible name "CPU <id>: <state>" in a list laid
 * over the box (transparent, not hit by the pointer), so nothing leaves the accessibility tree.
 */
import { memo } from 'react';
import type { FoldCell } from '../../viz/topology/layoutTopology';
import { describeCpuState, type CpuState } from '../../viz/topology/cpuHistory';
import { formatCPUSet } from '../../sim';

interface Props {
  readonly fold: FoldCell;
  /** State of the folded CPUs (one for all: only identical cores fold). */
  readonly states: ReadonlyMap<number, CpuState>;
  readonly compact: boolean;
  readonly onExpand: (key: string) => void;
  readonly onHover: (fold: FoldCell, e: { clientX: number; clientY: number } | null) => void;
}

/** One of `n` identical boxes' share of a total. */
const each = (total: number, n: number | undefined) => Math.round(total / Math.max(1, n ?? 1));

function FoldBoxImpl({ fold, states, compact, onExpand, onHover }: Props) {
  const first = states.get(fold.cpus[0]!);
  const kind = first?.kind ?? 'idle';
  const what = kind === 'shared' ? 'in the shared pool' : kind;
  const l3 = fold.level === 'l3';
  const numa = fold.level === 'numa';
  const pkg = fold.level === 'package';
  const label = l3 ? `${fold.groups}× L3 (${fold.cores} cores)` : `${fold.cores}× Core`;
  const what2 = pkg
    ? `${fold.packages ?? 1} identical packages (${fold.numas ?? 0} NUMA nodes, ${fold.cores} cores)`
    : numa
      ? `${fold.numas ?? 1} identical NUMA nodes (${fold.cores} cores)`
      : l3
        ? `${fold.groups} identical L3 groups (${fold.cores} cores)`
        : `${fold.cores} identical cores`;
  // A package or NUMA node sized box says in words what its CPUs do, instead of stand-in PUs.
  const big = numa || pkg;
  const cx = fold.x + fold.w / 2;
  return (
    <g className="pu-fold-group">
      <g
        role="button"
        tabIndex={0}
        className={`pu-fold pu-${kind}${big ? ' is-big' : ''}`}
        data-fold={fold.key}
        aria-label={`${what2} folded (CPUs ${formatCPUSet(fold.cpus)}, ${what}); expand`}
        onClick={() => onExpand(fold.key)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            e.stopPropagation();
            onExpand(fold.key);
          }
        }}
        onPointerEnter={(e) => onHover(fold, e)}
        onPointerLeave={() => onHover(fold, null)}
      >
        <rect className="pu-fold-box" x={fold.x} y={fold.y} width={fold.w} height={fold.h} rx={2} />
        {!big &&
          fold.reps.map((r, i) => (
            <g key={i} transform={`translate(${r.x},${r.y})`}>
              <rect className="pu-base" width={r.w} height={r.h} rx={compact ? 1 : 2} />
              <rect className="pu-outline" width={r.w} height={r.h} rx={compact ? 1 : 2} />
            </g>
          ))}
        {big ? (
          // As lstopo's "2x Package" box shows one of the packages: "2× Package" over
          // "4 NUMA nodes · 64 cores each", or "4× NUMANode" over "16 cores each", then what
          // their CPUs do; the box is filled as they are. (The accessible name gives totals.)
          <text
            className="pu-fold-label is-centred"
            x={cx}
            y={fold.y + (compact ? 8 : 13)}
            style={compact ? { fontSize: 7 } : undefined}
          >
            <tspan x={cx}>{pkg ? `${fold.packages}× Package` : `${fold.numas}× NUMANode`}</tspan>
            <tspan x={cx} dy={compact ? 9 : 12}>
              {pkg
                ? `${each(fold.numas ?? 0, fold.packages)} NUMA nodes · ${each(fold.cores, fold.packages)} cores each`
                : `${each(fold.cores, fold.numas)} cores each`}
            </tspan>
            <tspan x={cx} dy={compact ? 9 : 12} className="pu-fold-state">
              {what}
            </tspan>
          </text>
        ) : l3 ? (
          // A run of L3 groups is drawn one core wide: "5× L3" over "40 cores".
          <text
            className="pu-fold-label is-centred"
            x={fold.x + fold.w / 2}
            y={fold.y + fold.h / 2 - (compact ? 4 : 6)}
            style={compact ? { fontSize: 7 } : undefined}
          >
            <tspan x={fold.x + fold.w / 2}>{fold.groups}× L3</tspan>
            <tspan x={fold.x + fold.w / 2} dy={compact ? 9 : 12}>
              {fold.cores} cores
            </tspan>
          </text>
        ) : (
          <text
            className={compact ? 'pu-fold-label is-centred' : 'pu-fold-label'}
            x={fold.x + fold.w / 2}
            y={compact ? fold.y + fold.h / 2 + 0.5 : fold.y + 10}
            style={compact ? { fontSize: 7 } : undefined}
          >
            {compact ? `${fold.cores}×` : label}
          </text>
        )}
      </g>
      <g className="pu-folded-list">
        {fold.cpus.map((cpu) => {
          const st = states.get(cpu);
          return (
            <g
              key={cpu}
              role="img"
              className="pu-folded"
              data-cpu={cpu}
              aria-label={describeCpuState(cpu, st ?? { kind: 'idle' })}
            >
              <rect x={fold.x} y={fold.y} width={fold.w} height={fold.h} />
            </g>
          );
        })}
      </g>
    </g>
  );
}

export const FoldBox = memo(FoldBoxImpl);
