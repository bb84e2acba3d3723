/**
 * Each NUMA node's memory and hugepages under the static memory manager, as fill bars: the
 * allocatable size (the kubelet's machine state), filled by the containers holding it at the
 * cursor in their colours, and by blocks spread over a group of NUMA nodes (hatched). The
 * accessible name says the node, the type, what is held of how much, and by whom.
 */
import { memo } from 'react';
import type { MemoryBar } from '../../viz/topology/layoutDevices';
import { ownerStyle } from '../../viz/topology/ownerStyle';
import { formatBytes, memoryOnNode, type ResourceSnap } from '../../viz/topology/resourceHistory';

interface Props {
  readonly bars: readonly MemoryBar[];
  readonly snap: ResourceSnap | null;
  readonly ownerIndex: ReadonlyMap<string, number>;
}

function MemoryBarsImpl({ bars, snap, ownerIndex }: Props) {
  return (
    <g className="topo-memory">
      {bars.map((b) => {
        const { table, segments } = memoryOnNode(snap, b.numa, b.type);
        const cap = table?.allocatable ?? 0;
        const held = table?.reserved ?? 0;
        const who = segments.map(
          (s) => `${s.holder ?? 'a NUMA node group'} ${formatBytes(s.bytes)}`,
        );
        const name = `NUMA node ${b.numa} ${b.type}: ${formatBytes(held)} of ${formatBytes(cap)} allocatable held${who.length ? ` (${who.join(', ')})` : ''}`;
        let x = 0;
        return (
          <g
            key={b.key}
            className="mem-bar"
            role="img"
            aria-label={name}
            transform={`translate(${b.x},${b.y})`}
          >
            <title>{name}</title>
            <rect className="mem-base" width={b.w} height={b.h} rx={2} />
            {cap > 0 &&
              segments.map((s, i) => {
                const w = (s.bytes / cap) * b.w;
                const st = s.holder !== null ? ownerStyle(ownerIndex.get(s.holder) ?? 0) : null;
                const seg = (
                  <g key={i}>
                    <rect
                      className={st ? 'mem-held' : 'mem-group'}
                      x={x}
                      width={w}
                      height={b.h}
                      style={st ? { fill: st.color } : undefined}
                    />
                    <rect
                      className="pu-pattern"
                      x={x}
                      width={w}
                      height={b.h}
                      fill={`url(#${st ? st.patternId : 'pat-reserved'})`}
                    />
                  </g>
                );
                x += w;
                return seg;
              })}
            <rect className="mem-outline" width={b.w} height={b.h} rx={2} />
            <text className="mem-label" x={4} y={b.h / 2 + 0.5}>
              {`${b.type} ${formatBytes(held)} / ${formatBytes(cap)}`}
            </text>
          </g>
        );
      })}
    </g>
  );
}

export const MemoryBars = memo(MemoryBarsImpl);
