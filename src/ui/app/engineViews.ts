/** The engine views reach the panels through context (one implementation per App). */
import { createContext, useContext } from 'react';
import type { EngineViews } from '../../state/viewTypes';

export type * from '../../state/viewTypes';

export const EngineViewsContext = createContext<EngineViews | null>(null);

export function useEngineViews(): EngineViews {
  const v = useContext(EngineViewsContext);
  if (!v) throw new Error('kubeletscope: no engine views in context');
  return v;
}
