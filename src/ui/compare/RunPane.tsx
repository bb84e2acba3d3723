/**
 * One run of Compare: its own node and kubelet settings, its timeline and its NUMA
 * diagram, the existing views unchanged, reading their run through the store context
 * (run B's is a lens over the one store).
 */
import { RunNameContext, StoreContext } from '../app/storeContext';
import { ErrorBoundary } from '../app/ErrorBoundary';
import { QuickControls, type CatalogEntry } from '../controls/QuickControls';
import { Timeline } from '../timeline/Timeline';
import { TopologyDiagram } from '../topology/TopologyDiagram';
import type { RunId } from '../../state/types';
import { useRunStore } from './runStores';

interface Props {
  readonly id: RunId;
  readonly topologies: readonly CatalogEntry[];
  /** Told when the user clicks or moves focus into this run (its panels then show). */
  readonly onActive?: (id: RunId) => void;
}

export function RunPane({ id, topologies, onActive }: Props) {
  const store = useRunStore(id);
  return (
    <StoreContext.Provider value={store}>
      <RunNameContext.Provider value={`Run ${id}`}>
        <section
          className={`compare-run compare-run-${id.toLowerCase()}`}
          aria-label={`Run ${id}`}
          onPointerDownCapture={() => onActive?.(id)}
          onFocusCapture={() => onActive?.(id)}
        >
          <div className="compare-run-head">
            <h2 className="compare-run-title">
              <span className="compare-run-badge" aria-hidden="true">
                {id}
              </span>
              Run {id}
            </h2>
            <QuickControls
              presets={[]}
              topologies={topologies}
              part="run"
              label={`Run ${id} node and kubelet settings`}
            />
          </div>
          <ErrorBoundary what={`Run ${id}'s timeline`}>
            <Timeline />
          </ErrorBoundary>
          <ErrorBoundary what={`Run ${id}'s NUMA diagram`}>
            <TopologyDiagram />
          </ErrorBoundary>
        </section>
      </RunNameContext.Provider>
    </StoreContext.Provider>
  );
}
