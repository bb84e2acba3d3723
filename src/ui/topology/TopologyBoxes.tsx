/**
 * lstopo's boxes: Machine and Package (green), NUMA node bars (pink), L3 bars and
 * cores (grey). Labels follow lstopo ("Package L#0", "NUMANode P#1", "Core L#3").
 */
import { memo } from 'react';
import type { TopoBox } from '../../viz/topology/layoutTopology';
import type { CpuIdMode } from '../../state/types';

function boxLabel(b: TopoBox, ids: CpuIdMode): string {
  const idx = ids === 'os' ? `P#${b.os}` : `L#${b.logical}`;
  switch (b.kind) {
    case 'machine':
      return b.label;
    case 'package':
      return `Package ${idx}`;
    case 'numa':
      return `NUMANode ${idx}`;
    case 'l3':
      return `L3 ${ids === 'os' ? `P#${b.os}` : `L#${b.logical}`}`;
    case 'core':
      return `Core ${idx}`;
  }
}

function TopologyBoxesImpl({
  boxes,
  ids,
  compact,
}: {
  boxes: readonly TopoBox[];
  ids: CpuIdMode;
  compact: boolean;
}) {
  return (
    <g aria-hidden="true">
      {boxes.map((b) => {
        const label = boxLabel(b, ids);
        const isBar = b.kind === 'numa' || b.kind === 'l3';
        const showLabel = !compact || b.kind !== 'core';
        return (
          <g key={b.key} className={`tb tb-${b.kind}`}>
            <rect x={b.x} y={b.y} width={b.w} height={b.h} rx={b.kind === 'core' ? 2 : 3} />
            {showLabel && (
              <text
                x={b.x + 4}
                y={isBar ? b.y + b.h / 2 + 0.5 : b.y + (b.kind === 'core' ? 10 : 12)}
                className={isBar ? 'tb-bar-label' : 'tb-label'}
              >
                {label}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}

export const TopologyBoxes = memo(TopologyBoxesImpl);
