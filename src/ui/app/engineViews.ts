/** The engine views reach the panels through context (one implementation per App). */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { EngineViews } from '../../state/viewTypes';

export type * from '../../state/viewTypes';

export const EngineViewsContext = createContext<EngineViews | null>(null);

export function useEngineViews(): EngineViews {
  const v = useContext(EngineViewsContext);
  if (!v) throw new Error('kubeletscope: no engine views in context');
  return v;
}

const noSubscribe = () => () => {};
const zero = () => 0;

/** Changes when an asynchronous view's answer arrives (the engine worker's), else 0. */
export function useViewsVersion(views: EngineViews): number {
  return useSyncExternalStore(
    views.subscribe ? views.subscribe.bind(views) : noSubscribe,
    views.version ? views.version.bind(views) : zero,
  );
}
