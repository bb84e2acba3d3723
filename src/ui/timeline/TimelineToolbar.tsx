/**
 * Zoom buttons (for pointer and touch users who do not know W/S), fit, gap collapse, whether
 * every recorded cause arrow is drawn (or only the selected span's chain), help.
 */
import { useMemo } from 'react';
import { warpFor } from '../../state/slices/viewSlice';
import { formatClock } from '../../viz/formatTime';
import { useApp, useAppStore } from '../app/storeContext';
import { ExportPicture } from '../export/ExportPicture';

export function TimelineToolbar({
  allCauses,
  onAllCauses,
}: {
  readonly allCauses: boolean;
  readonly onAllCauses: (on: boolean) => void;
}) {
  const store = useAppStore();
  const collapse = useApp((s) => s.collapseGaps);
  // Offered whenever the run has idle stretches, whether or not they are collapsed now.
  const run = useApp((s) => s.run);
  const hasGaps = useMemo(() => warpFor(run, true).gaps.length > 0, [run]);
  const win = useApp((s) => s.window);
  return (
    <div className="panel-head tl-toolbar">
      <h2 className="panel-title">Timeline</h2>
      <span className="tl-range" data-testid="visible-range">
        <span className="sr-only">Showing </span>
        {formatClock(win.start)} – {formatClock(win.end)}
      </span>
      <div className="toolbar-buttons">
        <button
          type="button"
          className="icon-btn"
          title="Zoom in (W)"
          onClick={() => store.getState().zoomBy(0.6)}
        >
          <span aria-hidden="true">+</span>
          <span className="sr-only">Zoom in</span>
        </button>
        <button
          type="button"
          className="icon-btn"
          title="Zoom out (S)"
          onClick={() => store.getState().zoomBy(1 / 0.6)}
        >
          <span aria-hidden="true">−</span>
          <span className="sr-only">Zoom out</span>
        </button>
        <button
          type="button"
          className="text-btn"
          title="Show the whole run"
          onClick={() => store.getState().fitAll()}
        >
          Fit
        </button>
        {hasGaps && (
          <label
            className="check"
            title="Collapse stretches where nothing is in progress into a marked gap with its length"
          >
            <input
              type="checkbox"
              checked={collapse}
              onChange={(e) => store.getState().setCollapseGaps(e.currentTarget.checked)}
            />
            Collapse idle gaps
          </label>
        )}
        <label
          className="check"
          title="Draw every recorded cause → effect arrow; off, only the selected span's causes and effects"
        >
          <input
            type="checkbox"
            checked={allCauses}
            onChange={(e) => onAllCauses(e.currentTarget.checked)}
          />
          All causes
        </label>
        <ExportPicture />
        <button
          type="button"
          className="icon-btn"
          title="Keyboard shortcuts (?)"
          aria-haspopup="dialog"
          onClick={() => store.getState().setHelpOpen(true)}
        >
          <span aria-hidden="true">?</span>
          <span className="sr-only">Keyboard shortcuts</span>
        </button>
      </div>
    </div>
  );
}
