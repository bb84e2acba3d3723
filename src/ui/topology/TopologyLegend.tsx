/**
 * Key for the CPU states, and one entry per container that holds exclusive CPUs
 * (its colour and pattern, how many CPUs now); a click selects that container.
 */
import { ownerStyle } from '../../viz/topology/ownerStyle';
import type { CpuState } from '../../viz/topology/cpuHistory';
import { useAppStore } from '../app/storeContext';
import { containerPod } from './containerKey';

interface Props {
  readonly owners: readonly string[];
  readonly states: ReadonlyMap<number, CpuState>;
  readonly selected: string | undefined;
}

function Swatch({ cls, fill, pattern }: { cls: string; fill?: string; pattern?: string }) {
  return (
    <svg width="16" height="12" aria-hidden="true" className={`swatch-svg ${cls}`}>
      <rect className="pu-base" width="16" height="12" rx="2" style={fill ? { fill } : undefined} />
      {pattern && <rect className="pu-pattern" width="16" height="12" fill={`url(#${pattern})`} />}
      <rect className="pu-outline" width="16" height="12" rx="2" />
    </svg>
  );
}

export function TopologyLegend({ owners, states, selected }: Props) {
  const store = useAppStore();
  const counts = new Map<string, number>();
  const kinds = new Set<string>();
  for (const s of states.values()) {
    kinds.add(s.kind);
    if (s.owner) counts.set(s.owner, (counts.get(s.owner) ?? 0) + 1);
  }
  return (
    <ul className="topo-legend" aria-label="CPU states">
      <li className="pu-idle">
        <Swatch cls="pu-idle" /> idle
      </li>
      <li className="pu-shared">
        <Swatch cls="pu-shared" /> shared pool
      </li>
      <li className="pu-reserved">
        <Swatch cls="pu-reserved" pattern="pat-reserved" /> reserved
      </li>
      {owners.map((o, i) => {
        const st = ownerStyle(i);
        const n = counts.get(o) ?? 0;
        return (
          <li key={o} className="pu-exclusive">
            <button
              type="button"
              className={`legend-owner${selected === o ? ' is-selected' : ''}`}
              aria-pressed={selected === o}
              onClick={() =>
                store.getState().select({ kind: 'container', container: o, pod: containerPod(o) })
              }
            >
              <Swatch cls="pu-exclusive" fill={st.color} pattern={st.patternId} />
              {o}
              <span className="muted">
                {' '}
                · {n === 0 ? 'no CPUs now' : `${n} CPU${n > 1 ? 's' : ''}`}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
