/**
 * Every transition of the run, in order, up to the cursor and a little beyond
 * (dimmed): the raw recording the timeline draws. Clicking a step moves the cursor.
 */
import { useMemo } from 'react';
import { formatClock } from '../../viz/formatTime';
import { useAppStore } from '../app/storeContext';
import { useEngineViews } from '../app/engineViews';
import { usePanelView } from '../hooks/usePanelCursor';
import { VirtualList } from './VirtualList';

export function StepsList() {
  const views = useEngineViews();
  const store = useAppStore();
  const { run, cursor } = usePanelView();
  const rows = useMemo(() => (run ? views.steps(run, 0, run.total) : []), [views, run]);
  return (
    <VirtualList
      items={rows}
      rowHeight={18}
      label="Steps"
      className="steps"
      asList
      focusIndex={Math.max(0, cursor - 1)}
      render={(r) => (
        <button
          type="button"
          key={r.index}
          className={`step-row${r.index === cursor - 1 ? ' is-current' : ''}${r.index >= cursor ? ' is-future' : ''}`}
          onClick={() => store.getState().seekCursor(r.index + 1)}
        >
          <span className="step-n">{r.index + 1}</span>
          <span className="step-t">{formatClock(r.t)}</span>
          <span className="step-e">{r.entity}</span>
          <span className="step-x">
            {r.from || '∅'} → {r.to}
          </span>
          <span className="step-ev">{r.event}</span>
        </button>
      )}
    />
  );
}
