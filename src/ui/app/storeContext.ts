/**
 * The store reaches components through context (one store per App, so tests and
 * embeds can each have their own), and components select the smallest slice they
 * need (xyflow's useStore pattern).
 */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from '../../state/store';

export const StoreContext = createContext<AppStore | null>(null);

export function useAppStore(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('kubeletscope: no store in context');
  return store;
}

export function useApp<T>(selector: (s: AppState) => T): T {
  return useStore(useAppStore(), selector);
}

/**
 * Which run the views below show, by name ("Run B"), when Compare shows two; empty for
 * the single run. Their regions are named after it so each landmark's name is unique.
 */
export const RunNameContext = createContext('');

/** "Timeline" alone, or "Run B timeline" under Compare. */
export function useRunRegionName(name: string): string {
  const run = useContext(RunNameContext);
  if (!run) return name;
  // "Timeline" → "Run A timeline", but an acronym keeps its case: "Run A NUMA topology".
  const acronym = name.length > 1 && name[1] === name[1]!.toUpperCase();
  return `${run} ${acronym ? name : name.charAt(0).toLowerCase() + name.slice(1)}`;
}
