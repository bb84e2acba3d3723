/**
 * The colour theme: the system's (default), light or dark. Remembered in localStorage
 * and carried by the page as `data-theme` on <html> (absent for "system"), which the
 * stylesheets' tokens follow. Not part of the permalink: a link shows the scenario, and
 * each reader keeps their own theme.
 */
import { useSyncExternalStore } from 'react';
import { usePrefersDark } from './hooks/useMediaQuery';

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const KEY = 'kubeletscope.theme';
const listeners = new Set<() => void>();

export function isTheme(v: unknown): v is Theme {
  return typeof v === 'string' && (THEMES as readonly string[]).includes(v);
}

function stored(): Theme {
  try {
    const v = window.localStorage.getItem(KEY);
    return isTheme(v) ? v : 'system';
  } catch {
    return 'system'; // storage blocked: follow the system
  }
}

let current: Theme = typeof window === 'undefined' ? 'system' : stored();

function paint(t: Theme): void {
  const root = document.documentElement;
  if (t === 'system') delete root.dataset.theme;
  else root.dataset.theme = t;
}

/** Applies the remembered theme before the first render, so the page does not flash. */
export function initTheme(): void {
  current = stored();
  paint(current);
}

export function setTheme(t: Theme): void {
  current = t;
  paint(t);
  try {
    if (t === 'system') window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, t);
  } catch {
    // Not remembered, but applied.
  }
  for (const l of listeners) l();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => current,
    () => 'system',
  );
}

/** Whether the page is dark now: the chosen theme, or the system's. */
export function useDarkTheme(): boolean {
  const theme = useTheme();
  const system = usePrefersDark();
  return theme === 'dark' || (theme === 'system' && system);
}
