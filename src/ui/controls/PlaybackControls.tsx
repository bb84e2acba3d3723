/**
 * Transport: jump to start, step back, play/pause, step forward, jump to end; the
 * position slider; the clock; speed (log scale); step granularity; the step in words. The slider and
 * clock move every frame while playing, so they are written through store
 * subscriptions, not React renders.
 */
import { StoreContext, useApp, useAppStore } from '../app/storeContext';
import { storeForRun } from '../compare/runStores';
import { PositionSlider } from './PositionSlider';
import { SpeedControl } from './SpeedControl';
import { Clock } from './Clock';
import { StepSentence } from './StepSentence';

export function PlaybackControls() {
  const store = useAppStore();
  const playing = useApp((s) => s.playing);
  const granularity = useApp((s) => s.granularity);
  const hasRun = useApp((s) => s.run !== null);
  const comparing = useApp((s) => s.compare !== null);
  const st = () => store.getState();
  return (
    <section className="transport" aria-label="Playback">
      <div className="transport-buttons">
        <button
          type="button"
          className="tbtn"
          aria-label="Jump to start"
          title="Jump to start (Home)"
          disabled={!hasRun}
          onClick={() => st().jumpStart()}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true">
            <path d="M3 3h2v10H3zM13 3v10L6 8z" />
          </svg>
        </button>
        <button
          type="button"
          className="tbtn"
          aria-label="Step back"
          title="Step back (←)"
          disabled={!hasRun}
          onClick={() => st().stepBack()}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true">
            <path d="M4 3h2v10H4zM13 3v10L7 8z" />
          </svg>
        </button>
        <button
          type="button"
          className="tbtn tbtn-play"
          aria-label={playing ? 'Pause' : 'Play'}
          title={playing ? 'Pause (Space)' : 'Play (Space)'}
          disabled={!hasRun}
          onClick={() => st().togglePlay()}
        >
          {playing ? (
            <svg viewBox="0 0 16 16" aria-hidden="true">
              <path d="M4 3h3v10H4zM9 3h3v10H9z" />
            </svg>
          ) : (
            <svg viewBox="0 0 16 16" aria-hidden="true">
              <path d="M4 2.5v11L13 8z" />
            </svg>
          )}
        </button>
        <button
          type="button"
          className="tbtn"
          aria-label="Step forward"
          title="Step forward (→)"
          disabled={!hasRun}
          onClick={() => st().stepForward()}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true">
            <path d="M10 3h2v10h-2zM3 3v10l6-5z" />
          </svg>
        </button>
        <button
          type="button"
          className="tbtn"
          aria-label="Jump to end"
          title="Jump to end (End)"
          disabled={!hasRun}
          onClick={() => st().jumpEnd()}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true">
            <path d="M11 3h2v10h-2zM3 3v10l7-5z" />
          </svg>
        </button>
      </div>
      <PositionSlider />
      <Clock />
      <SpeedControl />
      <label className="field field-compact">
        <span className="field-label">Step</span>
        <select
          aria-label="Step granularity"
          value={granularity}
          onChange={(e) =>
            st().setGranularity(e.currentTarget.value === 'every' ? 'every' : 'kubelet')
          }
        >
          <option value="kubelet">kubelet step</option>
          <option value="every">every transition</option>
        </select>
      </label>
      {comparing ? (
        <>
          {/* One playhead, two runs: each run's own step at it, named. */}
          <StepSentence run="Run A" />
          <StoreContext.Provider value={storeForRun(store, 'B')}>
            <StepSentence run="Run B" />
          </StoreContext.Provider>
        </>
      ) : (
        <StepSentence />
      )}
    </section>
  );
}
