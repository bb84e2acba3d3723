/**
 * Which guided tour is open, and at which step (a link carries both). The tour's content
 * and how a step is shown live in src/ui/tours; here is only what the view state needs.
 */
import type { StateCreator } from 'zustand';
import type { AppState } from '../store';

export interface TourPlace {
  readonly id: string;
  readonly step: number;
}

export interface TourSlice {
  readonly tour: TourPlace | null;
  setTour: (tour: TourPlace | null) => void;
}

export const createTourSlice: StateCreator<AppState, [], [], TourSlice> = (set) => ({
  tour: null,
  setTour(tour) {
    set({ tour });
  },
});
