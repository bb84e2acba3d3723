/**
 * The selection, shared by every view: a span on the timeline, a container, a pod
 * or a CPU. Selecting a CPU selects the container that holds it, so the timeline,
 * the diagram and the inspector agree.
 */
import type { StateCreator } from 'zustand';
import type { AppState } from '../store';
import type { Selection } from '../types';

export interface SelectionSlice {
  readonly selection: Selection | null;
  select: (sel: Selection | null) => void;
}

export const createSelectionSlice: StateCreator<AppState, [], [], SelectionSlice> = (set) => ({
  selection: null,
  select(sel) {
    set({ selection: sel });
  },
});
