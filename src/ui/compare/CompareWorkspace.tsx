/**
 * Compare's workspace, loaded the first time Compare is turned on: run A and run B
 * side by side (stacked on a phone), one playhead and one zoom window for both, the
 * panels of the run last selected or clicked in, and the differences below.
 */
import '../styles/compare.css';
import { useEffect, useState } from 'react';
import type { CatalogEntry } from '../controls/QuickControls';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { ErrorBoundary } from '../app/ErrorBoundary';
import { useApp, useAppStore } from '../app/storeContext';
import type { RunId } from '../../state/types';
import { DiffPanel } from './DiffPanel';
import { RunPanels } from './RunPanels';
import { RunPane } from './RunPane';

export default function CompareWorkspace({
  topologies,
}: {
  readonly topologies: readonly CatalogEntry[];
}) {
  const phone = useMediaQuery('(max-width: 760px)');
  const store = useAppStore();
  // A run in flight in the engine worker (A's or B's): what is on screen is about to change.
  const busy = useApp((s) => s.simulating || s.simulatingB) || undefined;
  const [active, setActive] = useState<RunId>(() =>
    store.getState().compare?.selection && !store.getState().selection ? 'B' : 'A',
  );
  // A selection made in a run (a click, a key, a tour step) brings that run's panels.
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.compare?.selection && s.compare.selection !== prev.compare?.selection) setActive('B');
        else if (s.selection && s.selection !== prev.selection) setActive('A');
      }),
    [store],
  );
  return (
    <main className={`workspace compare-workspace${phone ? ' is-phone' : ''}`} aria-busy={busy}>
      <div className="compare-runs">
        <RunPane id="A" topologies={topologies} onActive={setActive} />
        <RunPane id="B" topologies={topologies} onActive={setActive} />
      </div>
      <ErrorBoundary what="The panels">
        <RunPanels run={active} onRun={setActive} phone={phone} />
      </ErrorBoundary>
      <ErrorBoundary what="The differences">
        <DiffPanel />
      </ErrorBoundary>
    </main>
  );
}
