/**
 * Every transition of the run, in order, up to the cursor and a little beyond
 * (dimmed): the raw recording the timeline draws. Clicking a step moves the cursor.
 * One Tab stop (the current step's row, roving tabindex): ↑/↓, Home/End move among the
 * rows, so a keyboard user does not Tab through hundreds of steps to leave the list.
 */
import { useMemo, type KeyboardEvent } from 'react';
import { formatClock } from '../../viz/formatTime';
import { useAppStore } from '../app/storeContext';
import { useEngineViews } from '../app/engineViews';
import { usePanelView } from '../hooks/usePanelCursor';
import { VirtualList } from './VirtualList';

/** ↑/↓ to the neighbouring row, Home/End to the rendered ends (the list scrolls to follow focus). */
function moveAmongRows(e: KeyboardEvent<HTMLButtonElement>) {
  const item = e.currentTarget.closest('[role=listitem]');
  const list = item?.parentElement;
  if (!item || !list) return;
  const target =
    e.key === 'ArrowDown'
      ? item.nextElementSibling
      : e.key === 'ArrowUp'
        ? item.previousElementSibling
        : e.key === 'Home'
          ? list.firstElementChild
          : e.key === 'End'
            ? list.lastElementChild
            : undefined;
  if (target === undefined) return;
  e.preventDefault();
  // Stop here: ← → and the arrows are the timeline's shortcuts elsewhere on the page.
  e.stopPropagation();
  target?.querySelector<HTMLButtonElement>('button')?.focus();
}

export function StepsList() {
  const views = useEngineViews();
  const store = useAppStore();
  const { run, cursor } = usePanelView();
  const rows = useMemo(() => (run ? views.steps(run, 0, run.total) : []), [views, run]);
  return (
    <VirtualList
      count={rows.length}
      rowHeight={18}
      label="Steps"
      className="steps"
      asList
      focusIndex={Math.max(0, cursor - 1)}
      render={(i) => {
        const r = rows[i]!;
        return (
          <button
            type="button"
            key={r.index}
            className={`step-row${r.index === cursor - 1 ? ' is-current' : ''}${r.index >= cursor ? ' is-future' : ''}`}
            tabIndex={r.index === Math.max(0, cursor - 1) ? 0 : -1}
            onKeyDown={moveAmongRows}
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
        );
      }}
    />
  );
}
