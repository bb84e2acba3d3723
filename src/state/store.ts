/**
 * The one store (zustand slices pattern, created by a factory so tests get a fresh
 * store): scenario + run, playback, view and selection. The engine is injected
 * (`StoreDeps`), which keeps this module testable in Node with small traces.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createCompareSlice, type CompareSlice } from './slices/compareSlice';
import { createPlaybackSlice, type PlaybackSlice } from './slices/playbackSlice';
import { createScenarioSlice, type ScenarioSlice } from './slices/scenarioSlice';
import { createSelectionSlice, type SelectionSlice } from './slices/selectionSlice';
import { createTourSlice, type TourSlice } from './slices/tourSlice';
import { createViewSlice, type ViewSlice } from './slices/viewSlice';
import type { RunView, Scenario } from './types';

export type { CompareOverrides } from './types';

export type AppState = ScenarioSlice &
  PlaybackSlice &
  ViewSlice &
  SelectionSlice &
  TourSlice &
  CompareSlice;

export type PresetLoad = { ok: true; scenario: Scenario } | { ok: false; error: string };

/** Which run a simulation is for: A (the scenario) or Compare's B. */
export type RunLane = 'A' | 'B';

export interface StoreDeps {
  /**
   * Runs the simulation and builds what the views need: at once (tests, Node) or as a
   * promise (the page's engine worker). May throw or reject; a run superseded by a
   * newer one rejects with an error `isCancelled` recognises, and is dropped. Compare's
   * run B goes in lane 'B' (A's is the default): a newer run cancels only its own lane's.
   */
  buildRun(
    scenario: Scenario,
    opts: { from: RunView | null; lane?: RunLane },
  ): RunView | Promise<RunView>;
  isCancelled?(e: unknown): boolean;
  /**
   * Abandons the lane's run in flight (the worker stops working on it), when the store has
   * dropped it: an undo or a preset picked while an edit still runs.
   */
  cancelRun?(lane: RunLane): void;
  /** A bundled preset: at once (tests, Node) or as a promise (parsed in the engine worker). */
  loadPreset(id: string): PresetLoad | Promise<PresetLoad>;
  /** Where a scenario opens (its metadata.openAt), ms. */
  openAt(scenario: Scenario): number;
  /**
   * The step of the run at which the scenario's moment (metadata.moment) happens, or null when
   * it names none (its bookmark is then openAt's time).
   */
  momentOf?(scenario: Scenario, run: RunView): number | null;
}

export type AppStore = StoreApi<AppState>;

export function createAppStore(deps: StoreDeps): AppStore {
  return createStore<AppState>()((...a) => ({
    ...createScenarioSlice(deps)(...a),
    ...createPlaybackSlice(...a),
    ...createViewSlice(...a),
    ...createSelectionSlice(...a),
    ...createTourSlice(...a),
    ...createCompareSlice(deps)(...a),
  }));
}
