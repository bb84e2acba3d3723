/**
 * A scenario draft that does not run (or has not run yet) is kept in localStorage, so a reload
 * or a closed tab loses nothing: the editor offers it back. One draft, the latest; a draft that
 * runs, or that the user discards, is forgotten.
 */
const KEY = 'kubeletscope.draft';

export interface Draft {
  readonly text: string;
  /** When it was kept (ms since the epoch). */
  readonly savedAt: number;
}

export function loadDraft(): Draft | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as unknown;
    if (
      typeof v === 'object' &&
      v !== null &&
      typeof (v as Draft).text === 'string' &&
      typeof (v as Draft).savedAt === 'number'
    )
      return v as Draft;
  } catch {
    // Storage blocked or a damaged entry: no draft.
  }
  return null;
}

export function saveDraft(text: string): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ text, savedAt: Date.now() }));
  } catch {
    // Storage blocked or full: the draft lives as long as the page.
  }
}

export function clearDraft(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
