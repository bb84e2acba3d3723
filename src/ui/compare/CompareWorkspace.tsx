/**
 * Compare's workspace, loaded the first time Compare is turned on: run A and run B
 * side by side (stacked on a phone), one playhead and one zoom window for both, and
 * the differences below.
 */
import '../styles/compare.css';
import type { CatalogEntry } from '../controls/QuickControls';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { ErrorBoundary } from '../app/ErrorBoundary';
import { DiffPanel } from './DiffPanel';
import { RunPane } from './RunPane';

export default function CompareWorkspace({
  topologies,
}: {
  readonly topologies: readonly CatalogEntry[];
}) {
  const phone = useMediaQuery('(max-width: 760px)');
  return (
    <main className={`workspace compare-workspace${phone ? ' is-phone' : ''}`}>
      <div className="compare-runs">
        <RunPane id="A" topologies={topologies} />
        <RunPane id="B" topologies={topologies} />
      </div>
      <ErrorBoundary what="The differences">
        <DiffPanel />
      </ErrorBoundary>
    </main>
  );
}
