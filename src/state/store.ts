/**
 * The one store (zustand slices pattern, created by a factory so tests get a fresh
 * store): scenario + run, playback, view and selection. The engine is injected
 * (`StoreDeps`), which keeps this module testable in Node with small traces.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createPlaybackSlice, type PlaybackSlice } from './slices/playbackSlice';
import { createScenarioSlice, type ScenarioSlice } from './slices/scenarioSlice';
import { createSelectionSlice, type SelectionSlice } from './slices/selectionSlice';
import { createViewSlice, type ViewSlice } from './slices/viewSlice';
import type { RunView, Scenario } from './types';

export type AppState = ScenarioSlice & PlaybackSlice & ViewSlice & SelectionSlice;

export type PresetLoad = { ok: true; scenario: Scenario } | { ok: false; error: string };

export interface StoreDeps {
  /**
   * Runs the simulation and builds what the views need: at once (tests, Node) or as a
   * promise (the page's engine worker). May throw or reject; a run superseded by a
   * newer one rejects with an error `isCancelled` recognises, and is dropped.
   */
  buildRun(scenario: Scenario, opts: { from: RunView | null }): RunView | Promise<RunView>;
  isCancelled?(e: unknown): boolean;
  loadPreset(id: string): PresetLoad;
  /** Where a scenario opens (its metadata.openAt), ms. */
  openAt(scenario: Scenario): number;
}

export type AppStore = StoreApi<AppState>;

export function createAppStore(deps: StoreDeps): AppStore {
  return createStore<AppState>()((...a) => ({
    ...createScenarioSlice(deps)(...a),
    ...createPlaybackSlice(...a),
    ...createViewSlice(...a),
    ...createSelectionSlice(...a),
  }));
}
