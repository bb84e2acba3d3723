/**
 * The node's PCI devices as lstopo draws I/O (a box per device under its NUMA node), filled
 * with the colour and pattern of the container holding it at the cursor. The accessible name
 * is "<GPU|NIC|PCI> <id> (<resource>, NUMA node <n>): held by <container>" or ": free". A
 * click selects the holder.
 */
import { memo } from 'react';
import type { DeviceBox } from '../../viz/topology/layoutDevices';
import { ownerStyle } from '../../viz/topology/ownerStyle';

interface Props {
  readonly boxes: readonly DeviceBox[];
  /** Device key ("<resource>/<id>") → holder container at the cursor. */
  readonly holders: ReadonlyMap<string, string>;
  readonly ownerIndex: ReadonlyMap<string, number>;
  readonly selected: string | undefined;
  readonly onSelect: (holder: string) => void;
}

export function deviceAccessibleName(b: DeviceBox, holder: string | undefined): string {
  const where = b.numa === null ? 'no NUMA node' : `NUMA node ${b.numa}`;
  return `${b.label.split(' ')[0]} ${b.id} (${b.resource}, ${where}): ${holder ? `held by ${holder}` : 'free'}`;
}

function DeviceBoxesImpl({ boxes, holders, ownerIndex, selected, onSelect }: Props) {
  return (
    <g className="topo-devices">
      {boxes.map((b) => {
        const holder = holders.get(b.key);
        const st = holder !== undefined ? ownerStyle(ownerIndex.get(holder) ?? 0) : null;
        const name = deviceAccessibleName(b, holder);
        return (
          <g
            key={b.key}
            className={`dev dev-${b.kind}${holder ? ' is-held' : ''}${holder && holder === selected ? ' is-selected' : ''}`}
            role={holder ? 'button' : 'img'}
            aria-label={name}
            tabIndex={holder ? 0 : undefined}
            transform={`translate(${b.x},${b.y})`}
            onClick={holder ? () => onSelect(holder) : undefined}
            onKeyDown={
              holder
                ? (e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      onSelect(holder);
                    }
                  }
                : undefined
            }
          >
            <title>{name}</title>
            <rect
              className="dev-base"
              width={b.w}
              height={b.h}
              rx={2}
              style={st ? { fill: st.color } : undefined}
            />
            {st && (
              <rect
                className="pu-pattern"
                width={b.w}
                height={b.h}
                rx={2}
                fill={`url(#${st.patternId})`}
              />
            )}
            <rect className="dev-outline" width={b.w} height={b.h} rx={2} />
            <text className="dev-label" x={b.w / 2} y={b.h / 2 + 0.5}>
              {b.label}
            </text>
          </g>
        );
      })}
    </g>
  );
}

export const DeviceBoxes = memo(DeviceBoxesImpl);
