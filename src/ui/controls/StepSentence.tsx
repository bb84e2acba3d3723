/**
 * What the current step did, in the kubelet's words, beside the transport: the live region's
 * sentence ("1.45 s: CRI StartContainer returned …") made visible, and under it the kubelet
 * component that moved at that step and the Event it recorded, so stepping through many steps
 * that share one instant still shows something changing. The machines' state paths are the
 * State machines panel's. The preset's bookmark (its openAt moment) is a button here.
 */
import { useApp, useAppStore } from '../app/storeContext';
import { useEngineViews } from '../app/engineViews';
import { usePanelView } from '../hooks/usePanelCursor';
import { formatClock } from '../../viz/formatTime';
import { useStepSentences } from './useStepSentences';
import { FirstVisit } from '../share/FirstVisit';

/**
 * `run`: under Compare, which run this line describes ("Run A"); each run has its own steps
 * at the shared playhead, so each gets its own line. The bookmark is given once, on the last
 * (B's), so on a phone it does not sit between the two.
 */
export function StepSentence({ run: runName }: { readonly run?: string } = {}) {
  const store = useAppStore();
  const views = useEngineViews();
  // The cursor always with the run it indexes (both move in a transition).
  const { run, cursor } = usePanelView();
  const bookmark = useApp((s) => s.bookmark);
  const caption = useApp((s) => s.scenario?.metadata.caption);
  // Re-rendered once the sentences' rules are there.
  const worded = useStepSentences();
  if (!run) return null;
  const sentence = views.narrate(run, cursor);
  const brief = views.stepBrief(run, cursor);
  const moved = brief.who && (brief.event ? `${brief.who} · Event: ${brief.event}` : brief.who);
  const b = runName === 'Run B';
  return (
    <div className={`step-line${runName ? ' is-run' : ''}`} data-worded={worded}>
      <div className="step-words">
        {/* The live region speaks the sentence; this copy is for the eyes. */}
        <p
          className="step-sentence"
          data-testid={b ? 'step-sentence-b' : 'step-sentence'}
          aria-hidden="true"
          title={sentence}
        >
          {runName && <span className="step-run">{runName}</span>}
          {sentence}
        </p>
        {moved && (
          <p className="step-moved" data-testid={b ? 'step-moved-b' : 'step-moved'} title={moved}>
            <span className="muted">moved:</span> {moved}
          </p>
        )}
        {/* A first visit: where to begin, in the line's second row (no room taken elsewhere). */}
        {runName === undefined && <FirstVisit />}
      </div>
      {bookmark !== null && (runName === undefined || b) && (
        <button
          type="button"
          className="text-btn bookmark-btn"
          aria-label="Jump to bookmark"
          title={caption ? `The preset's moment: ${caption}` : "The scenario's moment"}
          onClick={() => store.getState().jumpToBookmark()}
        >
          ★ {formatClock(bookmark)}
        </button>
      )}
    </div>
  );
}
