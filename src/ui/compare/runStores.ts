/** Run B's view of the store, one per App store (see state/compareLens.ts). */
import { useMemo } from 'react';
import { runBStore } from '../../state/compareLens';
import type { AppStore } from '../../state/store';
import type { RunId } from '../../state/types';
import { useAppStore } from '../app/storeContext';

const lenses = new WeakMap<AppStore, AppStore>();

/** The store as the views of run `id` see it: the store itself for A, B's lens for B. */
export function storeForRun(base: AppStore, id: RunId): AppStore {
  if (id === 'A') return base;
  let b = lenses.get(base);
  if (!b) lenses.set(base, (b = runBStore(base)));
  return b;
}

export function useRunStore(id: RunId): AppStore {
  const base = useAppStore();
  return useMemo(() => storeForRun(base, id), [base, id]);
}
