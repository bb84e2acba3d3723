/**
 * One hardware thread (lstopo's PU). Its fill says who holds it at the cursor:
 * reserved (hatched: grey while nothing runs in the shared pool, the pool's colour while
 * something does, since reserved CPUs are part of it), shared pool (pale), exclusive (the container's colour and
 * pattern), assigned but idle (white, sparse dashes and a dashed border in the future or
 * past owner's colour) or idle (white). The accessible name is the contract
 * "CPU <os id>: <state>". Fill changes animate with a CSS transition, which the
 * stylesheet turns off under prefers-reduced-motion.
 */
import { memo } from 'react';
import type { PuCell } from '../../viz/topology/layoutTopology';
import { describeCpuState, type CpuState } from '../../viz/topology/cpuHistory';
import { ownerStyle } from '../../viz/topology/ownerStyle';

interface Props {
  readonly pu: PuCell;
  readonly state: CpuState;
  readonly ownerIndex: number;
  readonly label: string;
  readonly compact: boolean;
  readonly selected: boolean;
  readonly justChanged: boolean;
  readonly focusable: boolean;
  /** Containers run in the shared pool now (a reserved CPU is part of it). */
  readonly pooled: boolean;
}

function CpuCellImpl({
  pu,
  state,
  ownerIndex,
  label,
  compact,
  selected,
  justChanged,
  focusable,
  pooled,
}: Props) {
  const owner = state.kind === 'exclusive' ? ownerStyle(ownerIndex) : null;
  const waiting = state.kind === 'assigned' ? ownerStyle(ownerIndex) : null;
  const inPool = state.kind === 'reserved' && pooled;
  const cls = `pu pu-${state.kind}${inPool ? ' in-pool' : ''}${selected ? ' is-selected' : ''}${justChanged ? ' just-changed' : ''}`;
  return (
    <g
      role="img"
      aria-label={describeCpuState(pu.cpu, state, pooled)}
      className={cls}
      data-cpu={pu.cpu}
      tabIndex={focusable ? 0 : -1}
      transform={`translate(${pu.x},${pu.y})`}
    >
      <rect
        className="pu-base"
        width={pu.w}
        height={pu.h}
        rx={compact ? 1 : 2}
        style={owner ? { fill: owner.color } : undefined}
      />
      {owner && (
        <rect
          className="pu-pattern"
          width={pu.w}
          height={pu.h}
          fill={`url(#${owner.patternId})`}
          rx={compact ? 1 : 2}
        />
      )}
      {waiting && (
        <>
          <rect className="pu-pattern" width={pu.w} height={pu.h} fill="url(#pat-assigned)" />
          <rect
            className="pu-assigned-ring"
            x={1.5}
            y={1.5}
            width={Math.max(0, pu.w - 3)}
            height={Math.max(0, pu.h - 3)}
            rx={compact ? 1 : 2}
            style={{ stroke: waiting.color }}
          />
        </>
      )}
      {state.kind === 'reserved' && (
        <rect className="pu-pattern" width={pu.w} height={pu.h} fill="url(#pat-reserved)" />
      )}
      <rect className="pu-outline" width={pu.w} height={pu.h} rx={compact ? 1 : 2} />
      {!compact && (
        <text className="pu-label" x={pu.w / 2} y={pu.h / 2 + 0.5}>
          {label}
        </text>
      )}
    </g>
  );
}

export const CpuCell = memo(CpuCellImpl);
