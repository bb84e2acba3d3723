/**
 * Puts a tour step on screen through the store: its preset (and Compare run), the cursor
 * its predicate finds in the run, and its selection (which the timeline, the diagram and
 * the inspector all ring). While a question is open the cursor waits at `question.ask`,
 * before the answer happens; answering moves it to `at`.
 */
import type { AppStore } from '../../state/store';
import type { Scenario } from '../../state/types';
import { applyCompare } from './applyCompare';
import { resolveAt, resolveTarget, type KubeletRun } from './resolveStep';
import type { Tour } from './tourSchema';

/**
 * Each preset's scenario, asked once: two steps shown in quick succession (Next pressed before
 * the first step's preset arrived) get the same object, so the second waits for the first's run
 * (replaceScenario) instead of starting its own; with two objects, the first step's run could
 * start last and drop the second's, and neither step would move the cursor.
 */
const presetCache = new Map<string, Promise<Scenario | string>>();

/** A tour's preset, opened as the store opens presets (in the engine worker on the page). */
function presetScenario(store: AppStore, id: string): Promise<Scenario | string> {
  let p = presetCache.get(id);
  if (!p) {
    p = Promise.resolve(store.getState().presetScenario(id)).then((r) =>
      r.ok ? r.scenario : r.error,
    );
    presetCache.set(id, p);
    // A preset that could not be fetched is asked again next time.
    void p.then((r) => {
      if (typeof r === 'string') presetCache.delete(id);
    });
  }
  return p;
}

export type StepPhase = 'ask' | 'answer';

/**
 * Shows step `index` once its runs have landed (they run in the engine worker); resolves
 * to why it could not, or null. A step overtaken meanwhile (by a newer step, or an edit that
 * replaced its run) resolves to null and leaves the cursor to whoever is newer.
 */
export async function showStep(
  store: AppStore,
  tour: Tour,
  index: number,
  phase: StepPhase,
): Promise<string | null> {
  const step = tour.steps[index];
  if (!step) return `the tour has no step ${index + 1}`;
  const presetId = step.preset ?? tour.preset;
  const base = await presetScenario(store, presetId);
  if (typeof base === 'string') return base;
  const before = store.getState().scenario;
  const ran = await applyCompare(store, tour.compare, base, presetId);
  const st = store.getState();
  // Overtaken while its runs were in flight: a newer step (or edit) owns the cursor now.
  const place = st.tour;
  if (ran === 'dropped' || (place && (place.id !== tour.id || place.step !== index))) return null;
  if (ran === 'failed') return st.runError ?? st.notice?.text ?? 'the scenario did not run';
  if (!st.run) return st.runError ?? 'the scenario did not run';
  // A step about run B finds its moment and its target in B's run; the playhead is shared.
  const side = tour.compare ? (step.run ?? 'A') : 'A';
  const runB = st.compare?.run as KubeletRun | undefined;
  if (side === 'B' && !runB) return 'run B did not run';
  const run = (side === 'B' ? runB : st.run) as KubeletRun;
  const at = phase === 'ask' && step.question?.ask ? step.question.ask : step.at;
  const r = resolveAt(run, at);
  if (!r.ok) return r.error;
  st.pause();
  if (st.scenario !== before) st.fitAll();
  if (side === 'B') st.seekTime(r.value.t, true);
  else st.seekCursor(r.value.cursor);
  // A time between two steps stays where the tour put it.
  if ('ms' in at) st.seekTime(at.ms, true);
  const choose = side === 'B' ? st.selectB : st.select;
  if (step.select) {
    const sel = resolveTarget(run, step.select, store.getState().timeMs);
    if (!sel.ok) return sel.error;
    choose(sel.value);
  } else choose(null);
  const { window: w, timeMs } = store.getState();
  if (timeMs < w.start || timeMs > w.end) st.fitAll();
  return null;
}
