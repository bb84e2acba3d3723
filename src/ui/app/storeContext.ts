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
