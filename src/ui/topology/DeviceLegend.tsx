/**
 * The colours of containers that hold devices or NUMA memory at the cursor but no CPUs (the
 * CPU legend explains the others): one entry each, with what it holds; a click selects it.
 * Absent when there are none. What every container holds is in each box's and bar's name.
 */
import { ownerStyle } from '../../viz/topology/ownerStyle';
import { deviceKind } from '../../viz/topology/layoutDevices';
import { formatBytes, type ResourceSnap } from '../../viz/topology/resourceHistory';
import { useAppStore } from '../app/storeContext';
import { containerPod } from './containerKey';

interface Props {
  readonly snap: ResourceSnap | null;
  readonly ownerIndex: ReadonlyMap<string, number>;
  readonly selected: string | undefined;
  /** Containers the CPU legend lists now (they hold CPUs). */
  readonly withCpus: ReadonlySet<string>;
}

const KIND = { gpu: 'GPU', nic: 'NIC', device: 'device' } as const;

export function DeviceLegend({ snap, ownerIndex, selected, withCpus }: Props) {
  const store = useAppStore();
  const held = new Map<string, string[]>();
  const add = (holder: string, what: string) => {
    const list = held.get(holder) ?? [];
    list.push(what);
    held.set(holder, list);
  };
  const devices = new Map<string, Map<string, number>>();
  for (const d of snap?.devices ?? []) {
    const m = devices.get(d.holder) ?? new Map<string, number>();
    const k = KIND[deviceKind(d.resource)];
    m.set(k, (m.get(k) ?? 0) + 1);
    devices.set(d.holder, m);
  }
  for (const [h, m] of devices) for (const [k, n] of m) add(h, `${n} ${k}${n > 1 ? 's' : ''}`);
  const memory = new Map<string, Map<string, number>>();
  for (const b of snap?.memory?.blocks ?? []) {
    if (b.size === 0) continue;
    const m = memory.get(b.holder) ?? new Map<string, number>();
    m.set(b.type, (m.get(b.type) ?? 0) + b.size);
    memory.set(b.holder, m);
  }
  for (const [h, m] of memory) for (const [t, n] of m) add(h, `${formatBytes(n)} ${t}`);
  for (const h of withCpus) held.delete(h);
  if (held.size === 0) return null;
  return (
    <ul className="topo-legend dev-legend" aria-label="Devices and NUMA memory held">
      {[...held]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([holder, what]) => {
          const st = ownerStyle(ownerIndex.get(holder) ?? 0);
          return (
            <li key={holder}>
              <button
                type="button"
                className={`legend-owner${selected === holder ? ' is-selected' : ''}`}
                aria-pressed={selected === holder}
                onClick={() =>
                  store
                    .getState()
                    .select({ kind: 'container', container: holder, pod: containerPod(holder) })
                }
              >
                <svg width="16" height="12" aria-hidden="true" className="swatch-svg">
                  <rect
                    className="dev-base"
                    width="16"
                    height="12"
                    rx="2"
                    style={{ fill: st.color }}
                  />
                  <rect
                    className="pu-pattern"
                    width="16"
                    height="12"
                    fill={`url(#${st.patternId})`}
                  />
                </svg>
                {holder}
                <span className="muted"> · {what.join(', ')}</span>
              </button>
            </li>
          );
        })}
    </ul>
  );
}
