/**
 * Marks the page as driven by the keyboard or by a pointer (`data-input` on <html>), so
 * hover tooltips hide as soon as a key moves the cursor or the selection (they described
 * what was under the mouse, which the key has just changed) and come back when the
 * pointer moves again.
 */
import { useEffect } from 'react';

export function useInputModality(): void {
  useEffect(() => {
    const root = document.documentElement;
    const keyboard = (e: KeyboardEvent) => {
      if (e.key === 'Shift' || e.key === 'Control' || e.key === 'Alt' || e.key === 'Meta') return;
      root.dataset.input = 'keyboard';
    };
    const pointer = () => {
      if (root.dataset.input !== 'pointer') root.dataset.input = 'pointer';
    };
    window.addEventListener('keydown', keyboard, true);
    window.addEventListener('pointermove', pointer, true);
    window.addEventListener('pointerdown', pointer, true);
    return () => {
      window.removeEventListener('keydown', keyboard, true);
      window.removeEventListener('pointermove', pointer, true);
      window.removeEventListener('pointerdown', pointer, true);
    };
  }, []);
}
