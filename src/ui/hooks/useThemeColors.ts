/**
 * Canvas colours from the CSS custom properties of the current theme, re-read when
 * the theme flips (the switch or the system's), so the canvas and the SVG/HTML around it always agree.
 */
import { useMemo } from 'react';
import type { TimelineStyle } from '../../viz/timeline/drawTimeline';
import { useDarkTheme } from '../theme';

function cssVar(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}

export function useTimelineStyle(): TimelineStyle {
  const dark = useDarkTheme();
  return useMemo(
    () => ({
      background: cssVar('--tl-bg', dark ? '#171a1f' : '#ffffff'),
      groupBackground: cssVar('--tl-group-bg', dark ? '#20252c' : '#eef1f5'),
      gridLine: cssVar('--tl-grid', dark ? '#2a3038' : '#e6e9ee'),
      flow: cssVar('--tl-flow', dark ? 'rgba(220,225,235,0.45)' : 'rgba(40,50,70,0.4)'),
      flowSelected: cssVar('--tl-flow-selected', dark ? '#ffd166' : '#1b1f24'),
      selection: cssVar('--tl-selection', dark ? '#ffffff' : '#111418'),
      highlight: cssVar(
        '--tl-highlight',
        dark ? 'rgba(106,168,255,0.14)' : 'rgba(26,111,209,0.09)',
      ),
      markText: cssVar('--tl-mark-text', dark ? '#c9d1da' : '#3b444e'),
      font: '11px "DejaVu Sans", "Liberation Sans", system-ui, sans-serif',
    }),
    [dark],
  );
}
