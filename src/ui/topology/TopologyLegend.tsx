/**
 * Key for the CPU states present now, one entry per container that holds CPUs now
 * (running on them, or assigned them while idle: its colour and pattern, how many), and
 * "shared pool: N containers", listing them on hover; a click selects that container.
 */
import { ownerStyle } from '../../viz/topology/ownerStyle';
import { RESERVED_MEANING, type CpuState } from '../../viz/topology/cpuHistory';
import { useAppStore } from '../app/storeContext';
import { containerPod } from './containerKey';

interface Props {
  readonly owners: readonly string[];
  readonly states: ReadonlyMap<number, CpuState>;
  /** Containers running in the shared pool now. */
  readonly pool: readonly string[];
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

export function TopologyLegend({ owners, states, pool, selected }: Props) {
  const store = useAppStore();
  const running = new Map<string, number>();
  const waiting = new Map<string, number>();
  const kinds = new Set<string>();
  for (const s of states.values()) {
    kinds.add(s.kind);
    if (s.owner && s.kind === 'exclusive') running.set(s.owner, (running.get(s.owner) ?? 0) + 1);
    if (s.owner && s.kind === 'assigned') waiting.set(s.owner, (waiting.get(s.owner) ?? 0) + 1);
  }
  const poolText = `shared pool: ${pool.length} container${pool.length === 1 ? '' : 's'}`;
  return (
    <ul className="topo-legend" aria-label="CPU states">
      <li className="pu-idle">
        <Swatch cls="pu-idle" /> idle
      </li>
      <li className="pu-shared" title={pool.length > 0 ? pool.join('\n') : 'nothing runs there'}>
        <Swatch cls="pu-shared" />{' '}
        <span tabIndex={0} aria-label={`${poolText}${pool.length ? `: ${pool.join(', ')}` : ''}`}>
          {poolText}
        </span>
      </li>
      {kinds.has('reserved') && (
        <li className="pu-reserved" title={RESERVED_MEANING}>
          <Swatch cls={`pu-reserved${pool.length > 0 ? ' in-pool' : ''}`} pattern="pat-reserved" />{' '}
          <span tabIndex={0} aria-label={`reserved: ${RESERVED_MEANING}`}>
            reserved, shared only
          </span>
        </li>
      )}
      {kinds.has('assigned') && (
        <li className="pu-assigned">
          <Swatch cls="pu-idle" pattern="pat-assigned" /> idle, assigned (dashed border)
        </li>
      )}
      {owners.map((o, i) => {
        const st = ownerStyle(i);
        const n = running.get(o) ?? 0;
        const w = waiting.get(o) ?? 0;
        if (n === 0 && w === 0) return null;
        const parts = [
          n > 0 ? `runs on ${n} CPU${n > 1 ? 's' : ''}` : '',
          w > 0 ? `${w} assigned, idle` : '',
        ].filter(Boolean);
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
              <span className="muted"> · {parts.join(', ')}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
